"""
Exits: the ways from one room to another.
"""

from evennia.objects.objects import DefaultExit

from .objects import ObjectParent


class Exit(ObjectParent, DefaultExit):
    """A way out of a room; its key is the command that takes it."""

    def at_traverse(self, traversing_object, target_location, **kwargs):
        # A Goldengrave PC who is knocked out, or whose company must rest,
        # is told why instead of Evennia's bare "You cannot go there."
        from world.goldengrave.exploring import refusal_to_walk

        refusal = refusal_to_walk(traversing_object, target_location)
        if refusal:
            traversing_object.msg(refusal)
            return
        super().at_traverse(traversing_object, target_location, **kwargs)
