"""The generator building real rooms: connected both ways, doors, hidden
doors, levels, monsters, the scene clock, teardown, and surviving a flush
of Evennia's object cache."""

from evennia.objects.models import ObjectDB
from evennia.utils import search
from evennia.utils.idmapper.models import flush_cache

from tests.oldgold.helpers import give_sheet
from tests.oldgold_dungeon.crawl_helpers import NORTH_CORRIDOR, CrawlTest
from world.oldgold import services as og
from world.oldgold.models import OldGoldRoll
from world.oldgold_dungeon import crawl, rules
from world.oldgold_dungeon.models import CrawlDungeon, CrawlSpace, CrawlWay
from world.oldgold_scene import clock

# Through an open door (1d6 [5]) into a room (space [3]): shape [3, 3] = 6
# rectangular with 3 doorways, 2d6 [1, 1] by 2d6 [1, 1], a structure [1] [1].
ROOM = (5, 3, 3, 3, 1, 1, 1, 1, 1, 1)


class TestOpening(CrawlTest):
    def test_the_entrance_its_ways_and_the_tag(self):
        dungeon = self.open_dungeon()
        assert (dungeon.size_face, dungeon.rooms_wanted, dungeon.levels) == (3, 8, 2)
        door_in = self.way(self.room1, "Sunken Vault")
        entrance = door_in.destination
        assert entrance.key == "Sunken Vault: the entrance"
        assert entrance.db.desc.startswith("A rectangular room, 10m by 16m. Stone benches")
        assert sorted(e.key for e in entrance.exits) == ["east", "north", "out"]
        assert self.way(entrance, "out").destination == self.room1
        for key in ("north", "east"):  # unexplored: they loop to their own room
            assert self.way(entrance, key).destination == entrance
        tagged = {o.id for o in search.search_tag(dungeon.tag, category=rules.TAG_CATEGORY)}
        assert tagged == {entrance.id, door_in.id} | {e.id for e in entrance.exits}
        assert "dungeon" in door_in.aliases.all()
        assert entrance.is_typeclass("typeclasses.oldgold_crawl.OldGoldCrawlRoom", exact=True)
        log = OldGoldRoll.objects.get(kind="crawl")
        assert log.dice == [3, 3, 2, 3, 4, 4, 1]

    def test_only_the_first_way_in_from_a_room_is_called_dungeon(self):
        self.open_dungeon()
        with self.dice(3, 3, 2, 3, 4, 4, 1):
            outcome = crawl.new_dungeon(self.char1, "Old Mine", 3)
        assert "The way in is here: |wOld Mine|n." in outcome.text
        assert self.way(self.room1, "Old Mine").aliases.all() == []
        assert "dungeon" in self.way(self.room1, "Sunken Vault").aliases.all()

    def test_a_rolled_size(self):
        with self.dice(6, 3, 3, 2, 3, 4, 4, 1):
            outcome = crawl.new_dungeon(self.char1, "Deep Dark")
        assert "a vast underworld, 24 rooms on 4 levels (size 1d6 [6])" in outcome.text

    def test_refusals_change_nothing(self):
        self.open_dungeon()
        with self.assertRaisesRegex(Exception, "already a dungeon called"):
            crawl.new_dungeon(self.char1, "sunken vault", 2)
        with self.assertRaisesRegex(Exception, "Only a game master"):
            crawl.new_dungeon(self.char2, "Other", 2)
        with self.assertRaisesRegex(Exception, "not a dungeon size"):
            crawl.size_named("7")
        assert crawl.size_named("vast") == 6 and crawl.size_named("roll") is None
        assert CrawlDungeon.objects.count() == 1


class TestExploring(CrawlTest):
    def setUp(self):
        super().setUp()
        self.dungeon = self.open_dungeon()
        self.entrance = self.way(self.room1, "Sunken Vault").destination
        self.char1.move_to(self.entrance, quiet=True)

    def test_walking_an_unexplored_exit_builds_the_space_with_a_way_back(self):
        out = self.walk(self.char1, "north", *NORTH_CORRIDOR)
        assert "The door north swings open (1d6 [5])." in out
        assert "Char explores north: a corridor." in out
        corridor = self.char1.location
        assert corridor.key == "Corridor" and corridor.db.desc == \
            "A corridor 14m long splits in two."
        assert self.way(self.entrance, "north").destination == corridor
        assert self.way(corridor, "south").destination == self.entrance
        assert sorted(e.key for e in corridor.exits) == ["east", "north", "south"]
        space = CrawlSpace.objects.get(room_id=corridor.id)
        assert (space.number, space.level, space.kind) == (2, 1, "corridor")
        # Back and forth again: nothing more is rolled.
        self.walk(self.char1, "south")
        assert self.char1.location == self.entrance
        self.walk(self.char1, "north")
        assert self.char1.location == corridor

    def test_every_way_is_connected_both_ways(self):
        self.walk(self.char1, "north", *NORTH_CORRIDOR)
        # Out of the corridor: 1d6 [3] a room, so the door where they meet [5] opens.
        self.walk(self.char1, "east", 3, 5, 3, 3, 1, 1, 1, 1, 1, 1)
        self.walk(self.char1, "west")
        self.walk(self.char1, "north", 1, 1, 1, 1)  # a straight corridor
        for way in CrawlWay.objects.filter(explored=True).select_related("exit"):
            there = way.exit.destination
            assert there != way.exit.location
            assert any(e.destination == way.exit.location for e in there.exits), way

    def test_where_a_corridor_meets_a_room_its_door_is_rolled(self):
        give_sheet(self.char1, might=3)
        self.walk(self.char1, "north", *NORTH_CORRIDOR)
        corridor = self.char1.location
        out = self.walk(self.char1, "east", 4, 2)
        assert ("The corridor east meets a room (1d6 [4]), and its door is stuck fast in "
                "its frame (1d6 [2]).") in out and self.char1.location == corridor
        with self.dice(15):
            crawl.force_door(self.char1, "east")
        # Through the door, the room (its 1d6 was rolled at the door): shape
        # [3, 3] rectangular, [1, 1] by [1, 1], a structure [1], detail [1].
        out = self.walk(self.char1, "east", 3, 3, 1, 1, 1, 1, 1, 1)
        assert "Char explores east: a rectangular room." in out
        assert CrawlSpace.objects.get(room=self.char1.location).rolls.startswith(
            "A room, behind the corridor's door. Shape 2d6 [3, 3]")
        # A corridor that goes on into another corridor has no door.
        self.walk(self.char1, "west")
        out = self.walk(self.char1, "north", 1, 1, 1, 1)
        assert "explores north: a corridor." in out and "door" not in out

    def test_a_lair_spawns_its_monsters_tagged_and_ready_to_fight(self):
        # a room [3], 2d6 [3, 4] = 7 rectangular, [1, 1] by [1, 1], a lair [4],
        # detail [2], goblins [3], NA 2d6 [1, 1] = 2
        out = self.walk(self.char1, "north", 5, 3, 3, 4, 1, 1, 1, 1, 4, 2, 3, 1, 1)
        assert "Something is waiting there." in out
        lair = self.char1.location
        goblins = [o for o in lair.contents if og.is_npc(o)]
        assert [g.key for g in goblins] == ["Goblin 1", "Goblin 2"]
        seen = lair.return_appearance(self.char1)
        assert "Goblin 1 and Goblin 2" in seen and "a Goblin 1" not in seen
        assert all(g.tags.has(self.dungeon.tag, category=rules.TAG_CATEGORY) for g in goblins)
        assert "This is the lair of the goblins." in lair.db.desc
        assert og.npc_stats(goblins[0])["hp"] == 7

    def test_a_stuck_door_refuses_until_forced(self):
        give_sheet(self.char1, might=3)
        out = self.walk(self.char1, "north", 2)
        assert "The door north is stuck fast in its frame (1d6 [2])." in out
        assert "+crawl/force north" in out and self.char1.location == self.entrance
        self.walk(self.char1, "north", expected="The door north is stuck.")
        with self.dice(5):  # d20 [5] + 3 = 8, not over 12
            outcome = crawl.force_door(self.char1, "north")
        assert "The door north holds." in outcome.text
        with self.dice(15):
            outcome = crawl.force_door(self.char1, "n")
        assert "Char checks Might against 12" in outcome.text
        assert "gives way" in outcome.text
        self.walk(self.char1, "north", *NORTH_CORRIDOR[1:])  # no second door roll
        assert self.char1.location.key == "Corridor"

    def test_a_lock_without_lockpicks_is_picked_at_disadvantage(self):
        give_sheet(self.char1, grace=2)
        self.walk(self.char1, "north", 1)
        with self.dice(18, 4):
            outcome = crawl.force_door(self.char1, "north")
        assert "Grace" in outcome.text and "at disadvantage" in outcome.text
        assert "holds" in outcome.text
        og._new_item(og.sheet_of(self.char1), "lockpicks", "pack")
        with self.dice(18):
            outcome = crawl.force_door(self.char1, "north")
        assert "gives way" in outcome.text and "disadvantage" not in outcome.text

    def test_in_the_dark_forcing_and_searching_are_at_disadvantage(self):
        from world.oldgold_scene import light

        self.lit.stop()
        give_sheet(self.char1, might=2, items=[("torch", "pack")])
        self.walk(self.char1, "north", 2)  # stuck
        with self.dice(18, 3):
            outcome = crawl.force_door(self.char1, "north")
        assert "d20 with disadvantage [18, 3]" in outcome.text and "holds" in outcome.text
        assert "(In the dark: every check at disadvantage; |w+light torch|n lights one.)" \
            in outcome.text
        light.light(self.char1, "torch")
        with self.dice(18):
            outcome = crawl.force_door(self.char1, "north")
        assert "gives way" in outcome.text and "In the dark" not in outcome.text

    def test_an_open_way_is_not_forced(self):
        give_sheet(self.char1)
        with self.assertRaisesRegex(Exception, "not shut"):
            crawl.force_door(self.char1, "out")

    def test_a_hidden_door_by_the_oracle_and_a_heart_check(self):
        give_sheet(self.char1, heart=2)
        with self.dice(5, 14):  # yes [5]; d20 [14] + 2 = 16 over 12
            outcome = crawl.search_here(self.char1)
        assert "Yes or no 'a hidden door here?', 1d6 [5]" in outcome.text
        assert "finds a hidden door: a way south opens." in outcome.text
        way = CrawlWay.objects.get(hidden=True)
        assert way.exit.key == "south" and way.exit.location == self.entrance
        with self.assertRaisesRegex(Exception, "searched already"):
            crawl.search_here(self.char1)

    def test_no_hidden_door_when_the_oracle_says_no(self):
        give_sheet(self.char1)
        with self.dice(6, 2):  # with disadvantage: [6, 2] keeps 2
            outcome = crawl.search_here(self.char1, disadvantage=True)
        assert "There is no hidden door here." in outcome.text
        assert not CrawlWay.objects.filter(hidden=True).exists()

    def test_a_failed_heart_check_misses_it(self):
        give_sheet(self.char1)
        with self.dice(4, 3):
            outcome = crawl.search_here(self.char1)
        assert "may still be there" in outcome.text
        assert CrawlSpace.objects.get(room_id=self.entrance.id).searched

    def test_new_rooms_keep_the_scene_clock(self):
        clock.start(self.entrance, "Vault")
        self.walk(self.char1, "north", *NORTH_CORRIDOR)
        assert clock.clock_of_room(self.char1.location).key == "Vault"


class TestLevels(CrawlTest):
    def setUp(self):
        super().setUp()
        self.dungeon = self.open_dungeon()  # 8 rooms on 2 levels: 4 a level
        self.entrance = self.way(self.room1, "Sunken Vault").destination
        self.char1.move_to(self.entrance, quiet=True)
        for _ in range(3):
            self.walk(self.char1, "north", *ROOM)
        self.last = self.char1.location

    def test_the_levels_last_room_has_a_way_down(self):
        keys = sorted(e.key for e in self.last.exits)
        assert keys == ["down", "east", "north", "south"]
        assert CrawlSpace.objects.get(room_id=self.last.id).number == 4
        out = self.walk(self.char1, "down", 3, 3, 3, 1, 1, 1, 1, 1, 1)  # no door on stairs
        assert "Char explores down" in out
        below = CrawlSpace.objects.get(room_id=self.char1.location.id)
        assert below.level == 2
        self.walk(self.char1, "up")
        assert self.char1.location == self.last
        # Only one way down a level.
        assert CrawlWay.objects.filter(leads="down").count() == 1

    def test_a_door_on_a_full_level_leads_to_a_dead_end(self):
        out = self.walk(self.char1, "north", 5, 2, 1, 2)
        end = self.char1.location
        assert end.key == "Dead end" and "ends in bare stone" in end.db.desc
        assert [e.key for e in end.exits] == ["south"]
        assert "Full level 1d6 [2]: dead end." in CrawlSpace.objects.get(room_id=end.id).rolls
        assert "Char explores north: a dead end." in out

    def test_or_somewhere_already_found(self):
        out = self.walk(self.char1, "east", 5, 4)
        assert "comes out somewhere already known: Sunken Vault: the entrance" in out
        assert self.char1.location == self.entrance
        back = self.way(self.entrance, "west")
        assert back.destination == self.last
        assert self.way(self.last, "east").destination == self.entrance


class TestTeardown(CrawlTest):
    def test_everything_goes_and_the_party_is_moved_out(self):
        dungeon = self.open_dungeon()
        entrance = self.way(self.room1, "Sunken Vault").destination
        self.char2.move_to(entrance, quiet=True)
        self.walk(self.char2, "north", 5, 3, 3, 4, 1, 1, 1, 1, 4, 2, 3, 1, 1)
        made = [o.id for o in search.search_tag(dungeon.tag, category=rules.TAG_CATEGORY)]
        assert len(made) == 10  # 2 rooms, 2 goblins, 6 exits (in, out and four more)
        outcome = crawl.teardown(self.char1, "sunken vault")
        assert "2 rooms, 6 exits and 2 monsters are gone." in outcome.text
        assert "Moved out: Char2." in outcome.text
        assert not ObjectDB.objects.filter(id__in=made).exists()
        assert self.char2.location == self.room1
        assert not search.search_tag(dungeon.tag, category=rules.TAG_CATEGORY)
        assert not CrawlDungeon.objects.exists() and not CrawlSpace.objects.exists()
        assert not CrawlWay.objects.exists()
        assert "Sunken Vault" not in [e.key for e in self.room1.exits]

    def test_a_monster_a_gm_spawned_inside_goes_too(self):
        from world.oldgold_dungeon import bestiary

        dungeon = self.open_dungeon()
        entrance = self.way(self.room1, "Sunken Vault").destination
        wolf = bestiary.spawn_monster("wolf", entrance)
        crawl.teardown(self.char1, dungeon.name)
        assert not ObjectDB.objects.filter(id=wolf.id).exists()

    def test_a_kept_dungeon_stays(self):
        self.open_dungeon()
        crawl.toggle_keep(self.char1, "Sunken Vault")
        with self.assertRaisesRegex(Exception, "is kept"):
            crawl.teardown(self.char1, "Sunken Vault")
        assert CrawlSpace.objects.count() == 1
        crawl.toggle_keep(self.char1, "Sunken Vault")
        crawl.teardown(self.char1, "Sunken Vault")
        assert not CrawlDungeon.objects.exists()


class TestCacheFlush(CrawlTest):
    def test_exploring_goes_on_after_the_object_cache_is_flushed(self):
        dungeon = self.open_dungeon()
        entrance_id = self.way(self.room1, "Sunken Vault").destination.id
        self.char1.move_to(ObjectDB.objects.get(id=entrance_id), quiet=True)
        self.walk(self.char1, "north", *NORTH_CORRIDOR)
        corridor_id = self.char1.location.id
        flush_cache()
        char = ObjectDB.objects.get(id=self.char1.id)
        corridor = ObjectDB.objects.get(id=corridor_id)
        assert char.location == corridor
        assert corridor.is_typeclass("typeclasses.oldgold_crawl.OldGoldCrawlRoom", exact=True)
        self.walk(char, "north", 1, 1, 1, 1)
        beyond = char.location
        assert beyond.key == "Corridor" and beyond.id != corridor_id
        assert self.way(beyond, "south").destination.id == corridor_id
        self.walk(char, "south")
        self.walk(char, "south")
        assert char.location.id == entrance_id
        assert CrawlSpace.objects.filter(dungeon=dungeon).count() == 3
