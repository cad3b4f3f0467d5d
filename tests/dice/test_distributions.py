"""
Distribution checks with fixed seeds: the engines' dice come out in the right
proportions (tolerances are many standard errors wide, and the seeds are fixed,
so these never flicker).
"""

import random
from collections import Counter
from statistics import fmean

import pytest

from tests.dice.scripted import RandintOnly
from world.dice import goldengrave as gg
from world.dice import oldgold as og
from world.dice.expr import roll

N = 20_000


@pytest.mark.parametrize("rng", [random.Random(1234), RandintOnly(1234)], ids=["fast", "randint"])
def test_two_d6_averages_seven_with_the_right_shape(rng):
    totals = [roll("2d6", rng).total for _ in range(N)]
    assert abs(fmean(totals) - 7) < 0.1
    counts = Counter(totals)
    assert sorted(counts) == list(range(2, 13))
    for total, ways in {2: 1, 7: 6, 12: 1}.items():
        assert abs(counts[total] / N - ways / 36) < 0.01


def test_every_face_of_a_d20_comes_up_equally():
    rng = random.Random(99)
    counts = Counter(roll("1d20", rng).total for _ in range(40_000))
    assert sorted(counts) == list(range(1, 21))
    assert all(abs(c / 40_000 - 0.05) < 0.006 for c in counts.values())


def test_d_percent_reaches_both_ends():
    rng = random.Random(5)
    seen = {roll("d%", rng).total for _ in range(N)}
    assert seen == set(range(1, 101))


def test_four_d6_keep_three_averages_about_twelve_and_a_quarter():
    rng = random.Random(7)
    assert abs(fmean(roll("4d6kh3", rng).total for _ in range(N)) - 12.245) < 0.1


def test_advantage_notation_matches_the_expected_means():
    rng = random.Random(11)
    assert abs(fmean(roll("2d20kh1", rng).total for _ in range(N)) - 13.825) < 0.15
    assert abs(fmean(roll("2d20kl1", rng).total for _ in range(N)) - 7.175) < 0.15


def test_goldengrave_damage_counts_half_the_dice_at_one_point_each_on_average():
    rng = random.Random(21)
    rolls = [gg.damage_roll(3, rng) for _ in range(N)]
    assert all(0 <= r.total <= 9 for r in rolls)
    assert abs(fmean(r.total for r in rolls) - 3.0) < 0.05
    ignored = sum(len(r.ignored) for r in rolls)
    assert abs(ignored / (3 * N) - 0.5) < 0.01


@pytest.mark.parametrize(
    "prepared, suits, chance",
    [(False, False, 6 / 36), (True, False, 15 / 36), (True, True, 26 / 36)],
)
def test_goldengrave_skill_check_success_rates(prepared, suits, chance):
    rng = random.Random(31)
    wins = sum(gg.skill_check(prepared, suits, rng).success for _ in range(N))
    assert abs(wins / N - chance) < 0.015


def test_old_gold_advantage_raises_the_natural_die():
    rng = random.Random(41)
    plain = fmean(og.check(0, 10, rng).natural for _ in range(N))
    up = fmean(og.check(0, 10, rng, advantage=True).natural for _ in range(N))
    down = fmean(og.check(0, 10, rng, disadvantage=True).natural for _ in range(N))
    assert abs(plain - 10.5) < 0.15 and abs(up - 13.825) < 0.15 and abs(down - 7.175) < 0.15


def test_old_gold_morale_seven_breaks_on_eight_or_more():
    rng = random.Random(51)
    breaks = sum(og.morale_check(7, rng).breaks for _ in range(N))
    assert abs(breaks / N - 15 / 36) < 0.015
