"""
Which messages each session asked for.

A GMCP client names packages with `Core.Supports.Set` (its whole list),
`Core.Supports.Add` and `Core.Supports.Remove`, each item a package and its
version: `["Char 1", "Digger 1"]`. A package covers its messages (`Char`:
Char.Name, Char.Status and Char.Vitals); an item may also name one message
(`"Char.Vitals 1"`). An MSDP client REPORTs and UNREPORTs a variable, which
stands for one message (`digger_run` for Digger.Run). The webclient's panel
sends the GMCP form. Names are matched without regard to case; names of
other games' packages (Mudlet asks for `IRE.Rift`) are not kept.

The list lives in the session's protocol flags, beside Evennia's own client
options, and is copied to the Portal's session too, so it outlives an
`evennia reload` as the connection does.
"""

FLAG = "OOB_PACKAGES"

# Every message a client can ask for, as GMCP names it.
MESSAGES = (
    "Char.Name",
    "Char.Status",
    "Char.Vitals",
    "Room.Info",
    "Digger.Party",
    "Digger.Run",
)
PACKAGES = tuple(dict.fromkeys(message.partition(".")[0] for message in MESSAGES))
_KNOWN = {name.lower(): name for name in MESSAGES + PACKAGES}
_BY_VARIABLE = {message.replace(".", "_").lower(): message for message in MESSAGES}


def variable_of(message):
    """The outputfunc and MSDP variable that carries `message`: Digger.Run -> digger_run."""
    return message.replace(".", "_").lower()


def message_of_variable(name):
    """The message an MSDP variable name stands for, or None."""
    return _BY_VARIABLE.get(str(name).lower())


def names_in(items):
    """The known package or message names among Core.Supports items ("Char 1"),
    lowercased. Anything that is not a string is ignored."""
    found = []
    for item in items:
        if isinstance(item, str) and item.split():
            name = item.split()[0].lower()
            if name in _KNOWN:
                found.append(name)
    return found


def asked(session):
    """The lowercased names the session asked for."""
    return frozenset(session.protocol_flags.get(FLAG) or ())


def wants(session, message):
    """Whether `session` asked for `message` (e.g. "Char.Vitals") or its package."""
    names = session.protocol_flags.get(FLAG)
    if not names:
        return False
    lowered = message.lower()
    return lowered in names or lowered.partition(".")[0] in names


def covered(names):
    """The messages a set of lowercased names covers, in MESSAGES order."""
    return tuple(
        message
        for message in MESSAGES
        if message.lower() in names or message.partition(".")[0].lower() in names
    )


def change(session, add=(), remove=(), replace=False):
    """
    Change what `session` asked for: `replace` drops the old list first. Keeps
    the flag on the Server's and the Portal's session. Returns the messages
    now covered that were not before (their current state is owed to the client).
    """
    before = asked(session)
    names = set() if replace else set(before)
    names.difference_update(remove)
    names.update(add)
    value = sorted(names)
    session.protocol_flags[FLAG] = value
    session.sessionhandler.session_portal_partial_sync(
        {session.sessid: {"protocol_flags": {FLAG: value}}}
    )
    already = set(covered(before))
    return tuple(message for message in covered(names) if message not in already)
