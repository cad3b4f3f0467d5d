"""Kroll sheets: chargen, three lives with their history, staff changes, and
who may see or change whose sheet."""

import pytest

from commands.kroll import CmdKroll, CmdKrollAdmin
from tests.dice.scripted import ScriptedRng
from tests.kroll.helpers import KrollCommandTest, give_sheet
from world.kroll import rules, services
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
        assert " Deadly     5     exceptionally" in out

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
        self.call(CmdKrollAdmin(), "/penalty Faraway=1", "Faraway now carries 1 penalty die.")
        self.call(CmdKrollAdmin(), "/penalty Faraway=0", "Faraway now carries no penalty dice.")


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


class TestFollowupHitsOnTheSheet(KrollCommandTest):
    """The sheet lists the tests whose hits a followup would bring back to its
    adventurer: the ones they won, with their hits."""

    def setUp(self):
        super().setUp()
        give_sheet(self.char1, sneaky=3, deadly=3)
        give_sheet(self.char2, deadly=2)

    def roll(self, args, *faces, caller=None):
        with self.dice(*faces):
            self.call(CmdKroll(), args, "[Kroll #", caller=caller)
        return KrollRoll.objects.latest("id")

    def sheet(self, caller=None):
        return self.call(CmdKroll(), "/sheet", "Kroll sheet of", caller=caller)

    def test_a_fresh_sheet_has_nothing_to_follow_up(self):
        assert "Hits to follow up: none" in self.sheet()

    def test_won_tests_are_listed_and_lost_ones_are_not(self):
        won = self.roll("sneaky vs hard", 5, 4, 2, 3, 3, 2, 1)  # Char, 2 hits
        lost = self.roll("deadly vs hard", 1, 1, 1, 6, 5, 1, 1)  # the GM, 2 hits
        quick = self.roll("/quick sneaky vs 4", 5, 1, 6)  # Char, 2 hits
        self.roll("/quick deadly vs 4", 1, 2, 3)  # no hits
        out = self.sheet()
        assert (
            "Hits to follow up (add =followup #<number> to a test in the same room):\n"
            f"  #{quick.pk} Sneaky vs 4 (quick), in Room: 2 hits\n"
            f"  #{won.pk} Sneaky vs Hard, in Room: 2 hits"
        ) in out
        assert f"#{lost.pk}" not in out

    def test_an_opposed_test_is_listed_for_whoever_won_it(self):
        opposed = self.roll("sneaky vs char2/deadly", 1, 1, 1, 6, 5)  # Char2 wins, 2 hits
        assert f"#{opposed.pk} Sneaky vs Char2's Deadly, in Room: 2 hits" in self.sheet(
            caller=self.char2
        )
        assert f"#{opposed.pk}" not in self.sheet()

    def test_every_listed_test_really_brings_its_hits_back(self):
        first = self.roll("sneaky vs hard", 5, 4, 2, 3, 3, 2, 1)  # 2 hits
        second = self.roll("sneaky vs easy", 6, 5, 4, 1)  # 3 hits
        for roll, pool in ((first, "5 dice (3 +2 followup)"), (second, "6 dice (3 +3 followup)")):
            assert f"#{roll.pk} Sneaky" in self.sheet()
            faces = [1] * (3 + roll.hits) + [6]
            with self.dice(*faces):
                out = self.call(CmdKroll(), f"deadly vs easy=followup #{roll.pk}", "[Kroll #")
            assert f"with {pool} against Easy" in out

    def test_only_the_latest_few_newest_first(self):
        wins = [
            self.roll("sneaky vs easy", 6, 1, 1, 5) for _ in range(rules.FOLLOWUP_HITS_SHOWN + 2)
        ]
        out = self.sheet()
        shown = [roll.pk for roll in wins if f"#{roll.pk} " in out]
        assert shown == [roll.pk for roll in wins[-rules.FOLLOWUP_HITS_SHOWN :]]
        assert out.index(f"#{wins[-1].pk} ") < out.index(f"#{wins[-2].pk} ")

    def test_a_new_life_does_not_inherit_the_dead_ones_hits(self):
        won = self.roll("sneaky vs hard", 5, 4, 2, 3, 3, 2, 1)
        with self.dice(*[2] * 8):
            self.call(CmdKrollAdmin(), "/kill Char", "Char's adventurer 1 is dead.")
        out = self.sheet()
        assert "Adventurer 2 of 3" in out and f"#{won.pk}" not in out
        assert "Hits to follow up: none" in out
