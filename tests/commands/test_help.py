"""Delver's `help` answers exactly as Evennia's does, from remembered indexes."""

import re

from evennia.commands.default.help import CmdHelp as EvenniaCmdHelp
from evennia.utils.test_resources import EvenniaCommandTest

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from commands.help import CallerLocks, CmdHelp

QUERIES = (
    "",  # the index
    "say",
    "dungeon rules",
    "+dungeon",
    "dungeon",  # no prefix: the same command
    "digger",  # a category
    "dung",  # the start of a word
    "dungen",  # a typo
    "exhaustion",  # only in the texts: suggestions from a full-text search
    "delver/first steps",  # a subtopic
    "zzqx",  # nothing at all
)


class PlainHelp(CmdHelp):
    help_more = False  # the whole text at once, not through the pager


class PlainEvenniaHelp(EvenniaCmdHelp):
    help_more = False


class TestHelp(EvenniaCommandTest):
    def ask(self, command, query):
        return self.call(command, query, cmdset=CharacterCmdSet(), caller=self.char2)

    def test_same_text_as_evennia_for_every_kind_of_query(self):
        for query in QUERIES:
            expected = self.ask(PlainEvenniaHelp(), query)
            assert self.ask(PlainHelp(), query) == expected, query
            assert self.ask(PlainHelp(), query) == expected, f"{query} (remembered)"

    def test_finds_commands_topics_and_rules(self):
        assert "Help for say" in self.ask(PlainHelp(), "say")
        rules = self.ask(PlainHelp(), "dungeon rules")
        assert "+act/complete" in rules and "70 Exploration" in rules
        assert "Help for dungeon\n\nexplore dungeons" in self.ask(PlainHelp(), "+dungeon")
        start_of_a_word = self.ask(PlainHelp(), "dung")
        assert "Help for dungeon" in start_of_a_word
        assert "No help found" in self.ask(PlainHelp(), "dungen")

    def test_a_staff_command_stays_hidden_from_players(self):
        player = self.ask(PlainHelp(), "")
        staff = self.call(PlainHelp(), "", cmdset=CharacterCmdSet(), caller=self.char1)
        listed = re.compile(r"\bcard\b")  # the index shows +card as 'card'
        assert listed.search(staff) and not listed.search(player)


class TestCallerLocks(EvenniaCommandTest):
    def answers(self, caller):
        locks, cmdset = CallerLocks(caller), CharacterCmdSet() + AccountCmdSet()
        return [
            (cmd.key, kind, locks.access(cmd, kind, True), cmd.access(caller, kind, True))
            for cmd in cmdset.commands
            for kind in ("cmd", "read", "view")
        ]

    def assert_same_as_each_lock(self, caller):
        wrong = [(key, kind) for key, kind, ours, theirs in self.answers(caller) if ours != theirs]
        assert not wrong, wrong

    def test_same_answers_as_the_commands_own_locks(self):
        self.account.is_superuser = False
        for caller in (self.char1, self.char2, self.account, self.account2):
            self.assert_same_as_each_lock(caller)
            self.assert_same_as_each_lock(caller)  # remembered

    def test_a_new_permission_counts_at_once(self):
        before = {(key, kind): ours for key, kind, ours, _ in self.answers(self.char2)}
        assert before[("+card", "cmd")] is False
        self.account2.permissions.add("Builder")  # perm() reads the puppeting account
        self.assert_same_as_each_lock(self.char2)
        after = {(key, kind): ours for key, kind, ours, _ in self.answers(self.char2)}
        assert after[("+card", "cmd")] is True
