"""
Evennia's commands that take the most hostile input, guarded (issue 24).

Each class here is Evennia's own command with the lines that made it raise
(and show the player Python's error text) answered first in plain words;
everything else is left to Evennia's `func`.
"""

import re
from collections import Counter

from evennia import CmdSet
from evennia.commands.default import general

_MARKER = re.compile(r"\$([1-9][0-9]?)")


def repeated_markers(pattern):
    """The $N markers `pattern` uses more than once, in order ("$1", ...)."""
    counts = Counter(_MARKER.findall(pattern or ""))
    return [f"${number}" for number, count in counts.items() if count > 1]


class CmdNick(general.CmdNick):
    __doc__ = general.CmdNick.__doc__

    def func(self):
        caller = self.caller
        if "clearall" in self.switches:
            caller.nicks.clear()
            account = getattr(caller, "account", None)  # an Account (OOC) has none
            if account is not None and account is not caller:
                account.nicks.clear()
            caller.msg("Cleared all nicks.")
            return
        if self.rhs and not {"delete", "del", "list"} & set(self.switches):
            repeated = repeated_markers(self.lhs)
            if repeated:
                caller.msg(
                    f"A nick can use each marker once: {', '.join(repeated)} appears twice in "
                    f"'{self.lhs}'. Number them in turn, like: nick tm $1 $2=page $1=$2"
                )
                return
        super().func()


class GuardedAccountCmdSet(CmdSet):
    """The guarded account commands, in place of Evennia's of the same keys."""

    key = "DelverGuardedAccount"

    def at_cmdset_creation(self):
        self.add(CmdNick())


class GuardedCharacterCmdSet(CmdSet):
    """The guarded character commands, in place of Evennia's of the same keys."""

    key = "DelverGuardedCharacter"

    def at_cmdset_creation(self):
        self.add(CmdNick())
