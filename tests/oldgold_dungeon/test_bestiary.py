"""The bestiary as data, its prototypes, and its monsters in an Old Gold fight."""

from evennia.prototypes import prototypes as evennia_prototypes
from evennia.prototypes import spawner

from tests.oldgold.helpers import OldGoldTest
from world.oldgold import services
from world.oldgold_dungeon import bestiary
from world.oldgold_travel import rules as travel_rules


class TestData(OldGoldTest):
    def test_the_texts_numbers(self):
        troll = bestiary.MONSTERS["troll"]
        assert (troll["hp"], troll["dp"], troll["might"], troll["grace"], troll["mind"],
                troll["heart"], troll["morale"], troll["na"]) == (24, 1, 5, 2, 1, 1, 9, "1d2")
        assert troll["attacks"] == [{"name": "claws", "damage": "1d8+3", "reach": "2m"}]
        goblin = bestiary.MONSTERS["goblin"]
        assert [a["damage"] for a in goblin["attacks"]] == ["1d6+1", "1d4+2"]
        assert bestiary.MONSTERS["lich"]["mind"] == 8
        assert len(bestiary.MONSTERS) == 24

    def test_every_travel_encounter_slug_is_in_the_bestiary(self):
        slugs = {s for table in travel_rules.ENCOUNTERS.values() for s in table.values()}
        assert slugs <= set(bestiary.MONSTERS)
        for slug in slugs:
            assert bestiary.MONSTERS[slug]["na"] == travel_rules.NUMBER_APPEARING[slug]

    def test_every_ability_has_a_round_hook(self):
        from world.oldgold.abilities import ROUND_HOOKS

        for data in bestiary.MONSTERS.values():
            for ability in data["abilities"]:
                assert ability in ROUND_HOOKS, ability


class TestSpawning(OldGoldTest):
    def test_spawn_monster_is_an_old_gold_npc(self):
        goblin = bestiary.spawn_monster("goblin", self.room1)
        assert goblin.location == self.room1 and goblin.key == "Goblin"
        assert services.is_npc(goblin)
        stats = services.npc_stats(goblin)
        assert (stats["hp"], stats["max_hp"], stats["grace"], stats["mind"]) == (7, 7, 3, 1)
        assert goblin.is_typeclass("typeclasses.oldgold.OldGoldNpc", exact=True)

    def test_the_module_prototype_spawns_by_key(self):
        assert evennia_prototypes.search_prototype(key="oldgold_troll", require_single=True)
        troll = spawner.spawn({"prototype_parent": "oldgold_troll", "location": self.room1})[0]
        assert services.npc_stats(troll)["abilities"] == ["regeneration"]
        assert troll.tags.has("oldgold_npc", category="oldgold")

    def test_each_spawn_has_its_own_stats(self):
        one = bestiary.spawn_monster("wolf", self.room1)
        two = bestiary.spawn_monster("wolf", self.room1)
        stats = one.attributes.get("og_stats")
        stats["hp"] = 1
        one.attributes.add("og_stats", stats)
        assert two.attributes.get("og_stats")["hp"] == 10
