"""
Building the messages and sending them to the sessions that asked.

`send(character, messages)` sends the current state of each message to those
of the character's sessions that asked for it; `send_party` sends Digger.Party
and Digger.Run to a party (made once for the whole party), and the empty ones
to whoever just left it. Nothing is built, and nothing queried, when no
session asked: most players' clients never do.

A message goes out as one outputfunc per message, `session.msg(digger_run=((),
{...}))`, which Evennia sends as GMCP, MSDP or webclient JSON as the session
speaks.
"""

from world.client_state import character, digger, room
from world.client_state.subscriptions import variable_of, wants
from world.digger.errors import DiggerError

DIGGER = ("Digger.Party", "Digger.Run")

_BUILDERS = {
    "Char.Name": character.name_info,
    "Char.Status": character.status,
    "Char.Vitals": character.vitals,
    "Room.Info": room.info,
}


def camp_view(member):
    """The member's party as +camp sees it, or None outside a party."""
    from world.digger import services  # it imports our hooks

    try:
        # The undecorated camp: its hook would send this view to `member` again.
        return services.camp.__wrapped__(member)
    except DiggerError:
        return None


def digger_payloads(view, outcome=None):
    return {"Digger.Party": digger.party(view), "Digger.Run": digger.run(view, outcome)}


def build(character_, messages):
    """{message: payload} for `messages`, each made once."""
    payloads = {}
    if any(message in DIGGER for message in messages):
        payloads.update(digger_payloads(camp_view(character_)))
    for message in messages:
        if message not in payloads:
            payloads[message] = _BUILDERS[message](character_)
    return {message: payloads[message] for message in messages}


def deliver(session, payloads):
    """Send `payloads` ({message: payload}) to one session, in one message."""
    session.msg(**{variable_of(message): ((), payload) for message, payload in payloads.items()})


def _sessions_of(characters):
    return [session for who in characters for session in who.sessions.all()]


def _askers(sessions, messages):
    """[(session, the messages it asked for)] of the sessions that asked for any."""
    found = []
    for session in sessions:
        asked = [message for message in messages if wants(session, message)]
        if asked:
            found.append((session, asked))
    return found


def _deliver_all(askers, payloads):
    for session, asked in askers:
        deliver(session, {message: payloads[message] for message in asked})


def send(character_, messages, sessions=None):
    """The current state of `messages` to the character's sessions (or just
    `sessions`) that asked for them."""
    askers = _askers(_sessions_of((character_,)) if sessions is None else sessions, messages)
    if askers:
        wanted = list(dict.fromkeys(message for _, asked in askers for message in asked))
        _deliver_all(askers, build(character_, wanted))


def send_party(members, gone=(), outcome=None):
    """
    Digger.Party and Digger.Run to the party's `members` (characters in it now),
    and the "no party" ones to those `gone` from it. `outcome` is how the run
    ended, if this move ended it.
    """
    askers = _askers(_sessions_of(members), DIGGER)
    if askers:
        _deliver_all(askers, digger_payloads(camp_view(members[0]), outcome))
    leavers = _askers(_sessions_of(gone), DIGGER)
    if leavers:
        _deliver_all(leavers, digger_payloads(None, outcome))


def send_view(viewer, view):
    """Digger.Party and Digger.Run from a camp view `viewer` just looked at."""
    askers = _askers(_sessions_of((viewer,)), DIGGER)
    if askers:
        _deliver_all(askers, digger_payloads(view))
