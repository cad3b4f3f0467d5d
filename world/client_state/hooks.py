"""
The one call after each state-changing service: decorators that, once a
Digger service has returned (its transaction committed), send the party's
clients Digger.Party and Digger.Run.

    @tells_party(round_audience)      enter, draw, act, complete
    @tells_party(retreat_audience)    retreat
    @tells_party(change_audience)     create, join, leave, reset, promote
    @tells_viewer                     camp (+camp, +challenge, +party)

Each `*_audience` reads from what the service returned who should hear:
(characters in the party now, characters who just left it, the run's
outcome if the move ended it). A refused move raises before anything is sent.
"""

from functools import wraps

from evennia.utils import logger


def _safely(push, *args):
    try:
        push(*args)
    except Exception:  # the move is made and committed: a client's gauges must not undo it
        logger.log_trace("client_state: the live state could not be sent")


def _outcome(ending):
    return ending.outcome if ending is not None else None


def round_audience(report):
    """A Draw-, Act- or RoundReport of world.digger.services."""
    return report.audience.members, (), _outcome(getattr(report, "ending", None))


def retreat_audience(result):
    audience, ending = result
    return audience.members, (), _outcome(ending)


def change_audience(change):
    """A world.digger.party.PartyChange: the one who left hears of it too."""
    gone = () if change.character in change.members else (change.character,)
    return change.members, gone, _outcome(change.ending)


def tells_party(audience):
    def decorate(service):
        @wraps(service)
        def service_then_tell(*args, **kwargs):
            result = service(*args, **kwargs)
            from world.client_state import packages  # here: Digger need not load our modules

            _safely(packages.send_party, *audience(result))
            return result

        return service_then_tell

    return decorate


def tells_viewer(service):
    """For `camp(character)`: the view just made goes to the viewer's clients as well."""

    @wraps(service)
    def service_then_tell(viewer, *args, **kwargs):
        view = service(viewer, *args, **kwargs)
        from world.client_state import packages  # here: Digger need not load our modules

        _safely(packages.send_view, viewer, view)
        return view

    return service_then_tell
