"""Plain text to a player is cleaned up at once, exactly as Evennia cleans it."""

import copy
from unittest.mock import MagicMock, patch

import pytest

from evennia.server import sessionhandler
from evennia.utils.ansi import ANSIString

from server.conf import senddata
from tests.server.plugin_patches import plugins_undone_afterwards

MESSAGES = [
    {"text": "You see a lamp."},
    {"text": ANSIString("|rred|n words")},
    {"text": ("One line.",)},
    {"text": ["A list.", {"type": "look", "width": 78, "raw": False, "ratio": 0.5}]},
    {"text": ("Said.", {"from_obj": None}), "options": {"raw": True}},
    {"text": ("Posed.", {}), "options": {}},
    {"text": ("",)},
    {"text": ("Nested.", {"extra": ["a", "b"]})},  # to Evennia
    {"text": ""},  # to Evennia: nothing is sent
    {"text": b"bytes"},  # to Evennia
    {"text": ("two", "parts")},  # to Evennia
    {"prompt": "HP 10>"},  # to Evennia
    {"text": "Hi.", "prompt": "HP 10>"},  # to Evennia
    {"text": "odd options", "options": None},
]


@pytest.mark.parametrize("message", MESSAGES, ids=range(len(MESSAGES)))
def test_same_result_as_evennia(message):
    session = MagicMock(protocol_flags={"ENCODING": "utf-8"})
    handler = sessionhandler.ServerSessionHandler()
    theirs_in, ours_in = copy.deepcopy(message), copy.deepcopy(message)
    theirs = senddata._evennia_clean_senddata(handler, session, theirs_in)
    ours = senddata.clean_senddata(handler, session, ours_in)
    assert ours == theirs
    assert [type(text) for text in ours.get("text", [[]])[0]] == [
        type(text) for text in theirs.get("text", [[]])[0]
    ]
    assert ours_in == theirs_in  # the options popped from the message, as Evennia does


def test_plain_text_takes_the_quick_way_and_the_rest_goes_to_evennia():
    handler = sessionhandler.ServerSessionHandler()
    with patch.object(senddata, "_evennia_clean_senddata", return_value="evennia's") as evennia:
        assert senddata.clean_senddata(handler, None, {"text": ("Hi.", {"type": "say"})}) == {
            "text": [["Hi."], {"type": "say", "options": {}}]
        }
        evennia.assert_not_called()
        assert senddata.clean_senddata(handler, None, {"prompt": ">"}) == "evennia's"
        with patch.object(sessionhandler, "_FUNCPARSER_PARSE_OUTGOING_MESSAGES_ENABLED", True):
            assert senddata.clean_senddata(handler, None, {"text": "Hi."}) == "evennia's"


def test_the_server_installs_it():
    from server.conf import server_services_plugins

    with plugins_undone_afterwards():
        server_services_plugins.start_plugin_services(MagicMock())
        assert sessionhandler.ServerSessionHandler.clean_senddata is senddata.clean_senddata
    assert sessionhandler.ServerSessionHandler.clean_senddata is senddata._evennia_clean_senddata
