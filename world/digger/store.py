"""
Dungeons between the engine's `deck.Dungeon` and the database.

    save_dungeon(dungeon, replace=False, published=None) -> models.Dungeon
    dungeon_from_db(model) -> deck.Dungeon
    load_sample_dungeons() -> the numbers it added

The sample dungeons (world/digger/data/*.yaml, read by `deckfile`) are loaded
at server start; a sample whose number is already in the database is left
alone, so restarts never duplicate or overwrite a dungeon staff have edited.
"""

from django.db import transaction
from evennia.server.models import ServerConfig
from evennia.utils import logger

from world.digger import deckfile
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.errors import DiggerError
from world.digger.models import Dungeon, DungeonCard


def save_dungeon(dungeon, *, replace=False, published=None):
    """Store `dungeon` (a deck.Dungeon) with its cards in deck order.

    A dungeon with the same number is refused unless `replace`, which rewrites
    it and its cards (runs in progress keep the deck they entered with).
    `published` None keeps the stored flag (a new dungeon starts unpublished).
    """
    with transaction.atomic():
        model = Dungeon.objects.select_for_update().filter(number=dungeon.number).first()
        if model is not None and not replace:
            raise DiggerError(f"There is already a dungeon #{dungeon.number} ({model.name}).")
        if model is None:
            model = Dungeon(number=dungeon.number)
        model.name = dungeon.name
        model.type = dungeon.type
        model.description = dungeon.description
        model.reward = dungeon.reward
        if published is not None:
            model.published = published
        model.save()
        model.cards.all().delete()
        DungeonCard.objects.bulk_create(
            _card_row(model, position, card) for position, card in enumerate(dungeon.cards)
        )
    return model


def _card_row(model, position, card):
    return DungeonCard(
        dungeon=model,
        position=position,
        key=str(card.key),
        key_is_number=isinstance(card.key, int),
        kind=card.kind,
        title=card.title,
        text=card.text,
        ability=card.ability or "",
        level=card.level,
        conditions=list(card.conditions),
    )


def dungeon_from_db(model):
    """The deck.Dungeon of a stored dungeon, cards in deck order."""
    return DeckDungeon(
        model.number,
        model.name,
        model.type,
        model.description,
        model.reward,
        tuple(card.as_card() for card in model.cards.order_by("position")),
    )


SAMPLES_LOADED_KEY = "digger_sample_dungeons_loaded"
"""ServerConfig key: the sample numbers already loaded once (a deleted one stays deleted)."""


def load_sample_dungeons():
    """Add, published, every sample dungeon not loaded before and whose number is free.

    Each sample is loaded once per database: one that a builder later deletes
    is not brought back at the next start. Never raises: a bad file (or a
    database problem) is logged and the rest go on, so a broken sample cannot
    stop the server from starting.
    """
    added = []
    try:
        paths = deckfile.sample_paths()
        known = set(Dungeon.objects.values_list("number", flat=True))
        loaded = set(ServerConfig.objects.conf(SAMPLES_LOADED_KEY, default=[]))
    except Exception:
        logger.log_trace("Digger: cannot look for sample dungeons")
        return added
    for path in paths:
        try:
            dungeon = deckfile.load_dungeon_file(path)
            if dungeon.number in known or dungeon.number in loaded:
                continue
            save_dungeon(dungeon, published=True)
        except Exception as error:
            logger.log_err(f"Digger: sample dungeon {path.name} not loaded: {error}")
            continue
        known.add(dungeon.number)
        added.append(dungeon.number)
    if added:
        ServerConfig.objects.conf(SAMPLES_LOADED_KEY, sorted(loaded | set(added)))
        logger.log_info(f"Digger: loaded sample dungeons {', '.join(map(str, added))}.")
    return added


def open_dungeons():
    """The published dungeons, by number."""
    return list(Dungeon.objects.filter(published=True))


def open_dungeon_model(number):
    """The published dungeon `number` (model); refused if there is none."""
    model = Dungeon.objects.filter(number=number, published=True).first()
    if model is None:
        raise DiggerError(f"There is no open dungeon #{number}; +dungeon/list shows them.")
    return model


def open_dungeon(number):
    """The published dungeon `number` as a deck.Dungeon; refused if there is none."""
    return dungeon_from_db(open_dungeon_model(number))
