"""Nick replacement answers as Evennia's, with the patterns kept until a nick changes."""

from unittest import mock

from evennia.typeclasses.attributes import NickHandler
from evennia.utils.test_resources import EvenniaTest

from server.patches import nicks
from server.patches.nicks import RememberingNickHandler

LINES = (
    "l",
    "l here",
    "greet Tom",
    "pub hello all",
    "pub",
    "ls",
    "look",
    "say hi",
    "",
)


class TestNicks(EvenniaTest):
    def setUp(self):
        nicks.install()  # before the objects are made: they make their handler when first asked
        self.addCleanup(nicks.uninstall)
        super().setUp()
        self.char1.nicks.add("l", "look")
        self.char1.nicks.add("greet $1", "say Hello, $1!")
        self.account.nicks.add("pub $1", "channel public = $1")
        self.account.nicks.add("l here", "look here")  # the character's "l" is tried first
        self.char1.sessions.add(self.session)  # has_account: the account's nicks apply

    def evennias(self, line, obj=None, **kwargs):
        obj = obj or self.char1
        return NickHandler.nickreplace(obj.nicks, line, **kwargs)

    def ours(self, line, obj=None, **kwargs):
        return (obj or self.char1).nicks.nickreplace(line, **kwargs)

    def assert_as_evennia(self, **kwargs):
        for line in LINES:
            assert self.ours(line, **kwargs) == self.evennias(line, **kwargs), (line, kwargs)

    def test_characters_and_accounts_have_the_remembering_handler(self):
        assert isinstance(self.char1.nicks, RememberingNickHandler)
        assert isinstance(self.account.nicks, RememberingNickHandler)

    def test_every_line_replaced_as_evennia_replaces_it(self):
        assert self.ours("greet Tom") == "say Hello, Tom!"
        assert self.ours("pub hello all") == "channel public = hello all"
        for kwargs in ({}, {"categories": "inputline"}, {"include_account": False},
                       {"categories": ("channel",)}):
            self.assert_as_evennia(**kwargs)
        for line in LINES:
            expected = self.evennias(line, obj=self.account, include_account=False)
            assert self.ours(line, obj=self.account, include_account=False) == expected

    def test_nicks_are_read_once_while_nothing_changes(self):
        self.ours("l")
        with mock.patch.object(RememberingNickHandler, "get", autospec=True) as get:
            for line in LINES:
                self.ours(line)
        assert not get.called

    def test_a_new_changed_or_removed_nick_is_used_at_once(self):
        self.ours("l")
        self.char1.nicks.add("ls", "look self")
        assert self.ours("ls") == "look self"
        self.char1.nicks.add("ls", "inventory")
        assert self.ours("ls") == "inventory"
        self.account.nicks.add("pub $1", "channel chatter = $1")
        assert self.ours("pub hi") == "channel chatter = hi"
        self.char1.nicks.remove("ls")
        assert self.ours("ls") == "ls"
        self.account.nicks.clear()
        assert self.ours("pub hi") == "pub hi"
        self.assert_as_evennia()

    def test_the_accounts_nicks_apply_only_while_it_is_connected(self):
        assert self.ours("pub hi") == "channel public = hi"
        self.char1.sessions.remove(self.session)
        assert self.ours("pub hi") == "pub hi" == self.evennias("pub hi")
        self.char1.sessions.add(self.session)
        assert self.ours("pub hi") == "channel public = hi"

    def test_a_pattern_that_does_not_compile_is_logged_and_skipped(self):
        self.char1.nicks.add("l", "look")
        attr = self.char1.nicks.get("l", return_obj=True)
        attr.value = ("([unclosed", "look", "l", "look")
        self.char1.nicks.reset_cache()
        with mock.patch("server.patches.nicks.logger.log_trace") as log_trace:
            assert self.ours("greet Tom") == "say Hello, Tom!"
        assert log_trace.called
