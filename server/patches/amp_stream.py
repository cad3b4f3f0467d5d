"""
Read the Portal<->Server link as the stream it is.

Evennia's AMP protocol looks at every chunk read from the socket: a chunk
that does not start with a NUL byte is taken for an HTTP request (a browser
pointed at the AMP port) and the link is closed, unless it has counted an
unfinished box in earlier chunks. Its count takes a chunk ending in two NUL
bytes for the end of a box. But TCP cuts the stream anywhere, and a box's
own bytes hold NUL pairs (lengths, pickled numbers): under load, with a
thousand players, a read ended on such a pair, the next chunk was taken for
HTTP and the link dropped. The Server then lost every session, and every
player was left out of their character ("Command 'say' is not available").

Delver keeps Evennia's check for the first chunk of a connection (a browser
at the AMP port still gets Evennia's warning) and reads everything after it
as the AMP stream it is. Both processes install it.
"""

from evennia.server.portal.amp import NUL, AMPMultiConnectionProtocol
from evennia.utils import logger

from server.patches import Patch, Replaced

_evennia_data_received = AMPMultiConnectionProtocol.dataReceived


def data_received(self, data):
    """Evennia's check on a connection's first chunk; after that, the AMP stream."""
    if not self.__dict__.get("_delver_speaks_amp"):
        if data[:1] != NUL:
            return _evennia_data_received(self, data)
        self._delver_speaks_amp = True
    try:
        super(AMPMultiConnectionProtocol, self).dataReceived(data)
    except KeyError:  # as Evennia: a box it cannot unpack is dropped, the link kept
        logger.log_trace(f"Discarded incoming partial (packed) data (len {len(data)})")


_replaced = Replaced()


def install():
    """Read every AMP connection this way (idempotent)."""
    _replaced.replace(AMPMultiConnectionProtocol, "dataReceived", data_received)


PATCH = Patch(
    name="amp_stream",
    targets={"evennia.server.portal.amp:AMPMultiConnectionProtocol.dataReceived": "c1805ef654a9d62360c81c76eed31a9285c8b8616783a99c90748b0cd1e11131"},
    process="both",
    why="A read ending on a NUL pair inside a box was taken for HTTP and the link dropped "
    "(every player lost their character); see docs/upstream/amp-nul-pair.md.",
    install=install,
    uninstall=_replaced.restore,
)
