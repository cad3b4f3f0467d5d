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
character; a system adds its models there, each with the path from a row to
its character's id.
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
}
VITALS_PROVIDERS = {}
WATCHED = {
    "digger.DiggerSheet": "character_id",
    "digger.Approval": "character_id",
    "kroll.KrollSheet": "character_id",
    "kroll.Adventurer": "sheet.character_id",
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
    """post_save/post_delete of a WATCHED model: its character's clients hear of it."""
    if raw:  # loading fixtures
        return
    try:
        character_id = _follow(instance, WATCHED[sender._meta.label])
    except ObjectDoesNotExist:  # deleted along with what leads to its character
        return
    transaction.on_commit(lambda: _send_again(character_id))


def _follow(row, path):
    for name in path.split("."):
        row = getattr(row, name)
    return row


@safely
def _send_again(character_id):
    # Only a character Evennia holds in memory can have a session.
    character = ObjectDB.get_cached_instance(character_id)
    if character is not None:
        from world.client_state import packages  # it imports this module

        packages.send(character, ("Char.Status", "Char.Vitals"))
