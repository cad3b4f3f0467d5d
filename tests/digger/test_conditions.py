"""Every Dungeon Condition, through the engine: what it changes, on which challenges."""

import pytest

from world.digger import rules

from .support import HIT, MISS, begin, card, dungeon, play

B, A, W, C = rules.BRUTE, rules.AGILITY, rules.WITS, rules.COMBAT


def three(first, second, third, rolls=((HIT, HIT, HIT),) * 3):
    """Play the Entry, Second and Third card in that order; their three RoundResults."""
    hole = dungeon(first, second, third)
    state = begin(hole)
    results = []
    for round_rolls in rolls:
        _, result, state = play(state, hole, {}, list(round_rolls))
        results.append(result)
    return results, state


def roll_mods(result, member="ann"):
    return list(result.member(member).modifiers)


def exhaustion(result, member="ann"):
    return list(result.member(member).exhaustion_items)


@pytest.mark.parametrize(
    "name, down, up",
    [("Hesitate", A, W), ("Reckless", W, B), ("Fright", C, A), ("Overzealous", B, C)],
)
def test_one_ability_down_now_another_up_next(name, down, up):
    results, _ = three(card("1", down, 1, (name,)), card("2", up), card("3", up))
    first, second, third = results
    assert roll_mods(first) == [(name, -1)]
    assert first.member("ann").total == 12 + 3 - 1
    assert roll_mods(second) == [(name, 1)]
    assert roll_mods(third) == []
    # Neither half touches another ability.
    results, _ = three(card("1", up, 1, (name,)), card("2", down), card("3", down))
    assert [roll_mods(r) for r in results] == [[], [], []]


@pytest.mark.parametrize(
    "name, ability", [("Weaken", B), ("Slow", A), ("Stupify", W), ("Wound", C)]
)
def test_minus_two_this_and_next(name, ability):
    other = W if ability != W else B
    results, _ = three(card("1", ability, 1, (name,)), card("2", ability), card("3", ability))
    assert [roll_mods(r) for r in results] == [[(name, -2)], [(name, -2)], []]
    results, _ = three(card("1", other, 1, (name,)), card("2", other), card("3", ability))
    assert [roll_mods(r) for r in results] == [[], [], []]


def test_bad_luck_lowers_every_ability_this_and_next():
    results, _ = three(card("1", W, 1, ("Bad Luck",)), card("2", C), card("3", A))
    assert [roll_mods(r) for r in results] == [[("Bad Luck", -1)], [("Bad Luck", -1)], []]


@pytest.mark.parametrize(
    "name, ability", [("Collapse", B), ("Cripple", A), ("Madness", W), ("Maim", C)]
)
def test_minus_two_for_the_rest_of_the_dungeon(name, ability):
    hole = dungeon(card("1", ability, 1, (name,)), ordinary=[card("o", ability, 1, ("Tire",))])
    state = begin(hole)
    for _ in range(3):
        _, result, state = play(state, hole, {}, [MISS, HIT, HIT])  # pass at Level 1: +20 a round
        assert roll_mods(result) == [(name, -2)]
    _, result, _ = play(state, hole, {}, [HIT, HIT, HIT])
    assert roll_mods(result) == [(name, -2)] and state.challenge == 3


def test_conditions_stack_even_two_copies_of_one():
    results, _ = three(
        card("1", B, 1, ("Weaken", "Bad Luck")), card("2", B, 1, ("Weaken",)), card("3", B)
    )
    assert roll_mods(results[1]) == [("Weaken", -2), ("Bad Luck", -1), ("Weaken", -2)]
    assert results[1].member("ann").total == 12 + 3 - 5
    assert roll_mods(results[2]) == [("Weaken", -2)]  # the second copy's own "next"


def test_injure_adds_five_on_a_failed_roll_this_and_next():
    rolls = ((MISS, HIT, HIT),) * 3
    results, _ = three(card("1", B, 1, ("Injure",)), card("2"), card("3"), rolls)
    for result in results[:2]:
        assert ("Injure", 5) in exhaustion(result, "ann")
        assert ("Injure", 5) not in exhaustion(result, "bob")
    assert ("Injure", 5) not in exhaustion(results[2], "ann")
    assert results[0].member("ann").exhaustion_gain == 4 + 5 + 5
    assert results[0].member("bob").exhaustion_gain == 4


def test_tire_adds_three_to_everyone_this_and_next():
    results, state = three(card("1", B, 1, ("Tire",)), card("2"), card("3"))
    assert [r.member("bob").exhaustion_gain for r in results] == [7, 7, 4]
    assert state.exhaustion == (18, 18, 18)


def test_exhaust_adds_ten_on_a_failed_roll_this_challenge():
    rolls = ((MISS, HIT, HIT),) * 2 + ((HIT, HIT, HIT),)
    results, _ = three(card("1", B, 1, ("Exhaust",)), card("2"), card("3"), rolls)
    assert exhaustion(results[0], "ann") == [
        ("party passed", 4),
        ("own roll failed", 5),
        ("Exhaust", 10),
    ]
    assert exhaustion(results[0], "bob") == [("party passed", 4)]
    assert ("Exhaust", 10) not in exhaustion(results[1], "ann")


@pytest.mark.parametrize("name, amount", [("Treasure", 5), ("Vault", 10)])
def test_more_exploration_on_a_pass_this_challenge(name, amount):
    results, state = three(card("1", B, 1, (name,)), card("2"), card("3"))
    assert results[0].exploration_items == (("party passed", 15), (name, amount))
    assert [r.exploration_gain for r in results] == [15 + amount, 15, 15]
    assert state.exploration == 45 + amount
    failed, _ = three(card("1", B, 1, (name,)), card("2"), card("3"), ((MISS, MISS, HIT),) * 3)
    assert failed[0].exploration_gain == 5


def test_secret_adds_ten_exploration_on_a_pass_of_the_next_challenge():
    results, _ = three(card("1", B, 1, ("Secret",)), card("2"), card("3"))
    assert [r.exploration_gain for r in results] == [15, 25, 15]
    failed, _ = three(
        card("1", B, 1, ("Secret",)), card("2"), card("3"), ((HIT, HIT, HIT), (MISS, MISS, HIT))
    )
    assert failed[1].exploration_gain == 5


def test_save_point_clears_the_party_before_its_own_conditions_arrive():
    first = card("1", B, 1, ("Weaken", "Collapse", "Hesitate"))
    results, state = three(
        first, card("2", W, 1, ("Save Point", "Tire")), card("3", B), ((HIT,) * 3,) * 2
    )
    assert roll_mods(results[1]) == []  # no Weaken, Collapse, nor Hesitate's Wits +1
    assert ("Tire", 3) in exhaustion(results[1])
    assert state.conditions == (("Tire", 2),)


def test_wonder_takes_eight_off_this_challenge():
    rolls = ((MISS, MISS, HIT),) * 3  # fail at Level 1: 15, +5 for a miss
    results, _ = three(card("1", B, 1, ("Wonder",)), card("2"), card("3"), rolls)
    assert [r.member("ann").exhaustion_gain for r in results] == [20 - 8, 20, 20]


def test_hope_takes_fifteen_off_but_never_below_zero():
    rolls = ((MISS, MISS, HIT),) + ((HIT, HIT, HIT),) * 2
    results, _ = three(card("1", B, 1, ("Hope",)), card("2", B, 1, ("Hope",)), card("3"), rolls)
    assert results[0].member("ann").exhaustion_gain == 20 - 15
    assert results[1].member("ann").exhaustion_gain == 0  # 4 - 15
    assert results[2].member("ann").exhaustion_gain == 4


def test_overwhelm_adds_five_on_every_challenge_from_now_on():
    results, _ = three(card("1", B, 1, ("Overwhelm",)), card("2"), card("3"))
    assert [r.member("cat").exhaustion_gain for r in results] == [9, 9, 9]


def test_suffer_adds_ten_and_makes_the_card_cost_at_least_ten():
    results, _ = three(card("1", B, 1, ("Suffer",)), card("2", B, 1, ("Suffer", "Hope")), card("3"))
    assert results[0].member("ann").exhaustion_gain == 4 + 10
    assert results[1].member("ann").exhaustion_gain == 10  # 4 + 10 - 15 -> at least 10
    assert results[2].member("ann").exhaustion_gain == 4
