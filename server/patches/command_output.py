"""
What one command sends its caller is capped.

Evennia sends whatever a command writes: a `find` or `examine` of
thousands of objects, a help index, a log, all at once. Each line a player
types could so make the Server build and send megabytes to them.

Here each line a player types (each call of the command handler) opens a
budget for its caller's sessions (the session that typed it and the other
sessions of the same account, or those of the object or account that runs
the command). The text those sessions are sent while the command runs
counts against it; past `DELVER_COMMAND_OUTPUT_MAX` characters (64,000
unless the settings say otherwise, far above any page the game shows) the
rest of the command's text is dropped, a message cut at its last whole line,
and the player told once how to ask for less. Commands the command runs
(`execute_cmd` inside a command) share its budget. Other keywords than
`text` (prompts, OOB data) and what other players' commands send are never
counted.

The budget is a context variable set around the command handler's call:
Twisted (and inline_callbacks.py) run the command in a copy of the context,
so text it sends after waiting on a Deferred still counts, and nothing sent
from outside the command ever does. The command handler keeps its
signature and still returns its Deferred.

Upstream: Evennia bounds an input line (`MAX_CHAR_LIMIT`) and the commands a
second (`MAX_COMMAND_RATE`) but nothing a command sends back; a setting like
this one would sit well next to those, counted in `ServerSessionHandler.data_out`.

Installed by the Server, after inline_callbacks (it wraps whichever command
handler is installed).
"""

from contextvars import ContextVar
from functools import wraps

from django.conf import settings
from evennia.commands import cmdhandler as cmdhandler_module
from evennia.server import inputfuncs
from evennia.server.sessionhandler import ServerSessionHandler

from server.patches import Patch, Replaced

DEFAULT_MAX = 64_000
_evennia_data_out = ServerSessionHandler.data_out
_BUDGET = ContextVar("delver_command_output", default=None)


def output_max():
    """The most characters of text one command sends each of its caller's sessions."""
    return getattr(settings, "DELVER_COMMAND_OUTPUT_MAX", DEFAULT_MAX)


def cut_notice(limit):
    return (
        f"|y[Output cut: one command shows you at most {limit:,} characters, and\n"
        "this one had more. Ask for less: a narrower search or a shorter list,\n"
        "or read it a page at a time where the command offers one.]|n"
    )


class Budget:
    """
    The text each of one command's caller's sessions has been sent so far.
    It covers sessions by id and, for a player, every session of their
    account by its id (so no command walks all sessions to find them).
    """

    __slots__ = ("limit", "sessids", "uids", "sent", "cut")

    def __init__(self, limit):
        self.limit = limit
        self.sessids, self.uids = set(), set()
        self.sent = {}  # sessid -> characters sent
        self.cut = set()  # sessids told that the output was cut

    def cover(self, who):
        """Count the text to `who`'s sessions (a Session, an Account or an Object)."""
        if who is None:
            return
        if hasattr(who, "puppet_object"):  # an Account
            self.uids.add(who.id)
        elif hasattr(who, "sessions"):  # an Object
            self.sessids.update(session.sessid for session in who.sessions.all())
        elif getattr(who, "sessid", None) is not None:  # a Session
            self.sessids.add(who.sessid)
            if who.uid is not None:
                self.uids.add(who.uid)

    def covers(self, session):
        uid = getattr(session, "uid", None)
        return session.sessid in self.sessids or (uid is not None and uid in self.uids)

    def take(self, sessid, message):
        """The part of `message` that fits (all of it, a cut, or None), counting it."""
        if sessid in self.cut:
            return None
        sent = self.sent.get(sessid, 0)
        room = self.limit - sent
        if len(message) <= room:
            self.sent[sessid] = sent + len(message)
            return message
        kept = message[:room]
        if "\n" in kept:
            kept = kept[: kept.rindex("\n")]
        self.sent[sessid] = self.limit
        self.cut.add(sessid)
        return kept


def budgeted(handler):
    """The command handler `handler`, running each line with an output budget."""

    @wraps(handler)
    def cmdhandler(called_by, raw_string, *args, **kwargs):
        budget, token = _BUDGET.get(), None
        if budget is None:  # else a command run by a command: it shares that one's budget
            budget = Budget(output_max())
            token = _BUDGET.set(budget)
        try:
            budget.cover(called_by)
            budget.cover(kwargs.get("session"))
            return handler(called_by, raw_string, *args, **kwargs)
        finally:
            if token is not None:
                _BUDGET.reset(token)

    cmdhandler._delver_command_output = True
    return cmdhandler


def _message(text):
    """(the string of a `text` keyword, how to put a string back in its place)."""
    if isinstance(text, (tuple, list)) and text:
        rest = tuple(text[1:])
        return str(text[0]), lambda message: (message, *rest)
    return str(text), lambda message: message


def data_out(self, session, **kwargs):
    """Evennia's `data_out`, keeping a running command's text to its caller within the budget."""
    budget = _BUDGET.get()
    if budget is None or kwargs.get("text") is None or not budget.covers(session):
        return _evennia_data_out(self, session, **kwargs)
    message, rebuild = _message(kwargs["text"])
    already_cut = session.sessid in budget.cut
    kept = budget.take(session.sessid, message)
    if kept is message:
        return _evennia_data_out(self, session, **kwargs)
    del kwargs["text"]
    if kept:
        kwargs["text"] = rebuild(kept + "|n")
    if set(kwargs) - {"options"}:
        _evennia_data_out(self, session, **kwargs)
    if not already_cut:
        _evennia_data_out(self, session, text=cut_notice(budget.limit))


_replaced = Replaced()


def install():
    """Budget each line's output (idempotent); wraps the command handler installed now."""
    if getattr(cmdhandler_module.cmdhandler, "_delver_command_output", False):
        return
    handler = budgeted(cmdhandler_module.cmdhandler)
    _replaced.replace(cmdhandler_module, "cmdhandler", handler)
    _replaced.replace(inputfuncs, "cmdhandler", handler)
    _replaced.replace(ServerSessionHandler, "data_out", data_out)


PATCH = Patch(
    name="command_output",
    targets={
        "evennia.commands.cmdhandler:cmdhandler": (
            "002c4c4bee8881c5888b5965ad474853c875f1b5eef19849ab63d87e27bb9235"
        ),
        "evennia.server.inputfuncs:text": (
            "aee1631ccb144cffe6344ce0767c203fd9162be2594400b4ada62e4084c5616c"
        ),
        "evennia.server.sessionhandler:ServerSessionHandler.data_out": (
            "77d903c7309f3c8d69c4b139431da1f1e49e6da02d0be2a865853fc2935f053c"
        ),
        "evennia.server.serversession:ServerSession.data_out": (
            "254a26887ebb465d21b23ae76314dae9f942545c88252dccf410a03b9851ad89"
        ),
    },
    process="server",
    why="One command could send its caller megabytes at once (a find or examine of "
    "thousands of objects): nothing bounded a command's output.",
    install=install,
    uninstall=_replaced.restore,
    order=110,  # after inline_callbacks: it wraps whichever command handler that leaves
)
