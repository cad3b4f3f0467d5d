"""
Rooms: places, with no location of their own.
"""

from evennia.objects.objects import DefaultRoom

from world.social.scenes import SceneRoomMixin

from .objects import ObjectParent


class Room(SceneRoomMixin, ObjectParent, DefaultRoom):
    """A place in the game world."""
