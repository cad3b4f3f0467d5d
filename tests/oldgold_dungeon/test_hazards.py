"""Hazards rolled onto Old Gold sheets with scripted dice: falls (and the
deadly three 4s), cold and heat as direct damage, burning against DP,
suffocating, drink and poison checks, and the refusals."""

from commands.oldgold_bestiary import CmdHazard
from tests.oldgold.helpers import OldGoldTest, give_sheet, make_npc
from world.oldgold import services
from world.oldgold.models import OldGoldRoll
from world.oldgold_dungeon import hazards


class HazardTest(OldGoldTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2, hp=20, might=3, items=[("medium armour", "body")])
        self.dp = services.dp_of(self.sheet(self.char2))

    def h(self, text, expected=None, *faces, caller=None):
        with self.dice(*faces):
            return self.call(CmdHazard(), text, expected, caller=caller or self.char1)

    def hp(self):
        return self.sheet(self.char2).hp


class TestDamage(HazardTest):
    def test_a_nine_metre_fall_rolls_three_d4_against_dp(self):
        out = self.h("falling=Char2, 9", None, 2, 3, 1)
        assert "Char2 falls 9m: 3d4 [2, 3, 1] = 6" in out
        assert self.hp() == 20 - max(0, 6 - self.dp)
        assert OldGoldRoll.objects.filter(kind="hazard").first().dice == [2, 3, 1]

    def test_three_fours_kill_on_impact(self):
        out = self.h("falling=Char2, 10", None, 4, 4, 1, 4)
        assert "3 dice on 4: killed by the impact." in out
        assert self.sheet(self.char2).dead

    def test_a_short_drop_is_free(self):
        self.h("falling=Char2, 3", "Char2 drops 3m and lands unhurt.")
        assert self.hp() == 20

    def test_cold_is_direct_each_watch(self):
        out = self.h("cold=Char2, 2", None, 5, 6)
        assert out.count("(direct)") == 2
        assert self.hp() == 20 - 11

    def test_heat_is_1d3_direct(self):
        self.h("heat=Char2", None, 3)
        assert self.hp() == 17

    def test_burning_is_reduced_by_dp(self):
        self.h("fire=Char2", None, 6, 5)
        assert self.hp() == 20 - max(0, 11 - self.dp)

    def test_suffocating_knocks_out_and_hurts(self):
        self.h("drowning=Char2", None, 3, 3)
        assert self.hp() == 14
        assert services.has_condition(self.char2, "unconscious")
        assert hazards.breath_rounds(3) == 8

    def test_a_creature_can_burn_too(self):
        goblin = make_npc(self.room1, "Goblin", hp=7)
        self.h("burning=Goblin", None, 4, 4)
        assert services.npc_stats(goblin)["hp"] == 0


class TestChecks(HazardTest):
    def test_poison_needs_its_difficulty_and_rolls_might(self):
        self.h("poison=Char2", "Give the poison's difficulty: +hazard poison=Ann, 12.")
        out = self.h("poison=Char2, 12", None, 5)
        assert "Char2 resists poison. Char2 checks Might against 12: d20 [5] + 3 = 8 vs 12: " \
            "failure" in out and "the poison takes hold" in out

    def test_a_dwarf_resists_poison_and_drink_with_advantage(self):
        from world.oldgold.models import OldGoldSheet

        OldGoldSheet.objects.filter(character=self.char2).update(ancestry="dwarf")
        out = self.h("poison=Char2, 12", None, 5, 14)
        assert "d20 with advantage [5, 14]" in out and "Dwarf resists poison" in out and "success" in out
        out = self.h("drink=Char2", None, 2, 3)
        assert "d20 with advantage [2, 3]" in out and "Dwarf resists poison" in out

    def test_a_day_without_rest_rolls_at_disadvantage(self):
        from world.oldgold.models import OldGoldSheet

        OldGoldSheet.objects.filter(character=self.char2).update(unrested=True)
        out = self.h("poison=Char2, 12", None, 15, 4)
        assert "d20 with disadvantage [15, 4]" in out and "a day without rest" in out and "failure" in out

    def test_drink_failing_by_five_knocks_out(self):
        out = self.h("drink=Char2", None, 2, 3)
        assert "out cold for 1d4" in out and "[3]" in out
        # For 3 watches: the scene clock runs it down.
        assert [(c["key"], c["rounds"]) for c in services._conditions(self.char2)] == [
            ("unconscious", 3 * 6 * 360)]

    def test_drink_failing_narrowly_gives_disadvantage(self):
        out = self.h("drink=Char2", None, 6)
        assert "disadvantage on every roll for a watch" in out
        assert not services.has_condition(self.char2, "unconscious")


class TestRefusals(HazardTest):
    def test_reading_is_open_and_rolling_is_for_gms(self):
        out = self.h("", "Old Gold hazards", caller=self.char2)
        assert "Lightning [2d10 a strike]" in out and "Extreme cold [1d6 direct a watch]" in out
        self.h("storm", "Storm: ", caller=self.char2)
        self.h("cold=Char2", "Only a game master rolls hazards", caller=self.char2)
        assert self.hp() == 20

    def test_unknown_hazard_and_bad_numbers(self):
        self.h("lava=Char2", "'lava' is not a hazard")
        self.h("falling=Char2", "Say how far the fall is")
        self.h("cold=Char2, lots", "The number after the name is a whole number")
        assert self.hp() == 20
