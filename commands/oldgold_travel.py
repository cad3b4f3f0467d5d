"""
Old Gold's world outside the dungeon: `+region` (a GM builds a region of
hexes and anyone reads its map), `+travel` (the party crosses it watch by
watch), `+encounter`, `+treasure`, and the followers and holdings of
`+hire`, `+war`, `+stronghold` and `+living`.

Each switch parses, calls one service in `world.oldgold_travel.services`
and posts its lines: rolls and moves to the room, maps and lists to the caller.
"""

import textwrap

from evennia import CmdSet

from commands.command import DelverCommand
from world.numbers import whole_number
from world.oldgold import services as og
from world.oldgold_travel import holdings, render, rules, services
from world.oldgold_travel.errors import TravelError
from world.oldgold_travel.models import Region

HELP_CATEGORY = "Old Gold scenes"


class TravelCommand(DelverCommand):
    """Base of the travel commands (not a command players call)."""

    help_category = HELP_CATEGORY
    locks = f"cmd:all();gm:{og.GM_LOCK}"

    def msg(self, text=None, **kwargs):
        if isinstance(text, str):
            text = _wrapped(text.split("\n"))
        super().msg(text, **kwargs)

    def room(self, outcome):
        location = self.caller.location
        if location is None:
            self.msg(outcome.text)
        else:
            location.msg_contents(_wrapped(outcome.lines), from_obj=self.caller)

    def tell(self, outcome):
        self.msg(outcome.text)

    def names(self, text):
        people = [og.find_here(self.caller, name) for name in text.split(",") if name.strip()]
        if not people:
            raise TravelError("Name the party members, separated by commas.")
        return people


def _wrapped(lines, width=78):
    """Long result lines folded to the width, continuations indented."""
    out = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line, width, subsequent_indent=indent + "  ") or [""]
    return "\n".join(out)


def _region_and_rest(text):
    words = (text or "").split()
    if not words:
        raise TravelError("Name the region first, like: +region/road Vale A1 B1 B2.")
    return words[0], words[1:]


class CmdRegion(TravelCommand):
    """
    +region: build an Old Gold region of hexes and read its map.

    Usage:
      +region [<region>]                 the map (the journey's, or named)
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
        journey = services.Journey.objects.filter(room=self.caller.location).first()
        region = services.region_named(name) if name else getattr(journey, "region", None)
        if region is None:
            self.switch_list()
            return
        here = None
        if journey is not None and journey.region_id == region.id:
            here = (journey.column, journey.row)
        self.msg(render.region_text(region, here))

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
    +travel: cross an Old Gold region hex by hex, watch by watch.

    Usage:
      +travel                        where the party is, the day and weather
      +travel <direction>[=force]    cross into the next hex: n ne se s sw nw
      +travel/forage [gather or hunt]   a watch of foraging (group check)
      +travel/explore                a watch searching this hex
      +travel/camp                   make camp, rest, and begin a new day
      +travel/start <region>=<hex> for <name>, <name>...[ by <mode>]
      +travel/mode <mode>            foot, mounted, ship or airship
      +travel/end

    A hex takes a watch to cross, difficult terrain (mountains, swamps,
    dense forest, a river without a bridge) two. Along a road the party
    crosses two hexes a watch, or one through difficult terrain. Ships and
    airships cover three hexes a watch (ships only on water) and need a
    hired crew; mounts carry more but are no faster. The party travels two
    watches a day. Pushing on for a third watch (type =force) wears them
    as much as a whole day spent without rest. Making camp ends the day:
    each traveller rests on a ration (1d6 HP); whoever cannot goes into
    the new day without rest.

    In bad weather or featureless land (open sea, deep desert) the one who
    leads makes a Heart check; on a failure the party comes out in a random
    hex next to the one it meant to reach. Weather is rolled on 2d6 when the
    party sets out and again when it passes (at disadvantage where the
    climate or the season is harsh); away from roads and settlements the
    travel oracle is read each watch and may bring an encounter. Foraging is
    a group check, Heart to gather or Grace to hunt, each traveller rolling
    their own part (+og/part), for 1d4 rations. Exploring a hex for a watch
    finds what it hides (ruins, lairs, overgrown paths).

    Starting, changing the mode and ending are for GMs; any traveller moves.

    Examples:
      +travel/start Vale=C3 for Ann, Bob
      +travel ne
      +travel s=force
      +travel/forage hunt
      +travel/camp
    """

    key = "+travel"
    switch_options = ("forage", "explore", "camp", "start", "mode", "end")

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

    def switch_explore(self):
        self.room(services.explore(self.caller, self.caller.location))

    def switch_camp(self):
        self.room(services.camp(self.caller, self.caller.location))

    def switch_end(self):
        self.room(services.end_journey(self.caller, self.caller.location))


class CmdEncounter(TravelCommand):
    """
    +encounter: what the party meets, how many, how far, and how it reacts.

    Usage:
      +encounter [wilderness or dungeon][=<table or monster>]
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
    +treasure: share out an adventure's treasure into the party's coin.

    Usage:
      +treasure <difficulty>[ <length>]=<name>, <name>...

    The treasure is worth a share of the XP the party still needs for its
    next levels added together (level 10 adventurers count level 10's
    number): a quarter for a normal adventure, half for a difficult one,
    all of it for a brutal one; a scene-long adventure pays a quarter of
    that and a long one double. The gold is split evenly into each member's
    coin; when coin would need a pouch that does not fit, it comes as a sack
    of valuables (one slot). For GMs.

    Difficulty is normal, difficult or brutal; length is scene, session
    (the usual) or long.

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


def _number(text, low, high, what):
    value = whole_number((text or "").strip(), low, high)
    if value is None:
        raise TravelError(f"Give {what} as a whole number from {low} to {high}.")
    return value


class CmdHire(TravelCommand):
    """
    +hire: recruit and keep hirelings, mercenaries and companions.

    Usage:
      +hire                          your followers
      +hire/list                     kinds, wages, and who is willing here
      +hire <kind>[=<name>]          hire one (the first day is paid at once)
      +hire/pay <days>               pay every follower's wages for that long
      +hire/dismiss <name>
      +hire/avail <village, town or city>    GM: who is willing here
      +hire/companion <character>=<name> <level>   GM: a companion joins
      +hire/morale <character>=<name>        GM: the follower's morale check
      +hire/loyalty <character>=<name> <+n or -n>  GM: loyalty shifts morale

    Hirelings (common 10 gp a day, skilled 20, expert 40) come along below
    ground but keep out of fights and danger. Mercenaries (swordsmen and
    archers, 30 gp a day) do the fighting, above ground only. How many are
    willing depends on the settlement's size and changes monthly.
    Companions are made like adventurers, take an equal share of treasure,
    follow only a higher-level adventurer and never check morale. A morale
    check is 2d6: over the follower's morale (plus loyalty), they break.

    Examples:
      +hire/list
      +hire common=Pim
      +hire swordsman=Brand
      +hire/pay 3
      +hire/avail town
      +hire/morale Ann=Pim
    """

    key = "+hire"
    switch_options = ("list", "pay", "dismiss", "avail", "companion", "morale", "loyalty")

    def func_default(self):
        if not self.args.strip():
            self.msg(holdings.followers_text(self.caller))
            return
        self.room(holdings.hire(self.caller, self.caller.location, self.lhs, self.rhs))

    def switch_list(self):
        self.msg(holdings.recruits_text(self.caller.location))

    def switch_pay(self):
        self.room(holdings.pay_wages(self.caller, _number(self.args, 1, rules.MAX_DAYS,
                                                          "the days")))

    def switch_dismiss(self):
        self.room(holdings.dismiss(self.caller, self.args))

    def switch_avail(self):
        self.room(holdings.roll_availability(self.caller, self.caller.location, self.args))

    def _follower_args(self):
        if not self.rhs:
            self.refuse_usage("Say whose follower and which: <character>=<name>.")
        return og.find_here(self.caller, self.lhs), self.rhs.strip()

    def switch_companion(self):
        who, rest = self._follower_args()
        name, _, level = rest.rpartition(" ")
        self.room(holdings.add_companion(self.caller, who, name,
                                         _number(level, 1, 10, "the companion's level")))

    def switch_morale(self):
        who, name = self._follower_args()
        self.room(holdings.follower_morale(self.caller, who, name))

    def switch_loyalty(self):
        who, rest = self._follower_args()
        name, _, change = rest.rpartition(" ")
        value = whole_number(change, -5, 5, signed=True)
        if value is None:
            raise TravelError("Give the loyalty change as a number from -5 to +5.")
        self.room(holdings.set_loyalty(self.caller, who, name, value))


class CmdWar(TravelCommand):
    """
    +war: fight a mass battle between two armies, round by round.

    Usage:
      +war                                    the battle here
      +war/start <side> <units>[ led by <name>]=<side> <units>[ led by ...]
      +war/round <side>[=adv or dis]          that side makes the check
      +war/withdraw <side>
      +war/end

    A unit adds 1 power and its upkeep is 100,000 gp a month; one unit is
    200 untrained foot, 100 archers, 25 cavalry, 5 battle clerics or a
    single archmage. Each round one side checks d20 + its power against 10 +
    the other side's power (with advantage for a clear edge, disadvantage
    when badly outmatched). The loser of the round loses 10% of its starting
    strength, 20% when the margin was 10 or more, then tests its morale: 2d6
    against 10 minus the rounds it has lost. The battle ends when a side
    breaks, is destroyed or withdraws. A named commander's Heart check
    (against 12) can rally their side once, after its first failed morale
    check. For GMs.

    Examples:
      +war/start Greyfell 6 led by Ann=Raiders 4
      +war/round Greyfell=adv
      +war/round Raiders
    """

    key = "+war"
    switch_options = ("start", "round", "withdraw", "end")

    def func_default(self):
        self.msg(holdings.battle_text(holdings.battle_here(self.caller.location)))

    def _side(self, text):
        text = (text or "").strip()
        text, _, leader = text.partition(" led by ")
        name, _, units = text.rpartition(" ")
        commander = og.find_here(self.caller, leader) if leader.strip() else None
        return name.strip(), _number(units, 1, rules.MAX_UNITS, "the units"), commander

    def switch_start(self):
        if not self.rhs:
            self.refuse_usage("Give both sides: <side> <units>=<side> <units>.")
        self.room(holdings.start_battle(self.caller, self.caller.location,
                                        self._side(self.lhs), self._side(self.rhs)))

    def switch_round(self):
        mode = (self.rhs or "").strip().lower()
        if mode not in ("", "adv", "dis"):
            self.refuse_usage("After '=' give adv or dis.")
        self.room(holdings.battle_round(self.caller, self.caller.location, self.lhs,
                                        advantage=mode == "adv", disadvantage=mode == "dis"))

    def switch_withdraw(self):
        self.room(holdings.withdraw(self.caller, self.caller.location, self.args))

    def switch_end(self):
        self.room(holdings.end_battle(self.caller, self.caller.location))


class CmdStronghold(TravelCommand):
    """
    +stronghold: build, rent and run strongholds, shops and other holdings.

    Usage:
      +stronghold                     what you are building
      +stronghold/list                buildings, costs, times and rents
      +stronghold/build <building>[=<name>][/land]
      +stronghold/work <character>=<name> <days>     GM: days of work pass
      +stronghold/profit <character>=<investment>    GM: a year's profit

    New construction costs 150% of a building's listed cost (materials and
    labour, not land) and takes its listed time; add /land after the name
    to buy a plot in a settlement for 20% more. Renting a whole building
    costs 1% of its cost a month. A smoothly run business earns 2d6% of its
    investment a year.

    Examples:
      +stronghold/list
      +stronghold/build watchtower=Greywatch
      +stronghold/build shop=The Copper Pot/land
      +stronghold/work Ann=Greywatch 30
    """

    key = "+stronghold"
    switch_options = ("list", "build", "work", "profit")

    def func_default(self):
        self.msg(holdings.constructions_text(self.caller))

    def switch_list(self):
        self.msg(holdings.buildings_text())

    def switch_build(self):
        name = (self.rhs or "").strip()
        land = name.lower().endswith("/land")
        if land:
            name = name[:-5]
        self.room(holdings.build(self.caller, self.lhs, name, buy_land=land))

    def switch_work(self):
        if not self.rhs:
            self.refuse_usage()
        who = og.find_here(self.caller, self.lhs)
        name, _, days = self.rhs.strip().rpartition(" ")
        self.room(holdings.work_days(self.caller, who, name,
                                     _number(days, 1, rules.MAX_DAYS, "the days")))

    def switch_profit(self):
        if not self.rhs:
            self.refuse_usage()
        who = og.find_here(self.caller, self.lhs)
        self.room(holdings.business_profit(self.caller, who,
                                           _number(self.rhs, 1, 10**9, "the investment")))


class CmdLiving(TravelCommand):
    """
    +living: pay the cost of living at a standard you choose.

    Usage:
      +living                         the standards and their prices
      +living <standard>[=<days>]     lodging and meals, paid from your coin
      +living/home <standard>[=<days>]   meals only: you have a home

    Someone who owns no house buys a bed each night on top of the day's
    food and drink. Standards: poor, modest, comfortable, wealthy,
    lavish.

    Examples:
      +living modest=7
      +living/home comfortable=30
    """

    key = "+living"
    switch_options = ("home",)

    def func_default(self):
        if not self.args.strip():
            self.msg(holdings.living_text())
            return
        self._live(at_home=False)

    def switch_home(self):
        self._live(at_home=True)

    def _live(self, at_home):
        days = _number(self.rhs, 1, rules.MAX_DAYS, "the days") if self.rhs else 1
        self.room(holdings.live(self.caller, self.lhs, days, at_home=at_home))


class OldGoldTravelCmdSet(CmdSet):
    key = "oldgold_travel"

    def at_cmdset_creation(self):
        for command in (CmdRegion, CmdTravel, CmdEncounter, CmdTreasure, CmdHire, CmdWar,
                        CmdStronghold, CmdLiving):
            self.add(command())
