"""
Services the Portal starts last in its start-up: Delver only tunes the
internal Portal<->Server link (see server/conf/amp_nodelay.py and
amp_compression.py).
"""

from server.conf import amp_compression, amp_nodelay


def start_plugin_services(portal):
    """Called by Evennia last in the Portal start-up."""
    amp_nodelay.install()
    amp_compression.install()
