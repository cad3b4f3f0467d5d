"""Refusals of the Old Gold travel commands (nothing changed when raised)."""

from world.oldgold.errors import OldGoldError


class TravelError(OldGoldError):
    """A travel, encounter or follower command cannot go ahead; the text says why."""
