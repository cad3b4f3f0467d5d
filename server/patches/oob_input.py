"""
A client's GMCP or MSDP packet can never cost the Portal the rest of its
input, nor write an error into its log.

Evennia's `TelnetOOB.decode_msdp` decodes every part of an MSDP packet as
UTF-8 and `decode_gmcp` hands its payload to a JSON reader; a packet whose
bytes are not UTF-8 (an MSDP value of 0xFF 0xFF, say) raises
`UnicodeDecodeError` out of the telnet parser. Evennia's
`TelnetProtocol.dataReceived` catches it as "Malformed telnet input" at
error level, and everything else that arrived in the same packet (the
lines typed after it) is lost.

Here the bytes are read as UTF-8 with undecodable bytes replaced (U+FFFD),
as Evennia reads typed text; a packet Evennia's decoder still cannot read
is dropped quietly (noted once per connection in the log, at info level).

Upstream: `decode_msdp` could decode with `errors="replace"` (or
`evennia.utils.utils.to_str`), and both decoders catch their own errors.

Installed by the Portal.
"""

from evennia.server.portal.telnet_oob import TelnetOOB
from evennia.utils import logger

from server.patches import Patch, Replaced

_replaced = Replaced()


def _readable(data):
    """`data` (bytes or a list of single bytes) with any byte that is not UTF-8 replaced."""
    if isinstance(data, list):
        data = b"".join(data)
    if isinstance(data, bytes):
        return data.decode("utf-8", errors="replace").encode("utf-8")
    return data


def guarded(name):
    evennias = _replaced.original(TelnetOOB, name)

    def decode(self, data):
        try:
            return evennias(self, _readable(data))
        except Exception as error:  # noqa: BLE001 - a client's bad packet is no error of ours
            if not getattr(self, "_delver_bad_oob_noted", False):
                self._delver_bad_oob_noted = True
                logger.log_info(f"Unreadable {name[7:].upper()} packet dropped ({error!r:.120}); "
                                "later ones from this connection are dropped silently")
            return None

    decode.__name__ = name
    return decode


def install():
    for name in ("decode_msdp", "decode_gmcp"):
        _replaced.replace(TelnetOOB, name, guarded(name))


PATCH = Patch(
    name="oob_input",
    targets={
        "evennia.server.portal.telnet_oob:TelnetOOB.decode_msdp": (
            "74849d97e23bfe1a787e98afeb77115d1a77ca8c9950bad9b4a3fc79e93ee514"
        ),
        "evennia.server.portal.telnet_oob:TelnetOOB.decode_gmcp": (
            "879a62ee5f8ea25b9c7f5d24eed3a3dd0b9fc93bc80522feeed7a7e941889651"
        ),
    },
    process="portal",
    why="An MSDP packet with bytes that are not UTF-8 logged 'Malformed telnet input' and "
    "lost the lines that came with it.",
    install=install,
    uninstall=_replaced.restore,
)
