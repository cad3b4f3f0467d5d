"""The refusal type of the dungeon generator's command: every refusal is one of these."""

from world.oldgold.errors import OldGoldError


class CrawlError(OldGoldError):
    """A +crawl command or a walk through a generated exit cannot go ahead;
    nothing changed."""
