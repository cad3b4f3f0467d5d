"""The Kroll dice engine: the text's worked examples, the edge cases, and
properties that must hold for any roll."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.dice.scripted import ScriptedRng
from world.dice import kroll
from world.dice.kroll import Die
from world.dice.results import DiceError


def faces(dice):
    return [die.face for die in dice]


# ---------------------------------------------------------------- worked examples


def test_lucy_beats_jake_with_two_hits():
    result = kroll.regular_test(3, 4, ScriptedRng(5, 4, 2, 3, 3, 2, 1))
    assert faces(result.a_dice) == [5, 4, 2]
    assert faces(result.b_dice) == [3, 3, 2, 1]
    assert (result.winner, result.called, result.hits, result.steps) == ("a", 3, 2, ())


def test_special_case_example_each_side_rolls_one_more_die():
    # You: 4 3 1, me: 4. The 4s tie; I am out of dice, so you roll a 5, I roll a 2.
    result = kroll.regular_test(3, 1, ScriptedRng(4, 3, 1, 4, 5, 2))
    assert faces(result.a_dice) == [4, 3, 1, 5]
    assert faces(result.b_dice) == [4, 2]
    assert result.steps == (kroll.Tie(4), kroll.ExtraDice(Die(5), Die(2)))
    assert (result.winner, result.called, result.hits) == ("a", 2, 2)


def test_render_names_sides_dice_and_hits():
    line = kroll.regular_test(3, 1, ScriptedRng(4, 3, 1, 4, 5, 2)).render("Ann", "Bob")
    assert line == (
        "Ann rolls 4 3 1; Bob rolls 4. Both call 4: tie, each discards it. "
        "A side is out of dice, so each rolls one more: Ann 5, Bob 2. "
        "Bob calls 2: Ann wins with 2 hits."
    )


def test_render_speaks_to_you_in_the_second_person():
    special = kroll.regular_test(3, 1, ScriptedRng(4, 3, 1, 4, 5, 2))
    assert special.render("You", "GM") == (
        "You roll 4 3 1; GM rolls 4. Both call 4: tie, each discards it. "
        "A side is out of dice, so each rolls one more: you 5, GM 2. "
        "GM calls 2: you win with 2 hits."
    )
    assert special.render("Ann", "you") == (
        "Ann rolls 4 3 1; you roll 4. Both call 4: tie, each discards it. "
        "A side is out of dice, so each rolls one more: Ann 5, you 2. "
        "You call 2: Ann wins with 2 hits."
    )
    empty_handed = kroll.regular_test(0, 2, ScriptedRng(3, 1))
    assert empty_handed.render("you", "Bob") == (
        "You roll no dice; Bob rolls 3 1. You have no dice: Bob wins with 2 hits."
    )
    assert empty_handed.render("Ann", "Bob").endswith("Ann has no dice: Bob wins with 2 hits.")


# ---------------------------------------------------------------- regular test edges


def test_ties_discard_and_compare_the_next_dice():
    result = kroll.regular_test(3, 2, ScriptedRng(5, 5, 1, 5, 3))
    assert result.steps == (kroll.Tie(5),)
    # a keeps 5 1 against b's 3: only the remaining 5 is a hit, not the discarded one
    assert (result.winner, result.called, result.hits) == ("a", 3, 1)


def test_loser_can_be_side_a():
    result = kroll.regular_test(2, 2, ScriptedRng(2, 1, 6, 4))
    assert (result.winner, result.called, result.hits) == ("b", 2, 2)


def test_both_sides_run_out_at_once_then_roll_again():
    result = kroll.regular_test(2, 2, ScriptedRng(4, 2, 4, 2, 3, 6))
    assert result.steps == (kroll.Tie(4), kroll.Tie(2), kroll.ExtraDice(Die(3), Die(6)))
    assert (result.winner, result.called, result.hits) == ("b", 3, 1)


def test_repeated_special_cases_until_someone_wins():
    result = kroll.regular_test(1, 1, ScriptedRng(6, 6, 3, 3, 2, 5))
    assert result.steps == (
        kroll.Tie(6),
        kroll.ExtraDice(Die(3), Die(3)),
        kroll.Tie(3),
        kroll.ExtraDice(Die(2), Die(5)),
    )
    assert faces(result.a_dice) == [6, 3, 2] and faces(result.b_dice) == [6, 3, 5]
    assert (result.winner, result.hits) == ("b", 1)


def test_new_die_joins_the_dice_the_other_side_still_has():
    # a: 6 2 against b: 6. b runs out; a adds 1 to its 2, b rolls 4 -> b wins 1 hit.
    result = kroll.regular_test(2, 1, ScriptedRng(6, 2, 6, 1, 4))
    assert (result.winner, result.called, result.hits) == ("b", 2, 1)


def test_side_with_no_dice_loses_and_every_die_of_the_other_hits():
    result = kroll.regular_test(0, 3, ScriptedRng(1, 1, 2))
    assert result.a_dice == () and faces(result.b_dice) == [1, 1, 2]
    assert (result.winner, result.called, result.hits) == ("b", None, 3)
    assert "a has no dice: b wins with 3 hits." in result.render()


def test_no_dice_on_either_side_is_not_a_test():
    with pytest.raises(DiceError):
        kroll.regular_test(0, 0, ScriptedRng())
    with pytest.raises(DiceError):
        kroll.regular_test(-1, 2, ScriptedRng())


# ---------------------------------------------------------------- quick test


def test_quick_test_counts_dice_above_the_number_only():
    result = kroll.quick_test(4, 4, ScriptedRng(4, 5, 6, 1))
    assert (result.hits, result.success) == (2, True)


def test_quick_test_tie_is_a_failure():
    result = kroll.quick_test(2, 4, ScriptedRng(4, 4))
    assert (result.hits, result.success) == (0, False)
    assert result.render("Ann") == "Ann rolls 4 4 against 4: fails."
    assert result.render() == "You roll 4 4 against 4: you fail."


def test_quick_test_render_agrees_with_who_rolled():
    result = kroll.quick_test(3, 3, ScriptedRng(4, 1, 6))
    assert result.render("Ann") == "Ann rolls 4 1 6 against 3: succeeds with 2 hits."
    assert result.render("You") == "You roll 4 1 6 against 3: you succeed with 2 hits."
    one = kroll.quick_test(1, 3, ScriptedRng(5))
    assert one.render() == "You roll 5 against 3: you succeed with 1 hit."


# ---------------------------------------------------------------- last-ditch die and pools


def test_last_ditch_six_counts_as_zero():
    assert Die(6, last_ditch=True).value == 0
    assert Die(5, last_ditch=True).value == 5
    assert Die(6).value == 6
    assert Die(6, last_ditch=True).render() == "6(=0)"


def test_last_ditch_six_loses_even_to_a_one():
    result = kroll.regular_test(1, 1, ScriptedRng(6, 1), a_last_ditch=True)
    assert (result.winner, result.called, result.hits) == ("b", 0, 1)


def test_last_ditch_side_rolls_a_last_ditch_die_in_the_special_case():
    result = kroll.regular_test(1, 1, ScriptedRng(3, 3, 6, 2), a_last_ditch=True)
    assert result.steps[1] == kroll.ExtraDice(Die(6, True), Die(2))
    assert (result.winner, result.hits) == ("b", 1)


def test_quick_test_on_a_last_ditch_six_scores_nothing():
    result = kroll.quick_test(1, 3, ScriptedRng(6), last_ditch=True)
    assert not result.success


@pytest.mark.parametrize(
    "attribute, bonus, followup, penalty, kind, dice",
    [
        (4, 0, 0, 0, kroll.NORMAL, 4),
        (4, 0, 0, 2, kroll.NORMAL, 2),  # the text's example: 4 dice, two-die penalty
        (4, 0, 0, 4, kroll.LAST_DITCH, 1),
        (4, 0, 0, 5, kroll.AUTOMATIC_FAILURE, 0),
        (2, 1, 2, 0, kroll.NORMAL, 5),
        (2, 1, 2, 5, kroll.LAST_DITCH, 1),
        (0, 0, 0, 0, kroll.LAST_DITCH, 1),  # no dice to roll at all
    ],
)
def test_pool_kinds(attribute, bonus, followup, penalty, kind, dice):
    pool = kroll.build_pool(attribute, bonus=bonus, followup=followup, penalty=penalty)
    assert (pool.kind, pool.dice) == (kind, dice)


def test_pool_render_shows_modifiers():
    assert kroll.build_pool(3, bonus=1, followup=2, penalty=1).render() == (
        "5 dice (3 +1 bonus +2 followup -1 penalty)"
    )
    assert kroll.build_pool(2, penalty=2).render() == "a last-ditch die (2 -2 penalty)"
    assert kroll.build_pool(1, penalty=2).render().startswith("no dice: automatic failure")


def test_pool_refuses_negative_modifiers():
    with pytest.raises(DiceError):
        kroll.build_pool(3, penalty=-1)


def test_pool_tests_keep_the_pools_and_use_last_ditch_dice():
    a_pool, b_pool = kroll.build_pool(2, penalty=2), kroll.build_pool(1)
    result = kroll.regular_pool_test(a_pool, b_pool, ScriptedRng(6, 1))
    assert result.a_dice == (Die(6, True),)
    assert (result.a_pool, result.b_pool, result.winner) == (a_pool, b_pool, "b")


def test_automatic_failure_rolls_nothing_in_a_quick_test():
    pool = kroll.build_pool(1, penalty=3)
    result = kroll.quick_pool_test(pool, 3, ScriptedRng())
    assert (result.dice, result.success, result.pool) == ((), False, pool)


# ---------------------------------------------------------------- tables


def test_difficulty_table():
    table = {row.name: (row.dice, row.quick_number) for row in kroll.DIFFICULTIES}
    assert table == {
        "Easy": (1, 3),
        "Moderate": (2, 4),
        "Hard": (4, 5),
        "Very Hard": (6, None),
        "Extraordinarily Hard": (8, None),
        "Unbelievably Hard": (10, None),
    }
    assert kroll.difficulty_named("very-HARD").dice == 6
    assert kroll.difficulty_named("impossible") is None


def test_circumstance_bonus():
    assert [kroll.circumstance_bonus(name) for name in ("moderate", "Unusual", "overwhelming")] == [
        1,
        2,
        3,
    ]


# ---------------------------------------------------------------- followups


def test_a_followup_rolls_one_more_die_per_earlier_hit():
    # The text's example: sneak up with three hits, then roll three extra dice to attack.
    sneak = kroll.regular_test(3, 2, ScriptedRng(6, 5, 4, 3, 1))
    assert (sneak.winner, sneak.hits) == ("a", 3)
    attack = kroll.build_pool(2, followup=kroll.followup_dice(sneak.hits))
    rng = ScriptedRng(1, 1, 6, 5, 4, 3, 2)  # two Deadly dice, three followup dice, the foe's two
    result = kroll.regular_pool_test(attack, kroll.build_pool(2), rng)
    assert rng.used_up and len(rng.calls) == 7
    assert faces(result.a_dice) == [1, 1, 6, 5, 4] and faces(result.b_dice) == [3, 2]
    assert (result.winner, result.called, result.hits) == ("a", 3, 3)
    # Without the followup the same first dice lose: 1 1 against 6 5.
    alone = kroll.regular_pool_test(
        kroll.build_pool(2), kroll.build_pool(2), ScriptedRng(1, 1, 6, 5)
    )
    assert (alone.winner, alone.hits) == ("b", 2)


def test_the_other_side_rolls_the_followup_dice_when_it_won_before():
    spotted = kroll.regular_test(2, 3, ScriptedRng(2, 1, 6, 4, 1))  # the monster saw them coming
    assert (spotted.winner, spotted.hits) == ("b", 2)
    monster = kroll.build_pool(1, followup=kroll.followup_dice(spotted.hits))
    rng = ScriptedRng(4, 4, 3, 5, 2)
    result = kroll.regular_pool_test(kroll.build_pool(2), monster, rng)
    assert rng.used_up and faces(result.b_dice) == [3, 5, 2]
    assert (result.winner, result.called, result.hits) == ("b", 4, 1)
    assert result.b_pool.render() == "3 dice (1 +2 followup)"


def test_followup_hits_cannot_be_negative():
    with pytest.raises(DiceError):
        kroll.followup_dice(-1)


# ---------------------------------------------------------------- Lucky draw


def test_lucky_draw_picks_the_lowest_call():
    draw = kroll.lucky_draw([2, 2, 3], ScriptedRng(6, 3, 3, 1, 3, 3, 5))
    assert draw.picked == 1
    assert draw.render(["Ann", "Bob", "Cid"]).endswith("Fate picks Bob (lowest call: 3).")


def test_lucky_draw_ties_discard_and_compare_among_the_tied_only():
    # Ann 6 1, Bob 2 2, Cid 2 1: Ann is spared; Bob and Cid tie on 2, discard, then 2 beats 1.
    draw = kroll.lucky_draw([2, 2, 2], ScriptedRng(6, 1, 2, 2, 2, 1))
    assert draw.picked == 2
    assert [dict(r.calls) for r in draw.rounds] == [{0: 6, 1: 2, 2: 2}, {1: 2, 2: 1}]


def test_lucky_draw_out_of_dice_on_a_tie_rolls_one_more_each():
    draw = kroll.lucky_draw([1, 1], ScriptedRng(4, 4, 2, 5))
    assert draw.rounds[1].extra == ((0, Die(2)), (1, Die(5)))
    assert draw.picked == 0
    assert "each rolls one more: Ann 2, Bob 5" in draw.render(["Ann", "Bob"])


def test_lucky_draw_for_a_good_fate_picks_the_highest_call():
    draw = kroll.lucky_draw([2, 2, 3], ScriptedRng(6, 3, 3, 1, 3, 3, 5), kroll.LUCKIEST)
    assert (draw.picked, draw.pick) == (0, kroll.LUCKIEST)
    assert draw.render(["Ann", "Bob", "Cid"]).endswith("Fortune favours Ann (highest call: 6).")


def test_lucky_draw_for_a_good_fate_settles_ties_on_the_best_call():
    # Ann 6 1, Bob 6 4, Cid 2 2: Cid is out; Ann and Bob discard their 6s, then 4 beats 1.
    draw = kroll.lucky_draw([2, 2, 2], ScriptedRng(6, 1, 6, 4, 2, 2), kroll.LUCKIEST)
    assert draw.picked == 1
    assert [dict(r.calls) for r in draw.rounds] == [{0: 6, 1: 6, 2: 2}, {0: 1, 1: 4}]
    assert "Ann and Bob tie high on 6 and discard it." in draw.render(["Ann", "Bob", "Cid"])


def test_lucky_draw_for_a_good_fate_out_of_dice_rolls_one_more_each():
    draw = kroll.lucky_draw([1, 1], ScriptedRng(4, 4, 2, 5), kroll.LUCKIEST)
    assert draw.rounds[1].extra == ((0, Die(2)), (1, Die(5)))
    assert draw.picked == 1


def test_lucky_draw_picks_only_the_unluckiest_or_the_luckiest():
    with pytest.raises(DiceError):
        kroll.lucky_draw([2, 2], ScriptedRng(), "middling")


def test_lucky_draw_needs_two_contenders_with_dice():
    with pytest.raises(DiceError):
        kroll.lucky_draw([3], ScriptedRng())
    with pytest.raises(DiceError):
        kroll.lucky_draw([3, 0], ScriptedRng())


# ---------------------------------------------------------------- properties

dice_counts = st.integers(min_value=0, max_value=12)
seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=300, deadline=None)
@given(a=dice_counts, b=dice_counts, a_ld=st.booleans(), b_ld=st.booleans(), seed=seeds)
def test_regular_test_has_one_winner_with_1_to_n_hits(a, b, a_ld, b_ld, seed):
    if a == b == 0:
        return
    result = kroll.regular_test(a, b, random.Random(seed), a_last_ditch=a_ld, b_last_ditch=b_ld)
    assert result.winner in ("a", "b")
    assert 1 <= result.hits <= len(result.winner_dice)
    extra = sum(isinstance(step, kroll.ExtraDice) for step in result.steps)
    assert len(result.a_dice) == a + extra and len(result.b_dice) == b + extra
    assert all(die.last_ditch == a_ld for die in result.a_dice)


@settings(max_examples=200, deadline=None)
@given(dice=st.integers(min_value=0, max_value=12), number=st.integers(0, 6), seed=seeds)
def test_quick_test_never_counts_ties(dice, number, seed):
    result = kroll.quick_test(dice, number, random.Random(seed))
    assert result.hits == sum(1 for die in result.dice if die.face > number)
    assert result.success == (result.hits > 0)


@settings(max_examples=200, deadline=None)
@given(dice=st.integers(min_value=1, max_value=6), number=st.integers(0, 5), seed=seeds)
def test_last_ditch_die_never_counts_a_six(dice, number, seed):
    result = kroll.quick_test(dice, number, random.Random(seed), last_ditch=True)
    assert all(die.value != 6 for die in result.dice)
    assert result.hits == sum(1 for die in result.dice if die.face < 6 and die.face > number)


@settings(max_examples=200, deadline=None)
@given(
    pools=st.lists(st.integers(1, 6), min_size=2, max_size=6),
    seed=seeds,
    pick=st.sampled_from(kroll.LUCKY_PICKS),
)
def test_lucky_draw_always_picks_one_contender(pools, seed, pick):
    draw = kroll.lucky_draw(pools, random.Random(seed), pick)
    assert 0 <= draw.picked < len(pools)
    # the one picked never called worse (or, for the luckiest, better) than anyone at first
    opening = dict(draw.rounds[0].calls)
    wanted = min if pick == kroll.UNLUCKIEST else max
    assert opening[draw.picked] == wanted(opening.values())


# ---------------------------------------------------------------- distributions (fixed seed)


def test_one_die_against_one_die_is_an_even_contest():
    rng = random.Random(1234)
    wins = Counter(kroll.regular_test(1, 1, rng).winner for _ in range(20000))
    assert abs(wins["a"] / 20000 - 0.5) < 0.02


def test_more_dice_win_more_often():
    rng = random.Random(99)
    rates = [
        sum(kroll.regular_test(n, 2, rng).winner == "a" for _ in range(5000)) / 5000
        for n in (1, 2, 4)
    ]
    assert rates[0] < 0.45 < rates[1] < 0.55 < rates[2]


def test_quick_test_success_rate_matches_the_odds():
    rng = random.Random(7)
    # one die beats a 4 on a 5 or 6: one time in three
    rate = sum(kroll.quick_test(1, 4, rng).success for _ in range(20000)) / 20000
    assert abs(rate - 1 / 3) < 0.02


def test_last_ditch_die_is_weaker_than_a_normal_die():
    rng = random.Random(5)
    rate = sum(kroll.quick_test(1, 3, rng, last_ditch=True).success for _ in range(20000)) / 20000
    assert abs(rate - 2 / 6) < 0.02  # only 4 and 5 beat a 3


def test_more_lucky_dice_are_picked_more_often_for_a_good_fate_and_less_for_a_bad_one():
    rng = random.Random(3)
    lucky = Counter(kroll.lucky_draw([1, 4], rng, kroll.LUCKIEST).picked for _ in range(4000))
    unlucky = Counter(kroll.lucky_draw([1, 4], rng).picked for _ in range(4000))
    assert lucky[1] > 3000 and unlucky[1] < 1000


def test_lucky_draw_picks_equal_contenders_evenly():
    rng = random.Random(42)
    picks = Counter(kroll.lucky_draw([2, 2, 2], rng).picked for _ in range(9000))
    assert all(abs(count / 9000 - 1 / 3) < 0.03 for count in picks.values())
