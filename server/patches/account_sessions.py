"""
An account's sessions found without walking every session.

Evennia's `ServerSessionHandler.sessions_from_account` walks every session
online for each call, and `account.sessions` calls it: every
`account.msg`, every page, every `who` flag. With two thousand players
online that walk was the largest single cost of the Server. Here the
handler keeps the logged-in sessions grouped by account id, made by one
walk and made again only after something that can change the answer: a
session added to or taken from the handler, or any Server session's `uid`
or `logged_in` set (which is how Evennia logs a session in or out, and how
the Portal's sync reaches a session). The answer is Evennia's: the same
sessions in the same order, in a new list on every call.

Reading `session.uid` or `session.logged_in` is not slowed: the markers put
on `ServerSession` only see writes (a descriptor with `__set__` and no
`__get__` leaves reads to the instance's own dictionary).

Installed by the Server.
"""

from itertools import count

from evennia.server.serversession import ServerSession
from evennia.server.sessionhandler import ServerSessionHandler

from server.patches import Patch, Replaced

_replaced = Replaced()
_changes = count(1)
_state = {"change": 0}  # bumped by anything that can change which sessions an account has
TRACKED = ("uid", "logged_in")
MUTATORS = ("__setitem__", "__delitem__", "pop", "popitem", "clear", "update", "setdefault")


def _changed():
    _state["change"] = next(_changes)


class WriteMarker:
    """Set on `ServerSession` for one attribute: a write bumps the change count."""

    def __init__(self, name):
        self.name = name

    def __set__(self, session, value):
        session.__dict__[self.name] = value
        _changed()

    def __delete__(self, session):
        try:
            del session.__dict__[self.name]
        except KeyError:
            raise AttributeError(self.name) from None
        _changed()


def sessions_from_account(self, account):
    """Evennia's answer from the handler's index, made anew after a change."""
    uid = account.uid
    index = self.__dict__.get("_sessions_by_uid")
    if index is None or index[0] != _state["change"]:
        index = self.__dict__["_sessions_by_uid"] = (_state["change"], _group(self))
    return list(index[1].get(uid, ()))


def _group(handler):
    by_uid = {}
    for session in handler.values():
        if session.logged_in:
            by_uid.setdefault(session.uid, []).append(session)
    return by_uid


def _marking(method):
    def changes_sessions(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        finally:
            _changed()

    changes_sessions.__name__ = method.__name__
    changes_sessions.__doc__ = method.__doc__
    return changes_sessions


def install():
    if "sessions_from_account" in vars(ServerSessionHandler) and (
        ServerSessionHandler.sessions_from_account is sessions_from_account
    ):
        return
    for name in MUTATORS:
        _replaced.replace(ServerSessionHandler, name, _marking(getattr(ServerSessionHandler, name)))
    for name in TRACKED:
        _replaced.replace(ServerSession, name, WriteMarker(name))
    _replaced.replace(ServerSessionHandler, "sessions_from_account", sessions_from_account)
    _changed()


def uninstall():
    _replaced.restore()
    _changed()


PATCH = Patch(
    name="account_sessions",
    targets={
        "evennia.server.sessionhandler:ServerSessionHandler.sessions_from_account": "34fc40fb01ff238c1d42d6020bd06ac294bbe42b00fa1488e37eb3196cbe63b7",
        "evennia.server.sessionhandler:SessionHandler.__setitem__": "41fad601dece36ca3e8bd17521fc90fc71aef44a26f85e663782537a598d0bb7",
        "evennia.server.session:Session.init_session": "fae9d35386f32ba163673db743d494ac03658dc7a31e1c2f350b515316e448ab",
        "evennia.server.session:Session.load_sync_data": "09184d6a3c0ecea3d7522c87a841ef5df3d42279152d1483cb2a98a6d6c9fe89",
        "evennia.server.serversession:ServerSession.at_login": "09a78a2c318371417dc1a585fc269087372fb81409ae7d68bd6942a9a82b90de",
        "evennia.server.serversession:ServerSession.at_disconnect": "5751ec769c277caf41693471add8ae37c29b8aab2e90690824a56b197ae13097",
    },
    process="server",
    why="Every account.msg walked all sessions online to find the account's own.",
    install=install,
    uninstall=uninstall,
)
