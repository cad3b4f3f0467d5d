"""
Services the Server starts last in its start-up: Delver only tunes the
internal Portal<->Server link (see server/conf/amp_nodelay.py).
"""

from server.conf import amp_nodelay


def start_plugin_services(server):
    """Called by Evennia last in the Server start-up."""
    amp_nodelay.install()
