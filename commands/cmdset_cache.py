"""
Facts worked out once per merged cmdset.

Evennia merges each caller's cmdsets anew for every line typed but keeps the
results, so the same merged cmdset object comes back line after line.
Whatever is derived from its commands (an index of names, say) can be kept
on it, as long as it is made again when the commands change.
"""


def derived(cmdset, name, make):
    """
    `make(commands)` for the cmdset's commands, kept on the cmdset under
    `name` with the commands it came from (it holds them, so their ids
    cannot be reused while it is kept).
    """
    commands = cmdset.commands
    made_from = tuple(map(id, commands))
    kept = cmdset.__dict__.get(name)
    if kept is not None and kept[0] == made_from:
        return kept[1]
    value = make(commands)
    setattr(cmdset, name, (made_from, value))
    return value
