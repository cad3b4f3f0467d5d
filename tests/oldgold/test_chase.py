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

    def exchange(self, text, *parts):
        """The GM calls the exchange, then each member rolls their own part
        (`parts`: one tuple of dice per member, in the chase's order)."""
        out = self.gm(f"/exchange {text}")
        for who, faces in zip((self.char2, self.char3), parts):
            with self.dice(*faces):
                out += "\n" + self.call(CmdOldGold(), "/part", None, caller=who)
        return out


class TestChase(ChaseTest):
    def test_exchanges_move_the_dice_and_the_first_to_four_wins(self):
        out = self.gm("/chase Char2, Cid=flee")
        assert "Chase clock: the players (fleeing) 1/4, the other side 1/4." in out
        # Both succeed against 12 (Grace 3 + 10, Grace 1 + 12): players 2.
        out = self.exchange("grace vs 12", (10,), (12,))
        assert "2 of 2 succeed" in out and "players (fleeing) 2/4" in out
        # One of two succeeds: exactly half, so the group succeeds: 3.
        out = self.exchange("grace vs 12", (10,), (2,))
        assert "1 of 2 succeed, so the group succeeds" in out and "3/4" in out
        out = self.exchange("grace vs 12", (1,), (2,))
        assert "the other side 2/4" in out
        out = self.exchange("grace vs 12", (15,), (15,))
        assert "The players escape." in out
        chase = Chase.objects.get()
        assert not chase.active and chase.winner == "players" and chase.exchanges == 4

    def test_a_head_start_and_pursuers_catching_up(self):
        out = self.gm("/chase Char2=flee, them head start")
        assert "other side 2/4" in out
        self.exchange("might vs 15", (3,))
        out = self.exchange("might vs 15", (3,))
        assert "The hunters are on you." in out
        assert Chase.objects.get().winner == "them"

    def test_the_slower_side_from_speeds(self):
        out = self.gm("/chase Char2, Cid=pursue, their speed 12")
        assert "slowest moves 8m: they roll with disadvantage" in out
        out = self.exchange("grace vs 12", (20, 3), (20, 19))
        assert "Char2's part of the group check of Grace against 12: d20 with disadvantage" in out
        assert "Exchange 1." in out
        self.gm("/endchase", "The GM ends the chase.")
        out = self.gm("/chase Char2=pursue, their speed 8")
        assert "The other side is slower: the players roll with advantage." in out

    def test_a_foe_as_the_difficulty(self):
        make_npc(self.room1, "Goblin", grace=3)
        self.gm("/chase Char2=flee")
        out = self.exchange("grace vs goblin", (10,))   # 13 vs 13 fails
        assert "against 13" in out and "the other side 2/4" in out

    def test_refusals_change_nothing(self):
        self.gm("/chase Char2", "Name the PCs and what they do")
        self.gm("/chase Char2=run", "'run' is not a chase option")
        self.gm("/chase Char2=pursue, us head start")
        self.gm("/chase Cid=flee", "A chase is already on here")
        assert Chase.objects.count() == 1
        self.call(CmdOldGold(), "/exchange grace vs 12", "Only a game master", caller=self.char2)
        assert Chase.objects.get().exchanges == 0


class TestEachRunnerRollsTheirPart(ChaseTest):
    def test_the_die_moves_only_when_every_part_is_in(self):
        self.gm("/chase Char2, Cid=flee")
        out = self.gm("/exchange grace vs 12")
        assert "Exchange 1." in out and "Still to roll their part (+og/part): Char2, Cid" in out
        with self.dice(15):
            self.call(CmdOldGold(), "/part", "Char2's part", caller=self.char2)
        assert Chase.objects.get().players_die == 1
        self.gm("/exchange grace vs 12", "A group check of Grace against 12 is still waiting")
        out = self.gm("/group roll", None, 2)  # Cid is away: the GM rolls it
        assert "1 of 2 succeed, so the group succeeds" in out
        assert "The players gain" in out and "players (fleeing) 2/4" in out
        chase = Chase.objects.get()
        assert chase.players_die == 2 and chase.exchanges == 1

    def test_inspiration_turning_the_last_exchange_turns_the_chase(self):
        self.gm("/chase Char2=flee, us head start")
        self.exchange("grace vs 12", (15,))  # 3/4
        out = self.exchange("grace vs 12", (15,))
        assert "The players escape." in out
        self.gm("/inspire Char2")
        with self.dice(2):
            out = self.call(CmdOldGold(), "/reroll", None, caller=self.char2)
        assert "0 of 1 succeed, so the group fails" in out
        assert "The exchange turns: the other side's die goes up instead." in out
        chase = Chase.objects.get()
        assert chase.active and chase.winner == ""
        assert (chase.players_die, chase.their_die) == (3, 2)
