"""
Evennia's command parser, shown only the commands that could match.

Evennia's parser (`evennia.commands.cmdparser`) asks every command in the
caller's merged cmdset, well over a hundred in Delver, whether the line
starts with one of its names, for every line typed. A name can only start a
line that starts with the name's first letter, so this parser keeps, with
each merged cmdset, its commands by the first letters of their names, and
hands Evennia's parser just the commands filed under the letters the line
could begin with: as typed, without its number (`2-look`), and without a
prefix (`@look`). Same matches, in the same order. Installed by the Server
as the command handler's parser (what the `COMMAND_PARSER` setting names).
"""

import re

from django.conf import settings
from evennia.commands import cmdhandler
from evennia.commands import cmdparser as evennia_parser

from server.patches import Patch, Replaced
from server.patches.cmdset_cache import derived

_PREFIXES = settings.CMD_IGNORE_PREFIXES
_NUMBERED = re.compile(settings.SEARCH_MULTIMATCH_REGEX, re.I + re.U)


def cmdparser(raw_string, cmdset, caller, match_index=None, session=None, **kwargs):
    """Evennia's `cmdparser`, over the commands that could match `raw_string`."""
    candidates = _candidates(raw_string, derived(cmdset, "_delver_by_letter", _by_letter))
    return evennia_parser.cmdparser(
        raw_string, candidates, caller, match_index=match_index, session=session, **kwargs
    )


def _by_letter(commands):
    """{first letter of a name: [(position, command), ...]} for the cmdset's names."""
    index = {}
    for position, cmd in enumerate(commands):
        letters = {name[:1] for name in cmd._keyaliases}
        letters |= {name[:1] for name in cmd._noprefix_aliases}
        for letter in letters:
            index.setdefault(letter, []).append((position, cmd))
    return index


def _candidates(raw_string, index):
    """The commands a match of `raw_string` could come from, in cmdset order."""
    line = raw_string.lower()
    starts = {line[:1], line.lstrip(_PREFIXES)[:1]}
    numbered = _NUMBERED.match(raw_string)
    if numbered:
        starts.add(numbered.group("name")[:1].lower())
    found = {}
    for letter in starts:
        for position, cmd in index.get(letter, ()):
            found[position] = cmd
    return [found[position] for position in sorted(found)]


_replaced = Replaced()


def install():
    """Make the command handler parse lines this way (idempotent)."""
    _replaced.replace(cmdhandler, "_COMMAND_PARSER", cmdparser)


PATCH = Patch(
    name="cmdparser",
    targets={
        "evennia.commands.cmdparser:cmdparser": (
            "b0fce98491b94657c9a67a6dca9dff621d18adf8ec4008a92fbb7b39a6623139"
        ),
        "evennia.commands.cmdhandler:cmdhandler": (
            "002c4c4bee8881c5888b5965ad474853c875f1b5eef19849ab63d87e27bb9235"
        ),
    },
    process="server",
    why="Evennia's parser asked every one of 150 commands whether it starts each line typed.",
    install=install,
    uninstall=_replaced.restore,
)
