"""
Send Portal<->Server messages at once.

Every command a player types crosses the internal AMP link twice (Portal to
Server and back). Left to TCP's defaults, a small message can wait ~40 ms
for the acknowledgement of the previous one (Nagle's algorithm meeting
delayed ACKs), which adds tens of milliseconds to every round trip under
load. Both processes switch TCP_NODELAY on for their AMP connections.
"""

from evennia.server.portal.amp import AMPMultiConnectionProtocol

_original_connection_made = AMPMultiConnectionProtocol.connectionMade


def _connection_made_without_delay(self):
    set_no_delay = getattr(self.transport, "setTcpNoDelay", None)
    if set_no_delay is not None:
        set_no_delay(True)
    _original_connection_made(self)


def install():
    """Make every AMP connection made from now on a no-delay one (idempotent)."""
    AMPMultiConnectionProtocol.connectionMade = _connection_made_without_delay
