"""
What the game answers when a line matches no command.

Evennia's own answer ("Command 'xyz' is not available." and up to three
similar command names) checks the locks of every command in the caller's
merged cmdset to collect the names it may suggest, then rates them all: most
of the cost of a mistyped line. `CmdNoMatch` gives the same answer, but rates names
kept with each merged cmdset and checks the locks of only the few commands
whose names are similar enough to suggest.
"""

import math
from collections import Counter, defaultdict

from evennia.commands.cmdhandler import CMD_NOMATCH
from evennia.commands.command import Command
from evennia.utils.utils import list_to_string

from server.patches.cmdset_cache import derived

# Evennia's suggestion rules for an unknown command (cmdhandler).
CUTOFF = 0.7
MAX_SUGGESTIONS = 3


class CmdNoMatch(Command):
    """
    Answers a line that matches no command (the engine calls it, not players).
    """

    key = CMD_NOMATCH
    locks = "cmd:all()"
    auto_help = False

    def func(self):
        typed = self.args  # the whole line, stripped
        text = f"Command '{typed}' is not available."
        suggestions = suggest(typed, self.cmdset, self.caller)
        if suggestions:
            names = list_to_string(suggestions, endsep="or", addquote=True)
            text += f" Maybe you meant {names}?"
        else:
            text += ' Type "help" for help.'
        self.msg(text)


def suggest(typed, cmdset, caller):
    """
    The command names Evennia would suggest for `typed`: those whose letter
    histogram is at least CUTOFF similar (cosine), best first and in cmdset
    order among equals, from commands `caller` may call. Only names sharing
    a letter with `typed` can be similar at all, so only those are rated.
    """
    wanted = Counter(typed)
    wanted_norm = math.sqrt(sum(count * count for count in wanted.values()))
    if not wanted_norm:
        return []
    names, postings = _names_of(cmdset)
    shared = defaultdict(int)
    for letter, count in wanted.items():
        for position, letter_count in postings.get(letter, ()):
            shared[position] += count * letter_count
    rated = []
    for position, dot in shared.items():
        name, cmd, norm = names[position]
        similarity = float(dot) / (wanted_norm * norm)
        if similarity >= CUTOFF:
            rated.append((-similarity, position, name, cmd))
    rated.sort(key=lambda item: item[:2])  # best first, cmdset order among equals
    allowed, found = {}, []  # by id: Commands compare equal when their names overlap
    for _, _, name, cmd in rated:
        if id(cmd) not in allowed:
            allowed[id(cmd)] = cmd.access(caller)
        if allowed[id(cmd)]:
            found.append(name)
            if len(found) == MAX_SUGGESTIONS:
                break
    return found


def _names_of(cmdset):
    """
    ([(name, command, norm of its letter counts)] for every key and alias in
    `cmdset`, {letter: [(position in that list, count of the letter)]}).
    """
    return derived(cmdset, "_delver_suggestion_names", _rated_names)


def _rated_names(commands):
    names, postings = [], {}
    for cmd in commands:
        for name in cmd._keyaliases:
            letters = Counter(name)
            for letter, count in letters.items():
                postings.setdefault(letter, []).append((len(names), count))
            names.append((name, cmd, math.sqrt(sum(count * count for count in letters.values()))))
    return names, postings
