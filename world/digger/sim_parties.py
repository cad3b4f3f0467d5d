"""
The balance simulator's parties: scripted members with ratings, the Tools on
their belts and the party's way of playing, read from YAML party files.

Four parties ship in world/digger/data/parties/ (benchmarks/README.md, "Digger
balance", says how they fare): standard, utility, bare and bold. A party file:

    name: standard
    about: What this party is, in a sentence or two (reports show it).
    play:
      tools: first      # first: the first Tool on the belt for the challenge that
                        # has uses left; strongest: the one with the biggest bonus;
                        # none: basic actions only
      risk: never       # never, always, or "below 50": while the party's highest
                        # Exhaustion is below 50
    members:
    - name: Brannock
      ratings: {Brute: 5, Agility: 4, Wits: 3, Combat: 2}
      tools:            # as loaded on the belt, in belt order
      - {name: Siege Maul, category: Brute, rating: Major, qualities: [Improved]}
      - {name: Grapnel, category: Agility, rating: Minor, qualities: [Improved, Efficient]}

Every Tool goes through the checks that refuse a purchase in the game
(`deck.tool_problems`, `deck.category_limit_problem`), so a party file holds
only Tools a player can buy; a belt holds at most `rules.BELT_SLOTS_MAX`.
Every problem is reported with the file, the member and the field.

    shipped_party("bold"), party_named("standard" or "path/to/party.yaml"),
    load_party_file(path), load_party_text(text, source)
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from world.digger import rules
from world.digger.deck import Tool, category_limit_problem, tool_problems
from world.digger.deckfile import SAMPLES_DIR, FieldReader, read_text_file, read_yaml
from world.digger.engine import Action, MemberInfo, uses_left
from world.errors import GameError

PARTIES_DIR = SAMPLES_DIR / "parties"
SHIPPED = ("standard", "utility", "bare", "bold")  # the order reports list them in
STANDARD = "standard"

FIRST, STRONGEST, NONE = "first", "strongest", "none"
TOOL_CHOICES = (FIRST, STRONGEST, NONE)
NEVER, ALWAYS = "never", "always"
_RISK_BELOW = re.compile(r"below\s+([0-9]+)", re.I)

PARTY_FIELDS = ("name", "about", "play", "members")
PLAY_FIELDS = ("tools", "risk")
MEMBER_FIELDS = ("name", "ratings", "tools")
TOOL_FIELDS = ("name", "category", "rating", "qualities", "drawback", "description")


class PartyFileError(GameError):
    """A party file that cannot be used; one line per problem, each naming where it is."""


# --- Parties -------------------------------------------------------------------------


ALWAYS_RISK = float("inf")


@dataclass(frozen=True)
class PlayPolicy:
    """How a scripted party plays: which Tool it reaches for, and when it risks.

    tools: FIRST, STRONGEST or NONE; risk_below: +risk while the party's highest
    Exhaustion is below this (None: never; ALWAYS_RISK: always).
    """

    tools: str = FIRST
    risk_below: float | None = None

    def mode(self, state):
        """rules.RISK or rules.ACT for the round about to be played in `state`."""
        if self.risk_below is not None and max(state.exhaustion) < self.risk_below:
            return rules.RISK
        return rules.ACT


@dataclass(frozen=True)
class SimMember:
    """A scripted member: the id the run knows them by, a name, ratings and belt Tools."""

    member_id: str
    name: str
    ratings: dict  # ability -> rating
    tools: tuple  # deck.Tool, in belt order
    tools_policy: str = FIRST
    # ability -> ((Tool, {mode: its Action}), ...) in the order the policy tries them;
    # built once, not compared
    tool_actions: dict = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        table = {}
        if self.tools_policy != NONE:
            tools = self.tools
            if self.tools_policy == STRONGEST:
                tools = sorted(tools, key=lambda tool: -tool.bonus)  # stable: belt order
            for tool in tools:
                actions = {mode: Action(mode, tool=tool) for mode in rules.MODES}
                table.setdefault(tool.category, []).append((tool, actions))
        object.__setattr__(
            self, "tool_actions", {category: tuple(pairs) for category, pairs in table.items()}
        )

    def action_for(self, state, ability, mode=rules.ACT):
        """The policy's Tool for `ability` that has uses left, else the basic action."""
        for tool, actions in self.tool_actions.get(ability, ()):
            if uses_left(state, self.member_id, tool) > 0:
                return actions[mode]
        return BASIC_ACTIONS[mode][ability]


BASIC_ACTIONS = {
    mode: {ability: Action(mode, ability=ability) for ability in rules.ABILITIES}
    for mode in rules.MODES
}


@dataclass(frozen=True)
class Party:
    """A named scripted party: SimMembers in the order they roll, and how they play."""

    name: str
    members: tuple
    play: PlayPolicy = PlayPolicy()
    about: str = ""
    # member id -> engine.MemberInfo, what `complete` is told each round; built once
    infos: dict = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        infos = {member.member_id: MemberInfo(member.ratings) for member in self.members}
        object.__setattr__(self, "infos", infos)


def make_party(name, members, play=PlayPolicy(), about=""):
    """A Party of `members`, each (name, {ability: rating}, (deck.Tool, ...) in belt order).

    Members get the ids m1, m2... and their Tools ids of their own, so that
    Tools of the same design never share uses. Nothing is checked here: a
    party file is checked as it is read, a party from the game holds what
    its members own.
    """
    made = []
    for seat, (member_name, ratings, tools) in enumerate(members, 1):
        member_id = f"m{seat}"
        tools = tuple(
            Tool(
                f"{member_id}-t{number}",
                tool.name,
                tool.category,
                tool.rating,
                tool.qualities,
                tool.drawback,
            )
            for number, tool in enumerate(tools, 1)
        )
        made.append(SimMember(member_id, member_name, dict(ratings), tools, play.tools))
    return Party(name, tuple(made), play, about)


def party_label(name):
    """How a sentence names the party called `name`: 'the bold party', "Ann's party"."""
    return f"the {name} party" if name in SHIPPED else name


def capitalised(text):
    return text[:1].upper() + text[1:]


# --- Party files ---------------------------------------------------------------------------


def party_path(name):
    return PARTIES_DIR / f"{name}.yaml"


def shipped_party(name):
    """The shipped party called `name` (one of SHIPPED)."""
    if name not in SHIPPED:
        raise PartyFileError(
            f"There is no shipped party called {name!r}; they are {', '.join(SHIPPED)}."
        )
    return load_party_file(party_path(name))


def party_named(argument):
    """A shipped party by its name (any case), else the party file at path `argument`."""
    name = argument.strip().lower()
    if name in SHIPPED:
        return shipped_party(name)
    path = Path(argument)
    if not path.is_file():
        raise PartyFileError(
            f"{argument!r} is neither a shipped party ({', '.join(SHIPPED)}) nor a party file."
        )
    party = load_party_file(path)
    if party.name in SHIPPED and party != shipped_party(party.name):
        raise PartyFileError(
            f"{path.name}: the party is called {party.name!r}, like a shipped party it is "
            "not; reports list the shipped parties beside yours, so give it a name of its own."
        )
    return party


def load_party_file(path):
    """The Party in the YAML file at `path` (see the module docstring)."""
    path = Path(path)
    return load_party_text(read_text_file(path, PartyFileError), path.name)


def load_party_text(text, source="<text>"):
    """The Party in YAML `text`; `source` names it in error messages."""
    reader = _PartyReader(source)
    party = reader.party(read_yaml(text, source, PartyFileError))
    if reader.problems:
        raise PartyFileError("\n".join(reader.problems))
    return party


def _folded(name):
    return re.sub(r"[^a-z]", "", name.lower())


_RATINGS = {_folded(rating): rating for rating in rules.TOOL_RATINGS}
_QUALITIES = {_folded(name): name for name in rules.QUALITIES}


class _PartyReader(FieldReader):
    """Turns safe_load's plain data into a Party."""

    def party(self, data):
        if not isinstance(data, dict):
            self.problem("", f"must be a mapping of {', '.join(PARTY_FIELDS)}.")
            return None
        self.unknown_fields(data, PARTY_FIELDS, "")
        name = self.text(data.get("name"), "", "name", required=True)
        about = self.text(data.get("about"), "", "about")
        play = self.play(data.get("play"))
        members = data.get("members")
        if not isinstance(members, list) or not 1 <= len(members) <= rules.PARTY_MAX:
            self.problem(
                ", field 'members'", f"must be a list of 1 to {rules.PARTY_MAX} members."
            )
            members = []
        members = [self.member(member, position) for position, member in enumerate(members, 1)]
        names = [member[0].lower() for member in members if member]
        for twice in sorted({name for name in names if names.count(name) > 1}):
            self.problem(", field 'members'", f"two members are called {twice!r}.")
        if self.problems:
            return None
        return make_party(name, members, play, about)

    def play(self, data):
        if data is None:
            return PlayPolicy()
        if not isinstance(data, dict):
            self.problem(", field 'play'", f"must be a mapping of {', '.join(PLAY_FIELDS)}.")
            return None
        self.unknown_fields(data, PLAY_FIELDS, ", play")
        tools = self.choice(
            data.get("tools", FIRST), ", play", "tools", {t: t for t in TOOL_CHOICES}.get,
            TOOL_CHOICES,
        )
        return PlayPolicy(tools, self.risk(data.get("risk", NEVER)))

    def risk(self, value):
        text = value.strip().lower() if isinstance(value, str) else None
        if text == NEVER:
            return None
        if text == ALWAYS:
            return ALWAYS_RISK
        below = _RISK_BELOW.fullmatch(text or "")
        if below and int(below.group(1)) > 0:
            return int(below.group(1))
        self.problem(
            ", play, field 'risk'",
            f"must be never, always or below <Exhaustion> (e.g. below 50), got {value!r}.",
        )
        return None

    def member(self, data, position):
        where = f", member #{position}"
        if not isinstance(data, dict):
            self.problem(where, f"must be a mapping of {', '.join(MEMBER_FIELDS)}.")
            return None
        name = self.text(data.get("name"), where, "name", required=True)
        if name:
            where = f", member {name!r}"
        self.unknown_fields(data, MEMBER_FIELDS, where)
        ratings = self.ratings(data.get("ratings"), where)
        tools = data.get("tools") or []
        if not isinstance(tools, list):
            self.problem(f"{where}, field 'tools'", "must be a list of Tools.")
            tools = []
        if len(tools) > rules.BELT_SLOTS_MAX:
            self.problem(
                f"{where}, field 'tools'",
                f"carries {len(tools)} Tools; a belt holds at most {rules.BELT_SLOTS_MAX}.",
            )
        tools = [self.tool(tool, where, number) for number, tool in enumerate(tools, 1)]
        self.belt(name, [tool for tool in tools if tool], where)
        return name, ratings, tuple(tools)

    def ratings(self, data, where):
        where += ", field 'ratings'"
        wanted = f"must give each of {', '.join(rules.ABILITIES)} a rating"
        if not isinstance(data, dict):
            self.problem(where, f"{wanted}, e.g. {{Brute: 5, Agility: 4, Wits: 3, Combat: 2}}.")
            return {}
        ratings = {}
        for word, value in data.items():
            ability = rules.ability_for_word(word) if isinstance(word, str) else None
            if ability is None:
                self.problem(where, f"{word!r} is not an ability.")
                continue
            ratings[ability] = self.whole(
                value, where, ability, rules.RATING_MIN, rules.RATING_MAX
            )
        missing = [ability for ability in rules.ABILITIES if ability not in ratings]
        if missing:
            self.problem(where, f"{wanted}; {', '.join(missing)} is missing.")
        return ratings

    def tool(self, data, where, number):
        where += f", tool #{number}"
        if not isinstance(data, dict):
            self.problem(where, f"must be a mapping of {', '.join(TOOL_FIELDS)}.")
            return None
        self.unknown_fields(data, TOOL_FIELDS, where)
        name = self.text(data.get("name"), where, "name")
        # A name the rules do not know goes on as it was given, for tool_problems to refuse.
        category = data.get("category")
        if isinstance(category, str):
            category = rules.ability_for_word(category) or category
        rating = data.get("rating")
        if isinstance(rating, str):
            rating = _RATINGS.get(_folded(rating), rating)
        qualities = data.get("qualities") or []
        if isinstance(qualities, str):
            qualities = [qualities]
        if not isinstance(qualities, list):
            self.problem(f"{where}, field 'qualities'", "must be a list of Tool qualities.")
            qualities = []
        qualities = tuple(self.quality_name(quality) for quality in qualities)
        drawback = data.get("drawback")
        drawback = self.quality_name(drawback) if drawback is not None else None
        description = self.text(data.get("description"), where, "description")
        problems = tool_problems(name, category, rating, qualities, drawback, description)
        for problem in problems:
            self.problem(f"{where} ({name or 'no name'})", problem)
        if problems:
            return None
        return Tool(None, name, category, rating, qualities, drawback, description)

    @staticmethod
    def quality_name(value):
        """The rules' spelling of a quality or drawback (an unknown one as it was given)."""
        return _QUALITIES.get(_folded(value), value) if isinstance(value, str) else str(value)

    def belt(self, name, tools, where):
        """The same refusals as buying these Tools one after the other for one form."""
        categories, names = set(), set()
        for tool in tools:
            if tool.name.lower() in names:
                self.problem(where, f"has two tools called {tool.name}.")
            too_many = category_limit_problem(categories, tool.category, f"{name}'s")
            if too_many:
                self.problem(where, too_many)
            else:
                categories.add(tool.category)
            names.add(tool.name.lower())
