"""The Server runs what the Portal sends in turns, in the order it came, and the reactor
writes the answers out between turns."""

import pytest
from twisted.internet.testing import StringTransport
from twisted.protocols import amp as twisted_amp

from evennia.server.amp_client import AMPServerClientProtocol
from evennia.server.portal.amp import AMPMultiConnectionProtocol

from server.patches import amp_turns


class Clock:
    """A clock each box moves on by a millisecond, and the reactor's calls it holds."""

    def __init__(self):
        self.now, self.later = 0.0, []

    def __call__(self):
        return self.now

    def call_later(self, delay, function, *args):
        assert delay == 0
        self.later.append((function, args))

    def next_turn(self):
        function, args = self.later.pop(0)
        function(*args)


@pytest.fixture
def link(monkeypatch):
    clock, ran = Clock(), []

    def run(protocol, box):
        ran.append(int(box[b"n"]))
        clock.now += 0.001

    monkeypatch.setattr(amp_turns, "SLICE", 0.003)
    monkeypatch.setattr(amp_turns, "_clock", clock)
    monkeypatch.setattr(amp_turns, "_call_later", clock.call_later)
    monkeypatch.setattr(amp_turns, "_evennia_box_received", run)
    amp_turns.install()
    amp_turns.install()
    protocol = AMPServerClientProtocol()
    protocol._delver_speaks_amp = True
    protocol.transport = StringTransport()
    yield protocol, clock, ran
    amp_turns.uninstall()


def _read(numbers):
    return b"".join(twisted_amp.AmpBox(_command=b"X", n=str(n).encode()).serialize()
                    for n in numbers)


def test_a_read_runs_its_boxes_for_one_slice_and_the_rest_on_later_turns(link):
    protocol, clock, ran = link
    protocol.dataReceived(_read(range(10)))
    assert ran == [0, 1, 2]  # 3 ms: the slice
    assert len(clock.later) == 1
    protocol.dataReceived(_read(range(10, 12)))  # read meanwhile: queued behind
    assert ran == [0, 1, 2]
    while clock.later:
        clock.next_turn()
    assert ran == list(range(12))  # every box, in the order it came, as Evennia runs them


def test_a_quiet_link_runs_each_box_at_once(link):
    protocol, clock, ran = link
    for n in range(3):
        protocol.dataReceived(_read([n]))
        clock.now += 0.5
    assert ran == [0, 1, 2] and not clock.later


def test_uninstall_puts_evennias_back(link):
    amp_turns.uninstall()
    assert "ampBoxReceived" not in vars(AMPServerClientProtocol)
    assert "dataReceived" not in vars(AMPServerClientProtocol)
    assert AMPServerClientProtocol.dataReceived is AMPMultiConnectionProtocol.dataReceived
