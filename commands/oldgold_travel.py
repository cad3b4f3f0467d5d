"""
Old Gold's world outside the dungeon: `+region` (a GM builds a region of
hexes and anyone reads its map), `+travel` (the party crosses it watch by
watch), `+encounter`, `+treasure`, and the followers and holdings of
`+hire`, `+war`, `+stronghold` and `+living`.

Each switch parses, calls one service in `world.oldgold_travel.services`
and posts its lines: rolls and moves to the room, maps and lists to the caller.
"""

from evennia import CmdSet

from commands.command import DelverCommand
from world.numbers import whole_number
from world.oldgold import services as og
from world.oldgold_travel import render, rules, services
from world.oldgold_travel.errors import TravelError
from world.oldgold_travel.models import Region

HELP_CATEGORY = "Old Gold scenes"


class TravelCommand(DelverCommand):
    """Base of the travel commands (not a command players call)."""

    help_category = HELP_CATEGORY
    locks = f"cmd:all();gm:{og.GM_LOCK}"

    def room(self, outcome):
        location = self.caller.location
        if location is None:
            self.msg(outcome.text)
        else:
            location.msg_contents(outcome.text, from_obj=self.caller)

    def tell(self, outcome):
        self.msg(outcome.text)

    def names(self, text):
        people = [og.find_here(self.caller, name) for name in text.split(",") if name.strip()]
        if not people:
            raise TravelError("Name the party members, separated by commas.")
        return people


def _region_and_rest(text):
    words = (text or "").split()
    if not words:
        raise TravelError("Name the region first, like: +region/road Vale A1 B1 B2.")
    return words[0], words[1:]


class CmdRegion(TravelCommand):
    """
    Build an Old Gold region of hexes and read its map.

    Usage:
      +region [<region>]                 the map (of the journey here, or named)
      +region/list
      +region/new <name>[=<climate> <season>]
      +region/terrain <region>           roll terrain until the sheet is full
      +region/paint <region> <hex> [<hex>...]=<terrain>
      +region/road <region> <hex> <hex>...     (also /river and /edge)
      +region/town <region> <hex>=<name>       (also /village)
      +region/landmark <region> <hex>=<kind>
      +region/landmarks <region>[=<how many>]  roll landmarks
      +region/clear <region> <hex>...    remove roads, rivers and places
      +region/delete <region>

    A region is a sheet of 6 x 6 hexes, each 10 km across, built in the
    text's order: terrain (2d6 for which, 1d8 for how many hexes, repeated
    until the sheet is full), edges, rivers, a town or two, landmarks (1d6
    column, 1d6 row, 1d6 what), and roads joining the settlements. Climates:
    temperate, arid, polar, tropical; seasons: spring, summer, autumn, winter.
    Hexes are named by column letter and row: A1 is the top left.

    Building is for GMs; anyone may read a map (on the web too, at
    /oldgold/regions/).

    Examples:
      +region/new Vale=temperate autumn
      +region/terrain Vale
      +region/river Vale B1 B2 C2 C3
      +region/town Vale C3=Greyfell
      +region/road Vale C3 D3 E4
      +region/landmarks Vale=3
      +region Vale
    """

    key = "+region"
    switch_options = ("list", "new", "terrain", "paint", "road", "river", "edge", "town",
                      "village", "landmark", "landmarks", "clear", "delete")

    def func_default(self):
        name = self.args.strip()
        if name:
            self.msg(render.region_text(services.region_named(name)))
            return
        journey = services.Journey.objects.filter(room=self.caller.location).first()
        if journey is None:
            self.switch_list()
            return
        self.msg(render.region_text(journey.region, (journey.column, journey.row)))

    def switch_list(self):
        self.msg(render.regions_text(list(Region.objects.all())))

    def switch_new(self):
        name = (self.lhs or "").strip()
        if not name:
            self.refuse_usage("Name the new region.")
        words = (self.rhs or "temperate spring").split()
        climate = words[0] if words else "temperate"
        season = words[1] if len(words) > 1 else "spring"
        self.tell(services.create_region(self.caller, name, climate, season))

    def switch_terrain(self):
        self.room(services.roll_terrain(self.caller, self.args))

    def _paint(self, what, value=""):
        region, labels = _region_and_rest(self.lhs)
        self.tell(services.set_hex(self.caller, region, labels, what, value))

    def switch_paint(self):
        if not (self.rhs or "").strip():
            self.refuse_usage("Say which terrain after '='.")
        self._paint(self.rhs)

    def switch_road(self):
        self._paint("road")

    def switch_river(self):
        self._paint("river")

    def switch_edge(self):
        self._paint("edge")

    def switch_town(self):
        self._paint("town", self.rhs or "")

    def switch_village(self):
        self._paint("village", self.rhs or "")

    def switch_landmark(self):
        self._paint("landmark", self.rhs or "")

    def switch_clear(self):
        self._paint("clear")

    def switch_landmarks(self):
        count = 1
        if self.rhs:
            count = whole_number(self.rhs, 1, 36)
            if count is None:
                raise TravelError("Roll from 1 to 36 landmarks at a time.")
        self.room(services.roll_landmarks(self.caller, self.lhs, count))

    def switch_delete(self):
        self.tell(services.delete_region(self.caller, self.args))


class CmdTravel(TravelCommand):
    """
    Travel an Old Gold region hex by hex, watch by watch.

    Usage:
      +travel                        where the party is, the day and weather
      +travel <direction>[=force]    cross into the next hex: n ne se s sw nw
      +travel/forage [gather|hunt]   a watch of foraging (group check)
      +travel/camp                   make camp: a new day begins
      +travel/start <region>=<hex> for <name>, <name>...[ by <foot|mounted|ship|airship>]
      +travel/mode <foot|mounted|ship|airship>
      +travel/end

    A hex takes a watch to cross, difficult terrain (mountains, swamps,
    dense forest, a river without a bridge) two. Along a road the party
    crosses two hexes a watch, or one through difficult terrain. Ships and
    airships cover three hexes a watch (ships only on water); mounts carry
    more but are no faster. The party travels two watches a day; a third is
    a forced march and counts as a day without rest (type =force).

    In bad weather or featureless land (open sea, deep desert) the one who
    leads makes a Heart check; on a failure the party comes out in a random
    hex next to the one it meant to reach. Weather is rolled on 2d6 when the
    party sets out and again when it passes (with disadvantage in a harsh
    climate or season); away from roads and settlements the travel oracle is
    read each watch and may bring an encounter. Foraging is a group check,
    Heart to gather or Grace to hunt, for 1d4 rations.

    Starting, changing the mode and ending are for GMs; any traveller moves.

    Examples:
      +travel/start Vale=C3 for Ann, Bob
      +travel ne
      +travel s=force
      +travel/forage hunt
      +travel/camp
    """

    key = "+travel"
    switch_options = ("forage", "camp", "start", "mode", "end")

    def func_default(self):
        text = self.args.strip()
        if not text:
            journey = services.journey_here(self.caller.location)
            cell = services.hex_at(journey.region, journey.column, journey.row)
            self.msg(render.journey_text(journey, cell))
            return
        direction = (self.lhs or "").strip()
        force = (self.rhs or "").strip().lower()
        if force and force != "force":
            self.refuse_usage("After '=' only 'force' is understood (a forced march).")
        self.room(services.travel(self.caller, self.caller.location, direction,
                                  force=bool(force)))

    def switch_start(self):
        region = (self.lhs or "").strip()
        rest = (self.rhs or "").strip()
        where, _, people = rest.partition(" for ")
        people, _, mode = people.partition(" by ")
        if not region or not where.strip() or not people.strip():
            self.refuse_usage("Say the region, the hex and who travels.")
        self.room(services.start_journey(self.caller, self.caller.location, region,
                                         where.strip(), self.names(people),
                                         mode.strip() or "foot"))

    def switch_mode(self):
        self.room(services.set_mode(self.caller, self.caller.location, self.args))

    def switch_forage(self):
        self.room(services.forage(self.caller, self.caller.location,
                                  self.args.strip() or "gather"))

    def switch_camp(self):
        self.room(services.camp(self.caller, self.caller.location))

    def switch_end(self):
        self.room(services.end_journey(self.caller, self.caller.location))


class CmdEncounter(TravelCommand):
    """
    Roll a random Old Gold encounter: what, how many, how far, how it reacts.

    Usage:
      +encounter [wilderness|dungeon][=<table or monster>]
      +encounter/spawn               bring the last one in from the bestiary

    The number appearing comes from the monster's bestiary entry, the
    distance is 2d6 x 20m in the wilderness or 2d6 x 2m in a dungeon, and
    the reaction oracle (2d6) says how it meets the party. Without a table
    the terrain of the journey here chooses (open, forest, rough, wet,
    dungeon). For GMs.

    Examples:
      +encounter
      +encounter dungeon
      +encounter wilderness=forest
      +encounter wilderness=troll
      +encounter/spawn
    """

    key = "+encounter"
    switch_options = ("spawn",)

    def func_default(self):
        where = (self.lhs or "").strip().lower() or "wilderness"
        choice = (self.rhs or "").strip().lower()
        group = slug = None
        if choice in rules.ENCOUNTERS:
            group = choice
        elif choice:
            slug = choice
        self.room(services.roll_encounter(self.caller, self.caller.location, where, group,
                                          slug))

    def switch_spawn(self):
        self.room(services.spawn_encounter(self.caller, self.caller.location))


class CmdTreasure(TravelCommand):
    """
    Share out an adventure's treasure into the party's coin.

    Usage:
      +treasure <normal|difficult|brutal>[ <scene|session|long>]=<name>, <name>...

    The treasure is worth a share of the XP the party still needs for its
    next levels added together (level 10 adventurers count level 10's
    number): a quarter for a normal adventure, half for a difficult one,
    all of it for a brutal one; a scene-long adventure pays a quarter of
    that and a long one double. The gold is split evenly into each member's
    coin; when coin would need a pouch that does not fit, it comes as a sack
    of valuables (one slot). For GMs.

    Examples:
      +treasure difficult=Ann, Bob
      +treasure brutal long=Ann, Bob, Cid
    """

    key = "+treasure"

    def func_default(self):
        words = (self.lhs or "").split()
        if not words or not self.rhs:
            self.refuse_usage()
        length = words[1] if len(words) > 1 else "session"
        self.room(services.treasure(self.caller, self.names(self.rhs), words[0], length))


class OldGoldTravelCmdSet(CmdSet):
    key = "oldgold_travel"

    def at_cmdset_creation(self):
        for command in (CmdRegion, CmdTravel, CmdEncounter, CmdTreasure):
            self.add(command())
