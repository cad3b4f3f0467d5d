"""
Evennia's `CmdSet.get` for a system command, looked up once per merged cmdset.

For every line that matches no command (and every empty line, and every
ambiguous one) the command handler asks the merged cmdset for its system
command by key (`cmdset.get("__nomatch_command")`). `CmdSet.get` then walks
all of the cmdset's commands twice, the second time comparing each with the
one found (`Command.__eq__`, a set intersection): with a hundred and fifty
commands that is a tenth of the Server's work on an unknown command. The
answer depends only on the cmdset's commands, so it is kept with them (see
cmdset_cache.py) for each key asked, and found again only when the
commands change. Anything but a key string is looked up as Evennia does.

Installed by the Server at start-up.
"""

from evennia.commands.cmdset import CmdSet

from server.patches import Patch, Replaced
from server.patches.cmdset_cache import derived

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


_replaced = Replaced()


def install():
    """Make every cmdset look keys up this way (idempotent)."""
    _replaced.replace(CmdSet, "get", remembered_get)


PATCH = Patch(
    name="cmdset_lookup",
    targets={"evennia.commands.cmdset:CmdSet.get": "f87d2277fad68f3ec311c93481d62fd4a561db8a393990154ab146b86a40fb4c"},
    process="server",
    why="Each unknown, empty or ambiguous line walked all 150 commands twice for a system command.",
    install=install,
    uninstall=_replaced.restore,
)
