"""The engine pieces Old Gold added to world/dice/oldgold.py, with scripted dice."""

import pytest

from tests.dice.scripted import ScriptedRng
from world.dice import oldgold as dice
from world.dice.results import DiceError


def test_rolled_attributes_reroll_a_die_over_the_cap():
    result = dice.roll_attributes(6, 4, ScriptedRng(1, 1, 1, 1, 1, 3, 2))
    assert result.scores == (4, 1, 1, 0)
    assert result.rerolled == (1,) and len(result.dice) == 7


def test_more_dice_than_the_cap_allows_is_refused():
    with pytest.raises(DiceError):
        dice.roll_attributes(17, 4, ScriptedRng())


def test_hp_with_advantage_keeps_the_higher():
    hp = dice.roll_hp(9, ScriptedRng(2, 5), advantage=True)
    assert hp.total == 14 and hp.dice == (2, 5)
    assert dice.roll_hp(9, ScriptedRng(2)).total == 11


def test_chances():
    assert dice.chance(1, 6, ScriptedRng(1)) == (1, True)
    assert dice.chance(1, 6, ScriptedRng(2)) == (2, False)
    assert dice.chance(5, 6, ScriptedRng(6)) == (6, False)


def test_dual_damage_keeps_the_higher_and_dp_applies():
    kept, other = dice.roll_dual_damage("1d6", "1d4", 1, ScriptedRng(2, 4))
    assert (kept.rolled, other.rolled, kept.taken) == (4, 2, 3)


def test_group_check_at_exactly_half_succeeds():
    group = dice.group_check([0, 0], 10, ScriptedRng(11, 10))
    assert group.successes == 1 and group.success


def test_damage_cover_and_direct():
    assert dice.damage_after_dp(5, 1 + 2) == 2
    assert dice.damage_after_dp(5, 9, direct=True) == 5
