"""Digger's refusal type: every refusal of a Digger command is one of these."""

from world.errors import GameError


class DiggerError(GameError):
    """A Digger command cannot go ahead; the message says why and nothing was changed."""
