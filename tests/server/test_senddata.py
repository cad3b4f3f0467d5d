"""Messages between Portal and Server are cleaned up exactly as Evennia cleans
them, and plain ones without leaving garbage for the cycle collector."""

import copy
import gc
from unittest.mock import MagicMock, patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evennia.server import sessionhandler
from evennia.server.portal.portalsessionhandler import PortalSessionHandler
from evennia.server.sessionhandler import ServerSessionHandler, SessionHandler
from evennia.utils.ansi import ANSIString

from server.patches import senddata
from tests.server.plugin_patches import plugins_undone_afterwards

HANDLERS = (ServerSessionHandler, PortalSessionHandler)


class Session:
    """What clean-up reads of a session: its encoding (and where Evennia's
    complaint about bad bytes goes)."""

    def __init__(self, encoding="utf-8"):
        self.protocol_flags = {"ENCODING": encoding}
        self.lines = []

    def sendLine(self, line):
        self.lines.append(line)


class Thing:
    """Neither a plain value nor a database object: Evennia passes it through."""

    def __eq__(self, other):
        return isinstance(other, Thing)


MESSAGES = [
    {"text": "You see a lamp."},
    {"text": ANSIString("|rred|n words")},
    {"text": ("One line.",)},
    {"text": ["A list.", {"type": "look", "width": 78, "raw": False, "ratio": 0.5}]},
    {"text": ("Said.", {"from_obj": None}), "options": {"raw": True}},
    {"text": ("Posed.", {}), "options": {}},
    {"text": ("",)},
    {"text": ("Nested.", {"extra": ["a", ("b", 1)]})},
    {"text": ("A page.", (), {"type": "help"})},  # what EvMore sends
    {"text": ""},  # nothing is sent
    {"text": None, "logged_in": {}},
    {"text": b"look\n"},  # a line typed over telnet
    {"text": b"caf\xc3\xa9"},
    {"text": b"\xff\xfe broken"},  # Evennia's complaint, and no text
    {"text": ("two", "parts")},
    {"text": (["args"], {"kw": 1})},
    {"text": ({"a": 1}, {"b": 2})},
    {"text": ({"only": "kwargs"},)},
    {"prompt": "HP 10>"},
    {"prompt": "HP 10>", "text": "Hi.", "options": {"nocolor": True}},
    {"text": "odd options", "options": None},
    {"text": ("a thing", {"what": Thing()})},
    {"text": (x for x in ("a", "generator"))},
    {"text": ("a set", {1, 2})},
    {"client_options": {"screenwidth": 80}},
    {"text": 42},
]


def _outcome(clean, handler_class, message, encoding="utf-8"):
    """What `clean` makes of a copy of `message`: its result with each value's
    type (or the error it raised), what is left of the message, and what the
    session was told."""
    message, session = _copy(message), Session(encoding)
    try:
        result = _types(clean(handler_class(), session, message))
    except Exception as error:
        result = type(error)
    left = {key: "<generator>" if hasattr(v, "gi_frame") else v for key, v in message.items()}
    return result, left, session.lines


def _same_as_evennia(handler_class, message, encoding="utf-8"):
    theirs = _outcome(senddata._evennia_clean_senddata, handler_class, message, encoding)
    ours = _outcome(senddata.clean_senddata, handler_class, message, encoding)
    assert ours == theirs
    return ours


def _copy(message):
    """A copy of a message; a generator in it is made anew with the same values."""
    return {
        key: (x for x in ("a", "generator")) if hasattr(value, "gi_frame") else copy.deepcopy(value)
        for key, value in message.items()
    }


def _types(value):
    """The message with each value's exact type beside it (str and ANSIString
    differ) and its dicts' keys in order (the prompt goes last)."""
    if isinstance(value, dict):
        return [dict, [(key, _types(part)) for key, part in value.items()]]
    if isinstance(value, (list, tuple)):
        return [type(value), [_types(part) for part in value]]
    return (type(value), value)


@pytest.mark.parametrize("handler_class", HANDLERS, ids=("server", "portal"))
@pytest.mark.parametrize("message", MESSAGES, ids=range(len(MESSAGES)))
def test_same_result_as_evennia(handler_class, message):
    _same_as_evennia(handler_class, message)


def test_bad_bytes_get_evennias_complaint():
    result, _, lines = _same_as_evennia(PortalSessionHandler, {"text": b"\xff\xfe broken"})
    assert len(lines) == 1
    no_options = [dict, [("options", [dict, []])]]
    assert result == [dict, [("text", [list, [[list, [(str, "")]], no_options]])]]


PLAIN = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False),
        st.text(max_size=8),
        st.binary(max_size=8),
        st.builds(ANSIString, st.text(alphabet="|rgn ab", max_size=8)),
    ),
    lambda parts: st.one_of(
        st.lists(parts, max_size=3),
        st.lists(parts, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=4), parts, max_size=3),
    ),
    max_leaves=8,
)
MESSAGE = st.dictionaries(
    st.sampled_from(["text", "prompt", "options", "logged_in", "custom"]), PLAIN, max_size=3
)


@settings(max_examples=400, deadline=None)
@given(message=MESSAGE, encoding=st.sampled_from(["utf-8", "latin-1", "ascii", "no-such"]))
def test_any_message_of_plain_values_as_evennia_cleans_it(message, encoding):
    for handler_class in HANDLERS:
        _same_as_evennia(handler_class, message, encoding)


def test_plain_messages_take_the_quick_way_and_the_rest_goes_to_evennia():
    handler = ServerSessionHandler()
    with patch.object(senddata, "_evennia_clean_senddata", return_value="evennia's") as evennia:
        assert senddata.clean_senddata(handler, None, {"text": ("Hi.", {"type": "say"})}) == {
            "text": [["Hi."], {"type": "say", "options": {}}]
        }
        assert senddata.clean_senddata(handler, None, {"prompt": ">"}) == {
            "prompt": [[">"], {"options": {}}]
        }
        evennia.assert_not_called()
        assert senddata.clean_senddata(handler, None, {"text": ("x", {"a": Thing()})}) == (
            "evennia's"
        )
        assert senddata.clean_senddata(handler, Session(), {"text": b"\xff"}) == "evennia's"
        with patch.object(sessionhandler, "_FUNCPARSER_PARSE_OUTGOING_MESSAGES_ENABLED", True):
            assert senddata.clean_senddata(handler, None, {"text": "Hi."}) == "evennia's"
            portal = PortalSessionHandler()  # which never funcparses
            assert senddata.clean_senddata(portal, None, {"text": "Hi."})["text"][0] == ["Hi."]


@pytest.mark.parametrize("handler_class", HANDLERS, ids=("server", "portal"))
def test_plain_messages_leave_nothing_for_the_cycle_collector(handler_class):
    handler, session = handler_class(), Session()
    messages = [copy.deepcopy(m) for m in MESSAGES[:10]] + [{"text": b"look\n"}]
    gc.collect()
    gc.disable()
    try:
        for message in messages:
            senddata.clean_senddata(handler, session, message)
        assert gc.collect() == 0
        senddata._evennia_clean_senddata(handler, session, {"text": "Hi."})
        assert gc.collect() > 0  # Evennia's own leaves its helpers in a cycle
    finally:
        gc.enable()


def test_the_server_and_the_portal_install_it():
    from server.conf import portal_services_plugins, server_services_plugins

    for plugins in (server_services_plugins, portal_services_plugins):
        with plugins_undone_afterwards():
            plugins.start_plugin_services(MagicMock())
            assert SessionHandler.clean_senddata is senddata.clean_senddata
            assert ServerSessionHandler.clean_senddata is senddata.clean_senddata
            assert PortalSessionHandler.clean_senddata is senddata.clean_senddata
        assert SessionHandler.clean_senddata is senddata._evennia_clean_senddata
