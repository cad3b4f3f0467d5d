"""A line typed while the Portal keeps a new connection waiting reaches the
Server after that connection does, not before it (where the Server drops it)."""

import gc
from collections import deque
from unittest.mock import patch

import pytest

from evennia.server.portal import portalsessionhandler
from evennia.server.portal.amp import PCONN, PDISCONN
from evennia.server.portal.portalsessionhandler import PortalSessionHandler

from server.patches import queued_input


class Session:
    """What the handler needs of a telnet connection."""

    def __init__(self):
        self.sessid = None
        self.protocol_flags = {"ENCODING": "utf-8"}
        self.sent = []

    def get_sync_data(self):
        return {"sessid": self.sessid}

    def data_out(self, **kwargs):
        self.sent.append(kwargs)


class AmpLink:
    """The Portal's side of the AMP link, keeping what crossed it in order."""

    def __init__(self):
        self.crossed = []

    def send_AdminPortal2Server(self, session, operation="", **kwargs):
        name = {PCONN: "PCONN", PDISCONN: "PDISCONN"}[operation]
        self.crossed.append((name, session.sessid))

    def send_MsgPortal2Server(self, session, **kwargs):
        self.crossed.append((kwargs["text"][0][0].strip(), session.sessid))


class Clock:
    """The reactor's callLater, run by hand."""

    def __init__(self):
        self.calls = []

    def callLater(self, delay, function, *args):
        self.calls.append((function, args))
        return object()

    def run(self, handler):
        while self.calls:
            function, args = self.calls.pop(0)
            handler.connection_last = 0  # the throttle's half second has passed
            function(*args)


@pytest.fixture
def portal():
    link, clock = AmpLink(), Clock()
    service = type("Service", (), {"amp_protocol": link})()
    with patch("evennia.EVENNIA_PORTAL_SERVICE", service, create=True), \
            patch.object(portalsessionhandler, "reactor", clock), \
            patch.object(portalsessionhandler, "_CONNECTION_QUEUE", deque()), \
            patch.object(portalsessionhandler, "_MIN_TIME_BETWEEN_CONNECTS", 0.5):  # 2 a second
        handler = PortalSessionHandler()
        handler.connection_last = 0
        yield handler, link, clock


@pytest.fixture
def installed():
    queued_input.install()
    yield
    queued_input.PATCH.uninstall()


def _two_players_at_once(handler, clock, lines=("connect Bo secret",)):
    first, second = Session(), Session()
    handler.connect(first)  # the first goes straight through ...
    handler.connect(second)  # ... the second, in the same half second, waits
    for line in lines:
        handler.data_in(second, text=line + "\n")
    clock.run(handler)
    return first, second


def test_evennia_sends_a_waiting_connections_login_before_the_connection(portal):
    queued_input.PATCH.uninstall()  # (if another test's install left it in)
    handler, link, clock = portal
    first, second = _two_players_at_once(handler, clock)
    # The Server hears of line 2's session only after the line: it drops it.
    assert link.crossed == [("PCONN", 1), ("connect Bo secret", 2), ("PCONN", 2)]


def test_the_login_follows_the_connection(portal, installed):
    handler, link, clock = portal
    _two_players_at_once(handler, clock, ("connect Bo secret", "look"))
    assert link.crossed == [("PCONN", 1), ("PCONN", 2), ("connect Bo secret", 2), ("look", 2)]


def test_a_connection_through_at_once_sends_as_in_evennia(portal, installed):
    handler, link, clock = portal
    player = Session()
    handler.connect(player)
    handler.data_in(player, text="connect Ann secret\n")
    assert link.crossed == [("PCONN", 1), ("connect Ann secret", 1)]
    assert player not in queued_input._held


def test_at_most_so_many_lines_are_held(portal, installed):
    handler, link, clock = portal
    lines = [f"say {n}" for n in range(queued_input.QUEUED_INPUT_MAX + 5)]
    _two_players_at_once(handler, clock, lines)
    sent = [text for text, sessid in link.crossed if sessid == 2 and text != "PCONN"]
    assert sent == lines[: queued_input.QUEUED_INPUT_MAX]


def test_a_connection_closed_while_waiting_sends_nothing(portal, installed):
    handler, link, clock = portal
    first, second = Session(), Session()
    handler.connect(first)
    handler.connect(second)
    handler.data_in(second, text="connect Bo secret\n")
    handler.disconnect(second)
    clock.run(handler)
    assert link.crossed == [("PCONN", 1)]
    del second
    gc.collect()
    assert not list(queued_input._held)


def test_uninstall_gives_evennia_its_methods_back(installed):
    assert PortalSessionHandler.data_in is queued_input.data_in
    queued_input.PATCH.uninstall()
    assert PortalSessionHandler.data_in is not queued_input.data_in
    assert PortalSessionHandler.connect is not queued_input.connect
