"""
The rooms and exits Old Gold's dungeon generator builds (`+crawl`). An
unexplored exit loops to its own room; going through it the first time
asks `world.oldgold_dungeon.crawl` to roll and build the space beyond.
The class names are unique among the game's typeclasses (Evennia makes
each a Django proxy model named after its class).
"""

from evennia.utils import logger

from typeclasses.exits import Exit
from typeclasses.rooms import Room
from world.errors import GameError


class OldGoldCrawlRoom(Room):
    """A room of a generated Old Gold dungeon: dark unless someone brings light."""

    unlit = True  # world.oldgold_scene.light.is_dark_place


class OldGoldCrawlExit(Exit):
    """A way out of a generated room; the first walk through it builds what lies beyond."""

    def at_traverse(self, traversing_object, target_location, **kwargs):
        from world.oldgold import render
        from world.oldgold_dungeon import crawl

        try:
            outcome = crawl.walk(traversing_object, self)
        except GameError as err:
            traversing_object.msg(render.wrap_text(str(err)))
            return
        except Exception:
            logger.log_trace(f"Old Gold crawl exit {self.id} failed for {traversing_object}")
            traversing_object.msg("|rSorry, something went wrong on our side and nothing "
                                  "was changed.|n A |w+request/bug|n helps.")
            return
        if outcome.lines and self.location is not None:
            self.location.msg_contents(render.wrap_text(outcome.text))
        super().at_traverse(traversing_object, self.destination, **kwargs)
