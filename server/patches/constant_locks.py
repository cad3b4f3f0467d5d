"""
Lock checks whose answer is known without running anything.

Every line a player types makes Evennia's command handler check the `call`
lock of everything in the room (characters have `call:false()`, rooms and
exits `call:true()`), and `look` checks `view` and `search` locks of each of
them: a thousand players in rooms of ten make a hundred thousand such checks
a minute. A lock made only of the lock functions that take no notice of
anything (`true()`, `all()`, `false()`, `none()`, `superuser()`: Evennia's
own, found by identity) always answers the same, so its answer is worked
out once per lock text and kept.

`constant_answer(obj, access_type)` gives that answer, or None when the lock
is missing or calls any other lock function (then Evennia checks it);
installed, `DefaultObject.access` asks it first.

Commands too: the parser checks the `cmd` lock of each command it matches,
and Evennia's `Command.access` gives the command a lock handler of its own
the first time (with the dict CPython then makes for the command's
attributes, and the handler's parse of the locks): three new long-lived
objects for each command each player uses, which the collector walks.
Installed, `Command.access` answers a lock that is always True (`cmd:all()`,
most commands' lock) from the command's lock string instead, which its
handler, once it has one, keeps up to date.
"""

from evennia.commands.command import Command
from evennia.locks import lockfuncs
from evennia.locks.lockhandler import LockHandler
from evennia.objects.objects import DefaultObject

from server.patches import Patch
from server.patches.lock_eval import remembered_eval

_evennia_access = DefaultObject.access
_evennia_command_access = Command.access
MAX_KEPT = 10_000  # far more than the distinct lock texts a game has

_CONSTANT_FUNCS = {
    lockfuncs.true: True,
    lockfuncs.all: True,
    lockfuncs.false: False,
    lockfuncs.none: False,
    lockfuncs.superuser: False,  # as a function it is always False; the bypass is elsewhere
}
_answers = {}  # lock text -> True, False, or None (not constant)
_stored_locks = {}  # a command's lock string -> its parsed locks


def constant_answer(obj, access_type):
    """The answer of `obj`'s `access_type` lock if it is constant, else None."""
    return _constant(obj.locks.locks.get(access_type))


def _constant(lock):
    if lock is None:
        return None
    evalstring, calls, text = lock
    try:
        return _answers[text]
    except KeyError:
        answer = _answer_of(evalstring, calls)
        if len(_answers) < MAX_KEPT:
            _answers[text] = answer
        return answer


def stored_locks(cmd):
    """
    `cmd.lockhandler.locks`, without giving the command a lock handler: the
    locks its lock string parses to (a handler writes every change of its
    locks to the string), parsed once per string. Only `lock_storage` is
    read: looking into `cmd.__dict__` for a handler would give each command
    a dict object of its own.
    """
    storage = cmd.lock_storage
    parsed = _stored_locks.get(storage)
    if parsed is None:
        if len(_stored_locks) >= MAX_KEPT:
            _stored_locks.clear()
        parsed = _stored_locks[storage] = dict(LockHandler(cmd).locks)
    return parsed


def _answer_of(evalstring, calls):
    values = []
    for func, args, kwargs in calls:
        value = _CONSTANT_FUNCS.get(func)
        if value is None:
            return None
        values.append(value)
    # As LockHandler.check combines the functions' answers; the expression
    # holds nothing but True/False, and/or/not and brackets.
    return bool(remembered_eval(evalstring % tuple(values)))


def access(
    self, accessing_obj, access_type="read", default=False, no_superuser_bypass=False, **kwargs
):
    """
    Evennia's `DefaultObject.access`, answering a constant lock
    (`call:false()`, `view:all()`) without running its lock functions. A
    superuser's bypass can only turn a False into a True, so a constant False
    is answered here only when the bypass is off (as the command handler
    checks `call` locks); the `at_access` hook is called as Evennia calls it.
    """
    answer = constant_answer(self, access_type)
    if answer is None or not (answer or no_superuser_bypass):
        return _evennia_access(
            self,
            accessing_obj,
            access_type=access_type,
            default=default,
            no_superuser_bypass=no_superuser_bypass,
            **kwargs,
        )
    self.at_access(answer, accessing_obj, access_type, **kwargs)
    return answer


def command_access(self, srcobj, access_type="cmd", default=False, session=None):
    """
    Evennia's `Command.access`, answering a lock that is always True from the
    command's lock string (a superuser's bypass could only make it True too);
    any other lock is checked by the command's own lock handler.
    """
    if _constant(stored_locks(self).get(access_type)):
        return True
    return _evennia_command_access(self, srcobj, access_type, default=default, session=session)


def install():
    """Answer every object's and command's constant locks this way (idempotent)."""
    DefaultObject.access = access
    Command.access = command_access


def uninstall():
    DefaultObject.access = _evennia_access
    Command.access = _evennia_command_access


PATCH = Patch(
    name="constant_locks",
    targets={
        "evennia.objects.objects:DefaultObject.access": (
            "347e6e28b1140e512501eadec3b365172437eaad61852719466fe7bf4f006fad"
        ),
        "evennia.commands.command:Command.access": (
            "4f6a3de3e667b48ccb437657cf94283d17928146cca6668883a0dcdc816fb831"
        ),
        "evennia.locks.lockhandler:LockHandler.check": (
            "e194d2eded1ba8303c575790b47d8ededcad0e7e7e7386777e827ad34dc642f1"
        ),
    },
    process="server",
    why="Every line checked the constant call/view locks of everything in the room anew, "
    "and a command's first lock check gave it a lock handler (and a dict) of its own.",
    install=install,
    uninstall=uninstall,
)
