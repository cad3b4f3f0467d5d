"""+kroll tests in a room: every kind of test with scripted dice, what the
room sees, what the roll log keeps, and the refusals."""

from commands.kroll import CmdKroll
from tests.kroll.helpers import KrollCommandTest, give_sheet
from world.kroll.models import KrollRoll


class TestRegularTests(KrollCommandTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, sneaky=3, wary=4)
        give_sheet(self.char2, wary=1)

    def test_against_a_difficulty_everyone_here_sees_both_sides(self):
        with self.dice(5, 4, 2, 3, 3, 2, 1):
            out = self.call(
                CmdKroll(),
                "sneaky vs hard",
                {self.char1: "[Kroll #", self.char2: "[Kroll #"},
            )
        for text in out.values():
            assert "Char tests Sneaky with 3 dice against Hard: the GM rolls 4 dice." in text
            assert "Char rolls 5 4 2; GM rolls 3 3 2 1. GM calls 3: Char wins with 2 hits." in text
        roll = KrollRoll.objects.get()
        assert (roll.kind, roll.attribute, roll.target) == (KrollRoll.REGULAR, "sneaky", "Hard")
        assert (roll.a_dice, roll.b_dice, roll.winner, roll.hits) == (
            [5, 4, 2],
            [3, 3, 2, 1],
            "a",
            2,
        )
        assert roll.roller == self.char1 and roll.room == self.room1
        assert roll.modifiers["b"]["dice"] == 4

    def test_against_a_number_of_gm_dice(self):
        with self.dice(1, 1, 1, 6, 5):
            out = self.call(CmdKroll(), "sne vs 2 dice", "[Kroll #")
        assert "Char tests Sneaky with 3 dice against the GM's 2 dice." in out
        assert "Char calls 1: GM wins with 2 hits." in out
        assert KrollRoll.objects.get().winner == "b"

    def test_special_case_of_the_text(self):
        # 4 3 1 against one die showing 4: both 4s go, the GM is out, each rolls one more.
        with self.dice(4, 3, 1, 4, 5, 2):
            out = self.call(CmdKroll(), "sneaky vs 1 die", "[Kroll #")
        assert "Both call 4: tie, each discards it." in out
        assert "each rolls one more: Char 5, GM 2." in out
        assert out.endswith("GM calls 2: Char wins with 2 hits.")
        roll = KrollRoll.objects.get()
        assert (roll.a_dice, roll.b_dice) == ([4, 3, 1, 5], [4, 2])
        assert roll.details["steps"] == [{"tie": 4}, {"extra": [5, 2]}]

    def test_opposed_both_pools_rolled_and_both_told(self):
        with self.dice(4, 3, 1, 4, 5, 2):
            out = self.call(
                CmdKroll(),
                "sneaky vs char2/wary",
                {self.char1: "[Kroll #", self.char2: "[Kroll #"},
            )
        assert "against Char2's Wary with 1 die" in out[self.char2]
        assert "Char2 calls 2: Char wins with 2 hits." in out[self.char2]
        roll = KrollRoll.objects.get()
        assert roll.kind == KrollRoll.OPPOSED
        assert roll.opponent.sheet.character == self.char2 and roll.opponent_attribute == "wary"

    def test_circumstance_bonus_for_either_side(self):
        with self.dice(1, 1, 1, 1, 1, 2, 2):
            out = self.call(CmdKroll(), "sneaky vs easy=bonus unusual, their bonus 1", "[Kroll #")
        assert "with 5 dice (3 +2 bonus)" in out
        assert "GM rolls 2 dice (1 +1 bonus)" in out
        assert KrollRoll.objects.get().modifiers["a"]["bonus"] == 2

    def test_sheet_and_given_penalty_dice_add_up(self):
        self.char1.kroll_sheet.adventurers.update(penalty=1)
        with self.dice(6, 2):
            out = self.call(CmdKroll(), "sneaky vs easy=penalty 1", "[Kroll #")
        assert "with 1 die (3 -2 penalty)" in out
        assert KrollRoll.objects.get().modifiers["a"]["penalty"] == 2

    def test_last_ditch_die_when_penalty_equals_the_pool(self):
        with self.dice(6, 1):
            out = self.call(CmdKroll(), "sneaky vs easy=penalty 3", "[Kroll #")
        assert "with a last-ditch die (3 -3 penalty)" in out
        assert "Char rolls 6(=0); GM rolls 1. Char calls 0: GM wins with 1 hit." in out
        assert KrollRoll.objects.get().modifiers["a"]["kind"] == "last-ditch"

    def test_automatic_failure_beyond_the_pool(self):
        with self.dice(2, 5):
            out = self.call(CmdKroll(), "sneaky vs moderate=penalty 4", "[Kroll #")
        assert "with no dice: automatic failure (3 -4 penalty)" in out
        assert "Char has no dice: GM wins with 2 hits." in out
        roll = KrollRoll.objects.get()
        assert (roll.a_dice, roll.winner, roll.hits) == ([], "b", 2)

    def test_opposed_when_neither_side_can_act_is_refused_and_unrecorded(self):
        self.char2.kroll_sheet.adventurers.update(penalty=2)
        self.call(CmdKroll(), "wary vs char2/wary=penalty 5", "Neither you nor Char2 can act")
        assert not KrollRoll.objects.exists()


class TestQuickTests(KrollCommandTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, wary=3)

    def test_quick_test_against_a_difficulty(self):
        with self.dice(4, 5, 6):
            out = self.call(CmdKroll(), "/quick wary vs moderate", "[Kroll #")
        assert "quick Wary test with 3 dice against 4 (Moderate)" in out
        assert out.endswith("Char rolls 4 5 6 against 4: succeeds with 2 hits.")
        roll = KrollRoll.objects.get()
        assert (roll.kind, roll.hits, roll.winner, roll.b_dice) == (KrollRoll.QUICK, 2, "a", [])

    def test_matching_the_number_is_not_enough(self):
        with self.dice(3, 3, 1):
            out = self.call(CmdKroll(), "/quick wary vs 3", "[Kroll #")
        assert out.endswith("fails.")
        assert KrollRoll.objects.get().winner == ""

    def test_quick_last_ditch_six_fails(self):
        with self.dice(6):
            out = self.call(CmdKroll(), "/quick wary vs easy=penalty 3", "[Kroll #")
        assert "6(=0) against 3: fails." in out

    def test_very_hard_and_worse_need_a_regular_test(self):
        for difficulty in ("very hard", "extraordinarily hard", "unbelievably hard"):
            self.call(
                CmdKroll(), f"/quick wary vs {difficulty}", f"{difficulty.title()} is too much"
            )
        assert not KrollRoll.objects.exists()

    def test_numbers_out_of_range_are_refused(self):
        self.call(CmdKroll(), "/quick wary vs 6", "Call a number from 1 to 5")
        self.call(CmdKroll(), "/quick wary vs 0", "Call a number from 1 to 5")

    def test_quick_test_has_no_gm_dice_for_a_bonus(self):
        self.call(CmdKroll(), "/quick wary vs 3=their bonus 1", "A quick test has no GM dice")


class TestFollowups(KrollCommandTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, sneaky=3, deadly=3)
        give_sheet(self.char2, deadly=2)

    def win_with_two_hits(self, caller=None):
        with self.dice(5, 4, 2, 3, 3, 2, 1):
            self.call(CmdKroll(), "sneaky vs hard", "[Kroll #", caller=caller)
        return KrollRoll.objects.latest("id")

    def test_own_hits_come_back_as_dice(self):
        first = self.win_with_two_hits()
        with self.dice(1, 1, 1, 1, 1, 6, 6, 6, 6):
            out = self.call(CmdKroll(), "deadly vs hard=followup", "[Kroll #")
        assert (
            f"with 5 dice (3 +2 followup) against Hard: the GM rolls 4 dice. Follows up #{first.pk}"
            in out
        )
        assert KrollRoll.objects.latest("id").followup_of == first

    def test_gm_hits_go_to_the_gm_dice(self):
        with self.dice(1, 1, 1, 6, 5, 1, 1):
            self.call(CmdKroll(), "sneaky vs hard", "[Kroll #")  # GM wins with 2 hits
        with self.dice(6, 6, 6, 1, 1, 1, 1, 1, 1):
            out = self.call(CmdKroll(), "deadly vs hard=followup", "[Kroll #")
        assert "the GM rolls 6 dice (4 +2 followup)" in out

    def test_gm_hits_cannot_follow_into_a_quick_test(self):
        with self.dice(1, 1, 1, 6, 5, 1, 1):
            self.call(CmdKroll(), "sneaky vs hard", "[Kroll #")
        before = KrollRoll.objects.count()
        self.call(CmdKroll(), "/quick deadly vs 3=followup", "The GM's dice won roll #")
        assert KrollRoll.objects.count() == before

    def test_someone_elses_test_by_name_and_by_number(self):
        first = self.win_with_two_hits(caller=self.char2)
        with self.dice(1, 1, 1, 1, 1, 6, 6, 6, 6):
            self.call(CmdKroll(), "deadly vs hard=followup char2", "[Kroll #")
        with self.dice(1, 1, 1, 1, 1, 6, 6, 6, 6):
            out = self.call(CmdKroll(), f"deadly vs hard=followup #{first.pk}", "[Kroll #")
        assert "(3 +2 followup)" in out

    def test_opponent_who_won_gets_the_hits(self):
        with self.dice(1, 1, 1, 6, 5):
            self.call(CmdKroll(), "sneaky vs char2/deadly", "[Kroll #")  # char2 wins, 2 hits
        with self.dice(1, 1, 1, 6, 6, 6, 6):
            out = self.call(CmdKroll(), "deadly vs char2/deadly=followup", "[Kroll #")
        assert "against Char2's Deadly with 4 dice (2 +2 followup)" in out

    def test_a_loser_cannot_take_the_winners_hits(self):
        with self.dice(1, 1, 1, 6, 5):
            self.call(CmdKroll(), "sneaky vs char2/deadly", "[Kroll #")
        lost = KrollRoll.objects.get()
        self.call(
            CmdKroll(),
            "deadly vs hard=followup",
            f"You lost roll #{lost.pk}; its hits are Char2's.",
        )

    def test_nothing_to_follow_up(self):
        self.call(CmdKroll(), "deadly vs hard=followup", "You have made no test in this room")
        self.call(CmdKroll(), "deadly vs hard=followup #999", "There is no test #999 in this room.")
        with self.dice(1, 1, 1):
            self.call(CmdKroll(), "/quick sneaky vs 4", "[Kroll #")
        self.call(CmdKroll(), "deadly vs hard=followup", "Roll #")

    def test_log_lists_the_rooms_tests_with_their_numbers(self):
        first = self.win_with_two_hits()
        with self.dice(1, 1, 1, 6, 5):
            self.call(CmdKroll(), "sneaky vs char2/deadly", "[Kroll #")
        out = self.call(CmdKroll(), "/log", "Recent Kroll rolls here")
        assert f" {first.pk}  Sneaky vs Hard" in out and "Char, 2 hits" in out
        assert "Sneaky vs Char2's Deadly" in out and "Char2, 2 hits" in out
        self.call(
            CmdKroll(), "/log", "No Kroll rolls have been made here yet.", caller=self.stranger
        )

    def test_followups_stay_in_their_room(self):
        first = self.win_with_two_hits()
        self.char1.move_to(self.room2, quiet=True)
        self.call(CmdKroll(), f"deadly vs hard=followup #{first.pk}", "There is no test #")


class TestRefusals(KrollCommandTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1)
        give_sheet(self.stranger)

    def refused(self, args, expected, caller=None):
        self.call(CmdKroll(), args, expected, caller=caller)
        assert not KrollRoll.objects.exists()

    def test_unknown_attribute(self):
        self.refused("strength vs hard", "'strength' is not a Kroll attribute.")
        self.refused("s vs hard", "'s' is not a Kroll attribute.")  # sneaky or smooth?

    def test_unknown_difficulty(self):
        self.refused("wary vs impossible", "'impossible' is not a Kroll difficulty.")

    def test_character_not_in_the_room(self):
        self.refused("wary vs faraway/wary", "There is no character called 'faraway' here.")
        self.refused(f"wary vs #{self.stranger.id}/wary", "Faraway is not here.")

    def test_bad_numbers(self):
        self.refused("wary vs 0 dice", "The GM rolls from 1 to 20 dice.")
        self.refused("wary vs 21 dice", "The GM rolls from 1 to 20 dice.")
        self.refused("wary vs hard=bonus 4", "Give the bonus as 1 to 3 dice, or as moderate,")
        self.refused("wary vs hard=bonus lots", "Give the bonus")
        self.refused("wary vs hard=penalty -1", "Give the penalty dice as a whole number from 0")
        self.refused("wary vs hard=sideways", "'sideways' is not a test option.")

    def test_a_bonus_of_nothing_is_refused_not_ignored(self):
        for option in ("bonus 0", "their bonus 0", "bonus 00"):
            self.refused(f"wary vs hard={option}", "Give the bonus as 1 to 3 dice")

    def test_odd_digits_and_huge_numbers_get_a_refusal_not_an_apology(self):
        # '²' passes str.isdigit() but int() rejects it; a 30-digit number is no count,
        # no roll number and no object id.
        huge = "1" * 30
        expected = {
            "wary vs {} dice": "The GM rolls from 1 to 20 dice.",
            "/quick wary vs {}": "Call a number from 1 to 5 for a quick test",
            "wary vs hard=bonus {}": "Give the bonus as 1 to 3 dice",
            "wary vs hard=their bonus {}": "Give the bonus as 1 to 3 dice",
            "wary vs hard=penalty {}": "Give the penalty dice as a whole number from 0 to 20.",
            "wary vs hard=followup #{}": "There is no test #{} in this room",
            "wary vs #{}/wary": "There is no character called '#{}' here.",
        }
        for number in ("²", huge, "٣"):
            for args, refusal in expected.items():
                with self.subTest(args=args.format(number)):
                    out = self.call(CmdKroll(), args.format(number), refusal.format(number))
                    assert "Sorry" not in out
        assert not KrollRoll.objects.exists()

    def test_no_sheet_yet(self):
        self.refused("wary vs hard", "You have no Kroll sheet yet", caller=self.char2)
        self.refused("wary vs cid/wary", "Cid has no Kroll sheet yet.")

    def test_missing_versus(self):
        self.refused("wary hard", "Say what you test and against what")

    def test_unknown_switch(self):
        out = self.call(CmdKroll(), "/fast wary vs hard")
        assert "+kroll has no switch /fast." in out
        assert not KrollRoll.objects.exists()


class TestWhatTheGmGives(KrollCommandTest):
    """Penalty dice for the other side of one test, and a last-ditch die given outright."""

    def setUp(self):
        super().setUp()
        give_sheet(self.char1, cunning=4, tough=3)
        give_sheet(self.char2, tough=3)

    def test_an_opponent_takes_penalty_dice_for_this_test_only(self):
        self.char2.kroll_sheet.adventurers.update(penalty=1)
        with self.dice(4, 3, 1, 5):
            out = self.call(
                CmdKroll(),
                "tough vs char2/tough=their penalty 1",
                {self.char1: "[Kroll #", self.char2: "[Kroll #"},
            )
        assert "against Char2's Tough with 1 die (3 -2 penalty)" in out[self.char2]
        assert KrollRoll.objects.get().modifiers["b"]["penalty"] == 2  # the sheet's and this
        assert self.char2.kroll_sheet.living.penalty == 1  # the sheet keeps only its own

    def test_an_opponent_brought_to_nothing_rolls_a_last_ditch_die_then_fails_outright(self):
        with self.dice(2, 2, 1, 6):
            out = self.call(CmdKroll(), "tough vs char2/tough=their penalty 3", "[Kroll #")
        assert "Char2's Tough with a last-ditch die (3 -3 penalty)" in out
        assert "Char2 rolls 6(=0)." in out and "Char2 calls 0: Char wins with 3 hits." in out
        with self.dice(2, 2, 1):
            out = self.call(CmdKroll(), "tough vs char2/tough=their penalty 4", "[Kroll #")
        assert "no dice: automatic failure (3 -4 penalty)" in out
        assert "Char2 has no dice: Char wins with 3 hits." in out

    def test_the_gms_dice_take_penalty_dice_too(self):
        with self.dice(5, 2, 1, 3, 3):
            out = self.call(CmdKroll(), "tough vs hard=their penalty 2", "[Kroll #")
        assert "Hard: the GM rolls 2 dice (4 -2 penalty)" in out
        assert KrollRoll.objects.get().modifiers["b"]["penalty"] == 2
        self.call(
            CmdKroll(),
            "tough vs 1 die=penalty 4, their penalty 2",
            "Neither you nor the GM's dice can act",
        )

    def test_a_quick_test_has_no_other_side_to_penalise(self):
        self.call(CmdKroll(), "/quick tough vs 3=their penalty 1", "A quick test has no other")
        assert not KrollRoll.objects.exists()

    def test_a_last_ditch_die_given_outright_whatever_the_attribute(self):
        with self.dice(6, 1, 1):
            out = self.call(CmdKroll(), "cunning vs moderate=last ditch", "[Kroll #")
        assert "Char tests Cunning with a last-ditch die against Moderate" in out
        assert "Char rolls 6(=0); GM rolls 1 1." in out
        roll = KrollRoll.objects.get()
        assert roll.modifiers["a"]["attribute"] == 0 and roll.modifiers["a"]["kind"] == "last-ditch"

    def test_a_last_ditch_die_with_a_bonus_or_under_penalty_dice(self):
        with self.dice(4):
            out = self.call(CmdKroll(), "/quick cunning vs 3=last-ditch, bonus 1", "[Kroll #")
        assert "with 1 die (0 +1 bonus)" in out and "succeeds with 1 hit" in out
        self.char1.kroll_sheet.adventurers.update(penalty=1)
        with self.dice(2, 5):
            out = self.call(CmdKroll(), "cunning vs moderate=last ditch", "[Kroll #")
        assert "with no dice: automatic failure (0 -1 penalty)" in out

    def test_options_are_refused_when_malformed(self):
        self.call(CmdKroll(), "tough vs hard=last ditch 2", "'last ditch 2' is not a test option")
        self.call(CmdKroll(), "tough vs hard=their penalty lots", "Give the penalty dice")
        twice = "tough vs hard=their penalty 1, their penalty 2"
        self.call(CmdKroll(), twice, "'their penalty' is given twice.")
        assert not KrollRoll.objects.exists()
