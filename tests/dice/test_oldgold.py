"""Old Gold's dice engine, with scripted dice."""

import pytest

from tests.dice.scripted import ScriptedRng
from world.dice import oldgold as og
from world.dice.results import DiceError, advantage_mode


def test_a_check_adds_the_score_and_must_exceed_the_difficulty():
    rng = ScriptedRng(10)
    tie = og.check(3, 13, rng)
    assert rng.calls == [(1, 20)]
    assert (tie.natural, tie.total, tie.success, tie.critical) == (10, 13, False, None)
    assert og.check(3, 13, ScriptedRng(11)).success is True


def test_natural_twenty_always_succeeds_and_natural_one_always_fails():
    # A natural 20 is the best outcome there is, so a success even short of the
    # difficulty; a natural 1 fails even above it (see the module's note).
    high = og.check(0, 30, ScriptedRng(20))
    assert (high.total, high.success, high.critical) == (20, True, "success")
    low = og.check(20, 5, ScriptedRng(1))
    assert (low.total, low.success, low.critical) == (21, False, "failure")


def test_advantage_takes_the_higher_and_disadvantage_the_lower():
    rng = ScriptedRng(5, 17)
    up = og.check(2, 10, rng, advantage=True)
    assert rng.calls == [(1, 20), (1, 20)]
    assert (up.dice, up.natural, up.mode) == ((5, 17), 17, "advantage")
    down = og.check(2, 10, ScriptedRng(5, 17), disadvantage=True)
    assert (down.natural, down.success, down.mode) == (5, False, "disadvantage")


def test_advantage_and_disadvantage_cancel():
    rng = ScriptedRng(9)
    both = og.check(2, 10, rng, advantage=True, disadvantage=True)
    assert rng.calls == [(1, 20)]
    assert (both.dice, both.mode, both.success) == ((9,), None, True)


def test_advantage_does_not_stack():
    # However it is asked for, advantage is two dice, never three.
    rng = ScriptedRng(3, 4)
    result = og.check(0, 10, rng, advantage=2)
    assert rng.used_up and result.dice == (3, 4)
    assert advantage_mode(True, False) == "advantage"
    assert advantage_mode(False, True) == "disadvantage"
    assert advantage_mode(True, True) is None
    assert advantage_mode(False, False) is None


def test_rerolling_natural_ones():
    result = og.check(0, 10, ScriptedRng(1, 15), reroll_ones=True)
    assert (result.dice, result.natural) == ((1, 15), 15)
    with_advantage = og.check(0, 10, ScriptedRng(1, 12, 9), advantage=True, reroll_ones=True)
    assert (with_advantage.dice, with_advantage.natural) == ((1, 12, 9), 12)


def test_check_render():
    line = og.check(3, 12, ScriptedRng(4, 16), advantage=True).render()
    assert line == "d20 with advantage [4, 16] + 3 = 19 vs 12: success"
    assert og.check(0, 12, ScriptedRng(20)).render().endswith("success (natural 20)")


def test_difficulty_against_a_creature_and_bonuses():
    assert og.difficulty_against(3) == 13
    assert [og.attribute_bonus(s) for s in (0, 1, 2, 3, 4, 9)] == [0, 1, 1, 2, 2, 5]


@pytest.mark.parametrize(
    "naturals, successes, success",
    [
        ((10, 11, 5, 20), 2, True),
        ((10, 11, 5, 5), 1, False),
        ((11, 11, 11, 1), 3, True),
    ],
)
def test_group_check_needs_at_least_half(naturals, successes, success):
    # Scores of 2 against 12: a natural 11 or more succeeds.
    result = og.group_check([2, 2, 2, 2], 12, ScriptedRng(*naturals))
    assert (result.successes, result.success) == (successes, success)
    assert [c.natural for c in result.checks] == list(naturals)


def test_group_check_of_three_needs_two():
    assert og.group_check([0, 0, 0], 10, ScriptedRng(11, 2, 3)).success is False
    assert og.group_check([0, 0, 0], 10, ScriptedRng(11, 12, 3)).success is True


@pytest.mark.parametrize("successes, members, success", [
    (2, 4, True), (1, 4, False), (1, 2, True), (1, 3, False), (2, 3, True), (0, 1, False),
])
def test_group_succeeds_on_counts_parts_rolled_one_by_one(successes, members, success):
    assert og.group_succeeds(successes, members) is success


def test_group_check_needs_members():
    with pytest.raises(DiceError):
        og.group_check([], 10, ScriptedRng())


def test_damage_after_dp_and_direct_damage():
    assert og.damage_after_dp(5, 2) == 3
    assert og.damage_after_dp(1, 3) == 0
    assert og.damage_after_dp(5, 2, direct=True) == 5


def test_roll_damage():
    rng = ScriptedRng(4)
    hit = og.roll_damage("1d6+2", 1, rng)
    assert rng.calls == [(1, 6)]
    assert (hit.rolled, hit.taken) == (6, 5)
    assert hit.render() == "Damage 1d6+2: [4] + 2 = 6 (DP 1): 5 taken"
    assert og.roll_damage("1d6+2", 3, ScriptedRng(2, 5), advantage=True).taken == 4
    assert og.roll_damage("1d6+2", 3, ScriptedRng(2, 5), disadvantage=True).taken == 1
    assert og.roll_damage("1d6", 9, ScriptedRng(5), direct=True).taken == 5
    assert og.roll_damage("1d4-3", 0, ScriptedRng(1)).rolled == 0


@pytest.mark.parametrize("dice, breaks", [((3, 4), False), ((4, 4), True), ((1, 1), False)])
def test_morale_breaks_only_over_the_score(dice, breaks):
    rng = ScriptedRng(*dice)
    result = og.morale_check(7, rng)
    assert rng.calls == [(1, 6), (1, 6)]
    assert result.breaks is breaks


@pytest.mark.parametrize(
    "dice, kwargs, outcome",
    [
        ((1,), {}, "dies"),
        ((3,), {}, "dying"),
        ((6,), {}, "recovers"),
        ((1, 6), {"advantage": True}, "recovers"),
        ((1, 6), {"disadvantage": True}, "dies"),
    ],
)
def test_death_roll(dice, kwargs, outcome):
    result = og.death_roll(ScriptedRng(*dice), **kwargs)
    assert result.outcome == outcome
    assert result.dice == dice


@pytest.mark.parametrize(
    "die, line",
    [
        (1, "Death roll: [1], dies"),
        (2, "Death roll: [2], hangs on, still dying"),
        (3, "Death roll: [3], hangs on, still dying"),
        (4, "Death roll: [4], hangs on, still dying"),
        (5, "Death roll: [5], hangs on, still dying"),
        (6, "Death roll: [6], pulls through with 1 HP"),
    ],
)
def test_every_face_of_the_games_death_roll(die, line):
    # The game's own table (the text lost its): 1 dies, 6 gets up with 1 HP, else still dying.
    rng = ScriptedRng(die)
    result = og.death_roll(rng)
    assert rng.calls == [(1, 6)]
    assert result.render() == line


def test_initiative_by_grace_with_pcs_first_on_ties():
    ann = og.Combatant("Ann", 3, True)
    goblin = og.Combatant("Goblin", 3, False)
    bo = og.Combatant("Bo", 5, True)
    cid = og.Combatant("Cid", 3, True)
    wolf = og.Combatant("Wolf", 4, False)
    orc = og.Combatant("Orc", 5, False)
    result = og.initiative_order([goblin, ann, orc, bo, cid, wolf])
    assert [c.name for c in result.order] == ["Bo", "Orc", "Wolf", "Ann", "Cid", "Goblin"]
    assert result.pc_ties == ((ann, cid),)
    assert result.render().startswith("Initiative: Bo (5), Orc (5)")
