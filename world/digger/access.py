"""Who counts as staff for Digger: the game's one staff test (world.access)."""

from world.access import STAFF_LOCK, is_staff  # noqa: F401
