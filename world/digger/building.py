"""
Building dungeons in the game: a dungeon's fields, its cards, publishing.

Every change runs in one transaction on the dungeon's locked row and then
checks the whole deck with `deck.Dungeon.validate()`. A published dungeon
must stay playable, so a change that would give it errors is refused and
rolled back; a draft may be incomplete while it is being built. Each value
is checked as it comes in (Levels, abilities, Conditions, kinds, lengths),
whatever the dungeon's state. Runs in progress are never touched: they play
the deck they entered with (`Run.deck`).

A card is named by its key or by its position in the deck (1 is the first
card, as +dungeon/show numbers them); a key is never all digits, so the two
cannot be confused.

These are services: they return what happened (a `BuildResult`) and never
write to a player. Who may build is the commands' business (Evennia locks).
"""

import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Max
from django.utils.text import slugify

from world.digger import rules
from world.digger.deck import DungeonReport
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.deckfile import card_kind_named, condition_named, dungeon_type_named
from world.digger.errors import DiggerError
from world.digger.models import KEY_MAX, NAME_MAX, Dungeon, DungeonCard, Run
from world.numbers import whole_number
from world.digger.store import dungeon_from_db
from world.words import with_article

TEXT_MAX = 2000
_KEY = re.compile(r"[\w-]+")
KEEP_PLAYABLE = "is published and must stay playable"
NOT_READY = "cannot be published yet"


@dataclass(frozen=True)
class BuildResult:
    """A dungeon after a builder's look or change: its row, its deck and its check."""

    model: Dungeon
    deck: DeckDungeon
    report: DungeonReport
    done: str = ""  # what changed, in a sentence


# ---------------------------------------------------------------- values


def _words(text):
    return " ".join((text or "").split())


def _line(text, what, longest, required=True):
    value = _words(text)
    if required and not value:
        raise DiggerError(f"Give the {what}.")
    if len(value) > longest:
        raise DiggerError(f"The {what} is {len(value)} characters long; at most {longest}.")
    return value


def _type(text):
    found = dungeon_type_named(text or "")
    if found is None:
        raise DiggerError(f"The type is one of {', '.join(rules.DUNGEON_TYPES)}, not '{text}'.")
    return found


def _kind(text):
    found = card_kind_named(text or "")
    if found is None:
        raise DiggerError(f"'{text}' is not a kind of card; kinds: {', '.join(rules.CARD_KINDS)}.")
    return found


def _ability(text):
    found = rules.ability_for_word(text or "")
    if found is None:
        raise DiggerError(
            f"'{text}' is not an ability; abilities: {', '.join(rules.ABILITIES)} "
            "(or their actions)."
        )
    return found


def _level(text):
    level = whole_number(text, 0, rules.LEVEL_MAX)
    if level is None or level < rules.LEVEL_MIN:
        raise DiggerError(
            f"A Level is {rules.LEVEL_MIN}-{rules.LEVEL_MAX}, not '{(text or '').strip()}'."
        )
    return level


def _conditions(text):
    """'Bad Luck, tire' -> ('Bad Luck', 'Tire'); nothing (or 'none') clears them."""
    names = [_words(part) for part in (text or "").split(",")]
    names = [name for name in names if name]
    if [name.lower() for name in names] == ["none"]:
        return ()
    found = []
    for name in names:
        condition = condition_named(name)
        if condition is None:
            raise DiggerError(
                f"'{name}' is not a Condition (separate Conditions with commas); "
                "+card/conditions lists them."
            )
        found.append(condition)
    return tuple(found)


def _key(text):
    key = _words(text)
    if not _KEY.fullmatch(key) or len(key) > KEY_MAX:
        raise DiggerError(f"A card's key is one word of at most {KEY_MAX} letters, digits, - or _.")
    if key.isdigit():
        raise DiggerError("A card's key needs a letter: plain numbers name positions.")
    return key


DUNGEON_VALUES = {
    "name": lambda text: _line(text, "dungeon's name", NAME_MAX),
    "type": _type,
    "description": lambda text: _line(text, "description", TEXT_MAX, required=False),
    "reward": lambda text: _line(text, "reward", TEXT_MAX, required=False),
}
CARD_VALUES = {
    "title": lambda text: _line(text, "card's title", NAME_MAX),
    "text": lambda text: _line(text, "card's text", TEXT_MAX, required=False),
    "kind": _kind,
    "ability": _ability,
    "level": _level,
    "conditions": _conditions,
    "key": _key,
}
CHALLENGE_ONLY = ("ability", "level", "conditions")


def card_value(field, text):
    """What `text` means for a card's `field`; refused if it is not a value it can take."""
    reader = CARD_VALUES.get((field or "").strip().lower())
    if reader is None:
        raise DiggerError(f"A card's fields are {', '.join(CARD_VALUES)}, not '{field}'.")
    return reader(text)


def parse_card_line(text):
    """'<kind> [<ability> <level> [<Condition>, ...]]: <title> [/ <text>]' -> field values."""
    head, colon, tail = (text or "").partition(":")
    if not colon:
        raise DiggerError(
            "Give the kind (and for a challenge its ability and Level), then :, then the title."
        )
    kind_word, _, rest = head.strip().partition(" ")
    title, _, card_text = tail.partition("/")
    fields = {
        "kind": _kind(kind_word),
        "title": card_value("title", title),
        "text": card_value("text", card_text),
    }
    if fields["kind"] in rules.OUTCOME_KINDS:
        if rest.strip():
            raise DiggerError(f"{with_article(fields['kind']).capitalize()} card has no ability, Level or Conditions.")
        return fields
    ability, _, rest = rest.strip().partition(" ")
    level, _, conditions = rest.strip().partition(" ")
    if not ability or not level:
        raise DiggerError(
            f"{with_article(fields['kind']).capitalize()} card needs its ability and Level, "
            "e.g. Brute 2."
        )
    fields.update(
        ability=_ability(ability), level=_level(level), conditions=_conditions(conditions)
    )
    return fields


# ---------------------------------------------------------------- loading


def _model(number, lock=False):
    query = Dungeon.objects.select_for_update() if lock else Dungeon.objects
    model = query.filter(number=number).first()
    if model is None:
        raise DiggerError(f"There is no dungeon #{number}.")
    return model


def _result(model, done=""):
    deck = dungeon_from_db(model)
    return BuildResult(model, deck, deck.validate(), done)


def _refusal(number, why, errors):
    lines = "\n".join(f"  - {error}" for error in errors)
    hint = (
        f"\nTo rework it freely, +dungeon/unpublish {number} first." if why == KEEP_PLAYABLE else ""
    )
    return DiggerError(f"Dungeon #{number} {why}; nothing was changed:\n{lines}{hint}")


def _change(number, change, unplayable=KEEP_PLAYABLE):
    """Lock dungeon `number`, `change(model)` -> what was done, then check the deck.

    A published dungeon left with errors (or one just being published) is
    refused, which rolls the whole change back.
    """
    with transaction.atomic():
        model = _model(number, lock=True)
        done = change(model)
        model.save()
        result = _result(model, done)
        if model.published and result.report.errors:
            raise _refusal(number, unplayable, result.report.errors)
    return result


def _cards(model):
    return list(model.cards.order_by("position"))


def _card(model, cards, ref):
    ref = (ref or "").strip()
    position = whole_number(ref)
    if position is not None:
        if 1 <= position <= len(cards):
            return cards[position - 1]
        raise DiggerError(f"Dungeon #{model.number} has cards 1-{len(cards)}, not {ref}.")
    for card in cards:
        if card.key.lower() == ref.lower():
            return card
    raise DiggerError(
        f"Dungeon #{model.number} has no card '{ref}'; +dungeon/show {model.number} lists them."
    )


def _renumber(cards):
    for position, card in enumerate(cards):
        card.position = position
    DungeonCard.objects.bulk_update(cards, ["position"])


def _new_key(cards, title):
    base = slugify(title)[: KEY_MAX - 4].strip("-") or "card"
    if base.isdigit():
        base = f"card-{base}"
    taken = {card.key.lower() for card in cards}
    key, count = base, 1
    while key.lower() in taken:
        count += 1
        key = f"{base}-{count}"
    return key


# ---------------------------------------------------------------- looking


def look(number):
    """Dungeon `number` (published or not) with its deck and what validate() says."""
    return _result(_model(number))


def look_card(number, ref):
    """(position, deck.Card) of one card of dungeon `number`."""
    model = _model(number)
    cards = _cards(model)
    row = _card(model, cards, ref)
    return cards.index(row) + 1, row.as_card()


def all_dungeons():
    """Every dungeon, drafts too, with `card_count`."""
    return list(Dungeon.objects.annotate(card_count=Count("cards")))


# ---------------------------------------------------------------- dungeons


def create_dungeon(name, type_name):
    """A new draft dungeon, numbered after the highest one there is or was.

    Numbers of deleted dungeons that runs remember are not given out again, so
    a run's record never points at somebody else's dungeon.
    """
    name, type_ = DUNGEON_VALUES["name"](name), _type(type_name)
    with transaction.atomic():
        top = max(
            Dungeon.objects.aggregate(top=Max("number"))["top"] or 0,
            Run.objects.aggregate(top=Max("dungeon_number"))["top"] or 0,
        )
        model = Dungeon.objects.create(number=top + 1, name=name, type=type_)
    return _result(model, f"Dungeon #{model.number} {name} ({type_}) is made, as a draft.")


def set_dungeon_field(number, field, text):
    """Set the dungeon's name, type, description or reward."""
    value = DUNGEON_VALUES[field](text)

    def change(model):
        setattr(model, field, value)
        return f"Dungeon #{number}'s {field} is set."

    return _change(number, change)


def _bound_parties(model):
    count = model.parties.count()
    if count:
        parties = "party is" if count == 1 else "parties are"
        raise DiggerError(
            f"{count} {parties} bound to dungeon #{model.number}; it can be deleted once "
            "they have finished and disbanded."
        )


def check_deletable(number):
    """Dungeon `number` as it would be deleted; refused while any party is bound to it."""
    result = look(number)
    _bound_parties(result.model)
    return result


def delete_dungeon(number):
    """Delete dungeon `number` and its cards (past runs keep their own copy of the deck)."""
    with transaction.atomic():
        model = _model(number, lock=True)
        _bound_parties(model)
        name = model.name
        model.delete()
    return f"Dungeon #{number} {name} is deleted."


def publish(number):
    """Open dungeon `number` to players; refused while validate() finds errors."""

    def change(model):
        was = model.published
        model.published = True
        return f"Dungeon #{number} is {'still' if was else 'now'} published."

    return _change(number, change, unplayable=NOT_READY)


def unpublish(number):
    """Take dungeon `number` back to a draft; runs in progress go on with their deck."""

    def change(model):
        model.published = False
        bound = model.parties.count()
        note = (
            f" Parties bound to it ({bound}) cannot start a run until it is back." if bound else ""
        )
        return f"Dungeon #{number} is a draft now: players no longer see it.{note}"

    return _change(number, change)


# ---------------------------------------------------------------- cards


def add_card(number, fields):
    """Add a card (fields as `parse_card_line` gives them) at the end of the deck."""

    def change(model):
        cards = _cards(model)
        card = DungeonCard.objects.create(
            dungeon=model,
            position=len(cards),
            key=_new_key(cards, fields["title"]),
            kind=fields["kind"],
            title=fields["title"],
            text=fields["text"],
            ability=fields.get("ability", ""),
            level=fields.get("level"),
            conditions=list(fields.get("conditions", ())),
        )
        return f"Card {len(cards) + 1} '{card.key}' ({card.title}) is added."

    return _change(number, change)


def edit_card(number, ref, field, text):
    """Set one field of a card; turning it into an outcome card drops its challenge fields."""
    field = (field or "").strip().lower()
    value = card_value(field, text)

    def change(model):
        cards = _cards(model)
        card = _card(model, cards, ref)
        if field in CHALLENGE_ONLY and card.kind in rules.OUTCOME_KINDS:
            raise DiggerError(f"Card '{card.key}' is {with_article(card.kind)} card: it has no {field}.")
        if field == "key":
            if any(other.key.lower() == value.lower() for other in cards if other != card):
                raise DiggerError(f"Dungeon #{number} has a card '{value}' already.")
            card.key_is_number = False
        if field == "kind" and value in rules.OUTCOME_KINDS:
            card.ability, card.level, card.conditions = "", None, []
        setattr(card, field, list(value) if field == "conditions" else value)
        card.save()
        return f"Card '{card.key}': {field} is set."

    return _change(number, change)


def remove_card(number, ref):
    """Take a card out of the deck."""

    def change(model):
        cards = _cards(model)
        card = _card(model, cards, ref)
        card.delete()
        _renumber([other for other in cards if other != card])
        return f"Card '{card.key}' ({card.title}) is removed."

    return _change(number, change)


def move_card(number, ref, position):
    """Put a card at `position` (1-based) in the deck; the others close up around it."""

    def change(model):
        cards = _cards(model)
        card = _card(model, cards, ref)
        if not 1 <= position <= len(cards):
            raise DiggerError(f"Positions in dungeon #{number} go 1-{len(cards)}.")
        cards.remove(card)
        cards.insert(position - 1, card)
        _renumber(cards)
        return f"Card '{card.key}' is now card {position}."

    return _change(number, change)
