"""Old Gold's refusal type: every refusal of an Old Gold command is one of these."""

from world.errors import GameError


class OldGoldError(GameError):
    """An Old Gold command cannot go ahead; the message says why (nothing changed)."""
