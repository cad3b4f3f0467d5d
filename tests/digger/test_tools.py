"""Every Tool quality and drawback, through the engine: the Effects list and its timing."""

import random
from dataclasses import replace

import pytest

from world.digger import rules
from world.digger.engine import Action, ActionRefused, act, active_effects, draw

from .support import HIT, MISS, basic, begin, card, dungeon, finish, play, tool

B, A, W, C = rules.BRUTE, rules.AGILITY, rules.WITS, rules.COMBAT


def use(made, mode=rules.ACT):
    return Action(mode, tool=made)


def rounds(plans, abilities=(B, B, B), conditions=((), (), ()), level=1):
    """Play up to three rounds on Entry/Second/Third cards of `abilities` and `level`.

    plans: per round (actions, rolls). Returns the RoundResults and the last state."""
    cards = [
        card(str(i + 1), ability, level, conds)
        for i, (ability, conds) in enumerate(zip(abilities, conditions))
    ]
    hole = dungeon(*cards)
    state = begin(hole)
    results = []
    for actions, rolls in plans:
        _, result, state = play(state, hole, actions, list(rolls))
        results.append(result)
    return results, state


ALL_HIT = (HIT, HIT, HIT)


def mods(result, member="bob"):
    return list(result.member(member).modifiers)


def gains(result):
    return [roll.exhaustion_gain for roll in result.members]


def test_sacrifice_costs_the_party_five_this_challenge():
    axe = tool("Axe", B, rules.MINOR, ("Strengthen", "Efficient"), "Sacrifice")
    results, _ = rounds([({"ann": use(axe)}, ALL_HIT), ({}, ALL_HIT)])
    assert gains(results[0]) == [9, 9, 9]
    assert gains(results[1]) == [4, 4, 4]


def test_liability_costs_the_party_ten_if_its_user_fails():
    ram = tool("Ram", B, rules.MAJOR, ("Improved", "Efficient"), "Liability")
    # Level 2 (target 11): ann, the user, rolls 2 + 3 + 5 and misses; the party passes.
    plans = [({"ann": use(ram)}, (MISS, HIT, HIT)), ({"ann": use(ram)}, (HIT, MISS, HIT))]
    results, _ = rounds(plans, level=2)
    assert gains(results[0]) == [8 + 5 + 10, 18, 18]
    assert gains(results[1]) == [8, 13, 8]  # a non-user failing does not trigger it


def test_shortsighted_lowers_whatever_the_next_challenge_tests():
    lens = tool("Lens", W, rules.MAJOR, ("Improved", "Rally"), "Shortsighted")
    plans = [({"ann": use(lens)}, ALL_HIT), ({}, ALL_HIT), ({}, ALL_HIT)]
    results, _ = rounds(plans, abilities=(W, C, A))
    assert [mods(r) for r in results] == [[], [("Shortsighted", -1)], []]


def test_inefficient_takes_a_use_away():
    plain = tool("Ram", B, rules.MAJOR, ("Improved",))
    weak = tool("Old ram", B, rules.MAJOR, ("Improved", "Efficient"), "Inefficient")
    weaker = tool("Cracked ram", B, rules.MAJOR, ("Improved", "Rally"), "Inefficient")
    assert (plain.uses, weak.uses, weaker.uses) == (2, 2, 1)
    hole = dungeon(ordinary=[card("o")])
    _, _, state = play(begin(hole), hole, {"ann": use(weaker)}, ALL_HIT)
    _, state = draw(state, hole, random.Random(0))
    with pytest.raises(ActionRefused, match="Cracked ram has no uses left"):
        act(state, "ann", use(weaker))
    act(state, "ann", use(plain))


def test_efficient_adds_a_use():
    bag = tool("Bag", B, rules.MINOR, ("Efficient", "Improved"))
    assert bag.uses == 4
    hole = dungeon(ordinary=[card("o")])
    state = begin(hole)
    for _ in range(4):
        _, _, state = play(state, hole, {"ann": use(bag)}, ALL_HIT)
        state = replace(state, exploration=0)  # stay below the Final trigger
    _, state = draw(state, hole, random.Random(0))
    with pytest.raises(ActionRefused, match="Bag has no uses left"):
        act(state, "ann", use(bag))


@pytest.mark.parametrize("name, wants", [("Rally", False), ("Fanfare", True)])
def test_rally_and_fanfare_look_at_the_previous_challenge(name, wants):
    horn = tool("Horn", B, rules.MAJOR, (name,))
    fail, win = (MISS, MISS, HIT), ALL_HIT
    first = win if wants else fail
    other = fail if wants else win
    results, _ = rounds([({"ann": use(horn)}, first), ({"ann": use(horn)}, first)])
    assert mods(results[0]) == []  # nothing before the first challenge
    assert mods(results[1]) == [(name, 1)]
    results, _ = rounds([({}, other), ({"ann": use(horn)}, first)])
    assert mods(results[1]) == []


def test_improved_adds_two_to_the_bonus():
    results, _ = rounds([({"ann": use(tool("Ram", B, rules.MAJOR, ("Improved",)))}, ALL_HIT)])
    assert mods(results[0], "ann") == [("Ram", 4)]
    assert results[0].member("ann").total == 12 + 3 + 4


@pytest.mark.parametrize(
    "name, ability", [("Strengthen", B), ("Quicken", A), ("Enlighten", W), ("Embolden", C)]
)
def test_boosts_give_two_now_and_one_next(name, ability):
    charm = tool("Charm", ability, rules.MINOR, (name,))
    other = W if ability != W else B
    results, _ = rounds(
        [({"ann": use(charm)}, ALL_HIT), ({}, ALL_HIT), ({}, ALL_HIT)], (ability,) * 3
    )
    assert [mods(r) for r in results] == [[(name, 2)], [(name, 1)], []]
    results, _ = rounds([({"ann": use(charm)}, ALL_HIT), ({}, ALL_HIT)], (ability, other, other))
    assert mods(results[1]) == []


def test_stalwart_takes_five_off_the_party_and_ten_off_its_user():
    shield = tool("Shield", C, rules.MINOR, ("Stalwart",))
    rolls = (MISS, MISS, HIT)  # a fail: 15, +5 for each miss
    results, _ = rounds([({"bob": use(shield)}, rolls), ({}, rolls)], (C, C, C))
    assert gains(results[0]) == [20 - 5, 20 - 10, 15 - 5]
    assert gains(results[1]) == [20, 20, 15]


def test_stalwart_used_twice_in_a_round_protects_both_users():
    shield = tool("Shield", C, rules.MINOR, ("Stalwart",))
    results, _ = rounds([({"ann": use(shield), "bob": use(shield)}, ALL_HIT)], (C, C, C))
    assert gains(results[0]) == [0, 0, 0]  # 4 - 10, 4 - 10, 4 - 5: never below 0
    assert [dict(r.exhaustion_items).get("Stalwart (user)") for r in results[0].members] == [
        -10,
        -10,
        None,
    ]


def test_resilient_takes_ten_off_the_next_challenge():
    cloak = tool("Cloak", A, rules.MINOR, ("Resilient",))
    rolls = (MISS, MISS, HIT)
    results, _ = rounds([({"ann": use(cloak)}, rolls), ({}, rolls), ({}, rolls)], (A, A, A))
    assert [r.member("cat").exhaustion_gain for r in results] == [15, 5, 15]


def test_cleanse_removes_every_condition_but_no_effect():
    hammer = tool("Hammer", B, rules.MINOR, ("Strengthen",))
    salts = tool("Salts", W, rules.MINOR, ("Cleanse",), "Sacrifice")
    plans = [({"bob": use(hammer)}, ALL_HIT), ({"cat": use(salts)}, ALL_HIT)]
    conditions = (("Collapse",), ("Weaken", "Tire", "Bad Luck"), ())
    results, state = rounds(plans, (B, W, B), conditions)
    # bob acted before cat cleansed: Bad Luck is gone for the whole round, Tire too.
    assert mods(results[1], "bob") == []
    assert gains(results[1]) == [9, 9, 9]  # pass 4 + Sacrifice 5, no Tire
    assert state.conditions == ()
    assert results[0].member("ann").modifiers == (("Collapse", -2), ("Strengthen", 2))


def test_effects_apply_to_the_whole_round_whatever_the_order():
    hammer = tool("Hammer", B, rules.MINOR, ("Strengthen",))
    hole = dungeon(card("1"))
    drawn, state = draw(begin(hole), hole, random.Random(0))
    state = act(state, "ann", basic(B))
    state = act(state, "bob", basic(B))
    result, _ = finish(state, drawn, ALL_HIT, {"ann": None, "bob": None, "cat": use(hammer)})
    assert [list(r.modifiers) for r in result.members] == [
        [("Strengthen", 2)],
        [("Strengthen", 2)],
        [("Hammer", 1), ("Strengthen", 2)],
    ]


def test_a_duplicate_effect_does_not_stack_in_one_round():
    hammer = tool("Hammer", B, rules.MINOR, ("Strengthen",))
    maul = tool("Maul", B, rules.MINOR, ("Strengthen",), id="maul")
    results, state = rounds([({"ann": use(hammer), "bob": use(maul)}, ALL_HIT)])
    assert mods(results[0], "cat") == [("Strengthen", 2)]
    assert state.effects == (("Strengthen", 1, ("ann", "bob")),)


def test_a_duplicate_effect_restarts_its_timer():
    hammer = tool("Hammer", B, rules.MINOR, ("Strengthen",))
    plans = [({"ann": use(hammer)}, ALL_HIT), ({"ann": use(hammer)}, ALL_HIT), ({}, ALL_HIT)]
    results, _ = rounds(plans)
    # Not +2 and +1 on challenge 2: the new copy replaces the old one.
    assert [mods(r, "cat") for r in results] == [
        [("Strengthen", 2)],
        [("Strengthen", 2)],
        [("Strengthen", 1)],
    ]


def test_a_restarted_next_challenge_effect_keeps_both_challenges():
    cloak = tool("Cloak", B, rules.MINOR, ("Resilient",))
    hole = dungeon(card("1"), card("2"), card("3"), ordinary=[card("o")])
    state = begin(hole)
    rolls = [MISS, MISS, HIT]
    _, first, state = play(state, hole, {"ann": use(cloak)}, rolls)
    drawn, state = draw(state, hole, random.Random(0))
    state = act(state, "ann", use(cloak))
    shown = [(e.name, e.first, e.last, e.challenges_left) for e in active_effects(state)]
    assert shown == [("Resilient", 2, 2, 1), ("Resilient", 3, 3, 2)]
    second, state = finish(state, drawn, rolls, {"ann": None})
    _, third, _ = play(state, hole, {}, rolls)
    assert [r.member("cat").exhaustion_gain for r in (first, second, third)] == [15, 5, 5]


def test_risk_with_a_tool_costs_more_on_a_failure():
    ram = tool("Ram", B, rules.MAJOR, ("Improved",))
    # Level 3 (target 13): ann rolls 2 + 3 + 4 + 2 = 11 and misses; the party fails.
    results, state = rounds([({"ann": use(ram, rules.RISK)}, (MISS, MISS, HIT))], level=3)
    assert mods(results[0], "ann") == [("Ram", 4), ("risk", 2)]
    assert results[0].member("ann").exhaustion_gain == 25 + 5 + 10 + 10
    assert results[0].member("bob").exhaustion_gain == 25 + 5
