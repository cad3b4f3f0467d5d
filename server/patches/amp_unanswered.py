"""
Send players' input and output across the Portal<->Server link without
waiting for an answer.

Evennia sends every line a player types (Portal to Server) and every message
to a player (Server to Portal) as an AMP command that asks for an answer.
The answer is always empty, yet each one costs both processes a box to
build, send, parse and match with a Deferred: with a thousand players online
that is a good share of the Server's time. The Server does nothing with the
answers, and the receiving side logs any error itself, so Delver sends these
two commands without asking (AMP's `requiresAnswer=False`, written straight
into the box) and makes each receiving side catch and log every error: an
error in a command that asked for no answer would otherwise drop the link.
Everything else on the link (admin operations, function calls, the launcher)
still asks for its answer. And a message that fits in one AMP value (nearly
every one) is written as the very bytes Twisted writes for its box, without
building the box: that took longer than packing the message. Such a box
is received the same way round: handed straight to its responder.
"""

from functools import cache
from struct import pack

from twisted.protocols import amp as twisted_amp

from evennia.server.portal import amp
from evennia.utils import logger

from server.patches import Patch, Replaced

_replaced = Replaced()


def send_unanswered(protocol, command, sessid, kwargs):
    """
    Send `command` carrying (sessid, kwargs) over `protocol`, asking for no
    answer. A message that fits one AMP value (nearly all) is written as the
    bytes Twisted would write for the box, without building the box first.
    """
    pickled = amp.dumps((sessid, kwargs))
    if len(pickled) <= amp.AMP_MAXLEN and _can_write(protocol):
        packed = _packed_data(command).toString(pickled)
        if len(packed) <= twisted_amp.MAX_VALUE_LENGTH:
            protocol._nextTag()  # as Twisted numbers every box sent
            protocol.transport.write(b"".join(
                (_box_start(command), pack("!H", len(packed)), packed, b"\x00\x00")
            ))
            return
    box = command.makeArguments({"packed_data": pickled}, protocol)
    protocol._sendBoxCommand(command.commandName, box, requiresAnswer=False)


def _can_write(protocol):
    """Whether Twisted would write a box straight to the transport (else it fails,
    buffers or raises: left to it)."""
    return (
        protocol._failAllReason is None
        and protocol.boxSender is protocol
        and not protocol._locked
        and protocol.transport is not None
        and protocol._startingTLSBuffer is None
    )


@cache
def _packed_data(command):
    """The command's `packed_data` argument (Evennia's Compressed)."""
    return dict(command.arguments)[b"packed_data"]


@cache
def _box_start(command):
    """The box's bytes up to its packed data's length: its keys in sorted order
    (`_command` before `packed_data`), each with its length, as AmpBox.serialize."""
    name = command.commandName
    return b"".join((
        pack("!H", len(twisted_amp.COMMAND)), twisted_amp.COMMAND,
        pack("!H", len(name)), name,
        pack("!H", len(b"packed_data")), b"packed_data",
    ))


def _never_raising(responder):
    """The responder, with any error logged instead of raised (see the module's text)."""

    def respond(self, **arguments):
        try:
            responder(self, **arguments)
        except Exception:
            logger.log_trace(f"{responder.__name__} failed")
        return {}

    respond.__name__ = responder.__name__
    return respond


def _receive_without_raising(protocol_class, command):
    dispatch = protocol_class._commandDispatch
    command_class, responder = dispatch[command.commandName]
    if not getattr(responder, "_delver_never_raises", False):
        respond = _never_raising(responder)
        respond._delver_never_raises = True
        _replaced.replace_item(dispatch, command.commandName, (command_class, respond))
    _receive_directly(protocol_class, command, dispatch[command.commandName][1])


def _receive_directly(protocol_class, command, respond):
    """
    Hand a box of `command` that asks for no answer and holds its data in one
    piece straight to `respond`, with the data unpacked as AMP unpacks it:
    Twisted would look the responder up, wrap it in Deferreds and build an
    answer box nobody asked for. Any other box is received as before.
    """
    evennia_received = protocol_class._commandReceived
    if getattr(evennia_received, "_delver_direct", False):
        return
    name, packed_data = command.commandName, _packed_data(command)

    def command_received(self, box):
        if len(box) == 2 and box.get(twisted_amp.COMMAND) == name and b"packed_data" in box:
            respond(self, packed_data=packed_data.fromStringProto(box[b"packed_data"], self))
            return
        evennia_received(self, box)

    command_received._delver_direct = True
    _replaced.replace(protocol_class, "_commandReceived", command_received)


def _send_unanswered_through(protocol_class, method, command, connection_of):
    """Make `protocol_class.method` (Evennia's data_to_portal/data_to_server) send
    `command` unanswered over `connection_of(protocol)`, when there is one."""
    evennia_send = getattr(protocol_class, method)
    if getattr(evennia_send, "_delver_unanswered", False):
        return

    def send(self, sent_command, sessid, **kwargs):
        connection = connection_of(self)
        if sent_command is not command or not connection:
            return evennia_send(self, sent_command, sessid, **kwargs)
        send_unanswered(connection, command, sessid, kwargs)
        return None

    send.__name__ = method
    send._delver_unanswered = True
    _replaced.replace(protocol_class, method, send)


def install_server():
    """In the Server: send output unanswered, receive input without raising (idempotent)."""
    from evennia.server.amp_client import AMPServerClientProtocol

    _receive_without_raising(AMPServerClientProtocol, amp.MsgPortal2Server)
    _send_unanswered_through(
        AMPServerClientProtocol, "data_to_portal", amp.MsgServer2Portal, lambda server: server
    )


def install_portal():
    """In the Portal: send input unanswered, receive output without raising (idempotent)."""
    from evennia.server.portal.amp_server import AMPServerProtocol

    _receive_without_raising(AMPServerProtocol, amp.MsgServer2Portal)
    _send_unanswered_through(
        AMPServerProtocol,
        "data_to_server",
        amp.MsgPortal2Server,
        lambda portal: portal.factory.server_connection,
    )


def install():
    """Both sides (each process uses its own; the other's classes are left unused)."""
    install_server()
    install_portal()


PATCH = Patch(
    name="amp_unanswered",
    targets={
        "evennia.server.amp_client:AMPServerClientProtocol.data_to_portal": (
            "a8fee73243ed8ce1cd9da24a19f951f972fc846e43eee568890927cffda17ffc"
        ),
        "evennia.server.amp_client:AMPServerClientProtocol.server_receive_msgportal2server": (
            "d4ad3e37104f3ec84cdbe54dfdc8cc2a27fd9fd621182e7bc98a78fdb0d4358d"
        ),
        "evennia.server.portal.amp_server:AMPServerProtocol.data_to_server": (
            "d37e9cd11e171c8dae8b7299cd05fc6b72630e072d3c2ec9a6d77ea19553264e"
        ),
        "evennia.server.portal.amp_server:AMPServerProtocol.portal_receive_server2portal": (
            "04cb9d77b90790df72319179e5d23c575024f86df65d91691be5e963f03e7e55"
        ),
        "evennia.server.portal.amp:AMPMultiConnectionProtocol._commandReceived": (
            "d831d4f6425013d751d3791afbab045162bd0ab294f8cc097a3c5ad9cfee2c75"
        ),
        "twisted.protocols.amp:BoxDispatcher._sendBoxCommand": (
            "1dc38e5dcf21d71c9c01c786c2871875884b63e13e847936f459e065261b246d"
        ),
        "twisted.protocols.amp:AmpBox.serialize": (
            "d0e4956fad0b1a33ff90e851790bc8701eb5098405a313caf44ceac60356e70b"
        ),
        "twisted.protocols.amp:BoxDispatcher._commandReceived": (
            "a54160ee5d92c50fe2c17029a0dc649b8f061edf27ba75fe6f448594451f35df"
        ),
    },
    process="both",
    why="Every line typed and every message sent asked for an empty answer both processes built, "
    "sent, parsed and matched.",
    install=install,
    uninstall=_replaced.restore,
)
