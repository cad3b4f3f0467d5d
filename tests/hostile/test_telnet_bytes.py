"""A stray telnet IAC (0xFF) byte never hangs a connection (issue 24, point 1)."""

import socket
import time

import pytest
from twisted.conch.telnet import Telnet

from server.patches import telnet_lone_iac
from tests.e2e.telnet_client import TelnetClient


class Collecting(Telnet):
    """Twisted's telnet parser, keeping the data it delivers."""

    def __init__(self):
        super().__init__()
        self.received = b""

    def applicationDataReceived(self, data):
        self.received += data


@pytest.fixture
def patched():
    telnet_lone_iac.install()
    yield
    telnet_lone_iac.uninstall()


def test_a_lone_iac_is_dropped_and_the_line_goes_on(patched):
    parser = Collecting()
    parser.dataReceived(b"say hi \xff\r\n")
    parser.dataReceived(b"look\r\n")
    assert parser.received == b"say hi \nlook\n"


def test_escaped_iac_and_commands_still_work(patched):
    parser = Collecting()
    parser.dataReceived(b"a\xff\xffb\xff\xf1c\r\n")  # IAC IAC is a 255; IAC NOP is nothing
    assert parser.received == b"a\xffbc\n"


def test_the_stock_parser_gets_stuck_without_the_patch():
    parser = Collecting()
    with pytest.raises(ValueError):
        parser.dataReceived(b"say hi \xff\r\n")
    with pytest.raises(ValueError):
        parser.dataReceived(b"look\r\n")  # stuck for good: the reason for the patch


def raw_line(client, data):
    client.sock.sendall(data)


@pytest.mark.e2e
def test_a_line_ending_in_0xff_is_answered_and_the_connection_lives(game_server, unique_name):
    with TelnetClient(game_server.telnet_port) as client:
        client.create_and_connect(unique_name("Iac"), "iac-pass-12345")
        raw_line(client, b"say hi \xff\r\n")
        said = client.read_until("You say", timeout=5)
        assert "You say" in said
        for line in (b"look\xff\r\n", b"\xff\r\n", b"\xff\xff\xff\r\n", b"say \xff\xfe\r\n"):
            raw_line(client, line)
        started = time.monotonic()
        assert "still here" in client.command("say still here", timeout=5)
        assert time.monotonic() - started < 2
    assert "Malformed telnet input" not in game_server.log_tail(400)


class Negotiating(Collecting):
    """As Evennia's telnet protocol: it reads GMCP subnegotiations."""

    def __init__(self):
        super().__init__()
        self.negotiated = []
        self.negotiationMap[bytes([201])] = lambda data: self.negotiated.append(b"".join(data))


def test_a_stray_subnegotiation_start_is_data(patched):
    parser = Negotiating()
    parser.dataReceived(b"say hi\xff\xfa\r\nlook\r\n")
    assert parser.received == b"say hi\nlook\n"


def test_an_unended_gmcp_subnegotiation_ends_at_the_line_end(patched):
    parser = Negotiating()
    parser.dataReceived(b"\xff\xfa\xc9Core.Hello {\r\nlook\r\n")
    parser.dataReceived(b"\xff\xfa\xc9Core.Ping\xff\xf0")
    assert parser.received == b"\nlook\n"
    assert parser.negotiated == [b"Core.Ping"]


def test_a_line_ending_in_an_unended_subnegotiation_is_still_a_line(patched):
    # The long fuzz found it: the line ran into the next one, which went unanswered.
    parser = Negotiating()
    parser.dataReceived(b"+mail x\xff\xfa\xc9Core.Hello {\r\nzzmark1\r\n")
    assert parser.received == b"+mail x\nzzmark1\n"


def test_a_too_long_subnegotiation_is_dropped(patched):
    parser = Negotiating()
    parser.dataReceived(b"\xff\xfa\xc9" + b"x" * (telnet_lone_iac.SUBNEGOTIATION_MAX + 10))
    parser.dataReceived(b"\r\nlook\r\n")
    assert parser.received.endswith(b"look\n")
    assert parser.negotiated == []


def test_the_stock_parser_swallows_everything_after_a_stray_subnegotiation():
    parser = Negotiating()
    parser.dataReceived(b"say hi\xff\xfa\r\nlook\r\n")
    assert parser.received == b"say hi"  # the rest waits for an IAC SE that never comes
