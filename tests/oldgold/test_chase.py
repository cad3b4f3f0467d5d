"""Chases: two d4 clocks from 1 (2 with a head start), a group check an
exchange moves one of them, the first to 4 wins; the slower side's
disadvantage is the players' disadvantage (or, player-facing, advantage)."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet, make_npc
from world.oldgold.models import Chase


class ChaseTest(OldGoldTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2, ancestry="human", grace=3)   # Speed 10
        give_sheet(self.char3, ancestry="dwarf", grace=1)   # Speed 8

    def gm(self, text, expected=None, *faces):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected)


class TestChase(ChaseTest):
    def test_exchanges_move_the_dice_and_the_first_to_four_wins(self):
        out = self.gm("/chase Char2, Cid=flee")
        assert "Chase clock: the players (fleeing) 1/4, the other side 1/4." in out
        # Both succeed against 12 (Grace 3 + 10, Grace 1 + 12): players 2.
        out = self.gm("/exchange grace vs 12", None, 10, 12)
        assert "2 of 2 succeed" in out and "players (fleeing) 2/4" in out
        # One of two succeeds: exactly half, so the group succeeds: 3.
        out = self.gm("/exchange grace vs 12", None, 10, 2)
        assert "1 of 2 succeed, so the group succeeds" in out and "3/4" in out
        out = self.gm("/exchange grace vs 12", None, 1, 2)
        assert "the other side 2/4" in out
        out = self.gm("/exchange grace vs 12", None, 15, 15)
        assert "The players escape." in out
        chase = Chase.objects.get()
        assert not chase.active and chase.winner == "players" and chase.exchanges == 4

    def test_a_head_start_and_pursuers_catching_up(self):
        out = self.gm("/chase Char2=flee, them head start")
        assert "other side 2/4" in out
        self.gm("/exchange might vs 15", None, 3)
        out = self.gm("/exchange might vs 15", None, 3)
        assert "The hunters are on you." in out
        assert Chase.objects.get().winner == "them"

    def test_the_slower_side_from_speeds(self):
        out = self.gm("/chase Char2, Cid=pursue, their speed 12")
        assert "slowest moves 8m: they roll with disadvantage" in out
        out = self.gm("/exchange grace vs 12", None, 20, 3, 20, 19)
        assert "Char2: d20 with disadvantage" in out and "Exchange 1." in out
        self.gm("/endchase", "The GM ends the chase.")
        out = self.gm("/chase Char2=pursue, their speed 8")
        assert "The other side is slower: the players roll with advantage." in out

    def test_a_foe_as_the_difficulty(self):
        make_npc(self.room1, "Goblin", grace=3)
        self.gm("/chase Char2=flee")
        out = self.gm("/exchange grace vs goblin", None, 10)   # 13 vs 13 fails
        assert "against 13" in out and "the other side 2/4" in out

    def test_refusals_change_nothing(self):
        self.gm("/chase Char2", "Name the PCs and what they do")
        self.gm("/chase Char2=run", "'run' is not a chase option")
        self.gm("/chase Char2=pursue, us head start")
        self.gm("/chase Cid=flee", "A chase is already on here")
        assert Chase.objects.count() == 1
        self.call(CmdOldGold(), "/exchange grace vs 12", "Only a game master", caller=self.char2)
        assert Chase.objects.get().exchanges == 0
