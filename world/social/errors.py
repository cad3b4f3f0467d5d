"""Refusals of the social commands; each text is shown to the player as is."""

from world.errors import GameError


class SocialError(GameError):
    """A social command's refusal."""
