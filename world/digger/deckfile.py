"""
Dungeons as YAML files: one human-editable file per dungeon.

The layout is `deck.Dungeon.to_dict()`: number, name, type, description,
reward and a list of cards, each with key, kind, title, text, ability, level
and conditions (an outcome card leaves out ability, level and conditions):

    number: 1
    name: The Drowned Chapel
    type: Ruin
    cards:
    - key: porch
      kind: entry
      title: The Sagging Porch
      text: The roof beams groan...
      ability: Brute
      level: 1
      conditions: [Tire]

    load_dungeon_file(path) -> deck.Dungeon       (DeckFileError if it is wrong)
    load_dungeon_file(path, with_report=True) -> (deck.Dungeon, deck.DungeonReport)
    load_dungeon_text(text, source="<text>")      the same for text in hand
    dump_dungeon(dungeon) -> str                  the canonical file text
    dungeon_type_named(name), card_kind_named(name), condition_named(name)
                                                  the rules' spelling, or None

Names of types, kinds, abilities (or their actions) and Conditions are read
case-insensitively ("bad luck", "save-point", "force") and stored in the rules
table's spelling. Texts lose surrounding whitespace on reading; apart from
that, `load(dump(d)) == d`, and `dump(load(text))` is a fixed point. Every
problem is reported with the file, the card (key and position) and the field;
`Dungeon.validate()` errors refuse the file too, its warnings come with
`with_report=True`. Only `yaml.safe_load` reads files.
"""

import re
from dataclasses import fields
from pathlib import Path

import yaml

from world.digger import rules
from world.digger.deck import Card, Dungeon
from world.errors import GameError

SAMPLES_DIR = Path(__file__).resolve().parent / "data"
FOLD_LONGER_THAN = 60  # texts longer than this are written as folded block scalars
LINE_WIDTH = 80

DUNGEON_FIELDS = tuple(f.name for f in fields(Dungeon) if f.init)
CARD_FIELDS = tuple(f.name for f in fields(Card) if f.init)
OUTCOME_ONLY_FIELDS = ("key", "kind", "title", "text")


class DeckFileError(GameError):
    """A dungeon file that cannot be used; one line per problem, each naming where it is."""


# --- Reading ----------------------------------------------------------------------


def _folded(name):
    """'Save-Point ' -> 'savepoint': how names are matched, whatever their case or spacing."""
    return re.sub(r"[^a-z]", "", name.lower())


_TYPES = {_folded(name): name for name in rules.DUNGEON_TYPES}
_KINDS = {_folded(name): name for name in rules.CARD_KINDS}
_CONDITIONS = {_folded(name): name for name in rules.CONDITIONS}


def dungeon_type_named(name):
    """The rules' spelling of a dungeon type typed in any case or spacing, or None."""
    return _TYPES.get(_folded(name))


def card_kind_named(name):
    """The rules' spelling of a card kind ('Exploration' -> 'exploration'), or None."""
    return _KINDS.get(_folded(name))


def condition_named(name):
    """The rules' spelling of a Condition ('bad luck' -> 'Bad Luck'), or None."""
    return _CONDITIONS.get(_folded(name))


def load_dungeon_file(path, with_report=False):
    """The Dungeon in the YAML file at `path` (see the module docstring)."""
    path = Path(path)
    return load_dungeon_text(read_text_file(path, DeckFileError), path.name, with_report)


def read_text_file(path, error):
    """The text of the file at `path`; `error` (a GameError type) if it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise error(f"{path.name}: cannot be read ({problem}).") from None


def read_yaml(text, source, error):
    """`yaml.safe_load(text)`; `error` (a GameError type) naming `source` and the spot."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as problem:
        raise error(f"{source}: not valid YAML: {_yaml_problem(problem)}") from None


def load_dungeon_text(text, source="<text>", with_report=False):
    """The Dungeon in YAML `text`; `source` names it in error messages."""
    data = read_yaml(text, source, DeckFileError)
    reader = _Reader(source)
    dungeon = reader.dungeon(data)
    if reader.problems:
        raise DeckFileError("\n".join(reader.problems))
    report = dungeon.validate()
    if report.errors:
        raise DeckFileError("\n".join(f"{source}: {error}" for error in report.errors))
    return (dungeon, report) if with_report else dungeon


def _yaml_problem(error):
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    if mark is None:
        return problem
    return f"line {mark.line + 1}, column {mark.column + 1}: {problem}"


class FieldReader:
    """Reads the fields of safe_load's plain data, collecting every problem on the way,
    each naming the file (`source`) and where in it; the dungeon files' reader and the
    simulator's party files (world.digger.sim_parties) are made of it."""

    def __init__(self, source):
        self.source = source
        self.problems = []

    def problem(self, where, message):
        self.problems.append(f"{self.source}{where}: {message}")

    def unknown_fields(self, data, known, where):
        for field in data:
            if field not in known:
                self.problem(
                    f"{where}, field {field!r}",
                    f"is not a field here; the fields are {', '.join(known)}.",
                )

    def text(self, value, where, field, required=False):
        if value is None and not required:
            return ""
        if not isinstance(value, str) or (required and not value.strip()):
            wanted = "some text" if required else "text"
            self.problem(f"{where}, field {field!r}", f"must be {wanted}, got {value!r}.")
            return ""
        return value.strip()

    def whole(self, value, where, field, low, high):
        if isinstance(value, int) and not isinstance(value, bool):
            if value >= low and (high is None or value <= high):
                return value
        wanted = f"a whole number {low}-{high}" if high else f"a whole number from {low}"
        self.problem(f"{where}, field {field!r}", f"must be {wanted}, got {value!r}.")
        return None

    def choice(self, value, where, field, lookup, allowed):
        """`lookup`(name) for a name given in any case, else a problem listing `allowed`."""
        found = lookup(_folded(value)) if isinstance(value, str) else None
        if found is None:
            self.problem(
                f"{where}, field {field!r}",
                f"must be one of {', '.join(allowed)}, got {value!r}.",
            )
        return found


class _Reader(FieldReader):
    """Turns safe_load's plain data into a Dungeon."""

    def dungeon(self, data):
        if not isinstance(data, dict):
            self.problem("", f"must be a mapping of {', '.join(DUNGEON_FIELDS)}.")
            return None
        self.unknown_fields(data, DUNGEON_FIELDS, "")
        number = self.whole(data.get("number"), "", "number", 1, None)
        name = self.text(data.get("name"), "", "name", required=True)
        type_ = self.choice(data.get("type"), "", "type", _TYPES.get, rules.DUNGEON_TYPES)
        description = self.text(data.get("description"), "", "description")
        reward = self.text(data.get("reward"), "", "reward")
        cards = data.get("cards")
        if not isinstance(cards, list) or not cards:
            self.problem(", field 'cards'", "must be a list of cards.")
            cards = []
        cards = tuple(self.card(card, position) for position, card in enumerate(cards, 1))
        if self.problems:
            return None
        return Dungeon(number, name, type_, description, reward, cards)

    def card(self, data, position):
        if not isinstance(data, dict):
            self.problem(f", card #{position}", f"must be a mapping of {', '.join(CARD_FIELDS)}.")
            return None
        key = data.get("key")
        if isinstance(key, str):
            key = key.strip()
        where = f", card {key!r} (#{position})" if _is_key(key) else f", card #{position}"
        if not _is_key(key):
            self.problem(where + ", field 'key'", f"must be a name for the card, got {key!r}.")
        self.unknown_fields(data, CARD_FIELDS, where)
        kind = self.choice(data.get("kind"), where, "kind", _KINDS.get, rules.CARD_KINDS)
        title = self.text(data.get("title"), where, "title")
        text = self.text(data.get("text"), where, "text")
        if kind is None:  # what else the card needs depends on its kind
            return None
        if kind in rules.OUTCOME_KINDS:
            for field in CARD_FIELDS:
                if field not in OUTCOME_ONLY_FIELDS and data.get(field) not in (None, []):
                    self.problem(f"{where}, field {field!r}", f"a {kind} card has no {field}.")
            return Card(key, kind, title, text)
        ability = self.choice(
            data.get("ability"), where, "ability", rules.ability_for_word, rules.ABILITIES
        )
        level = self.whole(data.get("level"), where, "level", rules.LEVEL_MIN, rules.LEVEL_MAX)
        conditions = self.conditions(data.get("conditions"), where)
        return Card(key, kind, title, text, ability, level, conditions)

    def conditions(self, value, where):
        where += ", field 'conditions'"
        if value is None:
            return ()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self.problem(where, f"must be a list of Condition names, got {value!r}.")
            return ()
        names = []
        for item in value:
            name = _CONDITIONS.get(_folded(item)) if isinstance(item, str) else None
            if name is None:
                self.problem(where, f"unknown Condition {item!r}.")
            names.append(name)
        return tuple(names)


def _is_key(value):
    """Card keys are names (or numbers) that say which card a message is about."""
    if isinstance(value, str):
        return bool(value)
    return isinstance(value, int) and not isinstance(value, bool)


# --- Writing --------------------------------------------------------------------------


class _FlowList(list):
    """A list written on one line: conditions: [Tire, Weaken]."""


class _Dumper(yaml.SafeDumper):
    """SafeDumper with readable texts: long ones folded, multi-line ones literal."""


def _represent_text(dumper, value):
    style = "|" if "\n" in value else ">" if len(value) > FOLD_LONGER_THAN else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _represent_flow_list(dumper, value):
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True)


_Dumper.add_representer(str, _represent_text)
_Dumper.add_representer(_FlowList, _represent_flow_list)


def dump_dungeon(dungeon):
    """The YAML text of `dungeon`: fields in to_dict order, a blank line between cards."""
    data = dungeon.to_dict()
    cards = data.pop("cards")
    chunks = [_dump(data), "cards:\n"]
    for position, card in enumerate(cards):
        kept = {
            field: _FlowList(value) if isinstance(value, list) else value
            for field, value in card.items()
            if field in ("key", "kind") or value not in (None, "", [])
        }
        chunks.append(("\n" if position else "") + _dump([kept]))
    return "".join(chunks)


def _dump(data):
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=LINE_WIDTH)


# --- The sample dungeons ---------------------------------------------------------------


def sample_paths():
    """The sample dungeon files (world/digger/data/NN-name.yaml), in number order."""
    return sorted(SAMPLES_DIR.glob("[0-9][0-9]-*.yaml"))


def sample_path(number):
    """The sample dungeon file numbered `number`; DeckFileError if there is none."""
    for path in sample_paths():
        if int(path.name[:2]) == number:
            return path
    numbers = ", ".join(str(int(path.name[:2])) for path in sample_paths())
    raise DeckFileError(f"There is no sample dungeon {number}; the samples are {numbers}.")


def load_sample_dungeons():
    """Every sample dungeon, in number order."""
    return tuple(load_dungeon_file(path) for path in sample_paths())
