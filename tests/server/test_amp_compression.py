"""The Portal<->Server link compresses fast, and either side reads what the other wrote."""

import zlib
from unittest.mock import MagicMock

from evennia.server.portal.amp import AMPMultiConnectionProtocol, Compressed

from server.conf import amp_compression

LISTING = "\n".join(f"player{number:05d}      00:02   1s" for number in range(1000)).encode()


def test_messages_are_compressed_at_the_fast_level_and_read_back_unchanged():
    original = Compressed.toString
    try:
        amp_compression.install()
        amp_compression.install()  # twice is harmless
        packed = Compressed().toString(LISTING)
        assert packed == zlib.compress(LISTING, amp_compression.LEVEL)
        assert Compressed().fromString(packed) == LISTING
        assert Compressed().fromString(original(Compressed(), LISTING)) == LISTING
    finally:
        Compressed.toString = original


def test_both_processes_install_it():
    from server.conf import portal_services_plugins, server_services_plugins

    original, connection_made = Compressed.toString, AMPMultiConnectionProtocol.connectionMade
    try:
        for plugin in (portal_services_plugins, server_services_plugins):
            Compressed.toString = original
            plugin.start_plugin_services(MagicMock())
            assert Compressed.toString is not original
    finally:
        Compressed.toString = original
        AMPMultiConnectionProtocol.connectionMade = connection_made
