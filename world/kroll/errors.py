"""Kroll's refusal type: every refusal of a Kroll command is one of these."""

from world.errors import GameError


class KrollError(GameError):
    """A Kroll command cannot go ahead; the message says why."""
