"""
Services the Server starts last in its start-up: Delver only tunes the
internal Portal<->Server link (see server/conf/amp_nodelay.py,
amp_stream.py, amp_compression.py and amp_unanswered.py), its lock checks
(lock_eval.py), its look-ups of system commands (cmdset_lookup.py) and its
clean-up of outgoing text (senddata.py).
"""

from server.conf import (
    amp_compression,
    amp_nodelay,
    amp_stream,
    amp_unanswered,
    cmdset_lookup,
    lock_eval,
    senddata,
)


def start_plugin_services(server):
    """Called by Evennia last in the Server start-up."""
    amp_nodelay.install()
    amp_stream.install()
    amp_compression.install()
    amp_unanswered.install_server()
    lock_eval.install()
    cmdset_lookup.install()
    senddata.install()
