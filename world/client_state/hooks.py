"""
Where the game's own events send the live state, each by one call:

    @tells_party(round_audience)      enter, draw, act, complete  (world/digger/services.py)
    @tells_party(retreat_audience)    retreat
    @tells_party(change_audience)     create, join, leave, reset, promote  (world/digger/party.py)
    @tells_viewer                     camp (+camp, +challenge, +party)
    moved(character)                  after a move (typeclasses/characters.py)

A Digger decorator sends the party's clients Digger.Party and Digger.Run once
the service has returned, its transaction committed; a refused move raises
before anything is sent. Each `*_audience` reads from what the service
returned who should hear: (characters in the party now, characters who just
left it, the run's outcome if the move ended it).

Whatever the live state meets, it never undoes or interrupts what the player
did: every way in here (and the signal handlers of `inputs` and `character`)
goes through `safely`, which logs a failure instead of raising it.
"""

from functools import wraps

from evennia.utils import logger


def safely(push):
    """`push`, with any error logged rather than raised into the game's own work."""

    @wraps(push)
    def logged(*args, **kwargs):
        try:
            push(*args, **kwargs)
        except Exception:  # the player's move stands; only a client's gauges fall behind
            logger.log_trace(f"client_state: {push.__name__} could not send the live state")

    return logged


def _packages():
    from world.client_state import packages  # late: Digger need not load our modules

    return packages


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


@safely
def _tell_party(members, gone, outcome):
    _packages().send_party(members, gone, outcome)


def tells_party(audience):
    def decorate(service):
        @wraps(service)
        def service_then_tell(*args, **kwargs):
            result = service(*args, **kwargs)
            _tell_party(*audience(result))
            return result

        return service_then_tell

    return decorate


@safely
def _tell_viewer(viewer, view):
    _packages().send_view(viewer, view)


def tells_viewer(service):
    """For `camp(character)`: the view just made goes to the viewer's clients as well."""

    @wraps(service)
    def service_then_tell(viewer, *args, **kwargs):
        view = service(viewer, *args, **kwargs)
        _tell_viewer(viewer, view)
        return view

    return service_then_tell


@safely
def moved(character):
    """Room.Info to the character's clients that asked for it."""
    _packages().send(character, ("Room.Info",))
