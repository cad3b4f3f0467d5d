"""
`+crawl`: Old Gold dungeons generated room by room as the party explores
(`world.oldgold_dungeon.crawl`). Not `+delve`, which is the scene's
delving turn. Each switch parses, calls one service and posts its lines.
"""

from evennia import CmdSet

from commands.oldgold import OldGoldCommand
from world.oldgold import services as og
from world.oldgold_dungeon import crawl, render
from world.oldgold_dungeon.errors import CrawlError

HELP_CATEGORY = "Old Gold scenes"
GM_SWITCHES = ("new", "list", "keep", "teardown")


def _leaning(text):
    words = {w.strip().lower() for w in (text or "").split(",") if w.strip()}
    unknown = words - {"adv", "dis"}
    if unknown:
        raise CrawlError(f"'{sorted(unknown)[0]}' is not a search option: +crawl/search adv "
                         "when a hidden door is likely, +crawl/search dis when it is not.")
    return "adv" in words, "dis" in words


class CmdCrawl(OldGoldCommand):
    """
    +crawl: explore an Old Gold dungeon that is built as you go.

    Usage:
      +crawl                         where you are in the dungeon
      +crawl/force <way>             force a stuck door, or pick a lock
      +crawl/search [adv or dis]     look for a hidden door
      +crawl/new <name>[=<size>]     (GM) open a dungeon from this room
      +crawl/list                    (GM) every generated dungeon
      +crawl/keep <name>             (GM) keep it safe from teardown, or not
      +crawl/teardown <name>         (GM) remove all of it

    A GM opens a dungeon from the room they stand in: its size is 1 to 6
    (hideout, small, modest, sprawling, deep, vast) or rolled on 1d6 when
    left out, and says how many rooms it has over how many levels. The
    entrance appears at once, reached by an exit named after the dungeon
    (or |wdungeon|n), with its first ways on.

    Nothing beyond is made until someone goes that way. Walking through an
    unexplored exit rolls what lies behind it and builds it as a real room:
    a corridor (its length and course) or a room (its shape, size and what
    it holds: a sign of the past, an obstacle, a puzzle, a lair, a trap or
    a creature). Lairs and creatures come with bestiary monsters, ready for
    |w+og/fight|n; a trap names the hazard a GM applies with |w+hazard|n.
    A doorway out of a room has a door, rolled the first time it is tried,
    and so has the place where a corridor comes to a room. A stuck or
    barred one needs a Might check, a locked one a Grace check
    (at disadvantage without lockpicks), both by |w+crawl/force|n. With
    no light among those here (|w+light|n), every such check is at
    disadvantage.

    Searching asks the yes/no oracle whether a hidden door is here, and
    then makes a Heart check to find it; each place is searched once. A
    level's last room has a way down while deeper levels remain; once a
    level has its rooms, other doors lead to dead ends or rooms already
    found. Rooms join the scene clock of the room you came from.

    Tearing down removes every room, exit and monster of the dungeon and
    moves anyone inside back to where it was opened.

    Examples:
      +crawl/new Sunken Vault=3
      +crawl/new Barrow of the Worm
      north
      +crawl/force east
      +crawl/search dis
      +crawl/teardown Sunken Vault

    A GM's guide: |whelp old gold crawl|n. Old Gold is by Milán László
    (CC BY 4.0); the generator's tables are Delver's own, on its dice.
    """

    key = "+crawl"
    help_category = HELP_CATEGORY
    locks = f"cmd:all();gm:{og.GM_LOCK}"
    switch_options = ("force", "search", *GM_SWITCHES)
    switch_locks = dict.fromkeys(GM_SWITCHES, "gm")

    def name(self, example):
        name = " ".join((self.lhs or "").split())
        if not name:
            self.refuse_usage(f"Name the dungeon: {example}.")
        return name

    def func_default(self):
        if self.args.strip():
            self.refuse_usage("+crawl alone shows where you are; a dungeon is opened with "
                              "+crawl/new <name>=<size>.")
        space, ways, on_level, rooms = crawl.where(self.caller)
        self.msg(render.space(space, ways, on_level, rooms,
                              show_rolls=self.access(self.caller, "gm")))

    def switch_force(self):
        if not self.args.strip():
            self.refuse_usage("Name the door's way: +crawl/force north.")
        self.room(crawl.force_door(self.caller, self.args))

    def switch_search(self):
        advantage, disadvantage = _leaning(self.args.replace(" ", ","))
        self.room(crawl.search_here(self.caller, advantage=advantage,
                                    disadvantage=disadvantage))

    def switch_new(self):
        name = self.name("+crawl/new Sunken Vault=3")
        size = crawl.size_named(self.rhs)
        self.room(crawl.new_dungeon(self.caller, name, size))

    def switch_list(self):
        self.msg(render.dungeon_list(crawl.list_rows(self.caller)))

    def switch_keep(self):
        self.msg(crawl.toggle_keep(self.caller, self.name("+crawl/keep Sunken Vault")).text)

    def switch_teardown(self):
        outcome = crawl.teardown(self.caller, self.name("+crawl/teardown Sunken Vault"))
        self.room(outcome)


class OldGoldCrawlCmdSet(CmdSet):
    key = "oldgold_crawl"

    def at_cmdset_creation(self):
        self.add(CmdCrawl())

