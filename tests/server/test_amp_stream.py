"""The AMP link is read as a stream, however TCP cuts it: a box's NUL pairs drop no link."""

import pickle
from unittest.mock import MagicMock, patch

import pytest
from twisted.internet.testing import StringTransport
from twisted.protocols.amp import AmpBox

from evennia.server.amp_client import AMPServerClientProtocol
from evennia.server.portal import amp

from server.patches import amp_compression, amp_stream
from server.conf import portal_services_plugins, server_services_plugins
from tests.server.plugin_patches import plugins_undone_afterwards


def _stream_of_boxes():
    """Three input boxes as the Portal writes them: pickles full of NUL pairs, stored."""
    stream = b""
    for number, line in enumerate(("look", "say Torch chalk chalk.", "zz703q17z")):
        packed = amp_compression.compress(pickle.dumps((number, {"text": [[line], {}]})))
        box = AmpBox(_command=b"MsgPortal2Server", packed_data=packed)
        stream += box.serialize()
    return stream


def _listening_protocol():
    protocol = AMPServerClientProtocol()
    protocol.factory = MagicMock(broadcasts=[])
    with patch.object(AMPServerClientProtocol, "connectionMade", lambda self: None):
        protocol.makeConnection(StringTransport())
    received = []
    protocol.ampBoxReceived = received.append
    return protocol, received


def _cut_after_nul_pairs(stream):
    """Every place in the stream right after two NUL bytes that is not a box's end."""
    return [at for at in range(2, len(stream)) if stream[at - 2:at] == b"\x00\x00"]


STREAM = _stream_of_boxes()
CUTS = _cut_after_nul_pairs(STREAM)


def test_the_stream_has_nul_pairs_inside_its_boxes():
    assert len(CUTS) > 3


@pytest.mark.parametrize("at", CUTS)
def test_a_read_ending_on_a_nul_pair_keeps_the_link(at):
    with plugins_undone_afterwards():
        amp_stream.install()
        protocol, received = _listening_protocol()
        protocol.dataReceived(STREAM[:at])
        protocol.dataReceived(STREAM[at:])
        assert not protocol.transport.disconnecting
        assert [box[b"_command"] for box in received] == [b"MsgPortal2Server"] * 3


def test_evennia_alone_drops_the_link_on_such_a_read():
    dropped = []
    for at in CUTS:
        protocol, received = _listening_protocol()
        with patch("builtins.print"):
            protocol.dataReceived(STREAM[:at])
            protocol.dataReceived(STREAM[at:])
        dropped.append(protocol.transport.disconnecting)
    assert any(dropped)


def test_http_at_the_amp_port_still_gets_evennias_warning():
    with plugins_undone_afterwards():
        amp_stream.install()
        protocol, received = _listening_protocol()
        with patch("builtins.print"):
            protocol.dataReceived(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert protocol.transport.disconnecting and not received
        assert b"AMP" in protocol.transport.value()


def test_both_processes_install_it():
    original = amp.AMPMultiConnectionProtocol.dataReceived
    for plugin in (portal_services_plugins, server_services_plugins):
        with plugins_undone_afterwards():
            plugin.start_plugin_services(MagicMock())
            assert amp.AMPMultiConnectionProtocol.dataReceived is amp_stream.data_received
        assert amp.AMPMultiConnectionProtocol.dataReceived is original
