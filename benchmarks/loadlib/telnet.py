"""
An asyncio telnet client that times commands by a marker only its sender sees.

It refuses every option the server offers (IAC DO x -> IAC WONT x, IAC WILL x
-> IAC DONT x), except GMCP for a client given a GMCP greeting: it answers
IAC DO GMCP followed by the greeting (its Core.Hello and Core.Supports.Set)
and counts the GMCP messages that come. It keeps its parsing state between
reads so an IAC sequence split across two reads is still understood, and
collects the plain text in a buffer that `wait_for` searches.

A command's round trip ends when its marker arrives: the marker is an unknown
command `zz<token>z` that Evennia echoes back by name to its sender only
("Command 'zz...z' is not available."), so other players' chatter arriving
first does not end the timing early.
"""

import asyncio
import codecs
import time

IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
GMCP = 201
NEGOTIATION = (DO, DONT, WILL, WONT)
REFUSAL = {DO: WONT, WILL: DONT}

# What must never reach a player: our commands' apology, Evennia's own
# untrapped-error text, a traceback, or the pager losing its place.
ERROR_TEXTS = (
    "Sorry, something went wrong",
    "untrapped error",
    "Traceback (most recent call last)",
    "Error in exiting the pager",
)


class Disconnected(ConnectionError):
    """The server closed the connection."""


def gmcp_messages(*lines):
    """The subnegotiations that send each of `lines` ("Package.Name {json}") over GMCP."""
    return b"".join(bytes((IAC, SB, GMCP)) + line.encode() + bytes((IAC, SE)) for line in lines)


class TelnetParser:
    """Splits telnet bytes into plain text and the replies to send back."""

    def __init__(self, gmcp_greeting=b""):
        self._state = "data"
        self._verb = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._gmcp_greeting = gmcp_greeting
        self.gmcp_received = 0

    def feed(self, data):
        """Return (text, reply bytes) for one chunk read from the socket."""
        plain, replies = bytearray(), bytearray()
        i, size = 0, len(data)
        while i < size:
            state = self._state
            if state == "data":
                stop = data.find(IAC, i)
                if stop < 0:
                    plain += data[i:]
                    break
                plain += data[i:stop]
                self._state = "iac"
                i = stop + 1
                continue
            byte = data[i]
            i += 1
            if state == "iac":
                if byte == IAC:
                    plain.append(IAC)
                    self._state = "data"
                elif byte in NEGOTIATION:
                    self._verb, self._state = byte, "option"
                elif byte == SB:
                    self._state = "sub-option"
                else:
                    self._state = "data"
            elif state == "option":
                if self._verb == WILL and byte == GMCP and self._gmcp_greeting:
                    replies += bytes((IAC, DO, GMCP)) + self._gmcp_greeting
                elif self._verb in REFUSAL:
                    replies += bytes((IAC, REFUSAL[self._verb], byte))
                self._state = "data"
            elif state == "sub-option":
                self.gmcp_received += byte == GMCP
                self._state = "sub"
            elif state == "sub":
                if byte == IAC:
                    self._state = "sub-iac"
            elif state == "sub-iac":
                self._state = "data" if byte == SE else "sub"
        return self._decoder.decode(bytes(plain)), bytes(replies)


class TelnetClient:
    """One connection: send lines, wait for texts, time marked commands."""

    def __init__(self, reader, writer, gmcp_greeting=b""):
        self._reader, self._writer = reader, writer
        self._parser = TelnetParser(gmcp_greeting)
        self._buffer = ""
        self._arrived = asyncio.Event()
        self._closed = False
        self._pump = asyncio.create_task(self._read_forever())

    @classmethod
    async def open(cls, port, host="127.0.0.1", timeout=30, gmcp_greeting=b""):
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        return cls(reader, writer, gmcp_greeting)

    @property
    def gmcp_received(self):
        return self._parser.gmcp_received

    def send(self, *lines):
        self._writer.write("".join(f"{line}\r\n" for line in lines).encode("utf-8"))

    async def wait_for(self, needle, timeout):
        """All text up to and including `needle` (consumed from the buffer)."""
        deadline = time.monotonic() + timeout
        searched = 0
        while True:
            found = self._buffer.find(needle, searched)
            if found >= 0:
                upto = found + len(needle)
                text, self._buffer = self._buffer[:upto], self._buffer[upto:]
                return text
            if self._closed:
                raise Disconnected(self._buffer[-500:])
            searched = max(0, len(self._buffer) - len(needle) + 1)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {needle!r} within {timeout}s")
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    async def marked(self, line, token, timeout):
        """
        Send `line` then the marker `zz<token>z`; return (text, seconds) where
        text is everything that arrived up to the marker's echo.
        """
        marker = f"zz{token}z"
        self._buffer = ""  # what came before the command cannot be its answer
        started = time.perf_counter()
        self.send(*([line, marker] if line else [marker]))
        text = await self.wait_for(marker, timeout)
        return text, time.perf_counter() - started

    async def close(self):
        self._closed = True
        self._pump.cancel()
        try:
            self._writer.close()
            await asyncio.wait_for(self._writer.wait_closed(), 5)
        except (OSError, asyncio.TimeoutError):
            pass

    async def _read_forever(self):
        try:
            while True:
                data = await self._reader.read(65536)
                if not data:
                    break
                text, replies = self._parser.feed(data)
                if replies:
                    self._writer.write(replies)
                if text:
                    self._buffer += text
                    self._arrived.set()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._closed = True
            self._arrived.set()


def error_text_in(text):
    """The first error text found in `text`, or None."""
    for needle in ERROR_TEXTS:
        if needle in text:
            return needle
    return None
