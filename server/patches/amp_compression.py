"""
Pack Portal<->Server messages quickly.

Evennia zlib-compresses every message on the internal AMP link at level 9,
the slowest. The link is a local socket, where bytes cost next to nothing
and compressing costs the single-threaded Server time on every message: at
level 9 one `who` with a thousand players took it 4.5 ms, at level 1 about
0.12 ms, and even a one-line message 10 microseconds, most of it setting the
compressor up. So both processes write "stored" zlib streams: the text as it
is, framed as zlib (a header, one stored block, the checksum). Even a
compressor at level 0 took twice as long to write that frame as putting it
together by hand, so it is put together by hand. The receiving side reads
them as it reads any zlib stream. Evennia cuts a long message into pieces of
one AMP value (64 KB) and packs each on its own; a stored piece that would
come out a few bytes too long for its value is compressed (level 1) instead.
"""

import zlib
from struct import pack

from evennia.server.portal.amp import AMP_MAXLEN, Compressed

from server.patches import Patch, Replaced

LEVEL_TO_FIT = 1  # for a piece that stored would not fit in an AMP value
WINDOW_BITS = 12  # a 4 KB window (zlib's default is 15: 32 KB); the smallest set-up
MEMORY_LEVEL = 1  # zlib's default is 8
# A zlib header: deflate with that window, the fastest level, its check bits.
STORED_HEADER = b"\x48\x0d"
STORED_FRAME = 11  # bytes a stored stream adds: header, block header, checksum


def compress(data):
    """`data` as a zlib stream: stored, or compressed if stored it is too long for AMP."""
    if len(data) + STORED_FRAME <= AMP_MAXLEN:  # also within one stored block's 64 KB
        return _stored_stream(data)
    return _compressed(data)


def _stored_stream(data):
    """`data` framed as a zlib stream of one stored (uncompressed) block (RFC 1950/1951)."""
    length = len(data)
    return b"".join((
        STORED_HEADER,
        pack("<BHH", 1, length, length ^ 0xFFFF),  # the last block, stored; its length
        data,
        pack(">I", zlib.adler32(data)),
    ))


def _compressed(data):
    compressor = zlib.compressobj(LEVEL_TO_FIT, zlib.DEFLATED, WINDOW_BITS, MEMORY_LEVEL)
    return compressor.compress(data) + compressor.flush()


def _to_string_fast(self, in_object):
    return compress(super(Compressed, self).toString(in_object))


_replaced = Replaced()


def install():
    """Compress every AMP message sent from now on this way (idempotent)."""
    _replaced.replace(Compressed, "toString", _to_string_fast)


PATCH = Patch(
    name="amp_compression",
    targets={
        "evennia.server.portal.amp:Compressed.toString": (
            "755ed2839bd09963e800d70d21b65d5440e8cd5e97fc1d62a5d86f777aee9ffd"
        ),
        "evennia.server.portal.amp:Compressed.fromString": (
            "c0a6b42b8ce4b1af174a355878812a0dc4d34f3e445acd2115f288e29c01c65d"
        ),
    },
    process="both",
    why="zlib level 9 on every message of a local socket cost the Server more than anything it saved.",
    install=install,
    uninstall=_replaced.restore,
    notes={
        "evennia_tests": {
            f"evennia.server.portal.tests.TestAMPServer.{test}": (
                "it compares the exact bytes of Evennia's level-9 zlib; Delver sends the "
                "same message as a stored zlib stream, which the same zlib reads back"
            )
            for test in ("test_amp_in", "test_amp_out", "test_large_msg")
        }
    },
)
