"""
The Server answers as it goes: what the Portal sends is run in turns of a
few milliseconds, and the reactor writes the answers out between turns.

Twisted writes nothing to a socket until its reactor loop comes back to it,
so a read of the Portal link that holds forty typed lines ran all forty
commands before the first answer left: under load one read holds dozens,
and the first player waited for the last player's command. Here the boxes
of a read are run, one at a time and in the order they came, until `SLICE`
seconds have passed since the read began; the rest wait, still in order,
for the reactor's next turn (`callLater(0)`), which first sends what the
earlier ones wrote and reads what has come in since (queued behind them).

Installed by the Server.
"""

import time
from collections import deque

from evennia.server.amp_client import AMPServerClientProtocol
from evennia.server.portal.amp import AMPMultiConnectionProtocol

from server.patches import Patch, Replaced

# How long one turn runs boxes before the reactor gets to write: a few
# commands' worth (a command costs the Server about a millisecond).
SLICE = 0.003

_replaced = Replaced()
_clock = time.perf_counter
_evennia_box_received = AMPServerClientProtocol.ampBoxReceived  # Twisted's BoxDispatcher's


def _call_later(delay, function, *args):
    from twisted.internet import reactor

    return reactor.callLater(delay, function, *args)


class _Turns:
    """A connection's boxes not yet run, and when the current turn ends."""

    def __init__(self):
        self.boxes = deque()
        self.ends = 0.0
        self.scheduled = False


def _turns(protocol):
    turns = protocol.__dict__.get("_delver_turns")
    if turns is None:
        turns = protocol._delver_turns = _Turns()
    return turns


def data_received(self, data):
    """A read begins a turn; then the link is read as before."""
    _turns(self).ends = _clock() + SLICE
    AMPMultiConnectionProtocol.dataReceived(self, data)


def box_received(self, box):
    """Queue the box; run the queue now unless a later turn is already due to."""
    turns = _turns(self)
    turns.boxes.append(box)
    if not turns.scheduled:
        _run(self, turns)


def _next_turn(protocol):
    turns = _turns(protocol)
    turns.scheduled = False
    turns.ends = _clock() + SLICE
    _run(protocol, turns)


def _run(protocol, turns):
    boxes = turns.boxes
    while boxes:
        if _clock() >= turns.ends:
            turns.scheduled = True
            _call_later(0, _next_turn, protocol)
            return
        _evennia_box_received(protocol, boxes.popleft())


def install():
    """Run the Server's side of the link in turns (idempotent)."""
    _replaced.replace(AMPServerClientProtocol, "dataReceived", data_received)
    _replaced.replace(AMPServerClientProtocol, "ampBoxReceived", box_received)


def uninstall():
    _replaced.restore()


PATCH = Patch(
    name="amp_turns",
    targets={
        "twisted.protocols.amp:BoxDispatcher.ampBoxReceived": (
            "5578ffc8fbc3fcff7b28e1ef0e916a5278268fd06dca97f23c3e973b531d806d"
        ),
        "twisted.internet.abstract:FileDescriptor.write": (
            "3e46c97fc173bc7e227065420969c27688f24903c27dcc165b63166a605d688c"
        ),
        "evennia.server.portal.amp:AMPMultiConnectionProtocol.dataReceived": (
            "c1805ef654a9d62360c81c76eed31a9285c8b8616783a99c90748b0cd1e11131"
        ),
    },
    process="server",
    why="A read of the Portal link ran every command in it before the first answer was "
    "written: under load the first player waited for the last player's command.",
    install=install,
    uninstall=uninstall,
)
