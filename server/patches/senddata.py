"""
Evennia's clean-up of a message between Portal and Server, leaving no
garbage behind.

Every message to a player passes through `SessionHandler.clean_senddata` in
the Server, and every line a player types passes through it in the Portal.
It walks the message's parts and makes each one something that can be
pickled, with two helper functions it defines anew for each message. One of
them calls itself, so every call leaves a reference cycle that only Python's
cycle collector can free: some ten objects a message, tens of thousands a
minute with a thousand players online, and each collection that frees them
holds up everyone's commands (see gc_tuning.py).

This gives exactly Evennia's result, without those helpers, for a message
made of plain values: strings, bytes in the session's encoding, numbers,
booleans, None, and lists, tuples and dicts of them. That is nearly every
message. Anything else (a database object among the parts, bytes that do not
decode, a generator, outgoing funcparsing in the Server) goes to Evennia.

Installed by the Server and by the Portal at start-up.
"""

from evennia.server import sessionhandler
from evennia.server.sessionhandler import ServerSessionHandler, SessionHandler

from server.patches import Patch, Replaced

_evennia_clean_senddata = SessionHandler.clean_senddata
_SCALARS = (bool, int, float, type(None))
_SEQUENCES = (list, tuple)


class _NotPlain(Exception):
    """A part only Evennia's own clean-up knows what to do with."""


def _plain(value, session):
    """`value` as Evennia's clean-up converts it, for plain values only."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, _SEQUENCES):
        return [_plain(part, session) for part in value]
    if isinstance(value, dict):
        return {key: _plain(part, session) for key, part in value.items()}
    if isinstance(value, bytes):
        # Errors (an unknown encoding, bad bytes) go to Evennia, which answers them.
        return value.decode(session.protocol_flags["ENCODING"])
    raise _NotPlain


def _args_and_kwargs(data, session):
    """[[args], {kwargs}] for one keyword's data, as Evennia shapes it."""
    if not isinstance(data, _SEQUENCES):
        return [[_plain(data, session)], {}]
    if not isinstance(data[-1], dict):
        return [_plain(data, session), {}]
    if len(data) != 2:
        return [_plain(data[:-1], session), _plain(data[-1], session)]
    first = data[0]
    if isinstance(first, (*_SEQUENCES, dict)):
        return [_plain(first, session), _plain(data[1], session)]
    return [[_plain(first, session)], _plain(data[1], session)]


def _cleaned(session, kwargs, options):
    cleaned = {}
    for key, data in kwargs.items():
        if key == "options":
            continue
        key = _plain(key, session)
        if not data:
            if key == "text":
                continue  # Evennia never sends text=None
            cleaned[key] = [[], {}]
        elif isinstance(data, dict):
            cleaned[key] = [[], _plain(data, session)]
        else:
            cleaned[key] = _args_and_kwargs(data, session)
        cleaned[key][1]["options"] = dict(options)
    if "prompt" in cleaned:
        cleaned["prompt"] = cleaned.pop("prompt")  # Evennia sends the prompt last
    return cleaned


def clean_senddata(self, session, kwargs):
    """Evennia's `clean_senddata`, made without helper functions for plain messages."""
    options = kwargs.get("options") or {}
    if not isinstance(options, dict) or (
        sessionhandler._FUNCPARSER_PARSE_OUTGOING_MESSAGES_ENABLED
        and isinstance(self, ServerSessionHandler)
    ):
        return _evennia_clean_senddata(self, session, kwargs)
    try:
        cleaned = _cleaned(session, kwargs, options)
    except (_NotPlain, LookupError, UnicodeDecodeError):
        return _evennia_clean_senddata(self, session, kwargs)
    kwargs.pop("options", None)  # as Evennia does
    return cleaned


_replaced = Replaced()


def install():
    """Clean every message this process sends this way (idempotent)."""
    _replaced.replace(SessionHandler, "clean_senddata", clean_senddata)


PATCH = Patch(
    name="senddata",
    targets={"evennia.server.sessionhandler:SessionHandler.clean_senddata": "8a5bcec380ee85b47afce68514e5a41817f3e0f2bbb9faf2ef2cb972fd5d0262"},
    process="both",
    why="Every message left a reference cycle behind (a self-calling helper defined per call); "
    "see docs/upstream/reference-cycles.md.",
    install=install,
    uninstall=_replaced.restore,
)
