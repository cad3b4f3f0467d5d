"""Checks: the exceed rule, criticals, advantage cancelling, helpers,
Inspiration and the Halfkin reroll; the room sees the dice. Group checks
are in test_groups."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet, make_npc
from world.oldgold.models import OldGoldRoll


class TestChecks(OldGoldTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2, might=3, grace=2)
        give_sheet(self.char1, might=1)

    def check(self, text, *faces, expected=None):
        with self.dice(*faces):
            return self.call(CmdOldGold(), f"/check {text}", expected, caller=self.char2)

    def test_equal_to_the_difficulty_fails_one_more_succeeds(self):
        out = self.check("might vs 12", 9)
        assert "d20 [9] + 3 = 12 vs 12: failure" in out
        out = self.check("might vs 12", 10)
        assert "= 13 vs 12: success" in out
        assert OldGoldRoll.objects.filter(kind="check").count() == 2

    def test_natural_20_succeeds_and_natural_1_fails(self):
        assert "success (natural 20)" in self.check("might vs 40", 20)
        assert "failure (natural 1)" in self.check("might vs 0", 1)

    def test_the_whole_room_sees_the_dice(self):
        with self.dice(15):
            out = self.call(CmdOldGold(), "/check grace vs 10",
                            {self.char2: "Char2 checks", self.char1: "Char2 checks"},
                            caller=self.char2)
        assert all("Grace against 10" in text for text in out.values())

    def test_advantage_and_disadvantage_cancel(self):
        out = self.check("might vs 10=adv, dis", 4)
        assert "d20 [4]" in out and "advantage" not in out
        out = self.check("might vs 10=adv", 4, 17)
        assert "with advantage [4, 17]" in out and "success" in out

    def test_a_helper_gives_advantage_and_it_does_not_stack(self):
        out = self.check("might vs 10=adv, help Char", 3, 12)
        assert "with advantage [3, 12]" in out and "helped by Char" in out

    def test_against_a_creature_and_player_facing_advantage(self):
        make_npc(self.room1, "Goblin", grace=3)
        out = self.check("grace vs goblin", 11)
        assert "against Goblin's Grace (13)" in out and "= 13 vs 13: failure" in out
        out = self.check("might vs goblin/grace=their adv", 18, 5)
        assert "with disadvantage [18, 5]" in out

    def test_dwarf_resists_poison_with_advantage(self):
        self.sheet(self.char2).__class__.objects.filter(character=self.char2).update(
            ancestry="dwarf")
        out = self.check("might vs 10=poison", 2, 9)
        assert "with advantage [2, 9]" in out and "Dwarf resists poison" in out

    def test_halfkin_rerolls_natural_ones(self):
        self.sheet(self.char2).__class__.objects.filter(character=self.char2).update(
            ancestry="halfkin")
        out = self.check("might vs 10", 1, 14)
        assert "d20 [1, 14] + 3 = 17" in out and "Halfkin reroll" in out

    def test_inspiration_rerolls_and_refuses_when_none(self):
        self.check("might vs 12", 2)
        self.call(CmdOldGold(), "/reroll", "You have no Inspiration", caller=self.char2)
        self.call(CmdOldGold(), "/inspire Char2", "Only a game master", caller=self.char2)
        self.call(CmdOldGold(), "/inspire Char2", "Char2 is inspired")
        with self.dice(15):
            out = self.call(CmdOldGold(), "/reroll", "Char2 spends Inspiration",
                            caller=self.char2)
        assert "[15] + 3 = 18 vs 12: success" in out
        assert not self.sheet(self.char2).inspiration

    def test_blinded_has_disadvantage_on_sight_checks_only(self):
        self.call(CmdOldGold(), "/cond Char2=blinded", "Char2 is blinded")
        out = self.check("mind vs 10=sight", 15, 4)
        assert "with disadvantage [15, 4]" in out and "blinded" in out
        assert "d20 [15]" in self.check("might vs 10", 15)

    def test_unrested_means_disadvantage(self):
        self.sheet(self.char2).__class__.objects.filter(character=self.char2).update(
            unrested=True)
        assert "with disadvantage [12, 3]" in self.check("might vs 5", 12, 3)

    def test_bad_input_changes_nothing(self):
        self.call(CmdOldGold(), "/check speed vs 4", "'speed' is not an Old Gold attribute",
                  caller=self.char2)
        self.call(CmdOldGold(), "/check might", "Say what you check", caller=self.char2)
        assert not OldGoldRoll.objects.exists()
