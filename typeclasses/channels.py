"""
Channels: the out-of-character chat rooms.
"""

import hashlib
import re

from evennia.comms.comms import DefaultChannel

_UNSAFE = re.compile(r"[^a-z0-9_-]+")


def safe_log_name(key):
    """
    `channel_<key>.log` as Evennia names it when the key is plain; otherwise
    the key's safe characters (at most 40) and a short hash of the whole key,
    so no name (a `/`, control characters, 200 emoji) breaks the log file.
    """
    lowered = key.lower()
    slug = _UNSAFE.sub("_", lowered).strip("_")[:40]
    if slug == lowered:
        return f"channel_{slug}.log"
    digest = hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:10]
    return f"channel_{slug or 'x'}-{digest}.log"


class Channel(DefaultChannel):
    """A chat channel, as Evennia's, with a log file name safe for any channel name."""

    def get_log_filename(self):
        """The channel's log file (inside LOG_DIR)."""
        if not self._log_file:
            self._log_file = self.attributes.get("log_file", safe_log_name(self.key))
        return self._log_file
