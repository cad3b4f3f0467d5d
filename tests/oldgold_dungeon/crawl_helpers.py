"""
Shared set-up for the generated-dungeon tests: open a dungeon with scripted
dice and walk its exits the way a player's exit command does.
"""

from unittest.mock import patch

from commands.oldgold_crawl import CmdCrawl
from tests.oldgold.helpers import OldGoldTest
from world.oldgold_dungeon import crawl
from world.oldgold_dungeon.models import CrawlWay

# A modest ruin (size 3: 8 rooms on 2 levels, 4 a level). The entrance:
# shape [3, 3] = 6 rectangular with 3 doorways (2 ways on), 10m by 16m,
# structure 1d6 [1].
ENTRANCE = (3, 3, 2, 3, 4, 4, 1)
# Through the entrance's north door: door [5] opens; space [1] corridor,
# 2d6 [3, 4] x 2m = 14m, course [5] splits in two (2 ways on).
NORTH_CORRIDOR = (5, 1, 3, 4, 5)


class CrawlTest(OldGoldTest):
    def setUp(self):
        super().setUp()
        # The party carries light unless a test puts it in the dark
        # (self.lit.stop()): checks in the dark add a die at disadvantage.
        self.lit = patch.object(crawl, "in_the_dark", return_value=False)
        self.lit.start()
        self.addCleanup(patch.stopall)

    def crawl(self, text, expected=None, *faces, caller=None):
        with self.dice(*faces):
            return self.call(CmdCrawl(), text, expected, caller=caller or self.char1)

    def open_dungeon(self, name="Sunken Vault", size=3, faces=ENTRANCE):
        with self.dice(*faces):
            return crawl.new_dungeon(self.char1, name, size).data["dungeon"]

    def way(self, room, key):
        exit_obj = next(e for e in room.exits if e.key == key)
        return exit_obj

    def walk(self, who, key, *faces, expected=None):
        """Go through the exit `key` of who's room with its exit command."""
        exit_obj = self.way(who.location, key)
        command = exit_obj.create_exit_cmdset(exit_obj).commands[0]
        with self.dice(*faces):
            return self.call(command, "", expected, caller=who, obj=exit_obj)

    def ways_of(self, dungeon):
        return list(CrawlWay.objects.filter(dungeon=dungeon))
