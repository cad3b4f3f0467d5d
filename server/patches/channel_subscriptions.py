"""
A channel's subscriber list kept up to date, not loaded again, when someone
joins or leaves.

Evennia's `SubscriptionHandler.add` and `remove` write the change and then
load every subscriber of the channel from the database again. A new account
joins the default channels, so creating the thousandth account loaded a
thousand accounts for each of them: with two thousand players being created
the Server spent most of its time there. Here Evennia's own `add` and
`remove` write the change, and a list already loaded has the subscribers
added or taken out instead (in Evennia's order: accounts, then objects, each
by id); a list not loaded yet is loaded at its first use, as before. See
docs/upstream/channel-subscriptions.md.

Installed by the Server.
"""

from evennia.comms.models import SubscriptionHandler
from evennia.utils.utils import make_iter

from server.patches import Patch, Replaced

_replaced = Replaced()
_evennia_add = SubscriptionHandler.add
_evennia_remove = SubscriptionHandler.remove


def add(self, entity):
    """Evennia's `add`, with a loaded subscriber list updated in place."""
    _without_reload(self, _evennia_add, entity, added=make_iter(entity))


def remove(self, entity):
    """Evennia's `remove`, with a loaded subscriber list updated in place."""
    _without_reload(self, _evennia_remove, entity, removed=make_iter(entity))


def _without_reload(handler, change, entity, added=(), removed=()):
    loaded = handler._cache
    handler._recache = _keep_list  # shadows the method for this one call
    try:
        change(handler, entity)
    finally:
        del handler._recache
    if loaded is not None:
        handler._cache = _updated(loaded, added, removed)


def _keep_list():
    """What `_recache` does while Evennia's own add or remove runs: nothing."""


def _updated(loaded, added, removed):
    gone = set(filter(None, removed))
    subscribers = [entity for entity in loaded if entity not in gone]
    subscribers += [entity for entity in added if entity and entity not in loaded]
    saved = (entity for entity in subscribers if getattr(entity, "pk", None))
    return {entity: True for entity in sorted(saved, key=_evennia_order)}


def _evennia_order(entity):
    return (entity.__dbclass__.__name__ != "AccountDB", entity.pk)


def install():
    _replaced.replace(SubscriptionHandler, "add", add)
    _replaced.replace(SubscriptionHandler, "remove", remove)


def uninstall():
    _replaced.restore()


PATCH = Patch(
    name="channel_subscriptions",
    targets={
        "evennia.comms.models:SubscriptionHandler.add": "a5ce702a15380c44123ef00597d086e024cf31a10318926f35605d792a468ae1",
        "evennia.comms.models:SubscriptionHandler.remove": "2de5be85cd44e49f4a614ba5511c31e61597c309d29cfc2dc7ee380e6ca58bfd",
    },
    process="server",
    why="Each join or leave loaded the channel's whole subscriber list again: "
    "creating accounts cost more with every account already subscribed.",
    install=install,
    uninstall=uninstall,
)
