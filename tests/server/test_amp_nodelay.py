"""The Portal<->Server link sends at once (TCP_NODELAY on every AMP connection)."""

from unittest.mock import MagicMock

from evennia.commands.cmdset import CmdSet
from evennia.server.portal.amp import AMPMultiConnectionProtocol, Compressed

from server.conf import amp_nodelay, cmdset_lookup


def test_amp_connections_turn_off_nagle():
    original = AMPMultiConnectionProtocol.connectionMade
    try:
        amp_nodelay.install()
        amp_nodelay.install()  # twice is harmless
        protocol = AMPMultiConnectionProtocol.__new__(AMPMultiConnectionProtocol)
        protocol.transport = MagicMock()
        protocol.factory = MagicMock(broadcasts=[])
        protocol.connectionMade()
        protocol.transport.setTcpNoDelay.assert_called_once_with(True)
        assert protocol.factory.broadcasts == [protocol]
    finally:
        AMPMultiConnectionProtocol.connectionMade = original


def test_both_processes_install_it():
    from server.conf import portal_services_plugins, server_services_plugins

    original, to_string = AMPMultiConnectionProtocol.connectionMade, Compressed.toString
    try:
        for plugin in (portal_services_plugins, server_services_plugins):
            AMPMultiConnectionProtocol.connectionMade = original
            plugin.start_plugin_services(MagicMock())
            assert AMPMultiConnectionProtocol.connectionMade is not original
    finally:
        AMPMultiConnectionProtocol.connectionMade = original
        Compressed.toString = to_string  # the plugins also speed up compression
        CmdSet.get = cmdset_lookup._evennia_get  # and the Server's system-command look-ups
