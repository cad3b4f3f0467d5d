"""
Services the Portal starts last in its start-up: Delver only tunes the
internal Portal<->Server link (see server/conf/amp_nodelay.py,
amp_stream.py, amp_compression.py and amp_unanswered.py), its colour
parsing of plain text (ansi_plain.py) and its clean-up of each line a player
types (senddata.py, which leaves no garbage behind).
"""

from server.conf import (
    amp_compression,
    amp_nodelay,
    amp_stream,
    amp_unanswered,
    ansi_plain,
    senddata,
)


def start_plugin_services(portal):
    """Called by Evennia last in the Portal start-up."""
    amp_nodelay.install()
    amp_stream.install()
    amp_compression.install()
    amp_unanswered.install_portal()
    ansi_plain.install()
    senddata.install()
    from server.patches import _issue24  # issue 24's patches, until issue 23's installer

    _issue24.install("portal")
