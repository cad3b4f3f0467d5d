"""
Facts worked out once per merged cmdset.

Evennia merges each caller's cmdsets anew for every line typed but keeps the
results, so the same merged cmdset object comes back line after line.
Whatever is derived from its commands (an index of names, say) can be kept
on it, as long as it is made again when the commands change.
"""

from operator import is_


def derived(cmdset, name, make):
    """
    `make(commands)` for the cmdset's commands, kept on the cmdset under
    `name` with a copy of the list of commands it came from: it is made
    again as soon as any command in the list is another object (compared
    by identity, without allocating anything: this runs several times for
    every line typed).
    """
    commands = cmdset.commands
    kept = cmdset.__dict__.get(name)
    if kept is not None:
        made_from, value = kept
        if len(made_from) == len(commands) and all(map(is_, made_from, commands)):
            return value
    value = make(commands)
    setattr(cmdset, name, (list(commands), value))
    return value
