"""
What the game's inputfuncs (server/conf/inputfuncs.py) do with a client's
requests: GMCP Core.Supports.Set/Add/Remove and Digger.Get, and MSDP REPORT,
UNREPORT, SEND and LIST.

A client that asks for a message while playing a character gets its current
state at once; one that asks before logging in gets everything it asked for
when it takes up its character (`on_puppet`).
"""

from world.client_state import packages
from world.client_state.hooks import safely
from world.client_state.subscriptions import (
    MESSAGES,
    asked,
    change,
    covered,
    message_of_variable,
    names_in,
    variable_of,
)
from world.digger.membership import party_of

_MSDP_LISTS = ("reportable_variables", "sendable_variables")


def _evennia_inputfuncs():
    """Evennia's own inputfuncs, for the MSDP names that are not ours (imported late:
    this module is loaded while Django starts, before Evennia's command machinery)."""
    from evennia.server import inputfuncs

    return inputfuncs


def _flat(values):
    """MSDP hands several values as one list argument; GMCP as several."""
    for value in values:
        if isinstance(value, (list, tuple)):
            yield from _flat(value)
        else:
            yield value


def _send_now(session, messages):
    if messages and session.puppet:
        packages.send(session.puppet, messages, sessions=(session,))


def supports(session, items, how):
    """Core.Supports.Set (`how` "set"), .Add ("add") or .Remove ("remove")."""
    names = names_in(_flat(items))
    if how == "remove":
        change(session, remove=names)
    else:
        _send_now(session, change(session, add=names, replace=how == "set"))


def digger_get(session):
    """Digger.Get: the party and run now, for a client that asked for them."""
    _send_now(session, packages.DIGGER)


def _split_variables(names):
    """(our messages, the other names) among MSDP variable names."""
    ours, others = [], []
    for name in _flat(names):
        message = message_of_variable(name)
        if message:
            ours.append(message)
        else:
            others.append(name)
    return ours, others


def msdp_report(session, names):
    """MSDP REPORT: send these variables now and on every change. Names that are
    not ours go to Evennia's own REPORT."""
    ours, others = _split_variables(names)
    if ours:
        change(session, add=[message.lower() for message in ours])
        if session.puppet:
            packages.deliver(session, packages.build(session.puppet, ours))
    if others:
        _evennia_inputfuncs().msdp_report(session, *others)


def msdp_unreport(session, names):
    ours, others = _split_variables(names)
    if ours:
        change(session, remove=[message.lower() for message in ours])
    if others:
        _evennia_inputfuncs().msdp_unreport(session, *others)


def msdp_send(session, names):
    """MSDP SEND: the variables' values once, reported or not."""
    ours, others = _split_variables(names)
    if ours and session.puppet:
        packages.deliver(session, packages.build(session.puppet, ours))
    if others:
        _evennia_inputfuncs().msdp_send(session, *others)


def msdp_list(session, names):
    """MSDP LIST: the reportable and sendable variables are the game's (Evennia's
    own three, name, location and desc, cannot be reported in 6.1); the other lists
    are Evennia's answer."""
    names = list(_flat(names))
    ours = [name for name in names if str(name).lower() in _MSDP_LISTS]
    variables = [variable_of(message) for message in MESSAGES]
    for name in ours:
        session.msg(**{name.lower(): (variables, {})})
    others = [name for name in names if name not in ours]
    if others:
        _evennia_inputfuncs().msdp_list(session, *others)


@safely
def on_puppet(sender, session=None, **kwargs):
    """Evennia's post-puppet signal: the new session gets all it asked for, and the
    character's party hears that they are back (this session with it)."""
    members = _party_members(sender)
    if session is not None:
        messages = covered(asked(session))
        _send_now(session, [m for m in messages if not (members and m in packages.DIGGER)])
    if members:
        packages.send_party(members)


@safely
def on_unpuppet(sender, session=None, **kwargs):
    """Whether a member is online changes who may draw and whom a round waits for."""
    members = _party_members(sender)
    if members:
        packages.send_party(members)


def _party_members(character):
    _membership, members = party_of(character)
    return [member.character for member in members]
