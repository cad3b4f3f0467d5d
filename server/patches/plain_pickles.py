"""
Attribute values of plain data stored and read back without leaving
garbage behind.

Evennia converts an Attribute's value on every read (`from_pickle`) and
every write (`to_pickle`) with helper functions it defines anew for each
call. They call themselves (and each other) through their closures, so each
call leaves a reference cycle that only Python's cycle collector can free:
a scene's every pose reads the room's scene, every `page` writes whom it
went to. With two thousand players online that is thousands of cycles a
minute, and each collection that frees them holds up everyone's commands
for tens of milliseconds (see gc_tuning.py).

This gives exactly Evennia's result, without those helpers, for plain
values: a string, bytes, a number or a boolean, and a list or dict of them
(a list or dict read from an Attribute comes back as Evennia's saving list
or dict, tied to the Attribute). Anything else (tuples, which may be packed
objects or sessions; nested containers; database objects) goes to Evennia.
See docs/upstream/reference-cycles.md.

Installed by the Server.
"""

from django.utils.safestring import SafeString
from evennia.server import models as server_models
from evennia.typeclasses import attributes
from evennia.utils import dbserialize
from evennia.utils.dbserialize import _SaverDict, _SaverList

from server.patches import Patch, Replaced

_evennia_from_pickle = dbserialize.from_pickle
_evennia_to_pickle = dbserialize.to_pickle
# The types both of Evennia's conversions hand back as they are (exact types,
# as Evennia compares them: an IntFlag, say, is converted).
_SCALARS = frozenset((str, int, float, bool, bytes, SafeString))
# The modules that call the conversions by the names they imported.
_CALLERS = (dbserialize, attributes, server_models)


def _all_scalars(values):
    return all(type(value) in _SCALARS for value in values)


def from_pickle(data, db_obj=None):
    """Evennia's `from_pickle`, made without helper functions for plain values."""
    kind = type(data)
    if kind in _SCALARS:
        return data
    if kind is list and _all_scalars(data):
        if not db_obj:
            return list(data)
        saved = _SaverList(_db_obj=db_obj)
        saved._data.extend(data)
        return saved
    if kind is dict and _all_scalars(data) and _all_scalars(data.values()):
        if not db_obj:
            return dict(data)
        saved = _SaverDict(_db_obj=db_obj)
        saved._data.update(data)
        return saved
    return _evennia_from_pickle(data, db_obj=db_obj)


def to_pickle(data):
    """Evennia's `to_pickle`, made without helper functions for plain values."""
    kind = type(data)
    if kind in _SCALARS:
        return data
    if kind in (list, _SaverList) and _all_scalars(data):
        return list(data)
    if kind in (dict, _SaverDict) and _all_scalars(data) and _all_scalars(data.values()):
        return dict(data.items())
    return _evennia_to_pickle(data)


_replaced = Replaced()


def install():
    """Convert Attribute values this way wherever Evennia does (idempotent)."""
    for module in _CALLERS:
        _replaced.replace(module, "from_pickle", from_pickle)
        _replaced.replace(module, "to_pickle", to_pickle)


PATCH = Patch(
    name="plain_pickles",
    targets={
        "evennia.utils.dbserialize:from_pickle": (
            "91a27c82deca77a668a115158c4732576e28706a7cabcfde71e5c913eb1b8867"
        ),
        "evennia.utils.dbserialize:to_pickle": (
            "6432b607079146740f057101898c9e88417f00b8fd8054852f7260bc8267dcc3"
        ),
    },
    process="server",
    why="Every Attribute read or write left a reference cycle behind (self-calling helpers "
    "defined per call); see docs/upstream/reference-cycles.md.",
    install=install,
    uninstall=_replaced.restore,
)
