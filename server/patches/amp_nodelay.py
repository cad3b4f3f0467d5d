"""
Send Portal<->Server messages at once.

Every command a player types crosses the internal AMP link twice (Portal to
Server and back). Left to TCP's defaults, a small message can wait ~40 ms
for the acknowledgement of the previous one (Nagle's algorithm meeting
delayed ACKs), which adds tens of milliseconds to every round trip under
load. Both processes switch TCP_NODELAY on for their AMP connections.
"""

from evennia.server.portal.amp import AMPMultiConnectionProtocol

from server.patches import Patch, Replaced

_original_connection_made = AMPMultiConnectionProtocol.connectionMade


def _connection_made_without_delay(self):
    set_no_delay = getattr(self.transport, "setTcpNoDelay", None)
    if set_no_delay is not None:
        set_no_delay(True)
    _original_connection_made(self)


_replaced = Replaced()


def install():
    """Make every AMP connection made from now on a no-delay one (idempotent)."""
    _replaced.replace(AMPMultiConnectionProtocol, "connectionMade", _connection_made_without_delay)


PATCH = Patch(
    name="amp_nodelay",
    targets={"evennia.server.portal.amp:AMPMultiConnectionProtocol.connectionMade": "7ba6ca3775fce8ffa18ef85bd2df34c07fb3d3703e50a4568a249a76e911047c"},
    process="both",
    why="Nagle's algorithm held small Portal-Server messages for the previous one's ACK.",
    install=install,
    uninstall=_replaced.restore,
)
