"""
Channels: the out-of-character chat rooms.
"""

from evennia.comms.comms import DefaultChannel


class Channel(DefaultChannel):
    """A chat channel, as Evennia's."""
