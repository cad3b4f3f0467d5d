"""
Evennia's command parser, shown only the commands that could match.

Evennia's parser (`evennia.commands.cmdparser`) asks every command in the
caller's merged cmdset, well over a hundred in Delver, whether the line
starts with one of its names, for every line typed. A name can only start a
line that starts with the name's first letter, so this parser keeps, with
each merged cmdset, its commands by the first letters of their names, and
hands Evennia's parser just the commands filed under the letters the line
could begin with: as typed, without its number (`2-look`), and without a
prefix (`@look`). Same matches, in the same order. Set in settings.py as
`COMMAND_PARSER`.
"""

import re

from django.conf import settings
from evennia.commands import cmdparser as evennia_parser

from commands.cmdset_cache import derived

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
