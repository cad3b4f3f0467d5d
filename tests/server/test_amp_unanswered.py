"""Players' input and output cross the AMP link unanswered, and an error there is only logged."""

import zlib
from unittest.mock import MagicMock, patch

import pytest
from twisted.internet.testing import StringTransport
from twisted.protocols import amp as twisted_amp

from evennia.server.amp_client import AMPServerClientProtocol
from evennia.server.portal import amp
from evennia.server.portal.amp_server import AMPServerProtocol

from server.conf import portal_services_plugins, server_services_plugins
from server.patches import amp_compression, amp_unanswered
from tests.server.plugin_patches import plugins_undone_afterwards


@pytest.fixture
def installed():
    with plugins_undone_afterwards():
        amp_unanswered.install_server()
        amp_unanswered.install_portal()
        amp_unanswered.install_server()  # twice is harmless
        amp_unanswered.install_portal()
        yield


def _connected(protocol_class):
    protocol = protocol_class()
    protocol.factory = MagicMock(broadcasts=[])
    with patch.object(protocol_class, "connectionMade", lambda self: None):  # no greeting
        protocol.makeConnection(StringTransport())
    return protocol


def _boxes(protocol):
    return twisted_amp.parseString(protocol.transport.value())


def _unpacked(box):
    return amp.loads(zlib.decompress(box[b"packed_data"]))


def test_the_server_sends_output_without_asking_for_an_answer(installed):
    server = _connected(AMPServerClientProtocol)
    assert server.data_to_portal(amp.MsgServer2Portal, 7, text=(("Hello.",), {})) is None
    [box] = _boxes(server)
    assert box[b"_command"] == b"MsgServer2Portal" and b"_ask" not in box
    assert _unpacked(box) == (7, {"text": (("Hello.",), {})})
    assert not server._outstandingRequests  # nothing waits for an answer


def test_the_portal_sends_input_without_asking_for_an_answer(installed):
    portal = _connected(AMPServerProtocol)
    portal.factory.server_connection = server_link = _connected(AMPServerClientProtocol)
    assert portal.data_to_server(amp.MsgPortal2Server, 3, text=(("look",), {})) is None
    [box] = _boxes(server_link)
    assert box[b"_command"] == b"MsgPortal2Server" and b"_ask" not in box
    assert _unpacked(box) == (3, {"text": (("look",), {})})


def test_other_commands_still_ask_for_their_answer(installed):
    server = _connected(AMPServerClientProtocol)
    server.data_to_portal(amp.AdminServer2Portal, 0, operation=b"SSYNC")
    [box] = _boxes(server)
    assert b"_ask" in box and server._outstandingRequests


def _received(protocol, command, sessid, kwargs):
    box = command.makeArguments({"packed_data": amp.dumps((sessid, kwargs))}, protocol)
    box[b"_command"] = command.commandName
    protocol.ampBoxReceived(box)


@pytest.mark.parametrize(
    "side, handler_name, command, handled",
    [
        (AMPServerClientProtocol, "SERVER_SESSION_HANDLER", amp.MsgPortal2Server, "data_in"),
        (AMPServerProtocol, "PORTAL_SESSION_HANDLER", amp.MsgServer2Portal, "data_out"),
    ],
)
def test_a_message_reaches_its_session_and_is_not_answered(
    installed, side, handler_name, command, handled
):
    protocol = _connected(side)
    session = object()
    handler = MagicMock(get=lambda sessid, default=None: session if sessid == 3 else default)
    with patch(f"evennia.{handler_name}", handler):
        _received(protocol, command, 3, {"text": (("look",), {})})
    getattr(handler, handled).assert_called_once_with(session, text=(("look",), {}))
    assert protocol.transport.value() == b""  # no answer sent back


def test_an_error_handling_input_is_logged_and_the_link_stays(installed):
    server = _connected(AMPServerClientProtocol)
    handler = MagicMock(get=lambda sessid, default=None: object())
    handler.data_in.side_effect = RuntimeError("boom")
    with patch("evennia.SERVER_SESSION_HANDLER", handler), patch.object(
        amp_unanswered.logger, "log_trace"
    ) as log_trace:
        _received(server, amp.MsgPortal2Server, 3, {"text": (("look",), {})})
    log_trace.assert_called_once()
    assert not server.transport.disconnecting


def test_each_process_installs_its_side():
    for plugin, protocol_class, method in (
        (server_services_plugins, AMPServerClientProtocol, "data_to_portal"),
        (portal_services_plugins, AMPServerProtocol, "data_to_server"),
    ):
        original = getattr(protocol_class, method)
        with plugins_undone_afterwards():
            plugin.start_plugin_services(MagicMock())
            assert getattr(protocol_class, method) is not original
        assert getattr(protocol_class, method) is original


@pytest.mark.parametrize("compressing", ["Evennia's", "Delver's"])
@pytest.mark.parametrize("size", [0, 5, 40_000, amp.AMP_MAXLEN - 60, 70_000, 200_000])
def test_the_bytes_sent_are_those_twisted_writes_for_the_box(compressing, size):
    kwargs = {"text": (("x" * size,), {})}
    with plugins_undone_afterwards():
        if compressing == "Delver's":
            amp_compression.install()
        ours, twisteds = _connected(AMPServerClientProtocol), _connected(AMPServerClientProtocol)
        amp_unanswered.send_unanswered(ours, amp.MsgServer2Portal, 7, kwargs)
        box = amp.MsgServer2Portal.makeArguments({"packed_data": amp.dumps((7, kwargs))}, twisteds)
        twisteds._sendBoxCommand(amp.MsgServer2Portal.commandName, box, requiresAnswer=False)
        assert ours.transport.value() == twisteds.transport.value()
        assert ours._counter == twisteds._counter  # boxes numbered alike
        received = {}
        amp.Compressed().fromBox(b"packed_data", _boxes(ours)[0], received, ours)
        assert amp.loads(received["packed_data"]) == (7, kwargs)


def test_a_failed_link_sends_nothing_and_raises_nothing():
    server = _connected(AMPServerClientProtocol)
    server._failAllReason = twisted_amp.ConnectionLost()  # as Twisted marks a lost link
    amp_unanswered.send_unanswered(server, amp.MsgServer2Portal, 7, {"text": (("Hi.",), {})})
    assert server.transport.value() == b""


@pytest.mark.parametrize(
    "side, handler_name, command, handled",
    [
        (AMPServerClientProtocol, "SERVER_SESSION_HANDLER", amp.MsgPortal2Server, "data_in"),
        (AMPServerProtocol, "PORTAL_SESSION_HANDLER", amp.MsgServer2Portal, "data_out"),
    ],
)
@pytest.mark.parametrize("compressing", ["Evennia's", "Delver's"])
def test_a_one_piece_box_goes_straight_to_its_responder(
    installed, side, handler_name, command, handled, compressing
):
    if compressing == "Delver's":
        amp_compression.install()
    protocol = _connected(side)
    session = object()
    handler = MagicMock(get=lambda sessid, default=None: session)
    sent = _connected(AMPServerClientProtocol)  # writes the box as the other side does
    amp_unanswered.send_unanswered(sent, command, 3, {"text": (("look",), {})})
    with patch(f"evennia.{handler_name}", handler), patch.object(
        side, "dispatchCommand", side_effect=AssertionError("dispatched")
    ):
        protocol.dataReceived(sent.transport.value())
    getattr(handler, handled).assert_called_once_with(session, text=(("look",), {}))


@pytest.mark.parametrize("size", [10, 200_000])  # one piece; several pieces
def test_other_boxes_are_received_as_before(installed, size):
    server = _connected(AMPServerClientProtocol)
    handler = MagicMock(get=lambda sessid, default=None: object())
    text = "x" * size
    with patch("evennia.SERVER_SESSION_HANDLER", handler), patch.object(
        AMPServerClientProtocol, "dispatchCommand", wraps=server.dispatchCommand
    ) as dispatched:
        # asking for an answer (as Evennia's own sending does)
        box = amp.MsgPortal2Server.makeArguments(
            {"packed_data": amp.dumps((3, {"text": ((text,), {})}))}, server
        )
        box[b"_command"], box[b"_ask"] = amp.MsgPortal2Server.commandName, b"1"
        server.ampBoxReceived(box)
    assert dispatched.call_count == 1
    (_, kwargs), = handler.data_in.call_args_list
    assert kwargs == {"text": ((text,), {})}
    assert _boxes(server)[0][b"_answer"] == b"1"  # answered, as it asked
