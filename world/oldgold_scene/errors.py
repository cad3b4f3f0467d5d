"""The refusal type of the scene commands: every refusal is one of these."""

from world.oldgold.errors import OldGoldError


class SceneError(OldGoldError):
    """A clock, light, oracle or delving command cannot go ahead; nothing changed."""
