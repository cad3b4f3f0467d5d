"""
Evennia's commands that take the most hostile input, guarded (issue 24).

Each class here is Evennia's own command with the lines that made it raise
(and show the player Python's error text) answered first in plain words;
everything else is left to Evennia's `func`.
"""

import re
import types
from collections import Counter

from evennia import CmdSet
from evennia.commands.default import building, comms, general
from evennia.commands.default import help as evennia_help
from evennia.locks.lockhandler import validate_lockstring
from evennia.utils import logger

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


_DBREF_PART = re.compile(r"#?[0-9]+\Z")


def has_odd_digits(text):
    """Whether `text` holds a digit that is not 0-9 (like ² or ٣), which int() refuses."""
    return any(char.isdigit() and char not in "0123456789" for char in text or "")


class CmdFind(building.CmdFind):
    __doc__ = building.CmdFind.__doc__

    def func(self):
        if has_odd_digits(self.args):
            self.msg("Write numbers with the digits 0-9, like: find #12 or find lamp = #10-#200")
            return
        if self.rhs:
            parts = [part for part in re.split(r"[-\s]+", self.rhs.strip()) if part]
            if not parts or len(parts) > 2 or not all(_DBREF_PART.match(p) for p in parts):
                self.msg(
                    "After = give one #dbref or a range of two, like: find lamp = #10-#200"
                )
                return
        super().func()


class CmdSetObjAlias(building.CmdSetObjAlias):
    __doc__ = building.CmdSetObjAlias.__doc__

    def func(self):
        if "category" in self.switches and self.rhs is not None and ":" not in self.rhs:
            self.msg(
                "With /category, end the aliases with :<category>, like: "
                "alias/category lantern = lamp,light:gear"
            )
            return
        if "category" in self.switches and self.rhs is not None:
            aliases, category = self.rhs.rsplit(":", 1)
            if not category.strip() or not aliases.strip():
                self.msg(
                    "Give aliases and a category, like: alias/category lantern = lamp,light:gear"
                )
                return
        super().func()


class CmdSetHelp(evennia_help.CmdSetHelp):
    __doc__ = evennia_help.CmdSetHelp.__doc__

    def func(self):
        lockstrings = []
        if len(self.lhslist) > 2:
            lockstrings.append(",".join(self.lhslist[2:]))
        if {"locks", "lock"} & set(self.switches) and self.rhs:
            lockstrings.append(",".join(self.rhslist))
        for lockstring in lockstrings:
            valid, error = validate_lockstring(lockstring)
            if not valid:
                self.msg(
                    f"The lock '{lockstring}' does not work ({error}). A help lock looks like "
                    "read:all() or read:perm(Builder), e.g. sethelp/add lanterns,gear,"
                    "read:all() = How lanterns work."
                )
                return
        return super().func()


SPAWN_EXAMPLES = (
    '      spawn {"key":"goblin", "typeclass":"monster.Monster", "location":"#2"}',
    '      spawn {"key":"lantern", "typeclass":"typeclasses.objects.Object", "location":"#2"}',
)


_MISSING_TYPECLASS = re.compile(r"Could not load typeclass '([^']*)'")


class CmdSpawn(building.CmdSpawn):
    __doc__ = building.CmdSpawn.__doc__.replace(*SPAWN_EXAMPLES)

    def func(self):
        try:
            result = super().func()
        except Exception as error:  # noqa: BLE001 - told to the builder in our words
            self.refuse_spawn(error)
            return None
        if isinstance(result, types.GeneratorType):
            return self._guarded(result)
        return result

    def _guarded(self, steps):
        try:
            answer = None
            while True:
                answer = yield steps.send(answer)
        except StopIteration:
            return
        except Exception as error:  # noqa: BLE001
            self.refuse_spawn(error)

    def msg(self, text=None, *args, **kwargs):
        """Evennia's messages, the one naming a missing typeclass said plainly."""
        found = _MISSING_TYPECLASS.search(text) if isinstance(text, str) else None
        if found:
            text = (
                f"There is no typeclass '{found.group(1)}' in this game. Objects here use "
                "typeclasses.objects.Object (rooms typeclasses.rooms.Room, exits "
                "typeclasses.exits.Exit)."
            )
        return super().msg(text, *args, **kwargs)

    def refuse_spawn(self, error):
        if isinstance(error, KeyError):
            self.msg(
                "That prototype names a parent prototype the game does not have: see "
                "spawn/list for the ones there are."
            )
            return
        logger.log_info(f"spawn {self.args[:200]!r} refused: {error!r}")
        self.msg(
            "That prototype could not be spawned. Check its keys and that its typeclass "
            "exists, like: spawn {\"key\":\"lantern\", \"typeclass\":\"typeclasses.objects.Object\"}"
        )


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
        self.add(CmdFind())
        self.add(CmdSetObjAlias())
        self.add(CmdSetHelp())
        self.add(CmdSpawn())
