"""A player GM digs the rooms of their own dungeon while running a scene, and
tears it down again; every way it could grief is refused with nothing made.

char2 ("Char2") is a plain player and the GM here; char3 ("Cid") another
player; char1 ("Char") staff. room1 is the town, with its exit `out`."""

from unittest.mock import patch

from django.test import override_settings
from evennia.objects.models import ObjectDB
from evennia.utils import create

from commands.goldengrave import CmdGoldengraveDungeon, CmdGoldengraveGM
from tests.goldengrave.helpers import GoldengraveCommandTest, give_pc, make_company, make_monster
from world.goldengrave import digging, exploring, rules
from world.goldengrave.models import Company, Dungeon, DungeonRoom
from world.social import scenes


class DiggingCase(GoldengraveCommandTest):
    def setUp(self):
        super().setUp()
        self.room1.locks.add(f"{rules.DIG_LOCK}:all()")  # staff opened the square
        self.said(CmdGoldengraveDungeon(), "/new Chapel", "is yours to run", caller=self.char2)
        self.dungeon = Dungeon.objects.get(name="Chapel")

    def dig(self, args, wanted="", caller=None):
        return self.said(CmdGoldengraveDungeon(), f"/dig {args}", wanted,
                         caller=caller or self.char2)

    def made(self):
        """Every object in the game and every dungeon room: what a refusal must leave."""
        return ObjectDB.objects.count(), DungeonRoom.objects.count()

    def walk(self, who, way):
        """`who` takes the way called `way`, as its exit command does."""
        exit_obj = who.search(way, location=who.location, quiet=True)[0]
        exit_obj.at_traverse(who, exit_obj.destination)
        exploring.on_exit_traversed(exit_obj, traverser=who)


class DigTest(DiggingCase):
    def test_a_player_running_a_scene_digs_a_three_room_dungeon(self):
        scenes.start(self.room1, self.char2, "The Drowned Chapel")
        text = self.dig("Chapel Porch=chapel;ch,out")
        assert "Chapel Porch is room 1 of Chapel, and yours: chapel (ch) leads there from " \
               "Room, out back." in text
        assert "9 more rooms may be dug for Chapel." in text
        self.walk(self.char2, "ch")
        porch = self.char2.location
        assert porch.key == "Chapel Porch"
        self.dig("Flooded Nave=north;n,south;s", "room 2 of Chapel")
        self.walk(self.char2, "n")
        self.dig("Crypt=down,up", "room 3 of Chapel")
        rooms = [entry.room for entry in self.dungeon.rooms.select_related("room")]
        assert [room.key for room in rooms] == ["Chapel Porch", "Flooded Nave", "Crypt"]
        for room in rooms:  # the GM's own, and no one else's
            assert room.access(self.char2, "control") and not room.access(self.char3, "control")
            assert room.tags.has(digging.dungeon_tag(self.dungeon),
                                 category=rules.DUG_TAG_CATEGORY)
        assert digging.way_in(self.dungeon).key == "chapel"
        ways = {e.key: e.destination for room in rooms for e in room.exits}
        assert ways == {"out": self.room1, "north": rooms[1], "south": porch,
                        "down": rooms[2], "up": rooms[1]}
        assert exploring.map_for(self.dungeon, gm=True).lines == ("[2]---[3]", " |", "[1]")
        # now it is a room of the dungeon, the GM fills it as any other
        self.said(CmdGoldengraveDungeon(), "/monster Rat=1", "Power 1/1", caller=self.char2)

    def test_no_scene_no_digging(self):
        before = self.made()
        self.dig("Porch=chapel,out", "A player GM digs while running a scene: start one "
                 "in Room (or a room of Chapel) with +scene/start <title>, then dig.")
        scenes.start(self.room1, self.char3, "Someone else's")  # not the GM's scene
        self.dig("Porch=chapel,out", "start one in Room")
        assert self.made() == before
        # staff need no scene
        self.dig("Porch=chapel,out", "room 1 of Chapel", caller=self.char1)

    def test_the_way_in_is_dug_once_from_a_town_that_allows_it(self):
        scenes.start(self.room1, self.char2)
        self.room1.locks.add(f"{rules.DIG_LOCK}:false()")
        before = self.made()
        self.dig("Porch=chapel,out", "Room is not yours and staff have not opened it")
        assert self.made() == before
        self.room1.locks.add(f"{rules.DIG_LOCK}:all()")
        self.dig("Porch=chapel,out", "room 1 of Chapel")
        before = self.made()
        self.dig("Porch=chapel2,out", "Chapel already has its way in from here, chapel: "
                 "walk in and dig on from a room of it.")
        assert self.made() == before

    def test_a_gm_with_two_dungeons_from_one_town_names_the_one_to_dig_for(self):
        scenes.start(self.room1, self.char2)
        self.said(CmdGoldengraveDungeon(), "/new Pit", "is yours to run", caller=self.char2)
        self.dig("Porch=in,out", "Several of your dungeons start here (Chapel, Pit): name "
                 "one after a third comma, e.g. +ggdungeon/dig Gate=in,out,Chapel.")
        self.dig("Ledge=pit,up,pit", "Ledge is room 1 of Pit")
        self.dig("Porch=chapel,out", "Porch is room 1 of Chapel")

    def test_the_games_starting_room_lets_everyone_dig_a_way_in(self):
        self.room1.locks.remove(rules.DIG_LOCK)
        scenes.start(self.room1, self.char2)
        with override_settings(START_LOCATION=self.room2.dbref):
            self.dig("Porch=chapel,out", "staff have not opened it")
        with override_settings(START_LOCATION=self.room1.dbref):
            self.dig("Porch=chapel,out", "room 1 of Chapel")

    def test_no_digging_from_rooms_that_are_not_the_gms(self):
        scenes.start(self.room1, self.char2)
        before = self.made()
        # room2: in no dungeon of theirs
        self.char2.move_to(self.room2, quiet=True)
        self.dig("Porch=in,out", "Dig from your dungeon's town (for its way in) or from a "
                 "room of it you dug")
        # a room staff put into the dungeon is still not the player's
        DungeonRoom.objects.create(dungeon=self.dungeon, room=self.room2, number=1)
        self.dig("Porch=in,out", "Room2 is not yours, so you cannot dig from it")
        # another player's dungeon room
        self.char3.move_to(self.room2, quiet=True)
        self.dig("Porch=in,out", "Only the GM can do that", caller=self.char3)
        assert self.made() == (before[0], before[1] + 1)

    def test_a_way_cannot_hide_another_way_or_a_command(self):
        scenes.start(self.room1, self.char2)
        before = self.made()
        self.dig("Porch=out,in", "Room already has a way called 'out': choose another name.")
        self.dig("Porch=look,out", "'look' is a command's name, so a way called that would "
                 "hide the command")
        self.dig("Porch=chapel;say,out", "'say' is a command's name")
        self.dig("Porch=chapel,gg", "'gg' is a command's name")
        self.dig("Porch=chapel;a;b;c;d,out", "up to 3 short forms after a ;")
        self.dig("Porch=cha|rpel,out", "Name each way in 1 to 20 letters")
        self.dig("|rPorch=chapel,out", "Name the new room in 1 to 50 characters")
        self.dig("Porch=chapel", "Name the new room and both ways")
        assert self.made() == before

    def test_a_dungeon_has_few_dug_rooms_and_a_player_few_dungeons(self):
        scenes.start(self.room1, self.char2)
        with patch.object(rules, "DIG_ROOMS_PER_DUNGEON", 2):
            self.dig("Porch=chapel,out", "1 more room may be dug")
            self.walk(self.char2, "chapel")
            self.dig("Nave=north,south", "That was the last room Chapel may have dug (2 at "
                     "most).")
            self.walk(self.char2, "north")
            before = self.made()
            self.dig("Crypt=down,up", "Chapel has its 2 dug rooms, the most a dungeon may "
                     "have: +ggdungeon/teardown Chapel starts over.")
            assert self.made() == before
        self.char2.move_to(self.room1, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/new Pit", "is yours to run", caller=self.char2)
        with patch.object(rules, "DIG_DUNGEONS_PER_PLAYER", 1):
            self.dig("Ledge=pit,up", "You already dig 1 dungeon (Chapel), the most a player "
                     "may: +ggdungeon/teardown <dungeon> removes one first.")
        self.dig("Ledge=pit,up", "room 1 of Pit")


class TeardownTest(DiggingCase):
    def setUp(self):
        super().setUp()
        scenes.start(self.room1, self.char2)
        self.dig("Porch=chapel,out")
        self.walk(self.char2, "chapel")
        self.porch = self.char2.location
        self.dig("Nave=north,south")
        make_monster("Rat", self.porch, 1)
        self.reliquary = create.create_object("typeclasses.objects.Object", key="reliquary",
                                              location=self.porch)
        self.char2.move_to(self.room1, quiet=True)

    def test_teardown_removes_the_dug_rooms_and_moves_the_rest_to_town(self):
        self.char3.move_to(self.porch, quiet=True)
        objects = ObjectDB.objects.count()
        text = self.said(CmdGoldengraveDungeon(), "/teardown Chapel", caller=self.char2)
        assert "Chapel is torn down: 2 dug rooms, 4 ways and 1 monster, trap or treasure " \
               "left inside are gone. Moved to Room: " in text
        assert "Cid" in text and "reliquary" in text
        assert self.char3.location == self.room1 and self.reliquary.location == self.room1
        assert ObjectDB.objects.count() == objects - 7
        assert not Dungeon.objects.exists() and not DungeonRoom.objects.exists()
        assert [e.key for e in self.room1.exits] == ["out"]

    def test_teardown_is_the_gms_by_full_name_and_waits_for_companies(self):
        before = self.made()
        self.said(CmdGoldengraveDungeon(), "/teardown Chapel", "Only the GM can do that",
                  caller=self.char3)
        self.said(CmdGoldengraveDungeon(), "/teardown Chap", "Name the dungeon to tear down "
                  "in full", caller=self.char2)
        company = make_company()
        Company.objects.filter(pk=company.pk).update(dungeon=self.dungeon)
        self.said(CmdGoldengraveDungeon(), "/teardown Chapel", "The Lanterns is still in "
                  "Chapel: give it its night in town first (+ggm/night @The Lanterns). "
                  "Nothing was removed.", caller=self.char2)
        assert self.made() == before

    def test_a_room_staff_marked_stays_when_the_dungeon_goes(self):
        DungeonRoom.objects.create(dungeon=self.dungeon, room=self.room2, number=9)
        self.said(CmdGoldengraveDungeon(), "/teardown Chapel", "torn down", caller=self.char2)
        assert ObjectDB.objects.filter(pk=self.room2.pk).exists()
        assert not DungeonRoom.objects.exists()

    def test_dug_rooms_serve_a_delve_like_any_other(self):
        company = make_company()
        give_pc(self.char3, "Ivo", company)
        self.walk(self.char3, "chapel")
        company.refresh_from_db()
        assert company.dungeon == self.dungeon and company.position == self.porch
        self.said(CmdGoldengraveGM(), "/set supply=2 @The Lanterns", "Supply: 8 -> 2",
                  caller=self.char2)

    def test_a_gm_who_cannot_create_objects_makes_treasures_in_the_dungeon(self):
        self.said(CmdGoldengraveDungeon(), "/treasure silver cup=main", "Treasures lie in the "
                  "dungeon: stand in a room of Chapel to put one there.", caller=self.char2)
        self.char2.move_to(self.porch, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/treasure silver cup=main",
                  "silver cup is Chapel's main treasure.", caller=self.char2)
        self.said(CmdGoldengraveDungeon(), "/treasure reliquary", "reliquary is Chapel's side "
                  "treasure.", caller=self.char2)  # the one lying here: no new object
        self.said(CmdGoldengraveDungeon(), "/treasure gold ring", "side treasure",
                  caller=self.char2)
        cup, ring = (self.porch.search(n, location=self.porch) for n in ("silver cup", "gold ring"))
        assert cup.access(self.char2, "control") and not cup.access(self.char3, "control")
        with patch.object(rules, "MAX_TREASURES", 3):
            self.said(CmdGoldengraveDungeon(), "/treasure pearl", "Chapel has 3 treasures, "
                      "the most a dungeon may have.", caller=self.char2)
        assert not self.porch.search("pearl", location=self.porch, quiet=True)
        # the company carries the cup out; the ring stays inside and goes with the dungeon
        cup.move_to(self.char3, quiet=True)
        self.char2.move_to(self.room1, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/teardown Chapel", "2 dug rooms, 4 ways and "
                  "2 monsters, traps and treasures left inside are gone. Moved to Room: "
                  "reliquary.", caller=self.char2)
        assert cup.location == self.char3 and ObjectDB.objects.filter(pk=cup.pk).exists()
        assert not ObjectDB.objects.filter(pk=ring.pk).exists()
