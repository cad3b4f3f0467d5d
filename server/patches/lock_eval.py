"""
Evennia's lock checks without redoing the same work over and over.

- A lock check calls each lock function, writes the answers into the lock's
  expression ("True or False") and `eval`s it: Python compiles that string
  anew on every check, several times for every command typed (the commands
  found, and every object in the room, have their locks checked). The
  expressions are made only of True, False, and, or, not and brackets, so
  there are few of them: their values are kept, and the lock handler's
  `eval` looks them up first.
- Every new lock handler parses its object's lock string. Commands are made
  anew for each character's command sets, so a thousand players online parse
  the same few dozen command lock strings a hundred thousand times. A lock
  string that parses cleanly always parses the same (the lock functions are
  loaded once, at start), so the parse is kept and each handler gets its own
  copy of it. A string with errors is parsed (and reported) every time.

Installed by the Server at start-up.
"""

import builtins

from evennia.locks import lockhandler

from server.patches import Patch, Replaced

MAX_KEPT = 10_000  # far more than the distinct expressions a game's locks make

_values = {}
_parsed = {}
_evennia_parse = lockhandler.LockHandler._parse_lockstring


def remembered_eval(expression, *namespaces):
    """`eval`, with the value of a namespace-free expression kept for next time."""
    if namespaces:
        return builtins.eval(expression, *namespaces)
    try:
        return _values[expression]
    except KeyError:
        value = builtins.eval(expression, {"__builtins__": {}}, {})
        if len(_values) < MAX_KEPT:
            _values[expression] = value
        return value


def remembered_parse(handler, storage_lockstring):
    """Evennia's `_parse_lockstring`, kept per lock string; a fresh dict each time."""
    try:
        return dict(_parsed[storage_lockstring])
    except KeyError:
        locks = _evennia_parse(handler, storage_lockstring)  # raises on a bad string
        if len(_parsed) < MAX_KEPT:
            _parsed[storage_lockstring] = dict(locks)
        return locks
    except TypeError:  # not a string (unhashable): as Evennia would
        return _evennia_parse(handler, storage_lockstring)


_replaced = Replaced()


def install():
    """Make the lock handler use the remembered eval and parse (idempotent)."""
    _replaced.replace(lockhandler, "eval", remembered_eval)
    _replaced.replace(lockhandler.LockHandler, "_parse_lockstring", remembered_parse)


PATCH = Patch(
    name="lock_eval",
    targets={
        "evennia.locks.lockhandler:LockHandler.check": (
            "e194d2eded1ba8303c575790b47d8ededcad0e7e7e7386777e827ad34dc642f1"
        ),
        "evennia.locks.lockhandler:LockHandler.check_lockstring": (
            "e021276f1775166f6bb844cb84780b4750d138fd775d05041f83201992b2fac2"
        ),
        "evennia.locks.lockhandler:LockHandler._parse_lockstring": (
            "5e0a06ad06dea9b1352226abd53ea07e963501ff98e7f499cbf8ca42f88cebae"
        ),
    },
    process="server",
    why="Each lock check compiled its expression anew, each new handler parsed the same lock strings.",
    install=install,
    uninstall=_replaced.restore,
)
