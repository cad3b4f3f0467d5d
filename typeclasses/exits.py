"""
Exits: the ways from one room to another.
"""

from evennia.objects.objects import DefaultExit

from .objects import ObjectParent


class Exit(ObjectParent, DefaultExit):
    """A way out of a room; its key is the command that takes it."""
