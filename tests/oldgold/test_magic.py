"""Every spell and prayer with a number in it, applied by the server; the
rest posted for the GM to narrate; a spent book refuses."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet, make_npc
from world.oldgold import rules
from world.oldgold.models import Item


class MagicTest(OldGoldTest):
    def setUp(self):
        super().setUp()
        # Mind 4 and Heart 4: both bonuses are 2.
        self.mage = give_sheet(self.char2, mind=4, heart=4, hp=6, max_hp=12)
        self.goblin = make_npc(self.room1, "Goblin", mind=1, heart=1, grace=3, hp=7)
        self.orc = make_npc(self.room1, "Orc", mind=1, heart=1, hp=12, dp=2)
        give_sheet(self.char3, hp=3, max_hp=10)

    def book(self, name):
        magic = rules.magic_named(name)
        if magic.kind == "spell":
            return Item.objects.create(sheet=self.mage, name=f"Book of {magic.name}",
                                       kind="spellbook", location="hands",
                                       details={"spell": magic.number})
        return Item.objects.create(sheet=self.mage, name="Relic", kind="relic",
                                   location="hands", details={"prayers": [magic.number]})

    def cast(self, text, *faces, expected=None):
        name = text.split("=")[0]
        if not Item.objects.filter(sheet=self.mage, kind__in=("spellbook", "relic")).exists():
            self.book(name)
        with self.dice(*faces):
            return self.call(CmdOldGold(), f"/cast {text}", expected, caller=self.char2)

    def conditions(self, npc):
        return [c["key"] for c in npc.attributes.get("og_stats")["conditions"]]


class TestSpells(MagicTest):
    def test_charm_beats_heart(self):
        out = self.cast("charm=goblin, orc", 8, 5)  # 12 vs 11 beats; 9 vs 11 fails
        assert "Goblin (Heart 11): d20 [8] + 4 = 12 vs 11: success" in out
        assert self.conditions(self.goblin) == ["charmed"] and self.conditions(self.orc) == []
        c = self.goblin.attributes.get("og_stats")["conditions"][0]
        assert c["rounds"] == rules.ROUNDS_PER_HOUR

    def test_charm_reaches_only_mind_bonus_targets(self):
        self.book("charm")
        self.call(CmdOldGold(), "/cast charm=goblin, orc, Cid", "Charm reaches at most 2",
                  caller=self.char2)
        assert Item.objects.get(kind="spellbook").marked == 0

    def test_sleep(self):
        self.cast("sleep=goblin", 10)
        assert self.conditions(self.goblin) == ["asleep"]

    def test_petrify_resisted_with_grace(self):
        out = self.cast("petrify=goblin", 9)  # 13 vs 13 fails
        assert "Goblin (Grace 13)" in out and self.conditions(self.goblin) == []

    def test_counterspell_is_a_mind_check(self):
        out = self.cast("counterspell=goblin", 12)
        assert "the spell is undone" in out

    def test_invisibility_lasts_mind_bonus_turns(self):
        self.cast("invisibility=Cid")
        from world.oldgold.models import OldGoldSheet

        sheet = OldGoldSheet.objects.get(character=self.char3)
        assert sheet.conditions[0]["key"] == "invisible"
        assert sheet.conditions[0]["rounds"] == 2 * rules.ROUNDS_PER_TURN

    def test_magic_missile_darts_are_direct_damage(self):
        out = self.cast("magic missile=orc", 3, 4)  # two darts (Mind Bonus 2), DP ignored
        assert out.count("direct, ignores DP") == 2
        assert self.orc.attributes.get("og_stats")["hp"] == 12 - 7

    def test_fireball_is_2d6_plus_bonus_minus_dp(self):
        out = self.cast("fireball=goblin, orc", 3, 3, 4, 4)
        assert self.goblin.attributes.get("og_stats")["hp"] == 7 - 8 + 1 or "dies" in out
        assert self.orc.attributes.get("og_stats")["hp"] == 12 - (10 - 2)

    def test_web_restrains(self):
        self.cast("web=goblin, orc")
        assert self.conditions(self.goblin) == ["restrained"] == self.conditions(self.orc)

    def test_narrated_spells_post_their_text(self):
        for number in (5, 6, 8, 11, 13, 14, 15, 16, 17, 18, 19, 20):
            magic = rules.SPELLS[number]
            Item.objects.filter(kind="spellbook").delete()
            out = self.cast(magic.key)
            assert "The GM tells what happens" in out, magic.name

    def test_a_spent_book_refuses_and_changes_nothing(self):
        book = self.book("sleep")
        book.marked = 3
        book.save()
        self.call(CmdOldGold(), "/cast sleep=goblin", "Book of Sleep is spent",
                  caller=self.char2)
        assert self.conditions(self.goblin) == []

    def test_casting_marks_a_dot_and_rest_clears_it(self):
        self.cast("sleep=goblin", 10)
        assert Item.objects.get(kind="spellbook").marked == 1


class TestPrayers(MagicTest):
    def test_lay_on_hands_heals(self):
        self.cast("lay on hands=Cid", 4)
        from world.oldgold.models import OldGoldSheet

        assert OldGoldSheet.objects.get(character=self.char3).hp == 3 + 4 + 2

    def test_drain_is_direct_and_heals_the_caster(self):
        self.cast("drain=orc", 3)  # 5 direct damage
        assert self.orc.attributes.get("og_stats")["hp"] == 7
        assert self.sheet(self.char2).hp == 11

    def test_lightning(self):
        self.cast("lightning=orc", 4, 4)  # 2d8 + 2 = 10 - DP 2
        assert self.orc.attributes.get("og_stats")["hp"] == 12 - 8

    def test_hex_gives_disadvantage_on_the_named_attribute(self):
        self.cast("hex=goblin/grace", 15)
        c = self.goblin.attributes.get("og_stats")["conditions"][0]
        assert (c["key"], c["attribute"], c["rounds"]) == ("hexed", "grace", 2 * 6)

    def test_bless_gives_advantage_on_one_roll(self):
        self.cast("bless=Cid")
        with self.dice(2, 15):
            out = self.call(CmdOldGold(), "/check might vs 10", None, caller=self.char3)
        assert "with advantage [2, 15]" in out and "blessed" in out
        with self.dice(2):
            self.call(CmdOldGold(), "/check might vs 10", "Cid checks", caller=self.char3)

    def test_light_makes_undead_and_fiends_check_morale(self):
        self.goblin.tags.add("undead", category="oldgold")
        out = self.cast("light=goblin, orc", 6, 6)
        assert "Goblin: Morale 4: [6, 6] = 12, they break" in out
        assert "Orc is neither undead nor a fiend: the light only warms it." in out

    def test_mend_clears_heart_bonus_dots(self):
        axe = Item.objects.create(sheet=self.mage, name="Axe", kind="weapon", marked=3)
        self.cast("mend=axe")
        axe.refresh_from_db()
        assert axe.marked == 1

    def test_smite_adds_to_the_next_melee_blow(self):
        Item.objects.create(sheet=self.mage, name="Mace", kind="weapon", location="hands",
                            details={"damage": "1d6", "bonus": "might"})
        self.call(CmdOldGold(), "/fight", None)
        from world.oldgold.models import Encounter

        e = Encounter.objects.get()
        e.turn = next(i for i, c in enumerate(e.combatants) if c["name"] == "Char2")
        e.save()
        self.cast("smite")
        with self.dice(3, 5):  # mace 1d6+1 = 4, smite 1d8+2 = 7, Orc DP 2
            out = self.call(CmdOldGold(), "/attack orc with mace", None, caller=self.char2)
        assert "Smite adds" in out and "9 taken" in out
        assert self.orc.attributes.get("og_stats")["hp"] == 3

    def test_narrated_prayers_post_their_text(self):
        for number in (1, 2, 5, 7, 8, 10, 11, 15, 17, 18, 19, 20):
            magic = rules.PRAYERS[number]
            Item.objects.filter(kind="relic").delete()
            out = self.cast(magic.key)
            assert "The GM tells what happens" in out, magic.name
