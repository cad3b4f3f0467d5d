"""
Evennia's lock checks without compiling the same expression over and over.

A lock check calls each lock function, writes the answers into the lock's
expression ("True or False") and `eval`s it: Python compiles that string
anew on every check, several times for every command typed (the commands
found, and every object in the room, have their locks checked). The
expressions are made only of True, False, and, or, not and brackets, so
there are few of them: their values are kept, and the lock handler's `eval`
looks them up first. Installed by the Server at start-up.
"""

import builtins

from evennia.locks import lockhandler

MAX_KEPT = 10_000  # far more than the distinct expressions a game's locks make


_values = {}


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


def install():
    """Make the lock handler evaluate through `remembered_eval` (idempotent)."""
    lockhandler.eval = remembered_eval
