"""
Goldengrave commands: `+gg` (players: PCs, companies, Supply, Sway, Glory,
the company's choices, maps), `+ggdungeon` (a GM builds a dungeon out of
rooms, monsters, traps and treasures) and `+ggm` (a GM runs the scene:
damage rolls, attacks, Sway prices, skill checks, nights in town, wars).

Each switch parses its input, calls one service in `world.goldengrave` and
shows the render. What changes the company goes to everyone in the room, so
the whole table sees the same dice.
"""

import re

from evennia import CmdSet, create_object
from evennia.utils.utils import inherits_from

from commands.command import DelverCommand
from world import access
from world.goldengrave import digging, exploring, render, rules, services
from world.goldengrave.errors import GoldengraveError
from world.goldengrave.help import with_numbers
from world.numbers import whole_number
from world.words import possessive

HELP_CATEGORY = "Goldengrave commands"
_FOR_COMPANY = re.compile(r"\s+@\s*([^=@]+?)\s*$")


def find_character(caller, name):
    return access.find_character(caller, name, anywhere=True, error=GoldengraveError)

def _announce(caller, text):
    """To everyone in the caller's room (the whole table sees the dice)."""
    if not text:
        return
    text = render.fit(text)
    if caller.location is not None:
        caller.location.msg_contents(text)
    else:
        caller.msg(text)


class _GoldengraveCommand(DelverCommand):
    help_category = HELP_CATEGORY

    def parse(self):
        # '... @The Lanterns' names the company a GM (or a player) means.
        self.typed = self.args or ""  # as typed, for text kept exactly (a map line)
        self.company_name = None
        match = _FOR_COMPANY.search(self.args or "")
        if match:
            self.company_name = match.group(1)
            self.args = self.args[: match.start()]
        super().parse()

    def msg(self, text=None, **kwargs):
        """What the caller reads, wrapped to 78 columns."""
        super().msg(render.fit(text), **kwargs)

    def require_gm(self):
        """GM switches: staff pass the `gm` lock type, and so does anyone who
        runs a dungeon (each service then checks they run the company or room
        in question)."""
        if not self.access(self.caller, "gm") and not services.runs_a_dungeon(self.caller):
            raise GoldengraveError(
                f"{self.key} is for the GM: staff, or a player who made a dungeon "
                "(|w+ggdungeon/new <name>|n makes one)."
            )

    def require_room_gm(self):
        """Monsters and traps: staff, or the GM of the dungeon room the caller stands in."""
        self.require_gm()
        services.require_room_gm(self.caller, self.caller.location)


class CmdGoldengrave(_GoldengraveCommand):
    __doc__ = with_numbers("""
    Play Goldengrave: your PC, your company, and what the company does.

    Usage:
      +gg
      +gg/new
      +gg/traits <physique> <personality> <flaw>
      +gg/name [<a name of your own>]
      +gg/sheet
      +gg/found <company>=<stamina>,<supply>,<sway>
      +gg/join <company>
      +gg/leave
      +gg/company [<company>]
      +gg/companies
      +gg/summon <item>=<basic||common||unusual||specialist>
      +gg/items
      +gg/pay [@<company>]
      +gg/refuse
      +gg/fight [<how you fight>]
      +gg/tactic <your clever idea>
      +gg/retreat [war]
      +gg/pace <cautious||quick||auto>
      +gg/glory <stamina||supply||sway||army>[=<points>]
      +gg/map
      +gg/mapnote [<a line of your own map>||clear]
      +gg/log

    /new rolls your PC: two sparks (where from, what they were), three
    trait dice you place as physique, personality and flaw (not the same
    number on personality and flaw; triples are rolled again), and a name
    from your region's column (Bittermarch and Elsewhere use columns of
    our own). Roll /name again as often as you like, or give your own.

    A company (your party) has Stamina, Supply and Sway, each {base} plus the
    points put in at /found: split exactly {points} points. Others /join it.
    Only members (and staff) see its sheet with /company.

    /summon pulls out an item the company had all along: basic items are
    free, common cost {common} Supply, unusual {unusual}, specialist {specialist} (/items lists the
    usual ones; the GM may allow anything). When the GM sets a Sway price,
    /pay it or /refuse. In a fight the company chooses: /fight (and how),
    a /tactic, or /retreat to town. /glory spends 1 Glory per point on a
    stat's maximum (never above {cap}) or on Army. /map shows what your
    difficulty allows; in a Hard dungeon the company's mapper draws its
    own, a line at a time, with /mapnote (everyone in it reads it with
    /map). See |whelp goldengrave|n for a first delve.

    A knocked-out PC cannot /summon, /pay, /refuse, /fight, try a
    /tactic, /retreat, set the /pace or walk anywhere until the danger is
    past; the others can. A company brought to 0 Stamina is sent to town
    and must rest there (the GM's |w+ggm/night|n) before it fights or goes
    into a dungeon again.

    Examples:
      +gg/new
      +gg/traits 4 6 1
      +gg/found The Lanterns=4,2,0
      +gg/join The Lanterns
      +gg/summon crowbar=common
      +gg/fight with fire from the lantern oil
      +gg/pay
      +gg/glory stamina=2
      +gg/pace quick
    """)

    key = "+gg"
    aliases = ["gg"]
    switch_options = (
        "new", "traits", "name", "sheet", "found", "join", "leave", "company", "companies",
        "summon", "items", "pay", "refuse", "fight", "tactic", "retreat", "pace", "glory",
        "map", "mapnote", "log",
    )
    locks = "cmd:all()"

    def func_default(self):
        sheet = services.living_sheet(self.caller)
        text = render.sheet(sheet)
        if sheet.company is not None:
            text += "\n" + render.company(services.view_of(sheet.company))
        self.msg(text)

    def switch_new(self):
        report = services.new_pc(self.caller)
        self.msg(render.new_pc(report))
        if report.rejoined is not None and self.caller.location is not None:
            self.caller.location.msg_contents(
                f"{render.TAG} {report.sheet.name} ({self.caller.key}) joins "
                f"{report.rejoined.name}.", exclude=[self.caller])

    def switch_traits(self):
        values = [whole_number(word, 1, 6) for word in self.args.replace(",", " ").split()]
        if len(values) != 3 or None in values:
            self.refuse_usage("Give three dice: physique, personality, flaw, e.g. +gg/traits 4 6 1.")
        sheet, traits = services.assign_traits(self.caller, *values)
        self.msg(f"{render.TAG} {sheet.name} is {traits.render()}.")

    def switch_name(self):
        if self.args.strip():
            sheet = services.choose_name(self.caller, self.args)
            self.msg(f"{render.TAG} Your PC is now called {sheet.name}.")
        else:
            sheet, name = services.reroll_name(self.caller)
            self.msg(render.name_rolled(name))

    def switch_sheet(self):
        target = self.caller
        if self.args.strip() and services.is_staff(self.caller):
            target = find_character(self.caller, self.args)
        self.msg(render.sheet(services.sheet_for_viewing(self.caller, target)))

    def switch_found(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the company and split 6 points, e.g. The Lanterns=4,2,0.")
        company = services.found_company(self.caller, self.lhs, services.parse_points(self.rhs))
        _announce(self.caller, f"{render.TAG} {self.caller.key} founds {company.name}.")
        self.msg(render.company(services.view_of(company)))

    def switch_join(self):
        if not self.args.strip():
            self.refuse_usage("Name the company to join (+gg/companies lists them).")
        company = services.join_company(self.caller, self.args)
        _announce(self.caller, f"{render.TAG} {self.caller.key} joins {company.name}.")

    def switch_leave(self):
        company = services.leave_company(self.caller)
        self.msg(f"{render.TAG} You leave {company.name}.")

    def switch_company(self):
        name = self.args.strip() or self.company_name
        self.msg(render.company(services.company_for_viewing(self.caller, name)))

    def switch_companies(self):
        self.msg(render.companies(services.companies_listed()))

    def switch_summon(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the item and its tier, e.g. +gg/summon crowbar=common.")
        tier = services.tier_named(self.rhs)
        report = services.summon(self.caller, self.lhs, tier, self.company_name)
        _announce(self.caller, render.summoned(report))

    def switch_items(self):
        self.msg(render.supply_tiers())

    def switch_pay(self):
        self._sway(True)

    def switch_refuse(self):
        self._sway(False)

    def _sway(self, pay):
        named = self.args.strip() or self.company_name
        _announce(self.caller, render.sway_answer(services.answer_sway(self.caller, pay, named)))

    def switch_fight(self):
        _announce(self.caller, render.choice(services.choose(self.caller, "fight", self.args.strip())))

    def switch_tactic(self):
        if not self.args.strip():
            self.refuse_usage("Say what the clever tactic is.")
        _announce(self.caller, render.choice(services.choose(self.caller, "tactic", self.args.strip())))

    def switch_retreat(self):
        if self.args.strip().lower() == "war":
            _announce(self.caller, render.war(services.war_retreat(self.caller)))
            return
        room = self.caller.location
        report = services.choose(self.caller, "retreat")
        if room is not None and room != self.caller.location:
            room.msg_contents(render.choice(report))
        _announce(self.caller, render.choice(report))

    def switch_pace(self):
        company = services.set_pace(self.caller, self.args)
        how = rules.PACE_WORDS.get(company.pace, "cautiously in new rooms, quickly in known ones")
        _announce(self.caller, f"{render.TAG} {company.name} now moves {how}.")

    def switch_glory(self):
        stat = services.stat_named(self.lhs)
        amount = 1
        if self.rhs:
            amount = whole_number(self.rhs, 1, rules.STAT_CAP)
            if amount is None:
                self.refuse_usage(f"Spend 1 to {rules.STAT_CAP} Glory at a time.")
        company, before = services.spend_glory(self.caller, stat, amount, self.company_name)
        _announce(self.caller, render.glory_spent(company, stat, before))

    def switch_map(self):
        company = services.my_company(self.caller)
        dungeon = services.dungeon_of_company(company)
        if dungeon is None:
            raise GoldengraveError("Your company has entered no dungeon yet: no map to show.")
        self.msg(render.map_view(exploring.map_for(dungeon, company)))

    def switch_mapnote(self):
        # The line as typed after the switch and one space: a map keeps its
        # indentation, and an "@" in it names no company.
        line = re.sub(r"^\s*/\S*\s?", "", self.typed).rstrip("\r\n")
        if not line.strip():
            company = services.my_company(self.caller)
        else:
            company = services.write_map_note(self.caller, line)
        self.msg(render.map_note(company))

    def switch_log(self):
        company = services.my_company(self.caller)
        self.msg(render.log(services.recent_rolls(company=company)))


class CmdGoldengraveDungeon(_GoldengraveCommand):
    __doc__ = with_numbers("""
    Build a Goldengrave dungeon out of real rooms (for the GM).

    Usage:
      +ggdungeon/new <name>[=<easy||normal||hard>]
      +ggdungeon/dig <room>=<way there>,<way back>[,<dungeon>]
      +ggdungeon/teardown <dungeon>
      +ggdungeon/room [<dungeon>]
      +ggdungeon/star
      +ggdungeon/unstar
      +ggdungeon/town [<dungeon>]
      +ggdungeon/difficulty <easy||normal||hard>[=<dungeon>]
      +ggdungeon/treasure <object>[=main]
      +ggdungeon/info [<dungeon>]
      +ggdungeon/monster <name>=<power>[,<temper>]
      +ggdungeon/trap <name>=<power>
      +ggdungeon/vulnerable <monster>=<word>[,<word>...]
      +ggdungeon/immune <monster>=<word>[,<word>...]
      +ggdungeon/onko <monster or trap>=<note>
      +ggdungeon/onkill <monster or trap>=<note>
      +ggdungeon/desire <monster>[=<twice or your own words>]
      +ggdungeon/wander <monster>
      +ggdungeon/group <monster>,<monster>[,...][=<group name>]
      +ggdungeon/look <monster or trap>

    Anyone may start a dungeon and be its GM (staff are GMs everywhere).
    Stand in the room that is the dungeon's town for /new; walk to each
    dungeon room and /room it (numbered in order), /star about a third
    for wandering monsters. Rooms are yours to mark if you built them.
    The dungeon's name can be left out when you run only one.

    /dig builds a room for you: a new room, yours and already a room of
    the dungeon, with a way there from where you stand and a way back
    (add short forms after a ;). Dig the first from the town, once: it
    is the way in. Dig the others from rooms you dug. A player digs only
    while running a scene (|w+scene/start <title>|n in the town), and only
    from a town of their own, the game's starting room, or a room staff
    opened (|wlock here = {dig_lock}:all()|n). A way may not take the name of
    a command or of another way out of the room. A dungeon has {dig_rooms} dug
    rooms at most; a player digs {dig_dungeons} dungeons at most at a time.
    Dug rooms stay for revisits until /teardown removes the dungeon with
    every room and way dug for it and what lies in them: monsters, traps,
    and treasures nobody carried out (give each company in it its night
    in town first).
    /treasure marks an object in a dungeon room as a side treasure, or
    the main one with =main; if nothing here has that name, it makes one
    ({treasures} treasures at most per dungeon).

    Difficulty is the map players get: easy, the whole map unlabelled;
    normal, rooms appear as the company enters them; hard, no map at all.

    Monsters have Power (and start with it), things they are vulnerable
    or immune to (words matched against how the company attacks), a
    temper, On KO and On Kill notes shown to you when they trigger, and a
    desire (/desire rolls one, /desire =twice rolls two to choose from).
    A temper is craven, normal, iron-willed or mindless.
    Builders may also |wspawn|n the prototypes, by Power: gg_reedling (1),
    gg_crypt_rats (2), gg_cobblemaw (3, the text's own), gg_ash_hound (3),
    gg_cellar_wight (4), gg_bone_choir (5), gg_rust_knight (6),
    gg_mire_mother (7), gg_lantern_eater (8), gg_gilded_warden (10); traps
    gg_dart_trap (2) and gg_swinging_blade (3). /look shows the GM's notes.

    Examples:
      +ggdungeon/new The Drowned Chapel=normal
      +ggdungeon/dig Chapel Porch=chapel,out
      +ggdungeon/dig Flooded Nave=north;n,south;s
      +ggdungeon/teardown The Drowned Chapel
      +ggdungeon/room The Drowned Chapel
      +ggdungeon/star
      +ggdungeon/treasure silver reliquary=main
      +ggdungeon/monster Cellar Wight=3,iron-willed
      +ggdungeon/vulnerable Cellar Wight=fire,silver
      +ggdungeon/onko Cellar Wight=It drags the fallen PC into the dark.
      +ggdungeon/trap Swinging Blade=2
    """)

    key = "+ggdungeon"
    aliases = ["ggdungeon"]
    switch_options = (
        "new", "dig", "teardown", "room", "star", "unstar", "town", "difficulty", "treasure", "info",
        "monster", "trap", "vulnerable", "immune", "onko", "onkill", "desire", "wander",
        "group", "look",
    )
    locks = "cmd:all();gm:perm(Builder)"

    def switch_new(self):
        if not self.lhs:
            self.refuse_usage("Name the dungeon.")
        if self.caller.location is None:
            raise GoldengraveError("Stand in the room that is the dungeon's town.")
        dungeon = services.create_dungeon(
            self.caller, self.lhs, services.difficulty_named(self.rhs or "normal")
        )
        self.msg(f"{render.TAG} {dungeon.name} ({dungeon.difficulty}) is yours to run; "
                 f"{self.caller.location.key} is its town.\n"
                 "  Dig its first room from here: |w+ggdungeon/dig <room>=<way in>,<way out>|n"
                 "\n  (or walk to rooms you built and |w+ggdungeon/room|n each).")

    def switch_dig(self):
        there, back, dungeon = ([part.strip() for part in (self.rhs or "").split(",", 2)]
                                + ["", ""])[:3]
        if not self.lhs or not there or not back:
            self.refuse_usage("Name the new room and both ways, e.g. "
                              "+ggdungeon/dig Flooded Nave=north;n,south;s.")
        report = digging.dig(self.caller, self.lhs, there, back, dungeon)
        self.msg(render.dug(report))
        report.here.msg_contents(
            f"{render.TAG} {self.caller.key} opens a new way here: {report.way_there.key}.",
            exclude=[self.caller])

    def switch_teardown(self):
        self.msg(render.torn_down(digging.teardown_named(self.caller, self.args)))

    def _dungeon(self):
        return services.dungeon_named(self.caller, self.args.strip() or None)

    def switch_room(self):
        dungeon = self._dungeon()
        entry = services.add_room(self.caller, dungeon, self.caller.location)
        self.msg(f"{render.TAG} {entry.room.key} is room {entry.number} of {dungeon.name}.")

    def switch_star(self):
        entry = services.star_room(self.caller, self.caller.location, True)
        self.msg(f"{render.TAG} Room {entry.number} is starred: wandering monsters roll here.")

    def switch_unstar(self):
        entry = services.star_room(self.caller, self.caller.location, False)
        self.msg(f"{render.TAG} Room {entry.number} is no longer starred.")

    def switch_town(self):
        dungeon = services.set_town(self.caller, self._dungeon(), self.caller.location)
        self.msg(f"{render.TAG} {self.caller.location.key} is now {possessive(dungeon.name)} town.")

    def switch_difficulty(self):
        difficulty = services.difficulty_named(self.lhs)
        dungeon = services.dungeon_named(self.caller, self.rhs or None)
        services.set_difficulty(self.caller, dungeon, difficulty)
        self.msg(f"{render.TAG} {dungeon.name} is now {difficulty}.")

    def switch_treasure(self):
        if not self.lhs:
            self.refuse_usage("Name the object that is a treasure.")
        dungeon = services.dungeon_named(self.caller)
        main = (self.rhs or "").strip().lower() == "main"
        found = self.caller.search(self.lhs, location=self.caller.location, quiet=True)
        if len(found) > 1:
            choices = " or ".join(f"{self.lhs.strip()}-{number}"
                                  for number in range(1, len(found) + 1))
            raise GoldengraveError(f"'{self.lhs.strip()}' could be several things here: "
                                   f"say {choices}.")
        if found:
            treasure = services.add_treasure(self.caller, dungeon, found[0], main)
        else:
            treasure = digging.make_treasure(self.caller, dungeon, self.lhs, main)
        self.msg(f"{render.TAG} {treasure.name} is {possessive(dungeon.name)} "
                 f"{'main' if main else 'side'} treasure.")

    def switch_info(self):
        dungeon = self._dungeon()
        self.msg(render.dungeon(dungeon, services.threats_in(dungeon)) + "\n"
                 + render.map_view(exploring.map_for(dungeon, gm=True), legend=False))

    def switch_monster(self):
        self._make(services.MONSTER)

    def switch_trap(self):
        self._make(services.TRAP)

    def _make(self, typeclass):
        self.require_room_gm()
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name it and give its Power, e.g. Cellar Wight=3.")
        power_text, _, temper = self.rhs.partition(",")
        power = services.power_given(power_text, low=1)
        temper = temper.strip().lower() or "normal"
        if temper not in rules.TEMPERS:
            raise GoldengraveError(f"A temper is one of: {', '.join(rules.TEMPERS)}.")
        name = " ".join(self.lhs.split())[:60]
        thing = create_object(typeclass, key=name, location=self.caller.location)
        thing.power = thing.start_power = power
        if hasattr(thing, "temper"):
            thing.temper = temper
        self.msg(render.monster(thing) if hasattr(thing, "temper") else render.trap(thing))

    def _threat(self, typeclass=services.THREAT):
        self.require_room_gm()
        return services.threat_here(self.caller, self.lhs.strip(), typeclass)

    def _words(self):
        return [w.strip().lower() for w in (self.rhs or "").split(",") if w.strip()][:10]

    def switch_vulnerable(self):
        monster = self._threat(services.MONSTER)
        monster.vulnerable = self._words()
        self.msg(render.monster(monster))

    def switch_immune(self):
        monster = self._threat(services.MONSTER)
        monster.immune = self._words()
        self.msg(render.monster(monster))

    def switch_onko(self):
        threat = self._threat()
        threat.on_ko = " ".join((self.rhs or "").split())[: rules.MAX_NOTE]
        self.msg(f"{render.TAG} On KO for {threat.key}: {threat.on_ko or '(none)'}")

    def switch_onkill(self):
        threat = self._threat()
        threat.on_kill = " ".join((self.rhs or "").split())[: rules.MAX_NOTE]
        self.msg(f"{render.TAG} On Kill for {threat.key}: {threat.on_kill or '(none)'}")

    def switch_desire(self):
        monster = self._threat(services.MONSTER)
        wanted = (self.rhs or "").strip()
        if wanted and wanted.lower() != "twice":
            services.set_desire(monster, wanted)
            self.msg(f"{render.TAG} {monster.key} wants {monster.desire}.")
            return
        rolls = services.desire(self.caller, monster, twice=wanted.lower() == "twice")
        self.msg(render.desire(monster, rolls))

    def switch_wander(self):
        monster = self._threat(services.MONSTER)
        services.mark_wandering(self.caller, monster, not monster.wandering)
        state = ("now roams the dungeon: a starred room's roll can bring it in"
                 if monster.wandering else "now stays where it is (/wander again to let it roam)")
        self.msg(f"{render.TAG} {monster.key} {state}.")

    def switch_group(self):
        self.require_room_gm()
        names = [n.strip() for n in self.lhs.split(",") if n.strip()]
        monsters = [services.threat_here(self.caller, n, services.MONSTER) for n in names]
        head = services.group_monsters(self.caller, monsters, (self.rhs or "").strip())
        _announce(self.caller, f"{render.TAG} {', '.join(head.members)} fight as one: "
                               f"{head.key}, Power {head.power}.")

    def switch_look(self):
        threat = self._threat()
        if inherits_from(threat, services.MONSTER):
            self.msg(render.monster(threat))
        else:
            self.msg(render.trap(threat))


class CmdGoldengraveGM(_GoldengraveCommand):
    __doc__ = with_numbers("""
    Run a Goldengrave scene (for the GM).

    Usage:
      +ggm/damage <monster or Power>[ @<company>]
      +ggm/spring <trap>[ @<company>]
      +ggm/attack <monster>=<how the company attacks>[ @<company>]
      +ggm/risky <monster>=<PC>[,prepared][,suits][ @<company>]
      +ggm/sway <meeting||half||information||war>=<1||3||6>[,<monster>][ @<company>]
      +ggm/check <PC>[=prepared][,suits]
      +ggm/found <treasure>[ @<company>]
      +ggm/safe [@<company>]
      +ggm/night [@<company>]
      +ggm/set <stamina||supply||sway>=<value>[ @<company>]
      +ggm/war <enemy army>=<Power>[ @<company>]
      +ggm/wardamage [@<company>]
      +ggm/warattack [normal||vulnerable||immune||risky <PC>][ @<company>]
      +ggm/show <company>

    Everyone here sees the dice. The company is the one with PCs in your
    room, or the one named after an @.

    /damage rolls a monster's Power in d6 (or a number you give) and
    takes every die under {ignored} off the company's Stamina. Left with half or
    less of what it had, a random conscious PC is knocked out until the
    threat is gone; brought to 0, the knocked-out PCs die and the rest
    fall back to town. /spring does the same for a trap.

    /attack is one round of the company's attack: the monster loses {normal}
    Power, {vulnerable} if it is vulnerable to how they attack, {immune} if immune. A
    /risky attack has the PC you pick make a skill check: {risky_success} Power on a
    success, {risky_failure} on a failure. The first time a monster falls to half its
    starting Power, craven ones flee, iron-willed and mindless ones fight
    on, and the others retreat if the company pays your /sway price.

    A PC is named by the PC's name or the player's. When a trap has done
    its worst (or any danger passes), /safe brings the knocked-out to.

    A skill check is 2d6 against {target}, {factor} less for each true factor: the PC
    is prepared, and the action suits them. /night gives the company a
    night in town: stats full except Army, summoned items gone, the
    expedition ranked S to F from the treasures /found, and Glory.
    Wars pit the company's Army against an enemy army's Power; a win is
    worth {war} Glory.

    Examples:
      +ggm/damage Cellar Wight
      +ggm/damage 3 @The Lanterns
      +ggm/spring Swinging Blade
      +ggm/attack Cellar Wight=burning oil
      +ggm/risky Cellar Wight=Ann,prepared
      +ggm/sway half=3,Cellar Wight
      +ggm/check Juno=prepared,suits
      +ggm/found silver reliquary
      +ggm/safe
      +ggm/night
      +ggm/war The Red Banner=4
    """)

    key = "+ggm"
    aliases = ["ggm"]
    switch_options = (
        "damage", "spring", "attack", "risky", "sway", "check", "found", "safe", "night",
        "set", "war", "wardamage", "warattack", "show",
    )
    locks = "cmd:all();gm:perm(Builder)"

    def func(self):
        try:
            if not self.switch_problem and self.switches:
                self.require_gm()
        except GoldengraveError as err:
            self.msg(str(err))
            return
        super().func()

    def _company(self):
        return services.company_for_gm(self.caller, self.company_name)

    def switch_damage(self):
        if not self.lhs:
            self.refuse_usage("Name the monster, or give a Power.")
        company = self._company()
        if whole_number(self.lhs) is not None or self.lhs.strip().lstrip("-").isdigit():
            power = services.power_given(self.lhs)
            report = services.damage(self.caller, company, power, f"Power {power}")
        else:
            threat = services.threat_here(self.caller, self.lhs.strip(), services.THREAT)
            report = services.threat_damage(self.caller, threat, company)
        self._show_damage(report)

    def switch_spring(self):
        threat = services.threat_here(self.caller, self.lhs.strip(), services.TRAP)
        report = services.threat_damage(self.caller, threat, self._company())
        self._show_damage(report)

    def _show_damage(self, report):
        _announce(self.caller, render.damage(report))
        self.msg(render.gm_note(report))
        if report.town is not None:
            report.town.msg_contents(render.damage(report))

    def switch_attack(self):
        monster = services.threat_here(self.caller, self.lhs.strip(), services.MONSTER)
        report = services.attack(self.caller, monster, self._company(), self.rhs or "")
        self._show_attack(report)

    def switch_risky(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the monster and the PC who tries, e.g. Wight=Juno,prepared.")
        monster = services.threat_here(self.caller, self.lhs.strip(), services.MONSTER)
        who, _, factors = self.rhs.partition(",")
        pc = services.pc_named(self.caller, who)
        report = services.attack(
            self.caller, monster, self._company(), "", pc, services.factors_given(factors)
        )
        self._show_attack(report)

    def _show_attack(self, report):
        _announce(self.caller, render.attack(report))
        self.msg(render.gm_half_hint(report))

    def switch_sway(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the situation and the price, e.g. half=3,Cellar Wight.")
        situation = services.situation_named(self.lhs)
        price_text, _, target_name = self.rhs.partition(",")
        price = services.price_given(price_text)
        target = None
        if target_name.strip():
            target = services.threat_here(self.caller, target_name.strip(), services.MONSTER)
        company = services.set_sway_price(self.caller, self._company(), situation, price, target)
        _announce(self.caller, render.sway_price(company))

    def switch_check(self):
        if not self.lhs:
            self.refuse_usage("Name the PC (or their player), e.g. +ggm/check Juno=prepared.")
        pc = services.pc_named(self.caller, self.lhs)
        prepared, suits = services.factors_given(self.rhs)
        _announce(self.caller, render.check(services.skill_check(self.caller, pc, prepared, suits)))

    def switch_found(self):
        company = self._company()
        dungeon = company.dungeon or services.dungeon_named(self.caller)
        treasure = services.treasure_named(dungeon, self.args)
        treasure, carrier = services.find_treasure(self.caller, company, treasure)
        _announce(self.caller, render.treasure_found(company, treasure, carrier))

    def switch_safe(self):
        company = self._company()
        _announce(self.caller, render.safe(company, services.danger_past(self.caller, company)))

    def switch_night(self):
        _announce(self.caller, render.night(services.night_in_town(self.caller, self._company())))

    def switch_set(self):
        stat = services.stat_named(self.lhs, army=False)
        value = whole_number(self.rhs, 0, rules.STAT_CAP)
        if value is None:
            raise GoldengraveError(
                f"Give the value as a whole number from 0 to the stat's maximum (at most "
                f"{rules.STAT_CAP})."
            )
        company, before = services.set_stat(self.caller, self._company(), stat, value)
        _announce(self.caller, f"{render.TAG} The GM sets {possessive(company.name)} "
                               f"{stat.capitalize()}: {before} -> {value}.")

    def switch_war(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the enemy army and its Power, e.g. The Red Banner=4.")
        power = services.power_given(self.rhs, low=1)
        war = services.start_war(self.caller, self._company(), self.lhs, power)
        _announce(self.caller, f"{render.TAG} {war.company.name} goes to war against {war.name} "
                               f"(Power {war.power}) with Army {war.company.army}.")

    def switch_wardamage(self):
        _announce(self.caller, render.war(services.war_damage(self.caller, self._company())))

    def switch_warattack(self):
        words = self.args.split(None, 1)
        how = words[0].lower() if words else "normal"
        if how not in ("normal", "vulnerable", "immune", "risky"):
            self.refuse_usage("Say normal, vulnerable, immune, or risky <PC>.")
        pc, factors = None, (False, False)
        if how == "risky":
            if len(words) < 2:
                self.refuse_usage("Name the PC who tries the risky attack.")
            who, _, rest = words[1].partition(",")
            pc, factors = services.pc_named(self.caller, who), services.factors_given(rest)
        report = services.war_attack(self.caller, self._company(), how, pc, factors)
        _announce(self.caller, render.war(report))

    def switch_show(self):
        self.msg(render.company(services.company_for_viewing(self.caller, self.args.strip())))


class GoldengraveCmdSet(CmdSet):
    key = "Goldengrave"

    def at_cmdset_creation(self):
        self.add(CmdGoldengrave())
        self.add(CmdGoldengraveDungeon())
        self.add(CmdGoldengraveGM())
