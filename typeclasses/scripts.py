"""
Scripts: game state and timers with no place in the world.
"""

from evennia.scripts.scripts import DefaultScript


class Script(DefaultScript):
    """A script, as Evennia's."""
