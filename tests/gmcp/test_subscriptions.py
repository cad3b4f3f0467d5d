"""Which messages a session asked for: Core.Supports items, packages covering
their messages, case, other games' packages, and the flag kept on both the
Server's and the Portal's session."""

from types import SimpleNamespace
from unittest.mock import Mock

from world.client_state.subscriptions import (
    FLAG,
    MESSAGES,
    change,
    covered,
    message_of_variable,
    names_in,
    variable_of,
    wants,
)

MUDLET_DEFAULT = [
    "Char 1",
    "Char.Skills 1",
    "Char.Items 1",
    "Room 1",
    "IRE.Rift 1",
    "IRE.Composer 1",
]


def session(*names):
    handler = Mock()
    return SimpleNamespace(
        protocol_flags={FLAG: list(names)} if names else {}, sessid=7, sessionhandler=handler
    )


def test_mudlets_default_list_asks_for_char_and_room_only():
    assert names_in(MUDLET_DEFAULT) == ["char", "room"]
    assert covered({"char", "room"}) == ("Char.Name", "Char.Status", "Char.Vitals", "Room.Info")


def test_items_with_or_without_a_version_any_case_and_junk():
    assert names_in(["digger", "DIGGER.RUN 1", "Room.Info 2", "", "   ", 5, None, ["Char 1"]]) == [
        "digger",
        "digger.run",
        "room.info",
    ]


def test_a_package_covers_its_messages_a_message_only_itself():
    assert wants(session("digger"), "Digger.Party") and wants(session("digger"), "Digger.Run")
    assert wants(session("digger.run"), "Digger.Run")
    assert not wants(session("digger.run"), "Digger.Party")
    assert not wants(session("char"), "Digger.Run")
    assert not wants(session(), "Char.Name")


def test_change_adds_removes_replaces_and_says_what_is_newly_covered():
    one = session()
    assert change(one, add=["char"]) == ("Char.Name", "Char.Status", "Char.Vitals")
    assert change(one, add=["char.vitals", "room"]) == ("Room.Info",)
    assert one.protocol_flags[FLAG] == ["char", "char.vitals", "room"]
    assert change(one, remove=["char"]) == ()
    assert covered(set(one.protocol_flags[FLAG])) == ("Char.Vitals", "Room.Info")
    assert change(one, add=["digger"], replace=True) == ("Digger.Party", "Digger.Run")
    assert one.protocol_flags[FLAG] == ["digger"]
    one.sessionhandler.session_portal_partial_sync.assert_called_with(
        {7: {"protocol_flags": {FLAG: ["digger"]}}}
    )


def test_msdp_variables_are_the_outputfunc_names():
    assert [variable_of(message) for message in MESSAGES] == [
        "char_name",
        "char_status",
        "char_vitals",
        "room_info",
        "digger_party",
        "digger_run",
    ]
    assert message_of_variable("DIGGER_RUN") == "Digger.Run"
    assert message_of_variable("health") is None
