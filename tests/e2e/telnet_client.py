"""
A small blocking telnet client for end-to-end tests.

It declines every telnet option the server offers (so the handshake ends at
once), strips ANSI colour, and reads until an expected text arrives.
"""

import re
import socket
import time

IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class TelnetClient:
    def __init__(self, port, host="127.0.0.1"):
        self.sock = socket.create_connection((host, port), timeout=10)
        self.buffer = ""
        self._markers = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

    def send(self, line):
        self.sock.sendall(line.encode("utf-8") + b"\r\n")

    def read_until(self, text, timeout=10):
        """Everything read until `text` has arrived (and is consumed)."""
        deadline = time.monotonic() + timeout
        while text not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"waited {timeout}s for {text!r}; got:\n{self.buffer[-2000:]}")
            self._receive(remaining)
        upto = self.buffer.index(text) + len(text)
        seen, self.buffer = self.buffer[:upto], self.buffer[upto:]
        return seen

    def command(self, line, timeout=10):
        """
        Send `line` and return all it printed. A marker command follows it
        (an unknown command that the game echoes back by name), so the answer
        is complete when the marker's echo arrives.
        """
        self._markers += 1
        marker = f"zzmark{self._markers}"
        self.send(line)
        self.send(marker)
        text = self.read_until(marker, timeout=timeout)
        self.read_until("\n", timeout=timeout)
        return text[: text.rfind("Command")] if "Command" in text else text

    def closed_by_server(self, timeout=10):
        """True once the server has closed the connection."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                self._receive(deadline - time.monotonic())
            except ConnectionError:
                return True
        return False

    def _receive(self, timeout):
        self.sock.settimeout(min(timeout, 1.0))
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            return
        if not data:
            raise ConnectionError(f"server closed the connection; last output:\n{self.buffer[-2000:]}")
        self.buffer += ANSI.sub("", self._negotiate(data).decode("utf-8", "replace"))

    def _negotiate(self, data):
        """Answer option offers with refusals; return the plain bytes."""
        out, replies, i = bytearray(), bytearray(), 0
        while i < len(data):
            byte = data[i]
            if byte != IAC or i + 1 >= len(data):
                out.append(byte)
                i += 1
                continue
            verb = data[i + 1]
            if verb in (DO, DONT, WILL, WONT) and i + 2 < len(data):
                option = data[i + 2]
                if verb == DO:
                    replies += bytes([IAC, WONT, option])
                elif verb == WILL:
                    replies += bytes([IAC, DONT, option])
                i += 3
            elif verb == SB:
                end = data.find(bytes([IAC, SE]), i)
                i = len(data) if end < 0 else end + 2
            elif verb == IAC:
                out.append(IAC)
                i += 2
            else:
                i += 2
        if replies:
            self.sock.sendall(bytes(replies))
        return bytes(out)

    def create_and_connect(self, name, password):
        """Create an account over telnet, answer the confirmation, end up in the game."""
        self.read_until("create", timeout=15)
        self.send(f"create {name} {password}")
        self.read_until("[Y]/N?", timeout=15)
        self.send("y")
        self.read_until("was created", timeout=20)
        self.send(f"connect {name} {password}")
        return self.read_until("Welcome to Delver", timeout=20)

    def connect(self, name, password):
        self.read_until("connect", timeout=15)
        self.send(f"connect {name} {password}")
        return self.read_until("Welcome to Delver", timeout=20)
