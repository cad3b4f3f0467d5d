"""
A Server session compared with None, answered at once.

Evennia's `ServerSession.__eq__` compares addresses and catches the
AttributeError that comparing with anything else raises. Each message to an
object checks its sessions against None (`session == None` in
`DefaultObject.msg` and the sessions handler), so every message raised and
caught an exception per session. None is answered False at once; anything
else is compared as Evennia compares it. See docs/upstream/session-eq-none.md.

Installed by the Server.
"""

from evennia.server.serversession import ServerSession

from server.patches import Patch

_evennia_eq = ServerSession.__eq__


def session_eq(self, other):
    """Evennia's comparison (by address), False at once for None."""
    if other is None:
        return False
    return _evennia_eq(self, other)


def install():
    """Compare every Server session this way (idempotent); its hash stays Evennia's."""
    ServerSession.__eq__ = session_eq


def uninstall():
    ServerSession.__eq__ = _evennia_eq


PATCH = Patch(
    name="session_none",
    targets={"evennia.server.serversession:ServerSession.__eq__": "b058139e1df9a2c73c59ec522c33fa8a8653ce7e910f53cef8a3adcf7b24dd28"},
    process="server",
    why="Comparing a session with None raised and caught an AttributeError on every message.",
    install=install,
    uninstall=uninstall,
)
