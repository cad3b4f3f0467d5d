"""Goldengrave's refusal type: every refusal of a Goldengrave command is one of these."""

from world.errors import GameError


class GoldengraveError(GameError):
    """A Goldengrave command cannot go ahead; the message says why (nothing changed)."""
