"""
What a player types while the Portal keeps their new connection waiting
reaches the game once the connection does.

Evennia's `PortalSessionHandler.connect` lets `MAX_CONNECTION_RATE`
connections a second through to the Server (2 by default); one that comes
sooner waits in a queue and is announced to the Server (PCONN) up to half a
second later. Meanwhile `data_in` sends its input to the Server under a
session id the Server does not know yet, and the Server drops it without a
word. A MUSH client that logs in by itself sends `connect <name>
<password>` the moment it connects: when another connection came in just
before (two players at once, or every client reconnecting after a
restart), that login is lost and the player is left at the welcome screen.

Here a waiting connection's input is held on its session (at most
`QUEUED_INPUT_MAX` lines; Evennia lost all of them) and sent, in order,
right after its PCONN. A connection that closes while it waits takes its
held input with it. Input of a connection the Server knows goes on as in
Evennia.

Upstream: `data_in` could hold input while `session.server_connected` is
False, and `connect` send it after the PCONN.

Installed by the Portal.
"""

import weakref

from evennia.server.portal.portalsessionhandler import PortalSessionHandler

from server.patches import Patch, Replaced

QUEUED_INPUT_MAX = 20

_replaced = Replaced()
_held = weakref.WeakKeyDictionary()  # a waiting connection -> the input it sent


def data_in(self, session, **kwargs):
    """Evennia's, holding the input of a connection still waiting in the queue."""
    if session is not None and getattr(session, "server_connected", True) is False:
        held = _held.setdefault(session, [])
        if len(held) < QUEUED_INPUT_MAX:
            held.append(kwargs)
        return None
    return _replaced.original(PortalSessionHandler, "data_in")(self, session, **kwargs)


def connect(self, session):
    """Evennia's; then every connection it let through sends what it held."""
    result = _replaced.original(PortalSessionHandler, "connect")(self, session)
    for through in [waiting for waiting in _held if waiting.server_connected]:
        for kwargs in _held.pop(through):
            data_in(self, through, **kwargs)
    return result


def install():
    _replaced.replace(PortalSessionHandler, "data_in", data_in)
    _replaced.replace(PortalSessionHandler, "connect", connect)


PATCH = Patch(
    name="queued_input",
    targets={
        "evennia.server.portal.portalsessionhandler:PortalSessionHandler.connect": (
            "0b68724938821b7c88d7e0fdb72eba556375122a170d408ab307ef6609c0f694"
        ),
        "evennia.server.portal.portalsessionhandler:PortalSessionHandler.data_in": (
            "11edd3ced77f45783e93dc2b29401d5ebf4ac45e609f26b0e1a73719334ca150"
        ),
    },
    process="portal",
    why="A line typed while the Portal held a new connection in its queue (a client's "
    "automatic login, when another connection came just before) was lost.",
    install=install,
    uninstall=_replaced.restore,
)
