"""The Portal<->Server link packs messages fast, and either side reads what the other wrote."""

import pickle
import zlib
from unittest.mock import MagicMock

from evennia.server.portal.amp import AMP_MAXLEN, Compressed

from server.patches import amp_compression
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
        # Stored as it is: hardly longer than the message.
        assert len(Compressed().toString(LISTING)) <= len(LISTING) + 64
    finally:
        Compressed.toString = original


def test_the_stored_frame_is_what_zlib_writes_at_level_0():
    for size in (0, 1, 88, 4096, 30_000, AMP_MAXLEN - amp_compression.STORED_FRAME):
        data = (LISTING * 3)[:size]
        packed = amp_compression.compress(data)
        assert len(packed) == size + amp_compression.STORED_FRAME
        assert zlib.decompress(packed) == data
        assert zlib.decompressobj(amp_compression.WINDOW_BITS).decompress(packed) == data
    one_block = zlib.compressobj(0, zlib.DEFLATED, amp_compression.WINDOW_BITS, 9)
    assert amp_compression.compress(LINE) == one_block.compress(LINE) + one_block.flush()


def test_a_whole_amp_value_of_text_still_fits_in_one():
    chunk = (LISTING * 3)[:AMP_MAXLEN]
    assert len(chunk) + amp_compression.STORED_FRAME > AMP_MAXLEN  # stored, it would not fit
    packed = amp_compression.compress(chunk)
    assert len(packed) <= AMP_MAXLEN and zlib.decompress(packed) == chunk


def test_a_message_longer_than_an_amp_value_crosses_in_several(monkeypatch):
    monkeypatch.setattr(Compressed, "toString", amp_compression._to_string_fast)
    message = LISTING * 3
    assert len(message) > AMP_MAXLEN
    strings = {}
    Compressed().toBox(b"packed_data", strings, {"packed_data": message}, None)
    assert len(strings) > 1 and all(len(value) <= AMP_MAXLEN for value in strings.values())
    objects = {}
    Compressed().fromBox(b"packed_data", strings, objects, None)
    assert objects["packed_data"] == message


def test_both_processes_install_it():
    from server.conf import portal_services_plugins, server_services_plugins

    original = Compressed.toString
    for plugin in (portal_services_plugins, server_services_plugins):
        with plugins_undone_afterwards():
            plugin.start_plugin_services(MagicMock())
            assert Compressed.toString is not original
        assert Compressed.toString is original
