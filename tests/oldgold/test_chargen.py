"""Chargen through the EvMenu for every ancestry, the caps and the review."""

from unittest.mock import Mock

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest
from world.oldgold.models import OldGoldSheet


class TestChargenMenu(OldGoldTest):
    def menu(self, text):
        self.char2.ndb._evmenu.parse_input(text)

    def make(self, ancestry_choice, method, *dice_faces, points=None, second="Light armour "
             "(leather)", language="none"):
        self.call(CmdOldGold(), "/new", None, caller=self.char2)
        with self.dice(*dice_faces):
            self.menu(ancestry_choice)
            self.menu(method)
            if points:
                self.menu(points)
            self.menu("Sword")
            self.menu(second)
            self.menu(language)
            self.menu("y")
        return OldGoldSheet.objects.get(character=self.char2)

    def test_dwarf_rolls_hp_with_advantage_and_gets_speed_and_languages(self):
        # Finishing touches 4 x 1d6; HP 1d6 with advantage: 2 then 5; 2d20 coin: 3 and 4.
        sheet = self.make("Dwarf", "p", 1, 1, 1, 1, 2, 5, 3, 4, points="2 2 1 1")
        assert (sheet.might, sheet.grace, sheet.mind, sheet.heart) == (2, 2, 1, 1)
        assert sheet.max_hp == 6 + 3 * 2 + 5 and sheet.hp == sheet.max_hp
        assert sheet.coin == 20 + 3 + 4
        assert sheet.languages == ["Common", "Dwarvish"]
        assert sheet.status == OldGoldSheet.PENDING
        names = sorted(i.name for i in sheet.items.all())
        assert names == ["Light armour (leather)", "Rations", "Sword", "Torch"]

    def test_elf_rolls_hp_once_and_may_know_one_more_language(self):
        sheet = self.make("Elf", "p", 1, 1, 1, 1, 4, 10, 10, points="1 1 2 2",
                          language="old dwarvish")
        assert sheet.max_hp == 6 + 3 + 4
        assert sheet.languages == ["Common", "Sylvan", "Old Dwarvish"]
        assert sheet.ancestry_rules.speed == 12

    def test_a_language_must_be_a_name_and_a_gm_teaches_one_later(self):
        self.call(CmdOldGold(), "/new", None, caller=self.char2)
        self.menu("Human")
        self.menu("p")
        self.menu("1 2 2 2")
        self.menu("Sword")
        self.menu("Relic")
        self.char2.msg = Mock()
        self.menu("1234")
        said = " ".join(str(c.args[0]) for c in self.char2.msg.call_args_list if c.args)
        assert "Type a language's name in letters" in said
        self.menu("none")
        with self.dice(1, 1, 1, 1, 3, 1, 1, 5):
            self.menu("y")
        OldGoldSheet.objects.filter(character=self.char2).update(status=OldGoldSheet.APPROVED)
        self.call(CmdOldGold(), "/learn Char2=language goblin", "Char2 now speaks Goblin.")
        self.call(CmdOldGold(), "/learn Char2=language Goblin", "Char2 already speaks Goblin.")
        assert self.sheet(self.char2).languages == ["Common", "Goblin"]

    def test_halfkin_with_rolled_attributes_rerolls_above_the_cap(self):
        # 6d4: four 1s (Might 4), a fifth 1 is rolled again (a 2), then a 3.
        faces = (1, 1, 1, 1, 1, 2, 3)
        sheet = self.make("Halfkin", "r", *faces, 1, 1, 1, 1, 6, 1, 1)
        assert sheet.might == 4 and sheet.might + sheet.grace + sheet.mind + sheet.heart == 6
        assert sheet.max_hp == 6 + 12 + 6

    def test_human_distributes_seven_and_a_spellbook_holds_a_random_spell(self):
        sheet = self.make("Human", "p", 1, 1, 1, 1, 3, 1, 1, 9, points="1 2 4 0",
                          second="Spellbook")
        assert sheet.mind == 4 and sheet.max_hp == 6 + 3 + 3
        book = sheet.items.get(kind="spellbook")
        assert book.name == "Spellbook of Magic missile" and book.location == "hands"

    def test_human_may_not_put_five_in_an_attribute(self):
        self.call(CmdOldGold(), "/new", None, caller=self.char2)
        self.menu("Human")
        self.menu("p")
        self.menu("5 1 1 0")
        assert not OldGoldSheet.objects.exists()
        assert self.char2.ndb._evmenu is not None

    def test_rolled_ancestry_uses_1d4(self):
        self.call(CmdOldGold(), "/new", None, caller=self.char2)
        with self.dice(4):
            self.menu("r")
        assert self.char2.ndb._evmenu.og_draft["ancestry"] == "human"

    def test_review_before_play(self):
        self.make("Elf", "p", 1, 1, 1, 1, 4, 10, 10, points="1 1 2 2")
        self.char2.ndb._evmenu and self.char2.ndb._evmenu.close_menu()
        self.call(CmdOldGold(), "/check might vs 5", "Your sheet waits", caller=self.char2)
        self.call(CmdOldGold(), "/approve Char2", "Only a game master", caller=self.char2)
        self.call(CmdOldGold(), "/approve Char2", "Char2's Old Gold sheet is approved")
        assert self.sheet(self.char2).status == OldGoldSheet.APPROVED

    def test_staff_adjusts_but_not_above_nine(self):
        self.make("Elf", "p", 1, 1, 1, 1, 4, 10, 10, points="1 1 2 2")
        self.call(CmdOldGold(), "/adjust Char2/might=10", "might must be from 0 to 9")
        assert self.sheet(self.char2).might == 1
        self.call(CmdOldGold(), "/adjust Char2/might=9", "Char2's might is now 9")
        self.call(CmdOldGold(), "/adjust Char2/might=3", "Only staff", caller=self.char2)


class TestSheet(OldGoldTest):
    def test_sheet_shows_slots_dots_and_coin(self):
        from tests.oldgold.helpers import give_sheet

        give_sheet(self.char2, coin=600, items=[("sword", "hands"), ("greatsword", "pack")],
                   might=3)
        out = self.call(CmdOldGold(), "/sheet", caller=self.char2)
        assert "Might 3 (+2)" in out
        assert "Pack 4/6" in out  # bulky 2 + two pouches for 600 gp
        assert "Coin pouch x2" in out and "Sword [ooo]" in out
        assert f"On the web (logged in): /oldgold/sheets/{self.char2.id}/" in out
        self.call(CmdOldGold(), "/sheet Char2", "Old Gold: Char2")  # a GM sees it
        self.call(CmdOldGold(), "/sheet Char", "You can see your own", caller=self.char2)


class TestChargenGuidance(OldGoldTest):
    def menu(self, text):
        self.char2.ndb._evmenu.parse_input(text)

    def test_a_short_name_picks_the_item_and_a_slip_says_what_to_type(self):
        self.call(CmdOldGold(), "/new", None, caller=self.char2)
        self.menu("Human")
        self.menu("p")
        self.menu("3 2 1 1")
        self.menu("Sword")
        self.char2.msg = __import__("unittest.mock").mock.Mock()
        self.menu("chainmail")
        said = " ".join(str(c.args[0]) for c in self.char2.msg.call_args_list if c.args)
        assert "'chainmail' is not one of the choices. Type one of: Light armour" in said
        assert not OldGoldSheet.objects.filter(character=self.char2).exists()
        with self.dice(1, 1, 1, 1, 3, 2, 2):
            self.menu("medium")
            self.menu("none")
            self.menu("y")
        sheet = OldGoldSheet.objects.get(character=self.char2)
        assert "Medium armour (mail)" in [i.name for i in sheet.items.all()]
