"""
Rooms: places, with no location of their own.
"""

from evennia.objects.objects import DefaultRoom

from .objects import ObjectParent


class Room(ObjectParent, DefaultRoom):
    """A place in the game world."""
