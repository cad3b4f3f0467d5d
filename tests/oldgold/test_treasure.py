"""Treasure: the worth from the party's XP to next level and the danger
(level 10 uses its own number), and equal shares paid as coin."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet
from world.oldgold import rules


class TestTreasure(OldGoldTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2, coin=10)
        give_sheet(self.char3, coin=0)
        cid = self.sheet(self.char3)
        cid.level = 10
        cid.save()

    def test_the_worth_follows_xp_required_and_danger(self):
        out = self.call(CmdOldGold(), "/treasure difficult=Char2, Cid")
        # Char2 needs 200 for level 2; Cid at level 10 uses level 10's 51200.
        total = rules.XP_REQUIRED[2] + rules.XP_REQUIRED[10]
        assert f"Char2 200 + Cid 51200 = {total}; 50% = {total // 2} gp" in out
        out = self.call(CmdOldGold(), "/treasure normal short=Char2")
        assert "= 200; 25% x 0.5 = 25 gp" in out

    def test_equal_shares_are_paid_and_a_remainder_is_said(self):
        out = self.call(CmdOldGold(), "/share 301=Char2, Cid, 1 follower")
        assert "301 gp split in 3 equal shares of 100 gp: Char2, Cid and 1 follower." in out
        assert "1 gp does not divide evenly" in out
        assert self.sheet(self.char2).coin == 110 and self.sheet(self.char3).coin == 100

    def test_a_share_nobody_can_carry_pays_no_one(self):
        sheet = self.sheet(self.char3)
        for _ in range(6):
            from world.oldgold import services
            services._new_item(sheet, "rations", "pack")
        out = self.call(CmdOldGold(), "/share 1000=Char2, Cid", "Cid cannot carry their share")
        assert "Nothing was paid" in out
        assert self.sheet(self.char2).coin == 10 and self.sheet(self.char3).coin == 0

    def test_players_cannot_share_or_price_treasure(self):
        self.call(CmdOldGold(), "/share 100=Char2", "Only a game master", caller=self.char2)
        self.call(CmdOldGold(), "/treasure epic=Char2", "Give the danger: normal, difficult")
        assert self.sheet(self.char2).coin == 10
