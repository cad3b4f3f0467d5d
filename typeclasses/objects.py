"""
Objects: the things in the game world, and what every in-world entity shares.
"""

from evennia.objects.objects import DefaultObject

from world.screen import client_columns, fit


class ObjectParent:
    """Mixed into every in-world typeclass (objects, characters, rooms, exits)."""

    def format_appearance(self, appearance, looker, **kwargs):
        """What `look` shows, every line wider than the looker's client wrapped
        (a description is best written as paragraphs, one line each)."""
        shown = super().format_appearance(appearance, looker, **kwargs)
        return fit(shown, client_columns(looker))

    def announce_move_to(self, source_location, msg=None, mapping=None, move_type="move",
                         **kwargs):
        """Evennia's arrival notice, said as a player would say it: `Ann arrives
        from the Lantern Yard.` (Evennia's reads `arrives to <here> from`)."""
        if source_location and not msg:
            msg = "{object} arrives from {origin}."
        super().announce_move_to(source_location, msg=msg, mapping=mapping,
                                 move_type=move_type, **kwargs)


class Object(ObjectParent, DefaultObject):
    """A thing in the game world."""
