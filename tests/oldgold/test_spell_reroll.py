"""Inspiration rolls a spell's or prayer's dice again (`+og/reroll cast`,
or `+og/reroll` when the cast was the last roll): what the first roll did is
taken back, the new roll applied, the Inspiration spent and the new roll
logged; without Inspiration, or without dice to roll again, nothing moves."""

from commands.oldgold import CmdOldGold
from tests.oldgold.test_magic import MagicTest
from world.oldgold.models import Encounter, Item, OldGoldRoll


class TestSpellReroll(MagicTest):
    def inspire(self):
        self.mage.refresh_from_db()
        self.mage.inspiration = True
        self.mage.save()

    def reroll(self, text="/reroll cast", *faces, expected=None):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected, caller=self.char2)

    def orc_hp(self):
        return self.orc.attributes.get("og_stats")["hp"]

    def test_magic_missile_damage_is_replaced(self):
        self.cast("magic missile=orc", 3, 4)
        assert self.orc_hp() == 5
        self.inspire()
        out = self.reroll("/reroll cast", 1, 1)
        assert "Char2 spends Inspiration and rolls again. Magic missile, with new dice:" in out
        assert out.count("direct, ignores DP") == 2
        assert self.orc_hp() == 10  # 12 - (1 + 1): the first 7 given back
        assert not self.sheet(self.char2).inspiration
        assert Item.objects.get(kind="spellbook").marked == 1  # no second dot
        first, again = OldGoldRoll.objects.filter(kind="magic").order_by("id")
        assert again.dice == [1, 1] and again.details["of"] == first.pk

    def test_a_plain_reroll_after_a_cast_rolls_the_spell(self):
        self.cast("lightning=orc", 4, 4)  # 10 - DP 2 = 8
        assert self.orc_hp() == 4
        self.inspire()
        self.reroll("/reroll", 1, 1)  # 4 - DP 2 = 2
        assert self.orc_hp() == 10

    def test_a_failed_charm_rolled_again_takes_hold(self):
        out = self.cast("charm=goblin", 2)  # 6 vs 11
        assert "failure" in out and self.conditions(self.goblin) == []
        self.inspire()
        out = self.reroll("/reroll cast", 8)
        assert "Goblin (Heart 11): d20 [8] + 4 = 12 vs 11: success" in out
        assert self.conditions(self.goblin) == ["charmed"]

    def test_a_charm_that_held_is_lifted_when_the_new_roll_fails(self):
        assert "success" in self.cast("charm=goblin", 8)
        self.inspire()
        assert "failure" in self.reroll("/reroll cast", 2)
        assert self.conditions(self.goblin) == []

    def test_healing_is_rolled_again(self):
        self.cast("lay on hands=Cid", 4)  # 3 + 4 + 2
        assert self.sheet(self.char3).hp == 9
        self.inspire()
        out = self.reroll("/reroll prayer", 1)
        assert "Cid regains 3 HP (1d6+2: [1] + 2 = 3): now 6." in out
        assert self.sheet(self.char3).hp == 6

    def test_an_npc_the_spell_killed_stands_again(self):
        self.call(CmdOldGold(), "/fight", None)
        e = Encounter.objects.get()
        e.turn = next(i for i, c in enumerate(e.combatants) if c["name"] == "Char2")
        e.save()
        out = self.cast("magic missile=goblin", 4, 4)  # 4 + 4 on 7 HP
        assert "Goblin falls and dies" in out
        assert Encounter.objects.get().casualties == 1
        self.inspire()
        self.reroll("/reroll cast", 1, 2)
        assert self.goblin.attributes.get("og_stats")["hp"] == 4
        e = Encounter.objects.get()
        goblin = next(c for c in e.combatants if c["name"] == "Goblin")
        assert goblin["out"] is None and e.casualties == 0

    def test_no_inspiration_refuses(self):
        self.cast("magic missile=orc", 3, 4)
        self.reroll("/reroll cast", expected="You have no Inspiration to spend")
        assert self.orc_hp() == 5 and OldGoldRoll.objects.count() == 1

    def test_nothing_to_roll_again_refuses_and_keeps_the_inspiration(self):
        self.inspire()
        self.reroll("/reroll cast", expected="You have made no roll to roll again")
        with self.dice(12):
            self.call(CmdOldGold(), "/check mind vs 10", "Char2 checks", caller=self.char2)
        self.reroll("/reroll cast", expected="Your last roll was no spell or prayer")
        self.cast("web=goblin")
        self.reroll("/reroll cast", expected="Web rolled no dice: there is nothing to "
                    "roll again. Nothing was spent.")
        # A plain reroll takes the last roll too, not the check before the cast.
        self.reroll("/reroll", expected="Web rolled no dice")
        self.reroll("/reroll sword", expected="'sword' is not something to roll again")
        assert self.sheet(self.char2).inspiration
        assert self.conditions(self.goblin) == ["restrained"]
        assert OldGoldRoll.objects.count() == 2
