"""
Coming back: a member who logs in or reconnects while their party is in a
dungeon is told where things stand (the card, whether they have acted, who
completes or draws); staff who log in hear how many characters wait for their
approval.
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


def tell_staff(account):
    """Tell staff at login how many characters wait for approval (never raises)."""
    from world.access import is_staff
    from world.digger import approval, render

    try:
        if is_staff(account):
            waiting = approval.pending()
            if waiting:
                account.msg(render.waiting_notice(len(waiting)))
    except Exception:
        logger.log_trace("digger: could not tell staff of waiting approvals at login")
