"""Kroll sheets: chargen, three lives with their history, staff changes, and
who may see or change whose sheet."""

import pytest

from commands.kroll import CmdKroll, CmdKrollAdmin
from tests.dice.scripted import ScriptedRng
from tests.kroll.helpers import KrollCommandTest, give_sheet
from world.kroll import services
from world.kroll.errors import KrollError
from world.kroll.models import KrollRoll, KrollSheet


class TestChargen(KrollCommandTest):
    def test_new_sheet_rolls_one_die_per_attribute_in_order(self):
        with self.dice(1, 2, 3, 4, 5, 6, 1, 2):
            self.call(
                CmdKroll(),
                "/new",
                "Char2 rolls up adventurer 1 of 3: Tough 1, Cunning 2, Sneaky 3, Quick 4, "
                "Wary 5, Smooth 6, Deadly 1, Lucky 2.",
                caller=self.char2,
            )
        adventurer = KrollSheet.objects.get(character=self.char2).living
        assert adventurer.ratings() == {
            "tough": 1, "cunning": 2, "sneaky": 3, "quick": 4,
            "wary": 5, "smooth": 6, "deadly": 1, "lucky": 2,
        }  # fmt: skip
        roll = KrollRoll.objects.get()
        assert (roll.kind, roll.a_dice, roll.adventurer) == (
            KrollRoll.CHARGEN,
            [1, 2, 3, 4, 5, 6, 1, 2],
            adventurer,
        )

    def test_only_one_sheet_per_character(self):
        give_sheet(self.char2)
        self.call(CmdKroll(), "/new", "You already have a Kroll sheet", caller=self.char2)
        assert KrollSheet.objects.filter(character=self.char2).count() == 1

    def test_sheet_shows_ratings_life_and_penalty(self):
        give_sheet(self.char2, penalty=2, deadly=5)
        out = self.call(CmdKroll(), "/sheet", "Kroll sheet of Char2", caller=self.char2)
        assert "Adventurer 1 of 3. Penalty dice: 2." in out
        assert "Deadly    5    exceptionally" in out

    def test_no_sheet_yet(self):
        self.call(CmdKroll(), "/sheet", "You have no Kroll sheet yet", caller=self.char2)


class TestLives(KrollCommandTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2, penalty=2, tough=6)

    def kill(self, *faces, expected="Char2's adventurer"):
        with self.dice(*faces):
            return self.call(
                CmdKrollAdmin(), "/kill Char2", {self.char1: expected, self.char2: expected}
            )

    def test_a_death_rolls_the_next_life_on_the_same_sheet(self):
        out = self.kill(2, 2, 2, 2, 2, 2, 2, 2)
        assert "adventurer 1 is dead. Char2 rolls up adventurer 2 of 3" in out[self.char2]
        sheet = KrollSheet.objects.get(character=self.char2)
        first, second = sheet.adventurers.all()
        assert (first.alive, first.tough, first.penalty) == (False, 6, 2)
        assert first.died_at is not None
        assert (second.alive, second.life, second.tough, second.penalty) == (True, 2, 2, 0)
        assert KrollRoll.objects.get(kind=KrollRoll.CHARGEN).adventurer == second

    def test_history_is_shown_and_the_third_death_spends_the_sheet(self):
        self.kill(2, 2, 2, 2, 2, 2, 2, 2)
        self.kill(3, 3, 3, 3, 3, 3, 3, 3)
        out = self.kill(expected="Char2's adventurer 3 is dead. That was the last life")
        sheet = KrollSheet.objects.get(character=self.char2)
        assert sheet.living is None and sheet.adventurers.count() == 3
        out = self.call(CmdKroll(), "/sheet", "Kroll sheet of Char2", caller=self.char2)
        assert "Spent" in out and "Life 1, died" in out and "Life 3, died" in out
        self.call(CmdKroll(), "wary vs hard", "Your Kroll sheet is spent", caller=self.char2)
        self.call(CmdKrollAdmin(), "/kill Char2", "Char2's Kroll sheet is spent")

    def test_sheet_survives_a_fresh_load(self):
        self.kill(4, 4, 4, 4, 4, 4, 4, 4)
        reloaded = KrollSheet.objects.get(pk=self.char2.kroll_sheet.pk)
        assert [(a.life, a.alive) for a in reloaded.adventurers.all()] == [(1, False), (2, True)]
        assert reloaded.living.ratings()["tough"] == 4


class TestStaffChanges(KrollCommandTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2)

    def test_staff_set_penalty_and_ratings_above_six(self):
        self.call(
            CmdKrollAdmin(),
            "/penalty Char2=2",
            {self.char1: "Char2 now carries 2 penalty dice.", self.char2: "Char2 now carries"},
        )
        self.call(CmdKrollAdmin(), "/set Char2/dead=7", "Char2's Deadly is now 7.")
        living = KrollSheet.objects.get(character=self.char2).living
        assert (living.penalty, living.deadly) == (2, 7)
        out = self.call(CmdKroll(), "/sheet Char2", "Kroll sheet of Char2")
        assert "beyond extraordinary" in out

    def test_staff_values_are_checked(self):
        rating = "Give the rating as a whole number from 1 to 10."
        penalty = "Give the penalty dice as a whole number from 0 to 20."
        for bad in ("11", "0", "x", "²", "1" * 30, "-1"):
            self.call(CmdKrollAdmin(), f"/set Char2/deadly={bad}", rating)
        for bad in ("21", "x", "²", "1" * 30, "-1", "1.5"):
            self.call(CmdKrollAdmin(), f"/penalty Char2={bad}", penalty)
        self.call(CmdKrollAdmin(), "/set Char2/might=3", "'might' is not a Kroll attribute.")
        self.call(CmdKrollAdmin(), "/penalty Nobody=1", "There is no character called 'Nobody'.")
        self.call(CmdKrollAdmin(), "/penalty Cid=1", "Cid has no Kroll sheet yet.")
        living = KrollSheet.objects.get(character=self.char2).living
        assert (living.penalty, living.deadly) == (0, 3)

    def test_staff_can_reach_characters_elsewhere(self):
        give_sheet(self.stranger)
        self.call(CmdKrollAdmin(), "/penalty Faraway=1", "Faraway now carries 1 penalty dice.")


class TestPrivacy(KrollCommandTest):
    """char2 is a plain player; char1 is staff."""

    def setUp(self):
        super().setUp()
        give_sheet(self.char1)
        give_sheet(self.char2)

    def test_player_cannot_see_another_sheet_and_learns_nothing(self):
        refusal = "You can only look at your own Kroll sheet."
        for name in ("Char", "Cid", "Nobody", f"#{self.char1.id}", "char"):
            out = self.call(CmdKroll(), f"/sheet {name}", refusal, caller=self.char2)
            assert out == refusal

    def test_player_can_name_themselves(self):
        self.call(CmdKroll(), "/sheet me", "Kroll sheet of Char2", caller=self.char2)
        self.call(CmdKroll(), "/sheet char2", "Kroll sheet of Char2", caller=self.char2)

    def test_staff_can_see_any_sheet(self):
        self.call(CmdKroll(), "/sheet Char2", "Kroll sheet of Char2")

    def test_admin_command_is_locked_to_builders(self):
        assert CmdKrollAdmin().access(self.char1, "cmd")
        assert not CmdKrollAdmin().access(self.char2, "cmd")

    def test_services_refuse_players_even_without_the_lock(self):
        for change in (
            lambda: services.set_penalty(self.char2, self.char1, 3),
            lambda: services.set_rating(self.char2, self.char1, "tough", 6),
            lambda: services.kill_adventurer(self.char2, self.char1, ScriptedRng()),
        ):
            with pytest.raises(KrollError, match="Only staff"):
                change()
        living = KrollSheet.objects.get(character=self.char1).living
        assert (living.alive, living.penalty, living.tough) == (True, 0, 3)
