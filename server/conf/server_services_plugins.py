"""
Services the Server starts last in its start-up: Delver only tunes the
internal Portal<->Server link (see server/conf/amp_nodelay.py and
amp_compression.py), its lock checks (lock_eval.py) and its look-ups of
system commands (cmdset_lookup.py).
"""

from server.conf import amp_compression, amp_nodelay, cmdset_lookup, lock_eval


def start_plugin_services(server):
    """Called by Evennia last in the Server start-up."""
    amp_nodelay.install()
    amp_compression.install()
    lock_eval.install()
    cmdset_lookup.install()
