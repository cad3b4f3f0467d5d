"""
Char.Name, Char.Status and Char.Vitals.

Char.Status names the systems the character has a sheet in, each with a short
summary; Char.Vitals carries the numbers a system keeps as a character's
health (Old Gold's HP, a Goldengrave company's stats). Both are made from
per-system providers: a plain function of the character that returns a dict,
or None when the character has nothing in that system. A system joins with
one line below: its key in the message and the dotted path of its function
(imported when first used, so no system's import order matters here).

A system that lists only a Vitals provider still counts as one the
character has a sheet in when that provider answers.

Both messages go out again whenever a row of a model in WATCHED is saved or
deleted (once its transaction commits), to the clients of that row's
characters; a system adds its models there, each with the path from a row to
its character's id (through a related manager to several characters' ids).
Changes made by a queryset's update() send no signal and are heard of with
the next saved row.
"""

from functools import cache

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils.module_loading import import_string
from evennia.objects.models import ObjectDB

from world.client_state.hooks import safely

STATUS_PROVIDERS = {
    "digger": "world.client_state.sheets.digger_status",
    "kroll": "world.client_state.sheets.kroll_status",
    "oldgold": "world.client_state.sheets.oldgold_status",
    "goldengrave": "world.client_state.sheets.goldengrave_status",
}
VITALS_PROVIDERS = {
    "oldgold": "world.client_state.sheets.oldgold_vitals",
    "goldengrave": "world.client_state.sheets.goldengrave_vitals",
}
WATCHED = {
    "digger.DiggerSheet": "character_id",
    "digger.Approval": "character_id",
    "kroll.KrollSheet": "character_id",
    "kroll.Adventurer": "sheet.character_id",
    "oldgold.OldGoldSheet": "character_id",
    "goldengrave.Sheet": "character_id",
    "goldengrave.Company": "sheets.character_id",  # every PC of the company
}


@cache
def _provider(path):
    return import_string(path)


def _answers(providers, character):
    """{system: dict} of the providers that have something for `character`."""
    found = {}
    for system, path in providers.items():
        answer = _provider(path)(character)
        if answer is not None:
            found[system] = answer
    return found


def name_info(character):
    return {"name": character.key}


def status(character):
    """{"systems": [...], <system>: {summary}, ...}; "systems" lists every system with a
    sheet, including those that only have vitals."""
    summaries = _answers(STATUS_PROVIDERS, character)
    with_vitals = [
        system for system in _answers(VITALS_PROVIDERS, character) if system not in summaries
    ]
    return {"systems": [*summaries, *with_vitals], **summaries}


def vitals(character):
    """{"systems": [...], <system>: {numbers}, ...} for the systems that keep vitals."""
    found = _answers(VITALS_PROVIDERS, character)
    return {"systems": list(found), **found}


@safely
def row_changed(sender, instance, raw=False, **kwargs):
    """post_save/pre_delete of a WATCHED model: its characters' clients hear of it
    once the change is committed (a row about to go still leads to them)."""
    if raw:  # loading fixtures
        return
    try:
        character_ids = _follow(instance, WATCHED[sender._meta.label])
    except ObjectDoesNotExist:  # deleted along with what leads to its character
        return
    if character_ids:
        transaction.on_commit(lambda: _send_again(character_ids))


def _follow(row, path):
    """The character ids `path` leads to from `row`; a related manager on the way
    (`sheets`) leads to each of its rows."""
    rows = [row]
    for name in path.split("."):
        found = [getattr(item, name) for item in rows]
        rows = [item for value in found
                for item in (value.all() if hasattr(value, "all") else (value,))]
    return {character_id for character_id in rows if character_id is not None}


@safely
def _send_again(character_ids):
    from world.client_state import packages  # it imports this module

    for character_id in character_ids:
        # Only a character Evennia holds in memory can have a session.
        character = ObjectDB.get_cached_instance(character_id)
        if character is not None:
            packages.send(character, ("Char.Status", "Char.Vitals"))
