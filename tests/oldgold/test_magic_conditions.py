"""Conditions and gifts that change rolls change a spell's or prayer's rolls
too: the caster's checks (hexed, a day without rest, a blessing, the
Halfkin's 1s, the target's edge turned round) and its dice (blinded,
restrained, frightened, unseen, a prone target near or far)."""

from tests.oldgold.test_magic import MagicTest
from world.oldgold import services
from world.oldgold.models import Encounter, Item, OldGoldSheet


class TestCastingChecks(MagicTest):
    def test_a_day_without_rest_gives_the_casting_check_disadvantage(self):
        OldGoldSheet.objects.filter(pk=self.mage.pk).update(unrested=True)
        out = self.cast("charm=goblin", 15, 5)  # the lower: 5 + 4 = 9 vs Heart 11
        assert "d20 with disadvantage [15, 5] + 4 = 9 vs 11: failure" in out
        assert "a day without rest" in out and self.conditions(self.goblin) == []

    def test_a_hex_on_the_casting_attribute_gives_disadvantage(self):
        services.add_condition(self.char2, "hexed", 10, "Hag", attribute="mind")
        out = self.cast("sleep=goblin", 15, 5)
        assert "with disadvantage" in out and "hexed" in out

    def test_a_blessing_gives_the_casting_check_advantage_once(self):
        services.add_condition(self.char2, "blessed")
        out = self.cast("charm=goblin", 2, 12)  # the higher: 12 + 4 = 16 vs 11
        assert "d20 with advantage [2, 12] + 4 = 16 vs 11: success" in out
        assert "blessed" in out and not services.has_condition(self.char2, "blessed")

    def test_a_target_hexed_in_its_resisting_attribute_gives_the_caster_advantage(self):
        services.add_condition(self.goblin, "hexed", 10, "Char2", attribute="heart")
        out = self.cast("charm=goblin", 2, 12)
        assert "with advantage" in out and "Goblin is hexed in Heart" in out

    def test_an_elf_resists_a_mental_effect_so_the_caster_rolls_with_disadvantage(self):
        OldGoldSheet.objects.filter(character=self.char3).update(ancestry="elf")
        out = self.cast("charm=Cid", 15, 5)
        assert "with disadvantage" in out and "Cid resists mental effects" in out

    def test_a_halfkin_caster_rolls_a_natural_1_again(self):
        OldGoldSheet.objects.filter(pk=self.mage.pk).update(ancestry="halfkin")
        out = self.cast("charm=goblin", 1, 12)
        assert "[1, 12] + 4 = 16 vs 11: success" in out and "Halfkin reroll of a 1" in out

    def test_the_mindless_shrug_off_only_mental_effects(self):
        stats = self.goblin.attributes.get("og_stats")
        self.goblin.attributes.add("og_stats", {**stats, "immune": ["poison", "mental"]})
        self.book("sleep")
        self.book("petrify")
        out = self.cast("sleep=goblin")
        assert "Goblin is immune to mental effects" in out and self.conditions(self.goblin) == []
        out = self.cast("petrify=goblin", 15)  # 19 vs Grace 13: no immunity to stone
        assert "success" in out and self.conditions(self.goblin) == ["petrified"]


class TestSpellDice(MagicTest):
    def test_a_blinded_caster_rolls_fireball_damage_with_disadvantage(self):
        services.add_condition(self.char2, "blinded")
        out = self.cast("fireball=goblin", 3, 3, 1, 1)  # the lower: 2 + 2
        assert "Damage with disadvantage" in out and "[blinded]" in out
        assert self.goblin.attributes.get("og_stats")["hp"] == 7 - 4

    def test_a_prone_target_is_hit_harder_by_a_touch_and_softer_from_afar(self):
        services.add_condition(self.goblin, "prone")
        out = self.cast("lightning=goblin", 4, 4, 1, 1)  # at range: the lower, 2 + 2
        assert "Damage with disadvantage" in out and "target prone" in out
        assert self.goblin.attributes.get("og_stats")["hp"] == 7 - 4
        self.book("drain")
        out = self.cast("drain=goblin", 1, 2)  # a touch: the higher, 2 + 2 direct
        assert "Damage with advantage" in out
        assert self.goblin.attributes.get("og_stats")["hp"] == 3 - 4 + 1

    def test_fear_of_the_target_and_an_unseen_target_give_disadvantage(self):
        services.add_condition(self.char2, "frightened", None, "GM", of=self.orc.id,
                               of_name="Orc")
        out = self.cast("magic missile=orc", 4, 1, 4, 1)
        assert out.count("Damage with disadvantage") == 2 and "frightened of Orc" in out
        assert self.orc.attributes.get("og_stats")["hp"] == 12 - 2
        services.add_condition(self.goblin, "invisible")
        # The first dart finds the unseen Goblin with disadvantage; hurt, it
        # shows again and the second dart rolls once.
        out = self.cast("magic missile=goblin", 4, 1, 4)
        assert out.count("target unseen") == 1
        assert self.goblin.attributes.get("og_stats")["hp"] == 7 - 1 - 4

    def test_a_day_without_rest_and_a_blessing_reach_the_healing_dice(self):
        OldGoldSheet.objects.filter(pk=self.mage.pk).update(unrested=True)
        out = self.cast("lay on hands=Cid", 6, 1)
        assert "Cid regains 3 HP (1d6+2: [6] + 2 = 8 / 1d6+2: [1] + 2 = 3, with " \
               "disadvantage): now 6. [a day without rest]" in out
        OldGoldSheet.objects.filter(pk=self.mage.pk).update(unrested=False)
        services.add_condition(self.char2, "blessed")
        out = self.cast("lay on hands=Cid", 1, 4)
        assert "with advantage" in out and self.sheet(self.char3).hp == 10 - 0

    def test_a_charmed_caster_will_not_aim_harm_at_the_charmer(self):
        services.add_condition(self.char2, "charmed", None, "Goblin")
        self.cast("fireball=goblin", expected="Char2 is charmed by Goblin and will not harm")
        assert Item.objects.get(kind="spellbook").marked == 0
        out = self.cast("fireball=orc", 1, 1)
        assert "Orc:" in out

    def test_charm_takes_only_humanoids(self):
        from world.oldgold_dungeon.bestiary import spawn_monster

        wolf = spawn_monster("wolf", self.room1)
        self.cast(f"charm={wolf.key}", expected="Charm takes only humanoids and Wolf is none")
        assert Item.objects.get(kind="spellbook").marked == 0


class TestSmite(MagicTest):
    def test_the_smite_dice_join_the_blow_under_its_advantage(self):
        Item.objects.create(sheet=self.mage, name="Mace", kind="weapon", location="hands",
                            details={"damage": "1d6", "bonus": "might"})
        self.call(self.command(), "/fight", None)
        encounter = Encounter.objects.get()
        encounter.turn = next(i for i, c in enumerate(encounter.combatants)
                              if c["name"] == "Char2")
        encounter.save()
        services.add_condition(self.orc, "prone")
        self.cast("smite")
        # mace 1d6+1 and smite 1d8+2, rolled twice: [1]+[1]+3 = 5, [6]+[8]+3 = 17.
        with self.dice(1, 1, 6, 8):
            out = self.call(self.command(), "/attack orc", None, caller=self.char2)
        assert "Smite adds 1d8+2 to the roll" in out and "Damage with advantage" in out
        assert "(DP 2): 15 taken" in out

    def command(self):
        from commands.oldgold import CmdOldGold

        return CmdOldGold()
