"""Lock checks give the same answers with their expressions' values kept."""

from unittest.mock import MagicMock

import pytest

from evennia.commands.cmdset import CmdSet
from evennia.locks import lockhandler
from evennia.utils.test_resources import EvenniaTest

from server.patches import cmdset_lookup, lock_eval
from tests.server.plugin_patches import plugins_undone_afterwards

LOCKS = "cmd:all();get:false();edit:perm(Builder) or id({char2});view:not perm(Developer)"


def _uninstall():
    lockhandler.__dict__.pop("eval", None)
    lockhandler.LockHandler._parse_lockstring = lock_eval._evennia_parse


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
            _uninstall()

    def test_only_plain_expressions_are_kept(self):
        assert lock_eval.remembered_eval("(True or False) and not False") is True
        assert lock_eval.remembered_eval("True and x", {"x": False}) is False
        assert "True and x" not in lock_eval._values


def test_the_server_installs_it():
    from server.conf import server_services_plugins

    with plugins_undone_afterwards():
        server_services_plugins.start_plugin_services(MagicMock())
        assert lockhandler.eval is lock_eval.remembered_eval
        assert lockhandler.LockHandler._parse_lockstring is lock_eval.remembered_parse
        assert CmdSet.get is cmdset_lookup.remembered_get
    assert lockhandler.LockHandler._parse_lockstring is lock_eval._evennia_parse


class TestRememberedParse(EvenniaTest):
    def test_handlers_share_the_parse_but_not_the_dict(self):
        lockstring = LOCKS.format(char2=self.char2.id)
        expected = lock_eval._evennia_parse(self.obj1.locks, lockstring)
        try:
            lock_eval.install()
            first = self.obj1.locks._parse_lockstring(lockstring)
            second = self.obj2.locks._parse_lockstring(lockstring)
            assert first == second == expected
            assert lockstring in lock_eval._parsed
            first.pop("cmd")  # one handler changing its locks leaves the others alone
            assert self.obj2.locks._parse_lockstring(lockstring) == expected
        finally:
            _uninstall()

    def test_a_bad_lock_string_is_reported_every_time_and_not_kept(self):
        try:
            lock_eval.install()
            for _ in range(2):
                with pytest.raises(lockhandler.LockException):
                    self.obj1.locks._parse_lockstring("get:nosuchlockfunc()")
            assert "get:nosuchlockfunc()" not in lock_eval._parsed
        finally:
            _uninstall()

    def test_same_answers_with_it_installed(self):
        lockstring = LOCKS.format(char2=self.char2.id)

        def answers(obj):
            return {
                (who.key, access): obj.access(who, access)
                for who in (self.char1, self.char2, self.account2)
                for access in ("cmd", "get", "edit", "view")
            }

        self.obj1.locks.add(lockstring)
        expected = answers(self.obj1)
        try:
            lock_eval.install()
            self.obj1.locks.reset()
            self.obj2.locks.add(lockstring)
            assert answers(self.obj1) == answers(self.obj2) == expected
            assert set(expected.values()) == {True, False}
        finally:
            _uninstall()
