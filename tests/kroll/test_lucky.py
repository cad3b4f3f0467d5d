"""+lucky: fate picks among named characters, or each rolls against the GM."""

from commands.kroll import CmdLucky
from tests.kroll.helpers import KrollCommandTest, give_sheet
from world.kroll.models import KrollRoll


class TestLucky(KrollCommandTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, lucky=2, penalty=9)  # penalty dice do not touch Lucky rolls
        give_sheet(self.char2, lucky=2)
        give_sheet(self.char3, lucky=3)
        give_sheet(self.stranger)

    def test_fate_picks_the_lowest_roll_and_everyone_sees_it(self):
        with self.dice(6, 1, 3, 2, 4, 4, 1):
            out = self.call(
                CmdLucky(),
                "Char, Char2, Cid",
                {self.char1: "[Kroll #", self.char2: "[Kroll #", self.char3: "[Kroll #"},
            )
        assert "Lucky rolls: Char 6 1; Char2 3 2; Cid 4 4 1." in out[self.char3]
        assert out[self.char3].endswith("Fate picks Char2 (lowest call: 3).")
        roll = KrollRoll.objects.get()
        assert roll.kind == KrollRoll.LUCKY_DRAW
        assert roll.adventurer.sheet.character == self.char2
        assert [c["dice"] for c in roll.details["contenders"]] == [[6, 1], [3, 2], [4, 4, 1]]

    def test_ties_are_settled_by_the_test_rules(self):
        # Char and Char2 both call 5; they discard, then Char's 1 loses to Char2's 3.
        with self.dice(5, 1, 5, 3, 6, 6, 6):
            out = self.call(CmdLucky(), "Char, Char2, Cid", "[Kroll #")
        assert "Char and Char2 tie low on 5 and discard it. They call Char 1, Char2 3." in out
        assert out.endswith("Fate picks Char (lowest call: 1).")

    def test_tied_and_out_of_dice_everyone_tied_rolls_one_more(self):
        with self.dice(4, 4, 4, 4, 2, 5):
            out = self.call(CmdLucky(), "Char, Char2", "[Kroll #")
        assert "each rolls one more: Char 2, Char2 5." in out
        assert out.endswith("Fate picks Char (lowest call: 2).")

    def test_players_against_the_gm_each_roll_their_own_test(self):
        with self.dice(6, 1, 5, 2, 1, 1, 6, 5):
            text = self.call(
                CmdLucky(), "/gm Char, Char2 vs moderate", {self.char3: "Lucky against the GM's"}
            )
        assert (
            "Char beats the GM. Char rolls 6 1; GM rolls 5 2. GM calls 5: Char wins with 1 hit."
            in (text)
        )
        assert "Char2 loses to the GM. Char2 rolls 1 1; GM rolls 6 5." in text
        rolls = KrollRoll.objects.order_by("id")
        assert [(r.kind, r.winner, r.hits) for r in rolls] == [
            (KrollRoll.LUCKY_VS_GM, "a", 1),
            (KrollRoll.LUCKY_VS_GM, "b", 2),
        ]

    def test_refusals(self):
        self.call(CmdLucky(), "Char", "Name at least two characters")
        self.call(CmdLucky(), "Char, Char", "Name at least two characters")
        self.call(CmdLucky(), "Char, Faraway", "There is no character called 'Faraway' here.")
        self.call(CmdLucky(), "", "Name the characters fate chooses between.")
        self.call(CmdLucky(), "/gm Char", "Name the characters and the GM's dice")
        self.call(CmdLucky(), "/gm Char vs 50 dice", "The GM rolls from 1 to 20 dice.")
        self.call(CmdLucky(), "/gm Char vs ² dice", "The GM rolls from 1 to 20 dice.")
        self.call(CmdLucky(), "Char, #²", "There is no character called '#²' here.")
        huge = "#" + "9" * 30
        self.call(CmdLucky(), f"Char, {huge}", f"There is no character called '{huge}' here.")
        self.char3.kroll_sheet.delete()
        self.call(CmdLucky(), "Char, Cid", "Cid has no Kroll sheet yet.")
        assert not KrollRoll.objects.exists()


class TestLuckiestAndUnluckiest(KrollCommandTest):
    """The GM says which fate it is: the worst roll for a bad one, the best for a good one."""

    def setUp(self):
        super().setUp()
        give_sheet(self.char1, lucky=2)
        give_sheet(self.char2, lucky=2)
        give_sheet(self.char3, lucky=3)

    def test_a_good_fate_picks_the_highest_roll(self):
        with self.dice(6, 1, 3, 2, 4, 4, 1):
            out = self.call(
                CmdLucky(),
                "/luckiest Char, Char2, Cid",
                {self.char1: "[Kroll #", self.char2: "[Kroll #"},
            )[self.char2]
        assert "Fate is choosing who is lucky: Char, Char2 and Cid." in out
        assert "Lucky rolls: Char 6 1; Char2 3 2; Cid 4 4 1." in out
        assert out.endswith("Fortune favours Char (highest call: 6).")
        roll = KrollRoll.objects.get()
        assert roll.adventurer.sheet.character == self.char1
        assert roll.details["pick"] == "luckiest"

    def test_ties_on_the_best_call_discard_and_compare_again(self):
        # Char and Cid both call 6 and discard it; Cid's 5 then beats Char's 1.
        with self.dice(6, 1, 2, 2, 6, 5, 1):
            out = self.call(CmdLucky(), "/luckiest Char, Char2, Cid", "[Kroll #")
        assert "Char and Cid tie high on 6 and discard it. They call Char 1, Cid 5." in out
        assert out.endswith("Fortune favours Cid (highest call: 5).")

    def test_unluckiest_says_outright_what_the_plain_command_does(self):
        with self.dice(6, 1, 3, 2, 4, 4, 1):
            out = self.call(CmdLucky(), "/unluckiest Char, Char2, Cid", "[Kroll #")
        assert "Fate is choosing who is unlucky: Char, Char2 and Cid." in out
        assert out.endswith("Fate picks Char2 (lowest call: 3).")
        assert KrollRoll.objects.get().details["pick"] == "unluckiest"

    def test_the_help_tells_both_fates(self):
        text = " ".join(CmdLucky.__doc__.split())
        assert "+lucky/luckiest <character>, <character>[, ...]" in text
        assert "fate picks the worst roll" in text and "fate picks the best roll" in text

    def test_refusals(self):
        self.call(CmdLucky(), "/luckiest Char", "Name at least two characters")
        self.call(CmdLucky(), "/luckiest", "Name the characters fate chooses between.")
        assert not KrollRoll.objects.exists()
