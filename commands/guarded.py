"""
Evennia's commands that take the most hostile input, guarded (issue 24).

Each class here is Evennia's own command with the lines that made it raise
(and show the player Python's error text) answered first in plain words;
everything else is left to Evennia's `func`.
"""

import re
from collections import Counter

from evennia import CmdSet
from evennia.commands.default import comms, general

from world.access import STAFF_LOCK

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


CHANNEL_NAME_MAX = 30
_CHANNEL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 _-]*\Z")


def channel_name_problem(name):
    """Why `name` cannot name a channel (None if it can)."""
    if not name:
        return "A channel needs a name."
    if len(name) > CHANNEL_NAME_MAX:
        return f"A channel name is at most {CHANNEL_NAME_MAX} characters; '{name[:40]}' is longer."
    if not _CHANNEL_NAME.match(name) or "  " in name:
        return (
            "A channel name starts with a letter and holds only letters, digits, single "
            "spaces, - and _."
        )
    return None


class CmdChannel(comms.CmdChannel):
    __doc__ = comms.CmdChannel.__doc__

    # Only staff create, destroy or re-describe channels (as on MUSHes); all
    # else is Evennia's, each channel's own locks deciding.
    locks = (
        f"cmd:not pperm(channel_banned);admin:all();manage:{STAFF_LOCK};"
        "changelocks:perm(Admin)"
    )

    def func(self):
        if "create" in self.switches and self.access(self.caller, "manage"):
            if not self.lhs:
                self.msg("To create a channel: channel/create <name>[;<alias>] [= <description>]")
                return
            name, *typeclass = self.lhs.rsplit(":", 1)
            if typeclass and not self.caller.check_permstring("Developer"):
                self.msg("Only developers choose a channel's typeclass; leave out the ':' part.")
                return
            for part in name.split(";"):
                problem = channel_name_problem(part.strip())
                if problem:
                    self.msg(problem + " For example: channel/create Lamplighters;lamp")
                    return
        elif {"create", "destroy", "desc", "lock", "unlock"} & set(self.switches) and not (
            self.access(self.caller, "manage")
        ):
            self.msg(
                "Only staff create or change channels. To join one, see channel/all and type "
                "channel/sub <name>; to ask for a new one, use +request."
            )
            return
        super().func()

    def create_channel(self, name, description, typeclass=None, aliases=None):
        name = name.strip()
        aliases = [alias.strip() for alias in aliases or () if alias.strip()]
        try:
            return super().create_channel(name, description, typeclass=typeclass, aliases=aliases)
        except (ImportError, AttributeError, ValueError):
            return False, f"There is no channel typeclass '{typeclass}'."


class GuardedAccountCmdSet(CmdSet):
    """The guarded account commands, in place of Evennia's of the same keys."""

    key = "DelverGuardedAccount"

    def at_cmdset_creation(self):
        self.add(CmdNick())
        self.add(CmdChannel())


class GuardedCharacterCmdSet(CmdSet):
    """The guarded character commands, in place of Evennia's of the same keys."""

    key = "DelverGuardedCharacter"

    def at_cmdset_creation(self):
        self.add(CmdNick())
