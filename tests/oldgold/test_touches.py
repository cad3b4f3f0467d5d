"""Finishing touches, bonds and deities: rolled on the tables (scripted
dice) or chosen, shown on the sheet; refusals change nothing."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet
from world.oldgold import rules


class TouchTest(OldGoldTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2)
        give_sheet(self.char3)

    def as_(self, who, text, expected=None, *faces):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected, caller=who)


class TestTouches(TouchTest):
    def test_rolling_every_touch_reads_each_table(self):
        out = self.as_(self.char2, "/touch roll", None, 20, 1, 2, 3, 6)
        assert "name 1d20 [20] Tamsin" in out and "motivation 1d6 [6] a debt to repay" in out
        details = self.sheet(self.char2).details
        assert details["name"] == rules.NAMES[19]
        assert details["appearance"] == rules.APPEARANCE[0]
        sheet_text = self.as_(self.char2, "/sheet")
        assert "Called Tamsin." in sheet_text

    def test_rolling_one_touch_and_choosing_another(self):
        self.as_(self.char2, "/touch roll name", "Char2 rolls finishing touches: name "
                 "1d20 [3] Corvin.", 3)
        self.as_(self.char2, "/touch personality=stubborn as a mule",
                 "Char2's personality is now: stubborn as a mule.")
        assert self.sheet(self.char2).details["personality"] == "stubborn as a mule"

    def test_unknown_touch_is_refused(self):
        self.as_(self.char2, "/touch hair=red", "'hair' is not a finishing touch")
        assert "hair" not in self.sheet(self.char2).details


class TestBonds(TouchTest):
    def test_both_roll_1d6_and_add_and_both_sheets_keep_it(self):
        out = self.as_(self.char2, "/bond Cid", None, 1, 1)
        assert "[1] + [1] = 2: " + rules.BONDS[2] in out
        assert self.sheet(self.char3).details["bonds"][0]["with"] == "Char2"
        assert "Bond with Cid: " + rules.BONDS[2] in self.as_(self.char2, "/sheet")

    def test_an_invented_bond_and_no_second_one(self):
        self.as_(self.char2, "/bond Cid=We fled the same fire.",
                 "Char2 and Cid invent a bond: We fled the same fire.")
        self.as_(self.char3, "/bond Char2", "You already share a bond with Char2")
        self.as_(self.char3, "/unbond Char2", "Cid and Char2 no longer share a bond.")
        assert not self.sheet(self.char2).details["bonds"]

    def test_a_bond_needs_someone_else_with_a_sheet(self):
        self.as_(self.char2, "/bond Char2", "A bond is with another player's adventurer")
        self.as_(self.char2, "/bond Char", "Char has no Old Gold adventurer yet.")
        assert "bonds" not in self.sheet(self.char2).details


class TestDeity(TouchTest):
    def test_a_roll_on_each_column(self):
        out = self.as_(self.char2, "/deity", None, 1, 12, 5)
        assert ("rolls a deity, 1d12 a column [1] [12] [5]: Aurel, who watches over the moon. "
                "Tenet: bury the dead.") in out
        assert self.sheet(self.char2).details["deity"]["domain"] == "the moon"

    def test_one_of_your_own_and_a_half_one_refused(self):
        self.as_(self.char2, "/deity Sella/the rivers/never dam a stream",
                 "Char2 chooses a deity: Sella, who watches over the rivers. "
                 "Tenet: never dam a stream.")
        assert self.sheet(self.char2).details["deity"]["name"] == "Sella"
        self.as_(self.char2, "/deity Sella/the rivers", "Give a name, a domain and a tenet")
