"""
Evennia's upkeep of the Server, each minute, without holding it up.

Each minute Evennia looks for link-dead puppets: objects tagged `puppeted`
that no account is connected to any more (left so by a crash). To ask each
tagged object, it loads every one of them from the database: with a thousand
players online, a thousand rows, which held the Server for 100 to 200 ms a
minute on these machines while every line typed meanwhile waited.

Delver runs Evennia's own upkeep, with that one query answered from the
objects' ids: the objects come from Evennia's cache of loaded objects (only
those missing from it are loaded), in the query's order, and Evennia's loop
asks each of them as before. Any other use of the manager, in this call or
in another thread meanwhile, is Evennia's.

Installed by the Server at start-up.
"""

import threading

from evennia.objects.models import ObjectDB
from evennia.server.service import EvenniaServerService

from server.patches import Patch, Replaced

# What Evennia's sweep asks the manager for.
SWEEP = {"key": "puppeted", "category": "account"}

_evennia_maintenance = EvenniaServerService.server_maintenance


def server_maintenance(service):
    """Evennia's `server_maintenance`, its sweep for link-dead puppets made cheap."""
    manager = ObjectDB.objects
    manager.get_by_tag = _answering_sweep(manager.get_by_tag, threading.get_ident())
    try:
        _evennia_maintenance(service)
    finally:
        del manager.get_by_tag  # the manager's own method again


def _answering_sweep(get_by_tag, thread):
    def answering(*args, **kwargs):
        if args or kwargs != SWEEP or threading.get_ident() != thread:
            return get_by_tag(*args, **kwargs)
        return tagged_objects(get_by_tag(**SWEEP))

    return answering


def tagged_objects(queryset):
    """The objects of `queryset` (of ObjectDB), in its order, read by id and
    taken from Evennia's cache of loaded objects where they are in it."""
    ids = list(queryset.values_list("id", flat=True))
    found = {pk: ObjectDB.get_cached_instance(pk) for pk in ids}
    missing = [pk for pk, obj in found.items() if obj is None]
    if missing:
        found.update((obj.id, obj) for obj in ObjectDB.objects.filter(id__in=missing))
    return [found[pk] for pk in ids if found[pk] is not None]  # skips one deleted meanwhile


_replaced = Replaced()


def install():
    """Make the Server's minute of upkeep this one (idempotent)."""
    _replaced.replace(EvenniaServerService, "server_maintenance", server_maintenance)


PATCH = Patch(
    name="maintenance",
    targets={
        "evennia.server.service:EvenniaServerService.server_maintenance": (
            "c0818a67c5e30bf27a6367f4be6521ff60430d46a2ebfaed93ffa7e4efa80939"
        ),
        "evennia.typeclasses.managers:TypedObjectManager.get_by_tag": (
            "d304aec0a3a60c761984ab2c0af2265d67d41d9efd34d2585b2d191eb4b44950"
        ),
    },
    process="server",
    why="The minute sweep for link-dead puppets loaded every puppeted object from the database; "
    "see docs/upstream/maintenance-sweep.md.",
    install=install,
    uninstall=_replaced.restore,
)
