"""+crawl through Evennia's command tests: every switch, its refusals, and
its help."""

import re
import textwrap

from tests.oldgold.helpers import give_sheet
from tests.oldgold_dungeon.crawl_helpers import ENTRANCE, NORTH_CORRIDOR, CrawlTest
from commands.oldgold_crawl import CmdCrawl
from world.help_entries import HELP_ENTRY_DICTS
from world.oldgold_dungeon.models import CrawlDungeon, CrawlSpace

_CODES = re.compile(r"\|[a-zA-Z]")


class TestGmSwitches(CrawlTest):
    def test_new_opens_the_dungeon_for_the_room(self):
        out = self.crawl("/new Sunken Vault=3", None, *ENTRANCE)
        assert out.startswith("Char opens the dungeon Sunken Vault: a modest ruin, 8 rooms on "
                              "2 levels (size chosen).")
        assert "The way in is here: Sunken Vault (or dungeon)." in out
        assert CrawlSpace.objects.get().kind == "entrance"

    def test_new_rolls_the_size_when_none_is_given(self):
        out = self.crawl("/new Sunken Vault", None, 1, *ENTRANCE)
        assert "a hideout, 4 rooms on 1 level (size 1d6 [1])" in out

    def test_new_refuses_a_bad_size_or_no_name(self):
        self.crawl("/new Sunken Vault=huge", "'huge' is not a dungeon size: give 1 to 6 "
                   "(1 hideout, 2 small")
        self.crawl("/new Sunken Vault=0", "'0' is not a dungeon size")
        self.crawl("/new =3", "Name the dungeon: +crawl/new Sunken Vault=3.")
        self.crawl("/new " + "x" * 41 + "=3", "Name the dungeon in 1 to 40 characters")
        assert not CrawlDungeon.objects.exists()

    def test_list_keep_and_teardown(self):
        self.crawl("/list", "No generated dungeons yet")
        self.crawl("/new Sunken Vault=3", None, *ENTRANCE)
        out = self.crawl("/list")
        assert "Sunken Vault" in out and "1/8" in out
        self.crawl("/keep sunken vault", "Sunken Vault is kept")
        said = self.crawl("/teardown Sunken Vault", "Sunken Vault is kept: +crawl/keep Sunken ")
        assert "Vault lets it go first. Nothing was removed." in " ".join(said.split())
        self.crawl("/keep Sunken Vault", "Sunken Vault is no longer kept")
        self.crawl("/teardown Sunken Vault", "Char tears down Sunken Vault: 1 room, 4 exits "
                   "and 0 monsters are gone.")
        assert not CrawlDungeon.objects.exists()

    def test_an_unknown_dungeon(self):
        for switch in ("keep", "teardown"):
            self.crawl(f"/{switch} Nowhere", "There is no generated dungeon called "
                       "'Nowhere' (+crawl/list names them).")
            self.crawl(f"/{switch}", "Name the dungeon")

    def test_a_player_cannot_use_the_gm_switches(self):
        self.open_dungeon()
        for text in ("/new Mine=2", "/list", "/keep Sunken Vault", "/teardown Sunken Vault"):
            switch = text.split()[0]
            said = self.crawl(text, f"Only a game master can use +crawl{switch}", caller=self.char2)
            assert "(staff, or a player staff made GM" in said  # (wrapped to the client)
        assert CrawlDungeon.objects.get().kept is False
        assert CrawlDungeon.objects.count() == 1

    def test_a_switch_prefix_works(self):
        self.crawl("/tear Nowhere", "There is no generated dungeon called 'Nowhere'")


class TestInTheDungeon(CrawlTest):
    def setUp(self):
        super().setUp()
        self.open_dungeon()
        self.entrance = self.way(self.room1, "Sunken Vault").destination

    def test_crawl_outside_a_dungeon(self):
        self.crawl("", "You are not in a generated dungeon", caller=self.char2)
        assert "+crawl alone shows where you are" in self.crawl("foo")

    def test_crawl_shows_where_you_are_and_the_gm_its_dice(self):
        self.char2.move_to(self.entrance, quiet=True)
        out = self.crawl("", caller=self.char2)
        assert "Sunken Vault, level 1 of 2: the entrance (space 1)." in out
        assert "Rooms explored: 1 of about 8; this level has 1 of its 4." in out
        assert "Ways: out (out of the dungeon), north (unexplored), east (unexplored)" in out
        assert "Rolls" not in out
        self.char1.move_to(self.entrance, quiet=True)
        assert "Rolls (for the GM): Shape 2d6 [3, 3] = 6: rectangular" in self.crawl("")

    def test_walk_force_and_crawl_again(self):
        give_sheet(self.char2, might=3)
        self.char2.move_to(self.entrance, quiet=True)
        self.walk(self.char2, "north", 3, expected="The door north is barred from the far "
                  "side (1d6 [3]). It will not open: force it with +crawl/force north (Might check).")
        assert "north (the door is barred)" in self.crawl("", caller=self.char2)
        self.crawl("/force", "Name the door's way: +crawl/force north.", caller=self.char2)
        self.crawl("/force up", "There is no way 'up' out of here", caller=self.char2)
        self.crawl("/force east", "The way east is not shut", caller=self.char2)
        out = self.crawl("/force north", None, 12, caller=self.char2)
        assert "Char2 checks Might against 12" in out and "gives way" in out
        assert "the door is barred" not in self.crawl("", caller=self.char2)
        self.walk(self.char2, "north", *NORTH_CORRIDOR[1:])
        assert "a corridor (space 2)" in self.crawl("", caller=self.char2)

    def test_search_and_its_refusals(self):
        self.char2.move_to(self.entrance, quiet=True)
        self.crawl("/search", "You have no Old Gold adventurer yet: +og/new makes one.",
                   caller=self.char2)
        give_sheet(self.char2, heart=3)
        self.crawl("/search maybe", "'maybe' is not a search option: +crawl/search adv",
                   caller=self.char2)
        out = self.crawl("/search adv", None, 2, 6, 15, caller=self.char2)
        assert "1d6 with advantage [2, 6] keeps 6" in out
        assert "finds a hidden door: a way south opens." in out
        self.crawl("/search", "This place has been searched already", caller=self.char2)
        looked = " ".join(self.crawl("", caller=self.char2).split())
        assert "south (unexplored, a hidden door)" in looked


def test_help_names_every_switch_with_examples_and_fits_78_columns():
    text = CmdCrawl.__doc__
    assert text.lstrip().startswith("+crawl")
    assert "Usage:" in text and "Examples:" in text
    for switch in CmdCrawl.switch_options:
        assert f"+crawl/{switch}" in text, switch
    topic = next(e for e in HELP_ENTRY_DICTS if e["key"] == "old gold crawl")
    for words in ("+crawl/new", "+crawl/search", "+crawl/teardown", "Milán László"):
        assert words in topic["text"]
    for block in (textwrap.dedent(text), topic["text"]):
        for line in block.splitlines():
            assert len(_CODES.sub("", line)) <= 78, line
