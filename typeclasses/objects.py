"""
Objects: the things in the game world, and what every in-world entity shares.
"""

from evennia.objects.objects import DefaultObject


class ObjectParent:
    """Mixed into every in-world typeclass (objects, characters, rooms, exits)."""


class Object(ObjectParent, DefaultObject):
    """A thing in the game world."""
