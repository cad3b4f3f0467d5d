"""
Compress Portal<->Server messages quickly.

Evennia zlib-compresses every message on the internal AMP link at level 9,
the slowest. The link is a local socket, where a few bytes more cost
nothing, but level 9 can be very slow on the padded columns of a long
listing: one `who` with a thousand players took the Server 4.5 ms to
compress at level 9 and 0.1 ms at level 1. Both processes compress at level
1.

Most messages are a line or two, and for those the cost is not compressing
but setting the compressor up: with zlib's default 32 KB window and largest
hash table, clearing its state took about five times as long as compressing
a short line. A message is at most one AMP value (64 KB) of pickled text, so
a 4 KB window and a small hash table lose almost nothing on the long ones
(a thousand-line `who` came out a little smaller) and make the short ones
several times cheaper. What either side writes is a standard zlib stream:
reading works the same whatever window or level wrote it.
"""

import zlib

from evennia.server.portal.amp import Compressed

LEVEL = 1
WINDOW_BITS = 12  # a 4 KB window (zlib's default is 15: 32 KB)
MEMORY_LEVEL = 4  # zlib's default is 8


def compress(data):
    """`data` as a zlib stream, compressed at LEVEL with the small window and table."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, WINDOW_BITS, MEMORY_LEVEL)
    return compressor.compress(data) + compressor.flush()


def _to_string_fast(self, in_object):
    return compress(super(Compressed, self).toString(in_object))


def install():
    """Compress every AMP message sent from now on this way (idempotent)."""
    Compressed.toString = _to_string_fast
