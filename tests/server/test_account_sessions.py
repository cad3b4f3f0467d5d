"""account_sessions: an account's sessions as Evennia finds them, without a walk per call."""

from unittest import mock

from evennia.server.serversession import ServerSession
from evennia.server.sessionhandler import ServerSessionHandler

from server.patches import account_sessions
from tests.server.plugin_patches import plugins_undone_afterwards


class Account:
    def __init__(self, uid):
        self.uid = uid


def session(sessid, uid=None):
    made = ServerSession()
    made.init_session("telnet", ("127.0.0.1", sessid), None)
    made.sessid = sessid
    if uid is not None:
        made.uid, made.logged_in = uid, True
    return made


def steps(handler):
    """What each account has after each change a game makes, as lists of sessids."""
    one, two, three = Account(1), Account(2), Account(3)
    seen = []

    def look():
        seen.append([[s.sessid for s in handler.sessions_from_account(a)] for a in (one, two, three)])

    handler[1] = session(1, uid=1)
    handler[2] = session(2)  # connected, not logged in
    handler[3] = session(3, uid=2)
    look()
    handler[2].uid, handler[2].logged_in = 1, True  # logs in as account 1
    look()
    handler[4] = session(4, uid=1)
    look()
    handler[1].logged_in = False  # logs out
    look()
    del handler[3]
    look()
    handler[5] = session(5)
    handler[5].load_sync_data({"uid": 3, "logged_in": True})  # as the Portal's sync does
    look()
    handler.pop(4)
    look()
    handler.update({6: session(6, uid=2)})
    look()
    handler[2].uid = 3
    look()
    handler.clear()
    look()
    return seen


def test_every_answer_is_evennias():
    evennias = steps(ServerSessionHandler())
    with plugins_undone_afterwards():
        account_sessions.install()
        account_sessions.install()  # twice is harmless
        patched = steps(ServerSessionHandler())
    assert patched == evennias
    assert evennias[1] == [[1, 2], [3], []]  # in the handler's order, logged in only
    assert evennias[-1] == [[], [], []]


def test_an_answer_is_a_new_list_each_time():
    with plugins_undone_afterwards():
        account_sessions.install()
        handler = ServerSessionHandler()
        handler[1] = session(1, uid=7)
        first = handler.sessions_from_account(Account(7))
        first.clear()
        assert [s.sessid for s in handler.sessions_from_account(Account(7))] == [1]


def test_the_sessions_are_walked_only_after_a_change():
    with plugins_undone_afterwards():
        account_sessions.install()
        handler = ServerSessionHandler()
        for sessid in range(1, 50):
            handler[sessid] = session(sessid, uid=sessid % 5)
        handler.sessions_from_account(Account(1))
        with mock.patch.object(ServerSessionHandler, "values", side_effect=AssertionError):
            for _ in range(3):
                assert len(handler.sessions_from_account(Account(1))) == 10
                assert handler.sessions_from_account(Account(99)) == []
        handler[7].logged_in = False
        with mock.patch.object(ServerSessionHandler, "values", wraps=handler.values) as walks:
            assert len(handler.sessions_from_account(Account(2))) == 9
            assert len(handler.sessions_from_account(Account(2))) == 9
        assert walks.call_count == 1


def test_reading_a_session_is_left_alone_and_uninstall_restores_evennia():
    original = ServerSessionHandler.sessions_from_account
    with plugins_undone_afterwards():
        account_sessions.install()
        made = session(1, uid=4)
        assert vars(made)["uid"] == 4 and made.logged_in is True
        assert not hasattr(type(vars(ServerSession)["uid"]), "__get__")
        account_sessions.uninstall()
        assert ServerSessionHandler.sessions_from_account is original
        assert "uid" not in vars(ServerSession) and "__setitem__" not in vars(ServerSessionHandler)
