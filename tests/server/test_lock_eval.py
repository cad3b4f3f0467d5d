"""Lock checks give the same answers with their expressions' values kept."""

from unittest.mock import MagicMock

from evennia.locks import lockhandler
from evennia.server.portal.amp import AMPMultiConnectionProtocol, Compressed
from evennia.utils.test_resources import EvenniaTest

from server.conf import lock_eval

LOCKS = "cmd:all();get:false();edit:perm(Builder) or id({char2});view:not perm(Developer)"


class TestRememberedEval(EvenniaTest):
    def answers(self):
        self.obj1.locks.add(LOCKS.format(char2=self.char2.id))
        return {
            (who.key, access): self.obj1.access(who, access)
            for who in (self.char1, self.char2, self.account2)
            for access in ("cmd", "get", "edit", "view")
        }

    def test_same_answers_as_evennia_and_twice_the_same(self):
        expected = self.answers()
        try:
            lock_eval.install()
            assert self.answers() == expected
            assert self.answers() == expected
            assert set(expected.values()) == {True, False}
        finally:
            lockhandler.__dict__.pop("eval", None)

    def test_only_plain_expressions_are_kept(self):
        assert lock_eval.remembered_eval("(True or False) and not False") is True
        assert lock_eval.remembered_eval("True and x", {"x": False}) is False
        assert "True and x" not in lock_eval._values


def test_the_server_installs_it():
    from server.conf import server_services_plugins

    to_string, connection_made = Compressed.toString, AMPMultiConnectionProtocol.connectionMade
    try:
        server_services_plugins.start_plugin_services(MagicMock())
        assert lockhandler.eval is lock_eval.remembered_eval
    finally:
        lockhandler.__dict__.pop("eval", None)
        Compressed.toString, AMPMultiConnectionProtocol.connectionMade = to_string, connection_made
