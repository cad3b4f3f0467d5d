"""
Building dungeons: the builders' switches of +dungeon and the +card command.

Builders (the Builder permission and up, through Evennia's locks) make,
change, check, publish, export, import and simulate dungeons. Players never
get at any of it: +dungeon refuses the builders' switches to them and shows
those switches only in a builder's help; +card is locked to builders.
"""

from world.access import STAFF_LOCK, is_staff
from world.digger import building, dungeon_files, render_building, rules, simulation_jobs
from world.digger.sim_parties import SHIPPED, STANDARD

from . import buildmenu
from .common import DiggerCommand

BUILDER_SYNTAX = (
    "+dungeon/show <#>",
    "+dungeon/create <name>=<type>",
    "+dungeon/rename <#>=<name>",
    "+dungeon/describe <#>=<text>",
    "+dungeon/type <#>=<Ruin, Labyrinth or Abyss>",
    "+dungeon/reward <#>=<text>",
    "+dungeon/validate <#>",
    "+dungeon/publish <#>",
    "+dungeon/unpublish <#>",
    "+dungeon/delete <#>[=yes]",
    "+dungeon/edit <#>",
    "+dungeon/export <#>[=<file>]",
    "+dungeon/import [<file>[=replace]]",
    "+dungeon/simulate <#> [<runs>] [<party>]",
)
BUILDER_SWITCHES = tuple(line.split()[0].removeprefix("+dungeon/") for line in BUILDER_SYNTAX)

BUILDER_HELP = """
    Builders: making dungeons

    Usage:
      {syntax}

    A dungeon starts as a draft (/create numbers it for you). Players see
    only published dungeons: in +dungeon/list, +dungeon/info and
    +party/create. /show lists a whole deck with every card's text, for
    builders' eyes only. Build the cards with +card (see help +card), or
    open the menu editor with /edit, which does everything below.

    /validate checks a deck. Problems (no Final card, a Level outside
    {level_min}-{level_max}, an unknown ability or Condition...) stop it from being published;
    warnings say where it strays from the guidance for public decks ({deck_low}-{deck_high}
    cards, {challenges_low}-{challenges_high} challenges spread evenly over the abilities, average
    Level fitting the type, the Final's Level). /publish refuses a deck
    with problems, and a published dungeon refuses any change that would
    give it one: /unpublish it to rework it. Runs already under way keep
    the deck they entered with, whatever you change.

    /delete asks for =yes first, and is refused while a party is bound to
    the dungeon.

    /export writes the dungeon as a YAML file into the game's dungeon
    directory (server/dungeons/ unless the game sets another) and shows
    it; /import reads one from there. /import alone lists the files. A
    number already in use is only overwritten with =replace.

    /simulate plays the deck many times in the background ({default_runs:,} runs
    unless you say, up to {max_runs:,}) with the standard party and, beside it,
    each other party the game ships ({other_parties}); name one, or mine
    (your own party as it stands), to see it in detail. The report warns
    when the standard party misses the type's band; the web page
    /dungeons/simulations/ keeps every report. The game runs {simulations_at_once}
    simulation(s) at a time: past that, yours waits its turn.

    Examples:
      +dungeon/create The Sunken Vault=Labyrinth
      +dungeon/describe 7=Salt water drips from a vaulted ceiling.
      +dungeon/show 7
      +dungeon/validate 7
      +dungeon/publish 7
      +dungeon/export 7
      +dungeon/import 07-the-sunken-vault=replace
      +dungeon/simulate 7 5000
      +dungeon/simulate 7 bold
    """.format(
    syntax="\n      ".join(BUILDER_SYNTAX),
    level_min=rules.LEVEL_MIN,
    level_max=rules.LEVEL_MAX,
    deck_low=rules.DECK_SIZE[0],
    deck_high=rules.DECK_SIZE[1],
    challenges_low=rules.CHALLENGE_COUNT[0],
    challenges_high=rules.CHALLENGE_COUNT[1],
    simulations_at_once=rules.SIMULATIONS_AT_ONCE,
    default_runs=rules.SIMULATION_DEFAULT_RUNS,
    max_runs=rules.SIMULATION_MAX_RUNS,
    other_parties=", ".join(name for name in SHIPPED if name != STANDARD),
)


class DungeonBuilding:
    """The builders' switches of +dungeon, mixed into CmdDungeon (a DiggerCommand):
    behind the command's `builder` lock type, and unseen by anyone else (their
    abbreviations match only the players' switches)."""

    locks = f"cmd:all();builder:{STAFF_LOCK}"

    def is_builder(self, who):
        return self.access(who, "builder")

    def parse(self):
        builder = self.is_builder(self.caller)
        self.switch_options = type(self).switch_options + (BUILDER_SWITCHES if builder else ())
        super().parse()
        if not builder and self.switches and self.switches[0].lower() in BUILDER_SWITCHES:
            typed = f"{self.key}/{self.switches[0].lower()}"
            self.switch_problem = self.locked_out(typed, "builder")  # with the players' usage

    def get_help(self, caller, cmdset):
        text = super().get_help(caller, cmdset)
        return text + BUILDER_HELP if self.is_builder(caller) else text

    def usage(self):
        switch = self.switches[0].lower() if self.switches else ""
        lines = [line for line in BUILDER_SYNTAX if line.split()[0] == f"{self.key}/{switch}"]
        if lines and self.is_builder(self.caller):
            return "Usage: " + "\n       ".join(lines)
        return super().usage()

    def dungeon_number(self, text=None):
        return self.number(self.lhs if text is None else text, "the dungeon's number")

    def after_equals(self, what):
        if self.rhs is None:
            self.refuse_usage(f"Put = and then {what}.")
        return self.rhs

    def set_field(self, field, what):
        number = self.dungeon_number()
        result = building.set_dungeon_field(number, field, self.after_equals(what))
        self.msg(render_building.changed(result))

    def switch_show(self):
        self.msg_paged(render_building.deck(building.look(self.dungeon_number())))

    def switch_create(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Give the dungeon's name, then = and its type.")
        self.msg(render_building.changed(building.create_dungeon(self.lhs, self.rhs)))

    def switch_rename(self):
        self.set_field("name", "the new name")

    def switch_describe(self):
        self.set_field("description", "the description (nothing clears it)")

    def switch_type(self):
        self.set_field("type", "the type")

    def switch_reward(self):
        self.set_field("reward", "the reward text (nothing clears it)")

    def switch_validate(self):
        self.msg_paged(render_building.checked(building.look(self.dungeon_number())))

    def switch_publish(self):
        self.msg(render_building.checked(building.publish(self.dungeon_number())))

    def switch_unpublish(self):
        self.msg(render_building.changed(building.unpublish(self.dungeon_number())))

    def switch_delete(self):
        number = self.dungeon_number()
        if (self.rhs or "").strip().lower() == "yes":
            self.msg(building.delete_dungeon(number))
        else:
            self.msg(render_building.deletion_preview(building.check_deletable(number)))

    def switch_edit(self):
        buildmenu.start(
            self.caller, building.look(self.dungeon_number()).model.number, self.session
        )

    def switch_export(self):
        number = self.dungeon_number()
        path = dungeon_files.dungeon_path(self.rhs) if self.rhs else None
        path, text = dungeon_files.export_file(number, path)
        self.msg_paged(render_building.exported(text, dungeon_files.shown_path(path)))

    def switch_import(self):
        if not self.lhs:
            where = dungeon_files.shown_path(dungeon_files.dungeon_dir())
            self.msg(render_building.file_list(dungeon_files.dungeon_files(), where))
            return
        if self.rhs is not None and self.rhs.strip().lower() != "replace":
            self.refuse_usage("Only =replace may follow the file's name.")
        path = dungeon_files.dungeon_path(self.lhs)
        result = dungeon_files.import_file(path, replace=self.rhs is not None)
        self.msg(render_building.imported(result))

    def switch_simulate(self):
        words = self.lhs.split() + (self.rhs or "").split()
        if not words:
            self.refuse_usage("Give the dungeon's number.")
        number, runs, party = self.dungeon_number(words[0]), None, None
        for word in words[1:]:
            if word[:1].isdigit() and runs is None:
                runs = self.number(word, "the number of runs")
            elif party is None and not word[:1].isdigit():
                party = word
            else:
                self.refuse_usage("After the dungeon's number, give at most the runs and a party.")
        caller = self.caller
        request = simulation_jobs.start_simulation(
            caller,
            number,
            runs,
            on_report=lambda done: caller.msg(render_building.simulation_report(done)),
            on_failure=lambda: caller.msg(render_building.simulation_failed()),
            party=party,
        )
        self.msg(render_building.simulation_started(request))


class CmdCard(DiggerCommand):
    __doc__ = """
    build the cards of a dungeon's deck (builders)

    Usage:
      +card <#>/<card>
      +card/add <#>=<kind> [<ability> <level> [<Conds>]]: <title> [/ <text>]
      +card/edit <#>/<card>=<field>:<value>
      +card/conditions <#>/<card>=[<Condition>, <Condition>, ...]
      +card/conditions
      +card/move <#>/<card>=<position>
      +card/remove <#>/<card>

    <#> is the dungeon's number and <card> a card's key or its position
    in the deck, as +dungeon/show lists them. +card alone shows one card.

    /add puts a new card at the end of the deck; its key is made from the
    title. Challenge kinds (entry, exploration, second, third, climax,
    final) need an ability (or its action) and a Level from {level_min} to {level_max}, and
    may carry Conditions, separated by commas. Outcome kinds (discovery,
    escape, landmark) have a title and text only.

    /edit sets one field: title, text, kind, ability, level, conditions
    or key. Making a card an outcome card drops its ability, Level and
    Conditions. /conditions sets the whole list of Conditions at once
    (nothing after = clears it); alone, it lists every Condition.

    /move puts a card at another position. /remove takes it out.

    Every change is checked: a published dungeon refuses a change that
    would leave it unplayable, and each answer says how the deck stands.

    Examples:
      +card/add 7=entry Brute 1 Tire: Rusted Gate / It will not budge.
      +card/add 7=exploration rush 2 Slow, Bad Luck: Loose Tiles
      +card/add 7=discovery: The Salt Crown / A crown of white crystal.
      +card 7/3
      +card/edit 7/loose-tiles=level:3
      +card/edit 7/3=text:Every tile rocks underfoot.
      +card/conditions 7/loose-tiles=Slow, Injure
      +card/move 7/loose-tiles=2
      +card/remove 7/loose-tiles
    """.format(level_min=rules.LEVEL_MIN, level_max=rules.LEVEL_MAX)

    key = "+card"
    locks = "cmd:perm(Builder)"
    switch_options = ("add", "edit", "conditions", "move", "remove")

    def at_pre_cmd(self):
        if not is_staff(self.caller):
            self.msg("Only builders can use +card.")
            return True
        return None

    def card_ref(self):
        number, slash, ref = self.lhs.partition("/")
        if not slash or not ref.strip():
            self.refuse_usage("Name the card as <dungeon #>/<card key or position>.")
        return self.number(number, "the dungeon's number"), ref.strip()

    def func_default(self):
        if not self.lhs:
            self.refuse_usage()
        position, card = building.look_card(*self.card_ref())
        self.msg(render_building.card(position, card))

    def switch_add(self):
        if self.rhs is None:
            self.refuse_usage("Give the dungeon's number, then = and the card.")
        number = self.number(self.lhs, "the dungeon's number")
        result = building.add_card(number, building.parse_card_line(self.rhs))
        self.msg(render_building.changed(result))

    def switch_edit(self):
        number, ref = self.card_ref()
        field, colon, value = (self.rhs or "").partition(":")
        if not colon:
            self.refuse_usage("After = give the field, a colon and the new value.")
        self.msg(render_building.changed(building.edit_card(number, ref, field, value)))

    def switch_conditions(self):
        if not self.lhs:
            self.msg(render_building.condition_choices())
            return
        number, ref = self.card_ref()
        result = building.edit_card(number, ref, "conditions", self.rhs or "")
        self.msg(render_building.changed(result))

    def switch_move(self):
        number, ref = self.card_ref()
        position = self.number(self.rhs, "the new position")
        self.msg(render_building.changed(building.move_card(number, ref, position)))

    def switch_remove(self):
        number, ref = self.card_ref()
        self.msg(render_building.changed(building.remove_card(number, ref)))
