"""
Coming back to a run: a member who logs in or reconnects while their party is
in a dungeon is told where things stand (the card, whether they have acted,
who completes or draws).
"""

from evennia.utils import logger


def tell(character):
    """Send the short camp summary to `character` if their party is in a run (never raises)."""
    from world.digger import render_run, services  # at call time: typeclasses load early

    try:
        view = services.return_summary(character)
        if view is not None:
            character.msg(render_run.return_summary(view, character))
    except Exception:
        logger.log_trace("digger: could not show the camp summary at login")
