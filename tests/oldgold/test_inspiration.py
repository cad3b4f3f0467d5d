"""Inspiration rerolls any roll the adventurer makes, not only checks: an
attack's damage, a death roll, a level's HP, a rest, a defend, carousing.
What the first roll did is undone and the new roll stands."""

from tests.oldgold.test_combat import FightTest
from world.oldgold.models import Encounter


class TestInspirationRerollsAnyRoll(FightTest):
    def inspire(self, who):
        sheet = self.sheet(who)
        sheet.inspiration = True
        sheet.save()

    def test_an_attack_damage_is_rolled_again_and_the_first_undone(self):
        self.gm("/fight")
        assert "4 taken" in self.as_(self.char3, "/attack bandit", None, 4)  # 1d6+1 - DP 1
        assert self.bandit.attributes.get("og_stats")["hp"] == 4
        self.inspire(self.char3)
        out = self.as_(self.char3, "/reroll", None, 6)
        assert "Cid spends Inspiration and rolls again" in out
        assert "Against Bandit: Damage 1d6+1: [6] + 1 = 7 (DP 1): 6 taken" in out
        assert "(was 4 taken)" in out
        assert self.bandit.attributes.get("og_stats")["hp"] == 2
        assert not self.sheet(self.char3).inspiration

    def test_a_reroll_can_bring_back_a_killed_npc(self):
        self.gm("/fight")
        assert "falls and dies" in self.as_(self.char3, "/attack goblin", None, 6)  # 7 on 7
        self.inspire(self.char3)
        out = self.as_(self.char3, "/reroll", None, 1)
        assert "2 taken" in out and "dies" not in out.split("(was")[1]
        assert self.goblin.attributes.get("og_stats")["hp"] == 5
        goblin = next(e for e in Encounter.objects.get().combatants if e["name"] == "Goblin")
        assert goblin["out"] is None and Encounter.objects.get().casualties == 0

    def test_a_reroll_gives_back_only_the_hp_the_blow_took(self):
        stats = self.goblin.attributes.get("og_stats")
        stats["hp"] = 3
        self.goblin.attributes.add("og_stats", stats)
        self.gm("/fight")
        assert "7 taken" in self.as_(self.char3, "/attack goblin", None, 6)  # 7 on 3 HP
        self.inspire(self.char3)
        self.as_(self.char3, "/reroll", None, 1)  # 2 taken
        assert self.goblin.attributes.get("og_stats")["hp"] == 1

    def test_a_death_roll_that_killed_is_rolled_again(self):
        sheet = self.sheet(self.char2)
        sheet.hp = 0
        sheet.inspiration = True
        sheet.save()
        out = self.as_(self.char2, "/deathroll", None, 1)
        assert "is dead" in out and self.sheet(self.char2).dead
        out = self.as_(self.char2, "/reroll", None, 6)
        assert "pulls through" in out and "(was: dies)" in out
        sheet = self.sheet(self.char2)
        assert not sheet.dead and sheet.hp == 1

    def test_a_level_hp_roll_is_rolled_again(self):
        sheet = self.sheet(self.char2)
        sheet.level_ready, sheet.xp = True, 200
        sheet.save()
        assert "max HP 12" in self.as_(self.char2, "/level might", None, 1)  # 8 + 1 + 3
        self.inspire(self.char2)
        out = self.as_(self.char2, "/reroll", None, 5)
        assert "(was +4): max HP 16" in out
        assert self.sheet(self.char2).max_hp == 16

    def test_a_rest_is_rolled_again(self):
        sheet = self.sheet(self.char2)
        sheet.hp = 2
        sheet.save()
        self.as_(self.char2, "/buy rations", "Char2 buys Rations")
        assert "HP 2 -> 3" in self.as_(self.char2, "/rest", None, 1)
        # Inspiration is lost on a rest, so a GM grants it again after.
        self.inspire(self.char2)
        out = self.as_(self.char2, "/reroll", None, 6)
        assert "(was [1]): HP 2 -> 8" in out
        assert self.sheet(self.char2).hp == 8

    def test_refusals_change_nothing(self):
        self.as_(self.char2, "/reroll", "You have no Inspiration to spend")
        self.inspire(self.char2)
        self.as_(self.char2, "/reroll", "You have made no roll to roll again")
        assert self.sheet(self.char2).inspiration

    def test_a_check_still_rerolls(self):
        self.inspire(self.char2)
        out = self.as_(self.char2, "/check might vs 12", None, 3)
        assert "= 4 vs 12: failure" in out
        out = self.as_(self.char2, "/reroll", None, 15)
        assert "rolls Might again" in out and "= 16 vs 12: success" in out


class TestFrightened(FightTest):
    def test_damage_against_the_source_only_has_disadvantage(self):
        self.gm("/fight")
        self.gm("/cond Cid=frightened of Goblin 3 rounds", "Cid is frightened of Goblin "
                "for 3 rounds.")
        out = self.as_(self.char3, "/attack goblin", None, 5, 2)
        assert "frightened of Goblin" in out and "3 taken" in out  # keeps 2+1
        e = Encounter.objects.get()
        e.combatants[0]["main"] = False
        e.save()
        out = self.as_(self.char3, "/attack bandit", None, 5)
        assert "frightened" not in out and "5 taken" in out

    def test_cannot_move_toward_the_source_while_it_is_in_sight(self):
        self.gm("/fight at 20")
        self.gm("/cond Cid=frightened of Goblin")
        self.as_(self.char3, "/move toward goblin", "Cid is frightened of Goblin and "
                 "cannot move toward them")
        assert not Encounter.objects.get().combatants[0]["moved"]
        self.as_(self.char3, "/move toward bandit", "Cid moves toward Bandit: 20m apart, "
                 "now 10m.")

    def test_the_fear_lapses_when_the_source_is_out_of_sight(self):
        self.gm("/fight at 20")
        self.gm("/cond Cid=frightened of Goblin")
        self.gm("/cond Cid=blinded")
        self.as_(self.char3, "/move toward goblin", "Cid moves toward Goblin: 20m apart, "
                 "now 10m.")

    def test_a_fear_needs_its_source(self):
        self.gm("/fight")
        self.gm("/cond Cid=frightened", "Say what they fear: +og/cond <target>=frightened "
                "of <name>")
        assert not self.sheet(self.char3).conditions
