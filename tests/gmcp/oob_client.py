"""
A raw telnet client that speaks GMCP or MSDP, for the end-to-end tests.

It accepts the options it is told to (GMCP, MSDP) when the server offers
them and refuses every other, keeps bytes of a sequence split across two
reads until the rest arrives, and records each GMCP message as (name, value)
and each MSDP subnegotiation as its raw bytes, apart from the plain text.
"""

import json

from tests.e2e.telnet_client import ANSI, DO, DONT, IAC, SB, SE, WILL, WONT, TelnetClient

GMCP, MSDP = 201, 69
_VERBS = (DO, DONT, WILL, WONT)


class OobClient(TelnetClient):
    def __init__(self, port, accept=(GMCP,), hello=None, supports=None):
        """`supports` (a list such as ["Digger 1"]) is sent as Core.Supports.Set, and
        `hello` as Core.Hello, as soon as the server offers GMCP."""
        super().__init__(port)
        self.accept = set(accept)
        self.hello, self.supports = hello, supports
        self.agreed = set()
        self.gmcp = []
        self.msdp = []
        self._pending = b""

    def send_gmcp(self, name, value=None):
        body = name if value is None else f"{name} {json.dumps(value)}"
        self.sock.sendall(bytes([IAC, SB, GMCP]) + body.encode() + bytes([IAC, SE]))

    def send_msdp(self, name, *values):
        body = bytes([1]) + name.encode() + b"".join(bytes([2]) + v.encode() for v in values)
        self.sock.sendall(bytes([IAC, SB, MSDP]) + body + bytes([IAC, SE]))

    def take_gmcp(self):
        messages, self.gmcp = self.gmcp, []
        return messages

    def sync(self, timeout=10):
        """
        The GMCP messages not taken yet, once all the server sent before now has
        arrived: a marker command (echoed back by name) goes last, and the game
        answers in order, so what other players' moves sent us comes before it.
        """
        self._markers += 1
        marker = f"zzsync{self._markers}"
        self.send(marker)
        self.read_until(marker, timeout=timeout)
        return self.take_gmcp()

    def _receive(self, timeout):
        self.sock.settimeout(max(0.01, min(timeout, 1.0)))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return
        if not data:
            raise ConnectionError(
                f"server closed the connection; last output:\n{self.buffer[-2000:]}"
            )
        self.buffer += ANSI.sub("", self._negotiate(data).decode("utf-8", "replace"))

    def _negotiate(self, data):
        data, self._pending = self._pending + data, b""
        out, replies, i = bytearray(), bytearray(), 0
        while i < len(data):
            if data[i] != IAC:
                out.append(data[i])
                i += 1
                continue
            if i + 1 >= len(data):
                self._pending = data[i:]
                break
            verb = data[i + 1]
            if verb in _VERBS:
                if i + 2 >= len(data):
                    self._pending = data[i:]
                    break
                replies += self._answer(verb, data[i + 2])
                i += 3
            elif verb == SB:
                end = data.find(bytes([IAC, SE]), i)
                if end < 0:
                    self._pending = data[i:]
                    break
                self._subnegotiation(data[i + 2 : end].replace(bytes([IAC, IAC]), bytes([IAC])))
                i = end + 2
            elif verb == IAC:
                out.append(IAC)
                i += 2
            else:
                i += 2
        if replies:
            self.sock.sendall(bytes(replies))
        return bytes(out)

    def _answer(self, verb, option):
        if verb == WILL and option in self.accept:
            self.agreed.add(option)
            reply = bytes([IAC, DO, option])
            if option == GMCP:
                reply += self._greeting()
            return reply
        if verb == DO:
            return bytes([IAC, WONT, option])
        if verb == WILL:
            return bytes([IAC, DONT, option])
        return b""

    def _greeting(self):
        lines = []
        if self.hello is not None:
            lines.append(f"Core.Hello {json.dumps(self.hello)}")
        if self.supports is not None:
            lines.append(f"Core.Supports.Set {json.dumps(self.supports)}")
        return b"".join(bytes([IAC, SB, GMCP]) + line.encode() + bytes([IAC, SE]) for line in lines)

    def _subnegotiation(self, payload):
        if not payload:
            return
        option, body = payload[0], payload[1:].decode("utf-8", "replace")
        if option == GMCP:
            name, _, value = body.partition(" ")
            self.gmcp.append((name, json.loads(value) if value else None))
        elif option == MSDP:
            self.msdp.append(payload[1:])
