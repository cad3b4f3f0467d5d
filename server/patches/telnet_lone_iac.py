"""
A lone telnet IAC byte no longer hangs the connection for good.

Twisted's telnet parser (`twisted.conch.telnet.Telnet.dataReceived`) raises
`ValueError("Stumped", byte)` when an IAC (0xFF) is followed by a byte that
is no telnet command, and leaves its state at "escaped": every later byte of
the connection then raises again, so the player gets no answer ever again
and each packet logs `Malformed telnet input` in the Portal's log. A
latin-1 client typing "y with diaeresis" sends exactly that lone 0xFF.

RFC 854 says a data byte 255 must be sent doubled (IAC IAC); a receiver
meeting IAC and an undefined command byte can only ignore the IAC. This
parser is Twisted's, byte for byte, except there: the stray IAC is dropped
and the byte after it is read as ordinary data, so `say hi \\xff` CR LF
says "hi " and the connection carries on.

A subnegotiation (IAC SB) is bounded too: one for an option this
connection has no handler for (IAC SB followed by CR LF, say) is no
subnegotiation at all, its bytes are read as data; one for GMCP or MSDP
(text options) that meets CR LF before its IAC SE was never ended, so it is
dropped there and the CR LF ends the line as usual (`look IAC SB GMCP
Core.Hello {` CR LF runs `look`, not `look` joined to the next line); and
any one longer than `SUBNEGOTIATION_MAX` bytes is
dropped. Without that, a client's stray IAC SB swallowed every later byte
of the connection.

Upstream: the same change fits Twisted's `Telnet.dataReceived` (the
"Stumped" branch); Evennia's `TelnetProtocol.dataReceived` catches the
error but never resets the parser's state.

Installed by the Portal.
"""

from twisted.conch import telnet
from twisted.conch.telnet import (
    AO,
    AYT,
    BRK,
    DM,
    DO,
    DONT,
    EC,
    EL,
    EOR,
    GA,
    IAC,
    IP,
    NOP,
    SB,
    SE,
    WILL,
    WONT,
)
from twisted.python.compat import iterbytes

from server.patches import Patch

_twisted_data_received = telnet.Telnet.dataReceived
_COMMANDS = (EOR, NOP, DM, BRK, IP, AO, AYT, EC, EL, GA)
SUBNEGOTIATION_MAX = 32768
_TEXT_OPTIONS = (bytes([201]), bytes([69]))  # GMCP, MSDP


def _handled(self, option):
    """Whether this connection reads subnegotiations of `option`."""
    return option in getattr(self, "negotiationMap", {})


def data_received(self, data):
    """Twisted's `Telnet.dataReceived`, reading a lone IAC as nothing (RFC 854)."""
    appDataBuffer = []

    for b in iterbytes(data):
        if self.state == "escaped":
            if b == IAC:
                appDataBuffer.append(b)
                self.state = "data"
                continue
            if b == SB:
                self.state = "subnegotiation"
                self.commands = []
                continue
            if b in _COMMANDS:
                self.state = "data"
                if appDataBuffer:
                    self.applicationDataReceived(b"".join(appDataBuffer))
                    del appDataBuffer[:]
                self.commandReceived(b, None)
                continue
            if b in (WILL, WONT, DO, DONT):
                self.state = "command"
                self.command = b
                continue
            # A lone IAC: drop it, read this byte as data (below).
            self.state = "data"
        if self.state == "data":
            if b == IAC:
                self.state = "escaped"
            elif b == b"\r":
                self.state = "newline"
            else:
                appDataBuffer.append(b)
        elif self.state == "command":
            self.state = "data"
            command = self.command
            del self.command
            if appDataBuffer:
                self.applicationDataReceived(b"".join(appDataBuffer))
                del appDataBuffer[:]
            self.commandReceived(command, b)
        elif self.state == "newline":
            self.state = "data"
            if b == b"\n":
                appDataBuffer.append(b"\n")
            elif b == b"\0":
                appDataBuffer.append(b"\r")
            elif b == IAC:
                appDataBuffer.append(b"\r")
                self.state = "escaped"
            else:
                appDataBuffer.append(b"\r" + b)
        elif self.state == "subnegotiation":
            if b == IAC:
                self.state = "subnegotiation-escaped"
            elif not self.commands and not _handled(self, b):
                # No subnegotiation this connection reads: the byte is data.
                del self.commands
                self.state = "data"
                if b == b"\r":
                    self.state = "newline"
                else:
                    appDataBuffer.append(b)
            elif (
                b == b"\n" and self.commands[-1:] == [b"\r"] and self.commands[0] in _TEXT_OPTIONS
            ):
                # Never ended: dropped, and its CR LF still ends the line.
                del self.commands
                self.state = "data"
                appDataBuffer.append(b"\n")
            elif len(self.commands) >= SUBNEGOTIATION_MAX:
                # Too long: dropped, the connection reads on.
                del self.commands
                self.state = "data"
            else:
                self.commands.append(b)
        elif self.state == "subnegotiation-escaped":
            if b == SE:
                self.state = "data"
                commands = self.commands
                del self.commands
                if appDataBuffer:
                    self.applicationDataReceived(b"".join(appDataBuffer))
                    del appDataBuffer[:]
                self.negotiate(commands)
            else:
                self.state = "subnegotiation"
                self.commands.append(b)
        else:  # an unknown state (never set by this parser): start over
            self.state = "data"

    if appDataBuffer:
        self.applicationDataReceived(b"".join(appDataBuffer))


def install():
    telnet.Telnet.dataReceived = data_received


def uninstall():
    telnet.Telnet.dataReceived = _twisted_data_received


PATCH = Patch(
    name="telnet_lone_iac",
    targets={
        "twisted.conch.telnet:Telnet.dataReceived": (
            "a93e253dfd210c788560b23beb96635ef698288776c491b69326ecefc6d65c38"
        ),
    },
    process="portal",
    why="A stray 0xFF byte (a latin-1 'y' with diaeresis) left Twisted's telnet parser stuck, "
    "so the connection never answered again.",
    install=install,
    uninstall=uninstall,
)
