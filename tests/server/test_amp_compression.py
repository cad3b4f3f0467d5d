"""The Portal<->Server link compresses fast, and either side reads what the other wrote."""

import pickle
import zlib
from unittest.mock import MagicMock

from evennia.server.portal.amp import AMP_MAXLEN, Compressed

from server.conf import amp_compression
from tests.server.plugin_patches import plugins_undone_afterwards

LISTING = "\n".join(f"player{number:05d}      00:02   1s" for number in range(1000)).encode()
LINE = pickle.dumps((7, {"text": (("Command 'zz1z' is not available.",), {})}))


def test_messages_are_compressed_fast_and_read_back_unchanged():
    original = Compressed.toString
    try:
        amp_compression.install()
        amp_compression.install()  # twice is harmless
        for message in (LISTING, LINE, b""):
            packed = Compressed().toString(message)
            assert packed == amp_compression.compress(message)
            assert zlib.decompress(packed) == message  # a standard zlib stream
            assert Compressed().fromString(packed) == message
            assert Compressed().fromString(original(Compressed(), message)) == message
        # As small as the default window makes it, give or take a few percent.
        assert len(Compressed().toString(LISTING)) <= 1.05 * len(zlib.compress(LISTING, 1))
    finally:
        Compressed.toString = original


def test_a_whole_amp_value_of_text_still_fits_in_one():
    chunk = (LISTING * 3)[:AMP_MAXLEN]
    assert len(amp_compression.compress(chunk)) < AMP_MAXLEN


def test_both_processes_install_it():
    from server.conf import portal_services_plugins, server_services_plugins

    original = Compressed.toString
    for plugin in (portal_services_plugins, server_services_plugins):
        with plugins_undone_afterwards():
            plugin.start_plugin_services(MagicMock())
            assert Compressed.toString is not original
        assert Compressed.toString is original
