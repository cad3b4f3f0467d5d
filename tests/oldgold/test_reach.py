"""Distances in a fight: melee weapons strike within their reach, ranged and
thrown ones neither within melee reach nor beyond their range, magic within
its range (a touch within reach); moves change them; leaving a foe's reach
offers it an opportunity attack; the GM sets and everyone reads them."""

from tests.oldgold.helpers import make_npc
from tests.oldgold.test_combat import FightTest
from world.oldgold import reach, rules
from world.oldgold.models import Encounter, Item


class TestWeaponsReach(FightTest):
    def test_a_fight_starts_with_the_sides_apart_as_the_gm_says(self):
        out = self.gm("/fight at 30")
        assert "The two sides stand 30m apart" in out
        out = self.as_(self.char3, "/distance")
        assert "Cid: Goblin 30m, Char2 2m, Bandit 30m" in out

    def test_without_a_distance_the_sides_start_within_reach(self):
        out = self.gm("/fight")
        assert "The two sides stand within reach of each other" in out
        self.as_(self.char3, "/attack goblin", "Cid makes an attack on Goblin", 1)

    def test_a_melee_blow_beyond_reach_is_refused_until_the_attacker_closes(self):
        self.gm("/fight at 12")
        out = self.as_(self.char3, "/attack goblin", "Goblin is 12m away and Sword reaches 2m: ")
        assert "move closer first (+og/move toward Goblin). Nothing was used." in " ".join(out.split())
        assert not Encounter.objects.get().combatants[0]["main"]
        self.as_(self.char3, "/move toward goblin", "Cid moves toward Goblin: 12m apart, "
                 "now 2m.")
        self.as_(self.char3, "/attack goblin", "Cid makes an attack on Goblin", 1)

    def test_a_spear_reaches_four_metres(self):
        self.sheet(self.char3).items.filter(name="Sword").delete()
        from world.oldgold.services import _new_item

        _new_item(self.sheet(self.char3), "spear", "hands")
        self.gm("/fight at 4")
        self.as_(self.char3, "/attack goblin", "Cid makes an attack on Goblin with Spear", 1)

    def test_a_thrown_weapon_is_refused_in_melee_and_beyond_its_range(self):
        self.gm("/fight")
        self.as_(self.char3, "/carry javelins=hands")
        self.as_(self.char3, "/attack goblin with javelins", "Goblin is within melee reach "
                 "(2m): Javelins cannot shoot so close.")
        self.gm("/distance Cid=Goblin 13", "Cid now stands 13m from Goblin.")
        self.as_(self.char3, "/attack goblin with javelins", "Goblin is 13m away and "
                 "Javelins shoots 12m")
        assert self.sheet(self.char3).items.get(name="Javelins").marked == 0
        self.gm("/distance Cid=Goblin 12")
        # Char2 still stands within reach of the Goblin: the throw goes into
        # their melee (1d6 [6]: it flies true), then 1d4 [1].
        out = self.as_(self.char3, "/attack goblin with javelins", None, 6, 1)
        assert "Cid makes an attack on Goblin with Javelins" in out
        assert "into melee, 1d6: 6" in out

    def test_an_npc_sling_keeps_its_range(self):
        slinger = make_npc(self.room1, "Slinger", grace=9, hp=7,
                           attacks=[{"name": "dagger", "damage": "1d6+1", "reach": "2m"},
                                    {"name": "sling", "damage": "1d4+2", "reach": "20m",
                                     "ranged": True}])
        self.gm("/fight at 25")
        self.gm("/attack Cid with sling", "Cid is 25m away and sling shoots 20m")
        self.gm("/attack Cid with dagger", "Cid is 25m away and dagger reaches 2m")
        self.gm("/distance Slinger=15")
        out = self.gm("/attack Cid with sling", None, 4)
        assert "Slinger makes an attack on Cid with sling" in out
        assert reach.speed_of(slinger) == rules.NPC_SPEED

    def test_a_shot_with_no_ally_near_the_target_is_not_into_melee(self):
        self.sheet(self.char3).items.create(name="Shortbow", kind="weapon", location="hands",
                                            details={"damage": "1d6", "bonus": "grace",
                                                     "ranged": True, "reach": 40})
        self.gm("/fight at 20")
        out = self.as_(self.char3, "/attack goblin with shortbow", None, 4)
        assert "into melee" not in out and "Shooting into the melee" not in out
        assert self.goblin.attributes.get("og_stats")["hp"] == 7 - 6


class TestMoving(FightTest):
    def test_moving_away_offers_the_foe_an_opportunity_attack(self):
        self.gm("/fight")
        out = self.as_(self.char3, "/move away from goblin")
        assert ("Cid moves away from Goblin: 2m apart, now 12m. Leaving Goblin's reach, "
                "Cid provokes an opportunity attack (the GM: +og/oa Cid=by Goblin).") in out
        out = self.gm("/oa Cid=by goblin", None, 6)
        assert "Goblin makes an opportunity attack on Cid with dagger" in out
        self.gm("/oa Cid=by goblin", "Goblin has made their one opportunity attack")

    def test_disengaging_first_draws_no_opportunity_attack(self):
        self.gm("/fight")
        self.as_(self.char3, "/disengage")
        out = self.as_(self.char3, "/move away from goblin")
        assert "now 12m." in out and "opportunity" not in out

    def test_a_sprint_moves_the_speed_again_and_no_nearer_than_reach(self):
        self.gm("/fight at 15")
        self.as_(self.char3, "/move toward bandit", "Cid moves toward Bandit: 15m apart, "
                 "now 5m.")
        self.as_(self.char3, "/sprint toward bandit", "Cid sprints toward Bandit as their "
                 "main action: 5m apart, now 2m.")

    def test_a_move_keeps_the_others_where_a_triangle_allows(self):
        self.gm("/fight at 16")
        self.as_(self.char3, "/move toward goblin", "Cid moves toward Goblin: 16m apart, "
                 "now 6m.")
        # Char2 stayed 16m from the Goblin, so Cid is now at least 10m from Char2;
        # the Bandit stood by the Goblin, so Cid is at most 8m from it.
        self.as_(self.char3, "/distance", "Distances in the fight (metres; a melee blow "
                 "reaches 2m):\n  Cid: Goblin 6m, Char2 10m, Bandit 8m")

    def test_a_dwarf_moves_eight_metres(self):
        self.sheet(self.char3).__class__.objects.filter(character=self.char3).update(
            ancestry="dwarf")
        self.gm("/fight at 20")
        self.as_(self.char3, "/move toward goblin", "Cid moves toward Goblin: 20m apart, "
                 "now 12m.")

    def test_players_cannot_strike_for_an_npc_or_set_distances(self):
        self.gm("/fight")
        self.as_(self.char2, "/oa Cid=by goblin", "Only a GM strikes for an NPC")
        self.as_(self.char2, "/distance goblin=20", "Only a game master can do that")
        assert Encounter.objects.get().distances == {}

    def test_bad_distances_are_refused(self):
        self.gm("/fight")
        self.gm("/distance goblin=far", "Give whom and how far")
        self.gm("/distance goblin=Goblin 4", "Name someone else in this fight")
        self.gm("/fight at nowhere", "Give how far apart the sides start in metres")

    def test_npc_numbers_take_speed_reach_range_and_direct(self):
        out = self.gm("/npc Archer=grace 3 hp 8 speed 12 attack bow 1d6+2 range 60m "
                      "attack knife 1d4+1 reach 2 direct")
        assert ("Speed 12m, Morale 7; attacks bow 1d6+2 (range 60m), knife 1d4+1 direct "
                "(reach 2m).") in out
        self.gm("/npc Bad=hp 8 attack bow 1d6 range far", "'far' is not a number for range")


class TestMagicReach(FightTest):
    def setUp(self):
        super().setUp()
        self.sheet(self.char3).__class__.objects.filter(character=self.char3).update(heart=4,
                                                                                    mind=4)
        for number, kind in ((4, "relic"), (12, "relic")):
            Item.objects.create(sheet=self.sheet(self.char3), name=f"Relic {number}",
                                kind=kind, location="hands", details={"prayers": [number]})
        Item.objects.create(sheet=self.sheet(self.char3), name="Relic of light", kind="relic",
                            location="hands", details={"prayers": [6]})

    def test_a_touch_reaches_no_farther_than_a_hand(self):
        self.gm("/fight at 20")
        self.gm("/distance Cid=Char2 6")
        out = self.as_(self.char3, "/cast lay on hands=Char2", "Char2 is 6m away and Lay on hands "
                       "reaches a touch:")
        assert "move closer first (+og/move toward Char2). Nothing was cast." in " ".join(out.split())
        assert Item.objects.get(name="Relic 4").marked == 0
        self.as_(self.char3, "/cast lay on hands=Cid", "Cid invokes Lay on hands", 3)

    def test_lightning_reaches_ten_metres_and_light_heart_bonus_times_four(self):
        self.gm("/fight at 12")
        self.as_(self.char3, "/cast lightning=goblin", "Goblin is 12m away and Lightning "
                 "reaches 10m")
        self.goblin.tags.add("undead", category="oldgold")
        self.as_(self.char3, "/cast light=goblin", "Goblin is 12m away and Light reaches 8m")
        self.gm("/distance Cid=Goblin 8")
        out = self.as_(self.char3, "/cast light=goblin", None, 6, 6)
        assert "Goblin: Morale 4: [6, 6] = 12, they break" in out


class TestChoosingTheWeapon(FightTest):
    def test_unnamed_the_weapon_in_hand_that_reaches_is_used(self):
        self.as_(self.char3, "/carry javelins=hands")
        self.gm("/fight at 10")
        out = self.as_(self.char3, "/attack goblin", None, 2)
        assert "with Javelins" in out
        archer = make_npc(self.room1, "Archer", grace=0, hp=8,
                          attacks=[{"name": "longbow", "damage": "1d6+2", "reach": "60m",
                                    "ranged": True},
                                   {"name": "knife", "damage": "1d4+1", "reach": "2m"}])
        self.gm("/join archer")
        self.gm("/distance Archer=Cid 2")
        encounter = Encounter.objects.get()
        encounter.turn = [e["name"] for e in encounter.combatants].index("Archer")
        encounter.save()
        out = self.gm("/attack Cid", None, 3)
        assert "Archer makes an attack on Cid with knife" in out and archer
