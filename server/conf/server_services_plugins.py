"""
Services the Server starts last in its start-up: Delver only tunes the
internal Portal<->Server link (see server/conf/amp_nodelay.py,
amp_stream.py, amp_compression.py and amp_unanswered.py), its lock checks
(lock_eval.py), its command handler's generators (inline_callbacks.py), its
gathering of cmdsets (cmdset_gathering.py), its look-ups
of system commands (cmdset_lookup.py), its clean-up of outgoing text
(senddata.py) and its pager (evmore_pager.py), both leaving no garbage
behind, its upkeep each minute (maintenance.py) and its garbage collector
(gc_tuning.py).
"""

from server.conf import (
    amp_compression,
    amp_nodelay,
    amp_stream,
    amp_unanswered,
    cmdset_gathering,
    cmdset_lookup,
    evmore_pager,
    gc_tuning,
    inline_callbacks,
    lock_eval,
    maintenance,
    senddata,
)


def start_plugin_services(server):
    """Called by Evennia last in the Server start-up."""
    amp_nodelay.install()
    amp_stream.install()
    amp_compression.install()
    amp_unanswered.install_server()
    lock_eval.install()
    inline_callbacks.install()
    cmdset_gathering.install()
    cmdset_lookup.install()
    senddata.install()
    evmore_pager.install()
    maintenance.install()
    from server.patches import _issue24  # issue 24's patches, until issue 23's installer

    _issue24.install("server")
    gc_tuning.install()  # last: freezes what the start-up made
