"""The Portal<->Server link sends at once (TCP_NODELAY on every AMP connection)."""

from unittest.mock import MagicMock

from evennia.server.portal.amp import AMPMultiConnectionProtocol

from server.patches import amp_nodelay
from tests.server.plugin_patches import plugins_undone_afterwards


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

    original = AMPMultiConnectionProtocol.connectionMade
    for plugin in (portal_services_plugins, server_services_plugins):
        with plugins_undone_afterwards():
            plugin.start_plugin_services(MagicMock())
            assert AMPMultiConnectionProtocol.connectionMade is not original
        assert AMPMultiConnectionProtocol.connectionMade is original
