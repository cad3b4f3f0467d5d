"""
Digger's game pieces as plain, frozen data: Cards, Tool designs and Dungeons.

The live game builds these from its Django rows (and the sample-dungeon files);
the engine and the balance simulator play with them. This module also holds the
checks a builder or a Tool designer gets: `tool_problems()` (everything that
refuses a Tool: its name, `validate_tool_design()`'s Tool Point arithmetic and
drawback/Cleanse rules) and `category_limit_problem()` (at most 3 of the 4
categories per form), which buying a Tool and the simulator's party files both
apply, and `Dungeon.validate()` (errors that make a dungeon unplayable,
warnings where it strays from the balance guidance). Every number comes from
`world.digger.rules`.
"""

from collections import Counter
from dataclasses import dataclass, field

from world.digger import rules
from world.numbers import whole_number


@dataclass(frozen=True)
class Card:
    """One card: challenge kinds have an ability, a Level and Conditions; outcome kinds text."""

    key: object
    kind: str
    title: str = ""
    text: str = ""
    ability: str | None = None
    level: int | None = None
    conditions: tuple = ()

    @property
    def is_challenge(self):
        return self.kind in rules.CHALLENGE_KINDS

    def header(self):
        """'Type: Entry | Ability: Brute | Level: 2' (just the type for an outcome card)."""
        if not self.is_challenge:
            return f"Type: {self.kind_label}"
        return f"Type: {self.kind_label} | Ability: {self.ability} | Level: {self.level}"

    @property
    def kind_label(self):
        """The card's kind as a player reads it ('Second draw', not a bare 'Second')."""
        return _KIND_LABELS.get(self.kind, self.kind.title())

    def condition_labels(self):
        """Each Condition with its short effect, e.g. 'Weaken: Brute -2 (this and next)'."""
        return tuple(condition_label(name) for name in self.conditions)

    def to_dict(self):
        return {
            "key": self.key,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "ability": self.ability,
            "level": self.level,
            "conditions": list(self.conditions),
        }

    @classmethod
    def from_dict(cls, data):
        return cls(**{**data, "conditions": tuple(data.get("conditions", ()))})


def condition_label(name):
    condition = rules.CONDITIONS.get(name)
    return f"{name}: {condition.label}" if condition else f"{name}: (unknown Condition)"


def quality_label(name):
    quality = rules.QUALITIES.get(name)
    return f"{name}: {quality.label}" if quality else f"{name}: (unknown quality)"


@dataclass(frozen=True)
class Tool:
    """A Tool design. `qualities` are its qualities; `drawback` its one drawback or None.

    Derived (not compared, not stored): `all_qualities` (the qualities, then the
    drawback), `uses` per run, roll `bonus`, `tool_points`, and `effects`, the names
    of its qualities that put something on the party's Effects list (or cleanse)
    when it is used.
    """

    id: object
    name: str
    category: str
    rating: str
    qualities: tuple = ()
    drawback: str | None = None
    description: str = ""
    uses: int = field(init=False, compare=False, repr=False)
    bonus: int = field(init=False, compare=False, repr=False)
    tool_points: int = field(init=False, compare=False, repr=False)
    effects: tuple = field(init=False, compare=False, repr=False)
    all_qualities: tuple = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        names = self.qualities + ((self.drawback,) if self.drawback else ())
        known = self.rating in rules.RATING_TP
        set_ = object.__setattr__
        set_(self, "all_qualities", names)
        set_(self, "uses", rules.tool_uses(self.rating, names) if known else 0)
        set_(self, "bonus", rules.tool_bonus(self.rating, names) if known else 0)
        set_(self, "tool_points", _tool_points(self.rating, names)[1] if known else 0)
        set_(
            self,
            "effects",
            tuple(
                name for name in names if name in rules.QUALITIES and rules.QUALITIES[name].parts
            ),
        )

    def problems(self):
        """What is wrong with this design (empty when it is a legal Tool)."""
        return validate_tool_design(self.rating, self.qualities, self.drawback, self.category)

    def to_dict(self):
        return {
            "id": self.id,
            "name": self.name,
            "category": self.category,
            "rating": self.rating,
            "qualities": list(self.qualities),
            "drawback": self.drawback,
            "description": self.description,
        }

    @classmethod
    def from_dict(cls, data):
        return cls(**{**data, "qualities": tuple(data.get("qualities", ()))})


def _tool_points(rating, names):
    """(arithmetic text, total) for a design whose names are all known qualities."""
    text = f"{rating} {rules.RATING_TP[rating]}"
    total = rules.RATING_TP[rating]
    for name in names:
        points = rules.QUALITIES[name].tool_points if name in rules.QUALITIES else 0
        text += f" - {name} {-points}" if points < 0 else f" + {name} {points}"
        total += points
    return text, total


def validate_tool_design(rating, qualities=(), drawback=None, category=None):
    """The problems with a Tool design, each a sentence for the designer (empty = legal).

    The Tool Point refusal shows the arithmetic, e.g.
    'Minor 2 + Strengthen 2 + Cleanse 3 - Sacrifice 1 = 6 TP; a tool needs exactly 4.'
    `qualities` may also hold the drawback; `category` is checked when given.
    """
    problems = []
    if category is not None and category not in rules.ABILITIES:
        problems.append(
            f"The category must be one of {', '.join(rules.ABILITIES)}, not {category!r}."
        )
    if rating not in rules.RATING_TP:
        problems.append(f"The rating must be {' or '.join(rules.TOOL_RATINGS)}, not {rating!r}.")
    names = tuple(qualities) + ((drawback,) if drawback else ())
    unknown = [name for name in names if name not in rules.QUALITIES]
    for name in unknown:
        problems.append(f"There is no Tool quality or drawback called {name!r}.")
    for name, count in Counter(names).items():
        if count > 1:
            problems.append(f"{name} is listed more than once.")
    if drawback and drawback in rules.QUALITIES and not rules.QUALITIES[drawback].is_drawback:
        problems.append(f"{drawback} is a quality, not a drawback.")
    drawbacks = [
        name for name in names if name in rules.QUALITIES and rules.QUALITIES[name].is_drawback
    ]
    if len(drawbacks) > rules.MAX_DRAWBACKS:
        problems.append(
            f"A tool may have at most one drawback; this one has {' and '.join(drawbacks)}."
        )
    for name in names:
        quality = rules.QUALITIES.get(name)
        if (
            quality
            and quality.minor_with_drawback_only
            and (rating != rules.MINOR or not drawbacks)
        ):
            problems.append(f"{name} can only go on a Minor tool that has a drawback.")
    if rating in rules.RATING_TP and not unknown:
        text, total = _tool_points(rating, names)
        if total != rules.TOOL_POINTS:
            problems.append(f"{text} = {total} TP; a tool needs exactly {rules.TOOL_POINTS}.")
    return tuple(problems)


TOOL_NAME_MAX = 40
TOOL_DESCRIPTION_MAX = 400


def tool_problems(name, category, rating, qualities=(), drawback=None, description=""):
    """Every reason a Tool cannot be had as designed, each a sentence (empty = it can).

    The one check behind buying a Tool (+tools/buy, the design menu) and the
    balance simulator's party files. Any part may still be missing (None).
    """
    problems = []
    if not name or len(name) > TOOL_NAME_MAX:
        problems.append(f"Give the tool a name of 1 to {TOOL_NAME_MAX} characters.")
    elif whole_number(name.removeprefix("#")) is not None:
        problems.append("A tool's name cannot be just a number (numbers pick tools by +tools).")
    elif rules.ability_for_word(name):
        problems.append(
            f"A tool cannot be called {name}: +act {name} means the "
            f"{rules.ability_for_word(name)} ability, so give it a name of its own."
        )
    if len(description) > TOOL_DESCRIPTION_MAX:
        problems.append(f"Keep the description within {TOOL_DESCRIPTION_MAX} characters.")
    if category is None:
        problems.append(f"Choose a category: {', '.join(rules.ABILITIES)}.")
    if rating is None:
        problems.append(f"Choose a rating: {' or '.join(rules.TOOL_RATINGS)}.")
        return tuple(problems)
    return tuple(problems) + validate_tool_design(rating, qualities, drawback, category)


def category_limit_problem(categories, category, whose):
    """Why a form whose tools cover `categories` cannot take a `category` tool, or None.

    whose: the owner as the sentence starts, e.g. "Your Base form's" or "Ann's".
    """
    if len(set(categories) | {category}) <= rules.MAX_TOOL_CATEGORIES:
        return None
    return (
        f"{whose} tools already cover {', '.join(sorted(categories))}: a form's tools may "
        f"cover at most {rules.MAX_TOOL_CATEGORIES} of the {len(rules.ABILITIES)} abilities, "
        f"so it cannot take {_a(category)} tool."
    )


def _a(word):
    return f"{'an' if word[:1].upper() in 'AEIOU' else 'a'} {word}"


@dataclass(frozen=True)
class DungeonReport:
    """What `Dungeon.validate()` found: errors make it unplayable, warnings are guidance."""

    errors: tuple
    warnings: tuple

    @property
    def ok(self):
        return not self.errors


_UNIQUE_KINDS = (rules.ENTRY, rules.CLIMAX, rules.FINAL)


@dataclass(frozen=True)
class Dungeon:
    """A dungeon and its deck. Lookups by kind and key are built once, on creation, and so
    are `exploration_keys`, the keys of the Exploration cards that a run shuffles."""

    number: int
    name: str
    type: str
    description: str = ""
    reward: str = ""
    cards: tuple = ()
    by_key: dict = field(init=False, compare=False, repr=False)
    by_kind: dict = field(init=False, compare=False, repr=False)
    exploration_keys: tuple = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        by_kind = {kind: () for kind in rules.CARD_KINDS}
        for card in self.cards:
            by_kind[card.kind] = by_kind.get(card.kind, ()) + (card,)
        object.__setattr__(self, "by_key", {card.key: card for card in self.cards})
        object.__setattr__(self, "by_kind", by_kind)
        keys = tuple(card.key for card in by_kind[rules.EXPLORATION])
        object.__setattr__(self, "exploration_keys", keys)

    def card(self, key):
        return self.by_key[key]

    def first(self, kind):
        """The dungeon's card of a one-off kind (Entry, Climax, Final), or None."""
        cards = self.by_kind[kind]
        return cards[0] if cards else None

    @property
    def challenges(self):
        return tuple(card for card in self.cards if card.is_challenge)

    def validate(self):
        """A DungeonReport; every message names the card it is about."""
        errors, warnings = [], []
        if self.type not in rules.DUNGEON_TYPES:
            errors.append(
                f"The type must be one of {', '.join(rules.DUNGEON_TYPES)}, not {self.type!r}."
            )
        for key, count in Counter(card.key for card in self.cards).items():
            if count > 1:
                errors.append(f"Card {key!r} appears {count} times.")
        for card in self.cards:
            errors += _card_errors(card)
            warnings += _card_warnings(card)
        if not self.by_kind[rules.FINAL]:
            errors.append("The dungeon has no Final card.")
        if not self.by_kind[rules.EXPLORATION]:
            errors.append("The dungeon has no Exploration cards to draw.")
        for kind in _UNIQUE_KINDS:
            extra = self.by_kind[kind][1:]
            if extra:
                errors.append(
                    f"Only one {kind.title()} card is allowed: {_names(self.by_kind[kind])}."
                )
        for kind in rules.OUTCOME_KINDS:
            if not self.by_kind[kind]:
                warnings.append(f"There is no {kind.title()} card.")
        if self.type in rules.DUNGEON_TYPES:
            warnings += self._balance_warnings(rules.DUNGEON_TYPES[self.type])
        return DungeonReport(tuple(errors), tuple(warnings))

    def _balance_warnings(self, guide):
        warnings = []
        low, high = rules.DECK_SIZE
        if not low <= len(self.cards) <= high:
            warnings.append(
                f"The deck has {len(self.cards)} cards; public decks have {low}-{high}."
            )
        challenges = [card for card in self.challenges if card.ability in rules.ABILITIES]
        low, high = rules.CHALLENGE_COUNT
        if not low <= len(challenges) <= high:
            warnings.append(
                f"The deck has {len(challenges)} challenges; public decks have {low}-{high}."
            )
        counts = Counter(card.ability for card in challenges)
        spread = [counts[ability] for ability in rules.ABILITIES]
        if max(spread) - min(spread) > rules.ABILITY_SPREAD_MAX:
            shown = ", ".join(f"{ability} {counts[ability]}" for ability in rules.ABILITIES)
            warnings.append(f"Challenges are not split evenly over the abilities: {shown}.")
        levels = [card.level for card in challenges if isinstance(card.level, int)]
        if levels:
            average = sum(levels) / len(levels)
            low, high = guide.levels
            if not low <= average <= high:
                warnings.append(
                    f"The average Level is {average:.2f}; "
                    f"{self.type} dungeons average {low:g}-{high:g}."
                )
        for final in self.by_kind[rules.FINAL]:
            if final.level not in guide.final_levels:
                allowed = " or ".join(str(level) for level in guide.final_levels)
                warnings.append(
                    f"Final card {final.key!r} is Level {final.level}; "
                    f"{self.type} Finals are {allowed}."
                )
        advanced = [
            card for card in self.challenges if any(_is_advanced(name) for name in card.conditions)
        ]
        low, high = guide.advanced_cards
        if len(advanced) < low or (high is not None and len(advanced) > high):
            wanted = (
                f"at most {high}"
                if high is not None and len(advanced) > high
                else f"at least {low}"
            )
            warnings.append(
                f"{len(advanced)} cards carry advanced Conditions; "
                f"{self.type} dungeons have {wanted}"
                + (f" ({_names(advanced)})." if advanced else ".")
            )
        hope = [card for card in self.cards if "Hope" in card.conditions]
        if len(hope) > rules.HOPE_MAX_CARDS:
            warnings.append(f"Hope is on {len(hope)} cards ({_names(hope)}); use it sparingly.")
        return warnings

    def to_dict(self):
        return {
            "number": self.number,
            "name": self.name,
            "type": self.type,
            "description": self.description,
            "reward": self.reward,
            "cards": [card.to_dict() for card in self.cards],
        }

    @classmethod
    def from_dict(cls, data):
        return cls(
            **{**data, "cards": tuple(Card.from_dict(card) for card in data.get("cards", ()))}
        )


def _is_advanced(name):
    condition = rules.CONDITIONS.get(name)
    return bool(condition and condition.advanced)


def _names(cards):
    return ", ".join(repr(card.key) for card in cards)


def _card_errors(card):
    name = f"Card {card.key!r}"
    if card.kind not in rules.CARD_KINDS:
        return [
            f"{name} has an unknown kind {card.kind!r}; kinds are {', '.join(rules.CARD_KINDS)}."
        ]
    if not card.is_challenge:
        return []
    errors = []
    if card.ability not in rules.ABILITIES:
        errors.append(f"{name} tests an unknown ability {card.ability!r}.")
    if not isinstance(card.level, int) or not rules.LEVEL_MIN <= card.level <= rules.LEVEL_MAX:
        errors.append(
            f"{name} has Level {card.level!r}; Levels go {rules.LEVEL_MIN}-{rules.LEVEL_MAX}."
        )
    for condition in card.conditions:
        if condition not in rules.CONDITIONS:
            errors.append(f"{name} has an unknown Condition {condition!r}.")
    return errors


def _card_warnings(card):
    name = f"Card {card.key!r}"
    if not card.is_challenge:
        return []
    warnings = []
    if not card.conditions:
        warnings.append(f"{name} has no Condition; every challenge should have at least one.")
    for condition, count in Counter(card.conditions).items():
        if count > 1:
            warnings.append(f"{name} lists {condition} {count} times (they stack).")
    return warnings


# A bare "Second" or "Third" reads like a count; these say what the card is.
_KIND_LABELS = {rules.SECOND: "Second draw", rules.THIRD: "Third draw"}
