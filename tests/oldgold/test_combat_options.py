"""The finer moves of a fight: opportunity attacks, dual-wielding, shots into
a melee, splintered shields, sprint and disengage, surprise, joining late,
unarmed and improvised damage."""

from tests.oldgold.test_combat import FightTest
from tests.oldgold.helpers import make_npc
from world.oldgold import services
from world.oldgold.models import Encounter


class TestMoves(FightTest):
    def test_one_opportunity_attack_a_round_out_of_turn(self):
        self.gm("/fight")
        out = self.as_(self.char2, "/oa goblin", None, 3)  # axe 1d8 + Might Bonus 1
        assert "Char2 makes an opportunity attack on Goblin with Axe" in out
        self.as_(self.char2, "/oa goblin", "Char2 has made their one opportunity attack")
        assert self.goblin.attributes.get("og_stats")["hp"] == 3

    def test_dual_wielding_keeps_the_higher(self):
        self.sheet(self.char3).items.create(name="Dagger", kind="weapon", location="hands",
                                            details={"damage": "1d4", "bonus": "might"})
        self.sheet(self.char3).items.filter(kind="armour").update(location="pack")
        self.gm("/fight")
        out = self.as_(self.char3, "/attack bandit with sword=dual dagger", None, 1, 4)
        assert "kept the higher of 5 and 2" in out
        assert self.bandit.attributes.get("og_stats")["hp"] == 8 - 4

    def test_a_shot_into_melee_can_strike_an_ally(self):
        self.sheet(self.char3).items.create(name="Shortbow", kind="weapon", location="hands",
                                            details={"damage": "1d6", "bonus": "grace",
                                                     "ranged": True, "reach": 40})
        self.gm("/fight at 20")
        self.gm("/distance Char2=Goblin 2", "Char2 now stands 2m from Goblin.")
        out = self.as_(self.char3, "/attack goblin with shortbow", None, 1, 4)
        assert "Shooting into the melee (1d6: 1): the shot strikes Char2 instead!" in out
        assert self.sheet(self.char2).hp == 8 - (4 + 2)
        assert self.goblin.attributes.get("og_stats")["hp"] == 7

    def test_a_splintered_shield_ignores_the_blow(self):
        from world.oldgold.services import _new_item

        _new_item(self.sheet(self.char2), "shield", "hands")
        self.gm("/fight")
        self.as_(self.char3, "/done")
        self.gm("/attack Char2", None, 5)  # 6 - DP 1 = 5
        assert self.sheet(self.char2).hp == 3
        self.as_(self.char2, "/splinter", "Char2's shield splinters and takes the blow: 5")
        assert self.sheet(self.char2).hp == 8
        assert self.sheet(self.char2).items.get(kind="shield").spent
        self.as_(self.char2, "/splinter", "You hold no whole shield")

    def test_move_sprint_disengage_and_speed_zero(self):
        self.gm("/fight")
        self.as_(self.char3, "/move", "Cid moves, up to 10m.")
        self.as_(self.char3, "/move", "You have moved this turn")
        self.as_(self.char3, "/sprint", "Cid sprints")
        self.as_(self.char3, "/disengage", "You have used your main action")
        self.as_(self.char3, "/done")
        self.gm("/next")
        self.gm("/cond Char2=grappled", "Char2 is grappled")
        self.as_(self.char2, "/move", "Char2 is grappled: their Speed is 0.")
        self.as_(self.char2, "/disengage", "Char2 is grappled")

    def test_standing_up_from_prone_takes_the_move(self):
        self.gm("/fight")
        services.add_condition(self.char3, "prone")
        self.as_(self.char3, "/move", "Cid stands up")
        assert not services.has_condition(self.char3, "prone")

    def test_surprised_creatures_lose_the_first_round(self):
        out = self.gm("/fight Goblin")
        assert "Cid's turn." in out
        out = self.as_(self.char3, "/done")
        assert "Goblin is surprised and cannot act in the first round." in out

    def test_a_monster_joins_the_fight_in_grace_order(self):
        self.gm("/fight")
        make_npc(self.room1, "Wolf", grace=9, hp=10)
        self.gm("/join wolf", "Wolf joins the fight.")
        assert self.order()[0] == "Wolf"
        assert Encounter.objects.get().combatants[Encounter.objects.get().turn]["name"] == "Cid"

    def test_unarmed_and_improvised(self):
        self.gm("/fight")
        out = self.as_(self.char3, "/attack goblin with unarmed", None, 2)
        assert "1d2+1" in out and "3 taken" in out
        e = Encounter.objects.get()
        e.combatants[0]["main"] = False
        e.save()
        out = self.as_(self.char3, "/attack goblin with improvised", None, 4)
        assert "1d4+1" in out and "5 taken" in out

    def test_prone_target_melee_damage_with_advantage(self):
        self.gm("/fight")
        services.add_condition(self.goblin, "prone")
        out = self.as_(self.char3, "/attack goblin", None, 1, 5)
        assert "target prone" in out and "6 taken" in out


class TestImmunities(FightTest):
    def test_a_ghost_shrugs_off_plain_steel_but_not_silver(self):
        stats = self.goblin.attributes.get("og_stats")
        self.goblin.attributes.add("og_stats", {**stats, "immune": ["mundane weapons"]})
        self.gm("/fight")
        out = self.as_(self.char3, "/attack goblin")
        assert "Cid strikes Goblin with Sword: Goblin shrugs off mundane weapons." in out
        assert self.goblin.attributes.get("og_stats")["hp"] == 7
        encounter = Encounter.objects.get()
        encounter.combatants[0]["main"] = False
        encounter.save()
        self.sheet(self.char3).items.filter(name="Sword").update(
            details={"damage": "1d6-1", "bonus": "might", "silvered": True})
        out = self.as_(self.char3, "/attack goblin", None, 4)
        assert "4 taken" in out

    def test_a_cube_shrugs_off_spears_and_arrows(self):
        stats = self.goblin.attributes.get("og_stats")
        self.goblin.attributes.add("og_stats", {**stats, "immune": ["piercing"]})
        self.gm("/fight at 10")
        self.as_(self.char3, "/carry javelins=hands")
        self.gm("/distance Char2=Goblin 10")
        self.as_(self.char3, "/attack goblin with javelins", "Cid strikes Goblin with "
                 "Javelins: Goblin shrugs off piercing weapons")
