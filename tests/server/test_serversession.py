"""session_none: a Server session compares as Evennia's does, at once for None."""

from unittest import mock

import pytest
from evennia.server.serversession import ServerSession
from evennia.utils.test_resources import EvenniaTest

from server.patches import session_none
from tests.server.plugin_patches import plugins_undone_afterwards


@pytest.fixture(autouse=True)
def installed():
    with plugins_undone_afterwards():
        session_none.install()
        session_none.install()  # twice is harmless
        yield


def session_at(address):
    session = ServerSession()
    session.address = address
    return session


def test_compares_by_address_as_evennia_does():
    first, same, other = session_at(("1.2.3.4", 5)), session_at(("1.2.3.4", 5)), session_at("x")
    assert first == same and first != other and not first == other
    assert hash(first) == hash(same) == hash(("1.2.3.4", 5))
    assert {first, same, other} == {first, other}


def test_is_never_none_and_never_asks_none_for_an_address():
    session = session_at("1.2.3.4")
    assert not session == None  # noqa: E711 (what `None in sessions` asks)
    assert None not in [session]
    with mock.patch.object(session_none, "_evennia_eq") as evennias:
        assert None not in [session]
    evennias.assert_not_called()


def test_uninstalled_evennias_comparison_again():
    session_none.uninstall()
    assert ServerSession.__eq__ is session_none._evennia_eq


class TestMessages(EvenniaTest):
    def test_a_character_still_finds_its_session_for_a_message(self):
        with mock.patch.object(self.session, "data_out") as data_out:
            self.char1.msg("The torch gutters.")
        data_out.assert_called_once()
        assert data_out.call_args.kwargs["text"] == "The torch gutters."
