"""
A line that never ends cannot fill the Portal's memory.

Evennia's `TelnetProtocol.applicationDataReceived` keeps the bytes of a line
not yet ended in `line_buffer`, with no bound: a client sending megabytes
without a line end grows it for as long as it likes (the Portal checks a
line's length, `MAX_CHAR_LIMIT`, only once the line has ended). Here a
buffer past `DELVER_LINE_BUFFER_MAX` bytes is dropped and the player told
why; the connection stays open.

Upstream: the buffer could be bounded by `MAX_CHAR_LIMIT` itself.

Installed by the Portal.
"""

from django.conf import settings
from evennia.server.portal.telnet import TelnetProtocol

from server.patches import Patch

LINE_BUFFER_MAX = getattr(settings, "DELVER_LINE_BUFFER_MAX", 65536)
WARNING = (
    "That line is too long: one line is at most "
    f"{settings.MAX_CHAR_LIMIT} characters. It was dropped; send it in parts."
)

_evennias = TelnetProtocol.applicationDataReceived


def application_data_received(self, data):
    """Evennia's, dropping a line still unended past the buffer's bound."""
    _evennias(self, data)
    if len(self.line_buffer) > LINE_BUFFER_MAX:
        self.line_buffer = b""
        self.sendLine(WARNING.encode("utf-8"))


def install():
    TelnetProtocol.applicationDataReceived = application_data_received


def uninstall():
    TelnetProtocol.applicationDataReceived = _evennias


PATCH = Patch(
    name="telnet_line_buffer",
    targets={
        "evennia.server.portal.telnet:TelnetProtocol.applicationDataReceived": (
            "980bd63413fec5bf8a48c3a7dee643d19631f9c8249ed6193764485ef3de4840"
        ),
    },
    process="portal",
    why="A client could grow the Portal's buffer of an unended line without bound.",
    install=install,
    uninstall=uninstall,
)
