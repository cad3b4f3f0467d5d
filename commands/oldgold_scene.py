"""
Running an Old Gold scene: `+oracle` (anyone asks the oracles), `+clock`
(the scene clock everyone reads and a GM moves), `+delve` (the GM's
delving turn) and `+light` (adventurers' torches, candles and lanterns).

Each switch parses, calls one service in `world.oldgold_scene.services`
and posts its lines: rolls and passing time to the room (every room of the
clock), views to the caller.
"""

import re

from evennia import CmdSet

from commands.oldgold import OldGoldCommand
from world.numbers import whole_number
from world.oldgold import render as og_render
from world.oldgold import services as og
from world.oldgold_scene import clock, light, rules, services
from world.oldgold_scene.errors import SceneError

HELP_CATEGORY = "Old Gold scenes"
_AMOUNT = re.compile(r"(\d+)\s*([a-z]+)")


class SceneCommand(OldGoldCommand):
    """Base of the scene commands (not a command players call)."""

    help_category = HELP_CATEGORY
    locks = f"cmd:all();gm:{og.GM_LOCK}"

    def room(self, outcome):
        """Post to every room of the clock (or just the caller's room)."""
        rooms = outcome.data.get("rooms") or [self.caller.location]
        text = og_render.wrap_text(outcome.text)
        for room in rooms:
            if room is None:
                self.msg(outcome.text)
            else:
                room.msg_contents(text, from_obj=self.caller)

    def tell(self, text):
        self.msg(text)

    def here(self):
        if self.caller.location is None:
            raise SceneError("You are nowhere; stand in a room first.")
        return self.caller.location

    def people(self, text):
        return [og.find_here(self.caller, name) for name in text.split(",") if name.strip()]


def _leaning(text):
    """'adv' / 'dis' options after '=' -> (advantage, disadvantage)."""
    words = {w.strip().lower() for w in (text or "").split(",") if w.strip()}
    unknown = words - {"adv", "advantage", "dis", "disadvantage", "likely", "unlikely"}
    if unknown:
        raise SceneError(f"'{sorted(unknown)[0]}' is not an oracle option: add =adv (or "
                         "=likely) to lean high, =dis (or =unlikely) to lean low.")
    return (bool(words & {"adv", "advantage", "likely"}),
            bool(words & {"dis", "disadvantage", "unlikely"}))


class CmdOracle(SceneCommand):
    """
    +oracle: ask Old Gold's oracles; the whole room sees the answer.

    Usage:
      +oracle <question>[=adv or dis]     yes or no, 1d6
      +oracle/d6 <column>[=adv or dis]    the solo d6 oracle
      +oracle/action                      action and theme, 1d12 twice
      +oracle/seed                        an adventure seed, 1d20 a column
      +oracle/town [dwarf or elf]         a settlement's name
      +oracle/dungeon                     a dungeon's name, 1d8 three times
      +oracle/delve                       the delving oracle, 1d6

    Anyone may ask, with or without a GM. For yes or no, frame a question
    and add =adv when a yes is probable (two dice, the higher read) or =dis
    when it is not (the lower read); 1-3 lean no, 4-6 lean yes. The d6
    oracle's columns, low to high: amount, size, difficulty, quality,
    distance, attitude; advantage leans towards the top of the column.
    Action and theme read together tell what someone does and why. The
    delving oracle here passes no time: a GM's |w+delve|n plays a whole turn.
    Every answer is kept in the scene's log and Old Gold's roll log.

    Examples:
      +oracle Is the bridge sound?=adv
      +oracle/d6 amount=dis
      +oracle/action
      +oracle/town dwarf
      +oracle/dungeon
    """

    key = "+oracle"
    aliases = ["+ask"]
    switch_options = ("yesno", "d6", "action", "seed", "town", "dungeon", "delve")

    def func_default(self):
        self.switch_yesno()

    def ask(self, kind, **options):
        self.room(services.consult(self.caller, kind, **options))

    def switch_yesno(self):
        question = " ".join((self.lhs or "").split())[:80]
        advantage, disadvantage = _leaning(self.rhs)
        self.ask("yesno", question=question, advantage=advantage, disadvantage=disadvantage)

    def switch_d6(self):
        if not (self.lhs or "").strip():
            self.refuse_usage("Name a column: +oracle/d6 size (amount, size, difficulty, "
                              "quality, distance or attitude).")
        advantage, disadvantage = _leaning(self.rhs)
        self.ask("d6", column=self.lhs, advantage=advantage, disadvantage=disadvantage)

    def switch_action(self):
        self.ask("action")

    def switch_seed(self):
        self.ask("seed")

    def switch_town(self):
        kin = self.args.strip().lower()
        kin = {"dwarves": "dwarf", "dwarven": "dwarf", "elves": "elf", "elven": "elf"}.get(
            kin, kin)
        self.ask("settlement", kin=kin)

    def switch_dungeon(self):
        self.ask("dungeon")

    def switch_delve(self):
        self.ask("delving")


def parse_amounts(text):
    """'2 turns, 1 watch' -> {'turns': 2, 'watches': 1, ...} in rounds' units."""
    text = (text or "").strip().lower()
    found = _AMOUNT.findall(text)
    leftover = _AMOUNT.sub("", text).replace(",", " ").replace("and", " ").strip()
    if not found or leftover:
        raise SceneError("Say how much time passes, like +clock/advance 2 turns or "
                         "+clock/advance 1 watch, 3 turns.")
    total = 0
    for number, word in found:
        count = whole_number(number, 0, 100_000)
        if count is None:
            raise SceneError(f"'{number}' is too large a number of {word}.")
        total += count * rules.UNIT_ROUNDS[clock.unit_named(word)]
    return total


class CmdClock(SceneCommand):
    """
    +clock: read the scene clock, or (GM) start and move it.

    Usage:
      +clock                              the time here
      +clock/start [<name>][=<season>]    start a clock here, or join one
      +clock/advance <amount> <unit>[, <amount> <unit>]
      +clock/rest [<name>, <name>...]     the party sleeps a watch
      +clock/deprive <name>, +clock/feed <name>
      +clock/sleepless <name>, +clock/slept <name>
      +clock/stop                         this room stops following it

    Old Gold counts time as 6 rounds a minute, 10 minutes a turn, 6 turns
    an hour and 4 watches a day (night, morning, afternoon, evening); a
    month is 4 weeks, and 3 months make each of the 4 seasons. A clock
    may run for one room or for a whole delve: give it a name and start it
    in each room the party reaches (+clock/start Barrow). A new clock
    begins on the morning of day 1, in spring unless a season is given.

    Moving the clock burns the lights the adventurers in its rooms carry
    (|whelp +light|n) and runs down timed conditions (an hour asleep).
    Each new day checks who went without rest (they roll at disadvantage
    until they rest) and rolls a death roll for anyone marked deprived of
    food or water. At the start of each watch, anyone marked sleepless
    falls asleep on a 1 in 6, for 1d4 watches; sleeping them out, or a
    rest, ends it. +clock/rest rests everyone here (or those named) by the
    usual rules (a ration, 1d6 HP, once a day) and then a watch passes.
    Anyone may read the clock; the rest is for GMs.

    Examples:
      +clock
      +clock/start Barrow delve=autumn
      +clock/advance 3 turns
      +clock/advance 1 watch, 2 turns
      +clock/rest
      +clock/deprive Ann
      +clock/sleepless Bob
    """

    key = "+clock"
    aliases = ["+time"]
    switch_options = ("start", "advance", "rest", "deprive", "feed", "sleepless", "slept",
                      "stop")
    switch_locks = dict.fromkeys(switch_options, "gm")

    def func_default(self):
        self.tell(services.clock_text(self.here()))

    def switch_start(self):
        name = (self.lhs or "").strip() or None
        season = (self.rhs or "").strip().lower() or None
        self.room(services.start_clock(self.caller, self.here(), name, season))

    def switch_advance(self):
        rounds = parse_amounts(self.args)
        self.room(services.advance_time(self.caller, self.here(), rounds=rounds))

    def switch_rest(self):
        people = self.people(self.args) if self.args.strip() else None
        self.room(services.rest_watch(self.caller, self.here(), people))

    def mark(self, mark, on, example):
        if not self.args.strip():
            self.refuse_usage(f"Name the adventurer: {example}.")
        who = og.find_here(self.caller, self.args)
        self.room(services.set_mark(self.caller, self.here(), who, mark, on))

    def switch_deprive(self):
        self.mark("deprived", True, "+clock/deprive Ann")

    def switch_feed(self):
        self.mark("deprived", False, "+clock/feed Ann")

    def switch_sleepless(self):
        self.mark("sleepless", True, "+clock/sleepless Ann")

    def switch_slept(self):
        self.mark("sleepless", False, "+clock/slept Ann")

    def switch_stop(self):
        self.room(services.stop_clock(self.caller, self.here()))


class CmdDelve(SceneCommand):
    """
    +delve: the GM's delving turn; a turn passes and the delving oracle speaks.

    Usage:
      +delve [<turns>]        a turn (or up to 6) with the delving oracle
      +delve/walk [<turns>]   turns that pass without the oracle

    In a dungeon the party moves about one room a turn, sounding floors,
    listening and mapping as it goes. Each +delve moves the scene clock on
    a turn (the party's lights burn) and, when the party lingers in danger
    or goes back the way it came, reads the delving oracle (1d6): a
    wandering creature (rolled on the dungeon encounter table, with its
    numbers, its distance and its mood), a sign of one, a draught that costs
    every flame a dot, a shift in the place, or a quiet turn. Use
    +delve/walk for turns spent pressing on into new rooms. The room needs
    a clock (|w+clock/start|n).

    Examples:
      +delve
      +delve 3
      +delve/walk
    """

    key = "+delve"
    switch_options = ("walk",)
    switch_locks = {"": "gm", "walk": "gm"}  # the bare +delve too

    def turns(self):
        text = self.args.strip()
        if not text:
            return 1
        turns = whole_number(text, 1, rules.MAX_DELVE_TURNS)
        if turns is None:
            self.refuse_usage(f"Give 1 to {rules.MAX_DELVE_TURNS} turns, like +delve 2.")
        return turns

    def func_default(self):
        self.room(services.delve(self.caller, self.here(), self.turns()))

    def switch_walk(self):
        self.room(services.delve(self.caller, self.here(), self.turns(), oracle=False))


class CmdLight(SceneCommand):
    """
    +light: light, put out and refill torches, candles, lanterns, magic lights.

    Usage:
      +light                  who carries light here, and how long it lasts
      +light <item>           light one you carry
      +light/out <item>       put it out (it keeps what it burned)
      +light/fill <lantern>   pour in lantern oil: its dots clear
      +light/pray [<undead or fiend>, ...]   the Light prayer from your relic
      +light/give <name>=<magic light>       (GM) hand over a magic light

    A lit light marks one usage dot for each full period it burns as the
    scene clock runs: a torch or a candle an hour a dot, a lantern a watch.
    A torch has 3 dots and a candle 1; when the last is marked, it burns
    away and goes dark. A lantern (3 dots) goes dark dry and waits for oil.
    Without light a creature moves at half Speed, is surprised by every
    encounter, sets off every trap, cannot map and makes every check at
    disadvantage. Buy lights with |w+og/buy torch|n.

    Magic lights spend a dot each time they are lit and then burn for an
    hour; their dots come back when you rest, and no draught puts them
    out. A flaming blade (3 dots) lights 4m and adds 1d4 to each strike
    while it burns; a shadow lantern (1 dot) shows, in its glow, shadows
    of what happened there in the past day. The Light prayer (cast as
    |w+og/cast|n would, a relic in hand) shines Heart Bonus x 4 metres
    around you for an hour of the clock, and the undead and fiends here
    (or those you name) check morale.

    Examples:
      +light torch
      +light
      +light/out lantern
      +light/fill lantern
      +light/pray
      +light/give Ann=flaming blade
      +light flaming blade
    """

    key = "+light"
    switch_options = ("out", "fill", "pray", "give")
    switch_locks = {"give": "gm"}

    def func_default(self):
        if not self.args.strip():
            self.tell(light.lights_text(self.here()))
            return
        self.room(services.light_up(self.caller, self.args))

    def switch_out(self):
        if not self.args.strip():
            self.refuse_usage("Name the light: +light/out torch.")
        self.room(services.put_out(self.caller, self.args))

    def switch_fill(self):
        self.room(services.refill(self.caller, self.args or "lantern"))

    def switch_pray(self):
        self.room(services.pray_for_light(self.caller, self.people(self.args)))

    def switch_give(self):
        if not (self.lhs or "").strip() or not (self.rhs or "").strip():
            self.refuse_usage("Name who and which: +light/give Ann=flaming blade.")
        who = og.find_here(self.caller, self.lhs)
        self.room(services.give_magic_light(self.caller, who, self.rhs))


class OldGoldSceneCmdSet(CmdSet):
    key = "oldgold_scene"

    def at_cmdset_creation(self):
        for command in (CmdOracle, CmdClock, CmdDelve, CmdLight):
            self.add(command())
