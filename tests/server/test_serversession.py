"""Delver's ServerSession compares as Evennia's does, at once for None."""

from unittest import mock

from evennia.server.serversession import ServerSession as EvenniaSession
from evennia.utils.test_resources import EvenniaTest

from server.conf.serversession import ServerSession


def session_at(address):
    session = ServerSession()
    session.address = address
    return session


def test_compares_by_address_as_evennia_does():
    first, same, other = session_at(("1.2.3.4", 5)), session_at(("1.2.3.4", 5)), session_at("x")
    assert first == same and first != other and not first == other
    assert hash(first) == hash(same) == EvenniaSession.__hash__(first)
    assert {first, same, other} == {first, other}


def test_is_never_none_and_never_asks_none_for_an_address():
    session = session_at("1.2.3.4")
    assert not session == None  # noqa: E711 (what `None in sessions` asks)
    assert None not in [session]
    with mock.patch.object(EvenniaSession, "__eq__") as evennias:
        assert None not in [session]
    evennias.assert_not_called()


class TestMessages(EvenniaTest):
    def test_a_character_still_finds_its_session_for_a_message(self):
        assert isinstance(self.session, ServerSession)
        with mock.patch.object(self.session, "data_out") as data_out:
            self.char1.msg("The torch gutters.")
        data_out.assert_called_once()
        assert data_out.call_args.kwargs["text"] == "The torch gutters."
