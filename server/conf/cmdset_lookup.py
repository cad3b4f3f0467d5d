"""
Evennia's `CmdSet.get` for a system command, looked up once per merged cmdset.

For every line that matches no command (and every empty line, and every
ambiguous one) the command handler asks the merged cmdset for its system
command by key (`cmdset.get("__nomatch_command")`). `CmdSet.get` then walks
all of the cmdset's commands twice, the second time comparing each with the
one found (`Command.__eq__`, a set intersection): with a hundred and fifty
commands that is a tenth of the Server's work on an unknown command. The
answer depends only on the cmdset's commands, so it is kept with them (see
commands/cmdset_cache.py) for each key asked, and found again only when the
commands change. Anything but a key string is looked up as Evennia does.

Installed by the Server at start-up.
"""

from evennia.commands.cmdset import CmdSet

from commands.cmdset_cache import derived

_evennia_get = CmdSet.get


def remembered_get(cmdset, cmd):
    """Evennia's `CmdSet.get`, with the answer for a key kept per list of commands."""
    if not isinstance(cmd, str):
        return _evennia_get(cmdset, cmd)
    answers = derived(cmdset, "_delver_get_by_key", lambda commands: {})
    try:
        return answers[cmd]
    except KeyError:
        found = answers[cmd] = _evennia_get(cmdset, cmd)
        return found


def install():
    """Make every cmdset look keys up this way (idempotent)."""
    CmdSet.get = remembered_get
