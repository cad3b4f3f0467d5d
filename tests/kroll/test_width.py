"""What the room reads of Kroll tests and Lucky rolls fits 78 columns, folded
under its own indent, with nothing lost in the fold."""

from evennia.utils.ansi import strip_ansi

from commands.kroll import CmdKroll, CmdLucky
from tests.kroll.helpers import KrollCommandTest, give_sheet
from world.text_table import WIDEST, fold

LONG = "Bartholomew Quillfeather"  # a long name of the kind players pick


def lines(text):
    return strip_ansi(text).splitlines()


def test_fold_keeps_every_word_colour_codes_taking_no_room():
    text = "|w[Kroll #7]|n " + "word " * 30 + "\n  |gAnn rolls " + "5 " * 40 + "|n"
    folded = fold(text, 40)
    assert max(len(line) for line in lines(folded)) <= 40
    assert folded.split() == text.split()
    first, second = (strip_ansi(part) for part in folded.split("\n  |g"))
    assert all(line.startswith("  ") for line in first.splitlines()[1:])
    assert all(line.startswith("    ") for line in second.splitlines()[1:])


class TestRoomTextsFit(KrollCommandTest):
    fold_width = WIDEST  # the game's own fold, not the unfolded texts of other tests

    def setUp(self):
        super().setUp()
        self.char2.key = LONG
        give_sheet(self.char1, tough=6, lucky=6, penalty=1)
        give_sheet(self.char2, tough=6, lucky=6)
        give_sheet(self.char3, lucky=6)

    def heard(self, command, args, faces):
        with self.dice(*faces):
            heard = self.call(command, args, {self.char1: "[Kroll #", self.char3: "[Kroll #"})
            return heard[self.char3]

    def test_a_test_with_every_option_fits(self):
        text = self.heard(
            CmdKroll(),
            f"tough vs {LONG}/tough=bonus 2, their bonus 1, their penalty 2",
            (6,) * 7 + (1,) * 5,
        )
        assert max(len(line) for line in lines(text)) <= WIDEST
        said = " ".join(strip_ansi(text).split())
        assert "Char tests Tough with 7 dice (6 +2 bonus -1 penalty)" in said
        assert f"against {LONG}'s Tough with 5 dice (6 +1 bonus -2 penalty)." in said
        assert "Char wins with 7 hits." in said

    def test_a_last_ditch_test_and_a_lucky_draw_fit(self):
        text = self.heard(CmdKroll(), "cunning vs hard=last ditch", (1, 2, 3, 4))
        assert "automatic failure" in text  # the sheet's penalty die outweighs no dice
        assert max(len(line) for line in lines(text)) <= WIDEST
        text = self.heard(
            CmdLucky(), f"/luckiest Char, {LONG}, Cid", (1,) * 6 + (6,) + (1,) * 5 + (5,) + (1,) * 5
        )
        assert max(len(line) for line in lines(text)) <= WIDEST
        said = " ".join(strip_ansi(text).split())
        assert f"Fate is choosing who is lucky: Char, {LONG} and Cid." in said
        assert f"Fortune favours {LONG}" in said
