"""
Evennia's clean-up of a message before it crosses to the Portal, quick for
plain text.

Every message to a player passes through `SessionHandler.clean_senddata`,
which walks its parts, converting each to something that can be pickled.
Almost every message is text alone (a string, or a string with a dict of
simple options), and for those the result is known at once: the text as a
plain `str`, its options copied. This gives exactly Evennia's result for
those and hands anything else (other keywords, nested or non-simple values,
empty text, bytes, outgoing funcparsing) to Evennia.

Installed by the Server at start-up.
"""

from evennia.server import sessionhandler
from evennia.server.sessionhandler import ServerSessionHandler

_evennia_clean_senddata = ServerSessionHandler.clean_senddata
_SIMPLE = (str, bool, int, float, type(None))


def _plain(value):
    """`value` as Evennia's clean-up leaves a simple value: a string as a plain str."""
    return str(value) if isinstance(value, str) else value


def _plain_text(text):
    """[[text], {options}] for a message's `text` part, or None if it is not plain."""
    if isinstance(text, str):
        return [[str(text)], {}] if text else None
    if not isinstance(text, (tuple, list)) or not 1 <= len(text) <= 2:
        return None
    first = text[0]
    if not isinstance(first, str):
        return None
    if len(text) == 1:
        return [[str(first)], {}]
    extra = text[1]
    if not isinstance(extra, dict) or not all(isinstance(v, _SIMPLE) for v in extra.values()):
        return None
    return [[str(first)], {key: _plain(value) for key, value in extra.items()}]


def clean_senddata(self, session, kwargs):
    """Evennia's `clean_senddata`, answered at once for a message of plain text."""
    options = kwargs.get("options")
    if (
        sessionhandler._FUNCPARSER_PARSE_OUTGOING_MESSAGES_ENABLED
        or len(kwargs) != (2 if "options" in kwargs else 1)
        or "text" not in kwargs
        or not isinstance(options or {}, dict)
    ):
        return _evennia_clean_senddata(self, session, kwargs)
    cleaned = _plain_text(kwargs["text"])
    if cleaned is None:
        return _evennia_clean_senddata(self, session, kwargs)
    kwargs.pop("options", None)  # as Evennia does
    cleaned[1]["options"] = dict(options or {})
    return {"text": cleaned}


def install():
    """Clean every message the Server sends this way (idempotent)."""
    ServerSessionHandler.clean_senddata = clean_senddata
