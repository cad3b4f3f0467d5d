"""Goldengrave's dice engine, with scripted dice."""

import pytest

from tests.dice.scripted import ScriptedRng
from world.dice import goldengrave as gg
from world.dice import goldengrave_tables as tables
from world.dice.results import DiceError


def test_damage_roll_ignores_dice_of_four_or_more():
    rng = ScriptedRng(1, 4, 6, 3)
    result = gg.damage_roll(4, rng)
    assert rng.calls == [(1, 6)] * 4
    assert result.dice == (1, 4, 6, 3)
    assert result.counted == (1, 3)
    assert result.ignored == (4, 6)
    assert result.total == 4
    assert result.render() == "Power 4 damage: [1, ~4~, ~6~, 3] = 4"


def test_damage_roll_of_all_high_dice_does_nothing_and_power_zero_rolls_nothing():
    assert gg.damage_roll(3, ScriptedRng(4, 5, 6)).total == 0
    empty = gg.damage_roll(0, ScriptedRng())
    assert empty.dice == () and empty.total == 0


@pytest.mark.parametrize("power", [-1, gg.MAX_POWER + 1])
def test_damage_roll_refuses_impossible_power(power):
    with pytest.raises(DiceError):
        gg.damage_roll(power, ScriptedRng())


@pytest.mark.parametrize(
    "prepared, suits, dice, target, success",
    [
        (False, False, (4, 6), 10, True),
        (False, False, (4, 5), 10, False),
        (True, False, (4, 4), 8, True),
        (False, True, (3, 4), 8, False),
        (True, True, (3, 3), 6, True),
        (True, True, (2, 3), 6, False),
    ],
)
def test_skill_check_target_drops_two_per_true_factor(prepared, suits, dice, target, success):
    rng = ScriptedRng(*dice)
    result = gg.skill_check(prepared, suits, rng)
    assert rng.calls == [(1, 6), (1, 6)]
    assert (result.target, result.total, result.success) == (target, sum(dice), success)


def test_skill_check_render():
    line = gg.skill_check(True, False, ScriptedRng(5, 2)).render()
    assert line == "Skill check (needs 8): [5, 2] = 7, failure"


PARTY = ("Ann", "Bo", "Cid")


def test_half_or_less_of_the_stamina_knocks_out_a_random_conscious_pc():
    rng = ScriptedRng(2)
    result = gg.damage_outcome(10, 5, PARTY, (), rng)
    assert rng.calls == [(1, 3)]
    assert (result.stamina_after, result.knocked_out, result.pick) == (5, "Bo", 2)
    assert not result.killed and not result.must_retreat


def test_more_than_half_left_knocks_out_nobody_and_rolls_nothing():
    result = gg.damage_outcome(10, 4, PARTY, (), ScriptedRng())
    assert (result.stamina_after, result.knocked_out) == (6, None)


def test_half_is_measured_against_the_stamina_before_the_roll():
    assert gg.damage_outcome(9, 5, PARTY, (), ScriptedRng(1)).knocked_out == "Ann"
    assert gg.damage_outcome(9, 4, PARTY, (), ScriptedRng()).knocked_out is None


def test_already_knocked_out_pcs_cannot_be_picked_again():
    rng = ScriptedRng(2)
    result = gg.damage_outcome(8, 6, PARTY, {"Ann"}, rng)
    assert rng.calls == [(1, 2)]
    assert result.knocked_out == "Cid"


def test_one_conscious_pc_is_knocked_out_without_a_die():
    result = gg.damage_outcome(8, 6, PARTY, ("Ann", "Cid"), ScriptedRng())
    assert (result.knocked_out, result.pick) == ("Bo", None)


def test_reaching_zero_kills_the_knocked_out_and_sends_the_rest_home():
    result = gg.damage_outcome(6, 9, PARTY, ("Bo",), ScriptedRng())
    assert result.stamina_after == 0
    assert result.knocked_out is None
    assert result.killed == ("Bo",)
    assert result.retreating == ("Ann", "Cid")
    assert result.must_retreat
    assert result.render() == "Stamina 6 -> 0; killed: Bo; the party must retreat to town."


def test_damage_outcome_refuses_a_spent_party_or_negative_damage():
    with pytest.raises(DiceError):
        gg.damage_outcome(0, 1, PARTY, (), ScriptedRng())
    with pytest.raises(DiceError):
        gg.damage_outcome(5, -1, PARTY, (), ScriptedRng())


def test_damage_on_party_rolls_then_applies():
    rng = ScriptedRng(3, 2, 5, 3)  # three damage dice, then the pick among three
    result = gg.damage_on_party(3, 9, PARTY, (), rng)
    assert result.roll.dice == (3, 2, 5)
    assert (result.damage, result.stamina_after, result.knocked_out) == (5, 4, "Cid")
    assert result.render() == (
        "Power 3 damage: [3, 2, ~5~] = 5. Stamina 9 -> 4; Cid is knocked out."
    )


def test_power_loss():
    success = gg.skill_check(True, True, ScriptedRng(6, 6))
    failure = gg.skill_check(False, False, ScriptedRng(1, 1))
    assert gg.power_loss() == 1
    assert gg.power_loss(vulnerable=True) == 2
    assert gg.power_loss(immune=True) == 0
    assert gg.power_loss(risky_check=success) == 2
    assert gg.power_loss(risky_check=failure) == 0
    assert gg.power_loss(immune=True, risky_check=success) == 0


def test_sway_prices_and_the_half_power_moment():
    assert [gg.sway_price(x) for x in ("likely", "even", "unlikely")] == [1, 3, 6]
    with pytest.raises(DiceError):
        gg.sway_price("certain")
    assert gg.half_power_retreat("craven", paid=False) is True
    assert gg.half_power_retreat("normal", paid=True) is True
    assert gg.half_power_retreat("normal", paid=False) is False
    assert gg.half_power_retreat("iron-willed", paid=True) is False
    assert gg.half_power_retreat("mindless", paid=True) is False
    with pytest.raises(DiceError):
        gg.half_power_retreat("grumpy", paid=True)


@pytest.mark.parametrize(
    "pace, die, outcome",
    [
        ("quick", 1, "monster"),
        ("quick", 2, "nothing"),
        ("quick", 6, "nothing"),
        ("cautious", 1, "monster"),
        ("cautious", 3, "monster"),
        ("cautious", 4, "omen"),
        ("cautious", 6, "omen"),
    ],
)
def test_wandering_monster_roll_by_pace(pace, die, outcome):
    assert gg.wandering_roll(pace, ScriptedRng(die)).outcome == outcome


def test_wandering_roll_refuses_an_unknown_pace():
    with pytest.raises(DiceError):
        gg.wandering_roll("running", ScriptedRng(1))


@pytest.mark.parametrize(
    "die, main, sides", [(1, True, False), (2, False, True), (3, False, True), (4, False, False)]
)
def test_revisit_theft_roll(die, main, sides):
    result = gg.revisit_roll(ScriptedRng(die))
    assert (result.main_stolen, result.sides_stolen) == (main, sides)


def test_glory_by_rank():
    assert {r: gg.glory_for_rank(r) for r in "SABCDF"} == {
        "S": 5,
        "A": 4,
        "B": 3,
        "C": 2,
        "D": 1,
        "F": 0,
    }
    assert gg.glory_for_rank("b") == 3
    for bad in ("E", "", None):
        with pytest.raises(DiceError):
            gg.glory_for_rank(bad)


@pytest.mark.parametrize(
    "main, found, total, rank",
    [
        (True, 3, 3, "S"),
        (True, 1, 3, "A"),
        (True, 0, 3, "B"),
        (False, 3, 3, "C"),
        (False, 1, 3, "D"),
        (False, 0, 3, "F"),
        (True, 0, 0, "S"),
        (False, 0, 0, "F"),
    ],
)
def test_rank_for_what_was_found(main, found, total, rank):
    assert gg.rank_for_finds(main, found, total) == rank


def test_the_texts_chargen_example():
    # Spark A comes from 2 and 5, Spark B from a double six: a Merchant from Bittermarch.
    sparks = gg.roll_sparks(ScriptedRng(2, 5, 6, 6))
    assert (sparks.spark_a, sparks.spark_b, sparks.region) == (
        "Bittermarch",
        "Merchant",
        "Bittermarch",
    )
    dice = gg.roll_trait_dice(ScriptedRng(6, 4, 1))
    traits = gg.assign_traits(dice, physique=4, personality=6, flaw=1)
    assert traits.words == ("average/fit", "inventive/curious", "sly/selfish")


def test_a_spark_that_is_not_a_region_names_from_elsewhere():
    assert gg.roll_sparks(ScriptedRng(1, 1, 3, 4)).region == "Elsewhere"
    assert gg.roll_sparks(ScriptedRng(3, 5, 3, 4)).region == "Fairbuck"


def test_triples_are_rerolled_and_recorded():
    result = gg.roll_trait_dice(ScriptedRng(3, 3, 3, 5, 5, 5, 2, 2, 6))
    assert result.dice == (2, 2, 6)
    assert result.rerolled == ((3, 3, 3), (5, 5, 5))


def test_personality_and_flaw_cannot_share_a_number():
    with pytest.raises(DiceError):
        gg.assign_traits((6, 6, 1), physique=1, personality=6, flaw=6)
    assert gg.assign_traits((6, 6, 1), physique=6, personality=6, flaw=1).flaw == 1


def test_traits_must_use_the_rolled_dice():
    with pytest.raises(DiceError):
        gg.assign_traits((6, 4, 1), physique=4, personality=6, flaw=2)


@pytest.mark.parametrize(
    "region, dice, name",
    [
        ("Fairbuck", (1, 1), "Alaric"),
        ("Fairbuck", (3, 5), "Greylond"),
        ("Fairbuck", (6, 6), "Wolfrik"),
        ("Gyldrion", (1, 1), "Agnola"),
        ("Gyldrion", (4, 4), "Lykon"),
        ("Gyldrion", (6, 6), "Ymilia"),
    ],
)
def test_names_by_region(region, dice, name):
    assert gg.roll_name(region, ScriptedRng(*dice)).name == name


@pytest.mark.parametrize("region", ["Bittermarch", "Elsewhere"])
def test_lost_name_columns_leave_the_name_to_the_player(region):
    result = gg.roll_name(region, ScriptedRng())
    assert result.name is None and result.dice == ()
    assert "the player names" in result.render()


def test_name_columns_are_complete():
    for column in tables.NAMES.values():
        assert len(column) == 36 and len(set(column.values())) == 36


@pytest.mark.parametrize(
    "die, desire",
    [
        # The text's d6 list, in order (our wording): shame, treasure, keep or drive
        # out, show something, get help, a game or a duel.
        (1, "to see you shamed or made a fool of"),
        (2, "to get its hands on your treasure"),
        (3, "to keep you out, or drive you out"),
        (4, "to have you see something"),
        (5, "to have your help with something"),
        (6, "to test you in a game or a duel"),
    ],
)
def test_monster_desire_follows_the_texts_list(die, desire):
    rng = ScriptedRng(die)
    result = gg.monster_desire(rng)
    assert rng.calls == [(1, 6)]
    assert result.desire == desire
    assert result.render() == f"The monster wants [{die}]: {desire}"
