"""Delver's `help` answers exactly as Evennia's does, from remembered indexes."""

import re

from django.db import transaction
from evennia.commands.command import Command
from evennia.commands.default.help import CmdHelp as EvenniaCmdHelp
from evennia.locks.lockhandler import LockHandler
from evennia.utils import create
from evennia.utils.test_resources import EvenniaCommandTest

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from commands.help import (
    CACHE_SIZE,
    CallerLocks,
    CmdHelp,
    CommandLocks,
    help_entries,
    stored_locks,
)
from tests.own_dicts import has_own_dict

QUERIES = (
    "",  # the index
    "say",
    "dungeon rules",
    "+dungeon",
    "dungeon",  # no prefix: the same command
    "dice",  # a category with no command of its name
    "dung",  # the start of a word
    "exhaustion",  # only in the texts: suggestions from a full-text search
    "delver/first steps",  # a subtopic
    "zzqx",  # nothing at all
)


class PlainHelp(CmdHelp):
    help_more = False  # the whole text at once, not through the pager


class PlainEvenniaHelp(EvenniaCmdHelp):
    help_more = False


class CmdHoldsLamp(Command):
    """
    light the lamp

    Usage:
      lamp
    """

    key = "lamp"
    locks = "cmd:holds(lamp)"  # looks at more than the caller: never remembered


def own_lamp(owner):
    """A `lamp` command only `owner` may use (its lock reads the caller's id)."""
    return type(
        "CmdOwnLamp",
        (Command,),
        {"__doc__": "light your own lamp", "key": "lamp", "locks": f"cmd:id({owner.id})"},
    )()


class TestHelp(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        for character in (self.char1, self.char2):
            # As when puppeted: the superuser bypass is known (Delver's help
            # remembers answers only then).
            character.locks.cache_lock_bypass(character)

    def ask(self, command, query, cmdset=None, caller=None):
        return self.call(
            command, query, cmdset=cmdset or self.cmdset, caller=caller or self.char2
        )

    @property
    def cmdset(self):
        if not hasattr(self, "_cmdset"):
            self._cmdset = CharacterCmdSet() + AccountCmdSet()  # one merged cmdset, kept
        return self._cmdset

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
        typo = self.ask(PlainHelp(), "dungen")
        assert "No help found" in typo  # offered, not opened (Evennia offers nothing):
        assert "+dungeon" in typo.split("Other topic suggestions:")[1]

    def test_a_staff_command_stays_hidden_from_players(self):
        player = self.ask(PlainHelp(), "")
        staff = self.ask(PlainHelp(), "", caller=self.char1)
        listed = re.compile(r"\bcard\b")  # the index shows +card as 'card'
        assert listed.search(staff) and not listed.search(player)

    def test_players_and_staff_each_see_their_own_remembered_topics(self):
        for caller in (self.char2, self.char1, self.char2, self.char1):
            for query in ("", "card", "+card"):
                expected = self.ask(PlainEvenniaHelp(), query, caller=caller)
                assert self.ask(PlainHelp(), query, caller=caller) == expected, query
        assert len(self.cmdset.__dict__["_delver_help_locks"][1].shown.items) >= 4

    def test_each_rank_online_keeps_its_answers(self):
        locks = CommandLocks(self.cmdset.commands)
        caller_locks = CallerLocks(self.char2)
        checks = []
        access = caller_locks.access
        caller_locks.access = lambda *args, **kwargs: checks.append(args) or access(*args, **kwargs)
        ranks = CACHE_SIZE * 4  # more ranks than index pages kept
        for _ in range(2):
            for rank in range(ranks):
                caller_locks.rank = ("a rank of players", rank)
                assert caller_locks.answers_to(locks, None)
        assert len(checks) == ranks * len(locks.examples)  # the second round asked nothing

    def test_players_of_one_rank_share_answers_but_not_those_that_read_ids(self):
        locks = CommandLocks(self.cmdset.commands)
        assert not locks.reads_ids
        first, second = CallerLocks(self.char2), CallerLocks(self.char2)
        second.ids = ("another player", "of the same rank")
        first.answers_to(locks, None)
        second.access = None  # nothing left to work out for the same rank
        assert second.answers_to(locks, None) == first.answers_to(locks, None)

        cmdset = CharacterCmdSet()
        cmdset.add(own_lamp(self.char2))
        own_locks = CommandLocks(cmdset.commands)
        assert own_locks.reads_ids
        answers = [CallerLocks(caller).answers_to(own_locks, None) for caller in self.same_rank()]
        assert answers[0] != answers[1]
        assert "lamp" in self.ask(PlainHelp(), "", cmdset=cmdset)
        assert "lamp" not in self.ask(PlainHelp(), "", cmdset=cmdset, caller=self.same_rank()[1])

    def same_rank(self):
        """char2 and a character of another player with the same permissions."""
        if not hasattr(self, "_other"):
            account = create.create_account(
                "Other", email="o@example.com", password="a long test password"
            )
            self._other = create.create_object(
                "typeclasses.characters.Character", key="Oth", location=self.room1
            )
            self._other.account = account
            self._other.permissions.add(*self.char2.permissions.all())
            account.permissions.clear()
            account.permissions.add(*self.account2.permissions.all())
            self._other.locks.cache_lock_bypass(self._other)
        return self.char2, self._other

    def test_help_gives_commands_no_lock_handlers_nor_dicts_of_their_own(self):
        cmdset = CharacterCmdSet() + AccountCmdSet()
        assert not [cmd.key for cmd in cmdset.commands if has_own_dict(cmd)]
        for query in ("", "say", "dungeon"):
            self.ask(PlainHelp(), query, cmdset=cmdset)
        touched = [cmd for cmd in cmdset.commands if has_own_dict(cmd)]
        assert len(touched) <= 3, [cmd.key for cmd in touched]
        assert len(cmdset.commands) > 50

    def test_the_locks_read_are_the_lock_handlers(self):
        cmdset = CharacterCmdSet() + AccountCmdSet()
        changed = cmdset.commands[0]
        changed.lockhandler.add("read:perm(Developer)")  # its own handler, changed
        for cmd in cmdset.commands:
            expected = LockHandler(cmd).locks if cmd is not changed else cmd.lockhandler.locks
            assert stored_locks(cmd) == expected, cmd.key
        assert stored_locks(changed)["read"][2] == "read:perm(Developer)"

    def test_a_new_permission_shows_staff_topics_at_once(self):
        listed = re.compile(r"\bcard\b")
        assert not listed.search(self.ask(PlainHelp(), ""))
        self.account2.permissions.add("Builder")
        assert self.ask(PlainHelp(), "") == self.ask(PlainEvenniaHelp(), "")
        assert listed.search(self.ask(PlainHelp(), ""))

    def test_a_lock_that_looks_beyond_the_caller_is_checked_every_time(self):
        cmdset = CharacterCmdSet()
        cmdset.add(CmdHoldsLamp())
        assert not CommandLocks(cmdset.commands).decided_by_caller
        for query in ("", "lamp"):
            expected = self.ask(PlainEvenniaHelp(), query, cmdset=cmdset)
            assert self.ask(PlainHelp(), query, cmdset=cmdset) == expected
        assert "lamp" not in self.ask(PlainHelp(), "", cmdset=cmdset)
        lamp = create.create_object("typeclasses.objects.Object", key="lamp", location=self.char2)
        assert "lamp" in self.ask(PlainHelp(), "", cmdset=cmdset)
        lamp.delete()

    def test_help_entries_saved_or_deleted_are_seen_at_once(self):
        assert "Help for rope" not in self.ask(PlainHelp(), "rope")
        entry = create.create_help_entry("rope", "Knots and how to tie them.", category="General")
        assert "Knots and how" in self.ask(PlainHelp(), "rope")
        entry.db_entrytext = "Rope, untied."
        entry.save()
        assert self.ask(PlainHelp(), "rope") == self.ask(PlainEvenniaHelp(), "rope")
        assert "Rope, untied." in self.ask(PlainHelp(), "rope")
        entry.delete()
        assert "Help for rope" not in self.ask(PlainHelp(), "rope")
        assert help_entries() == []

    def test_an_entrys_new_alias_or_tag_is_searched_at_once(self):
        entry = create.create_help_entry("rope", "Knots and how to tie them.", category="General")
        assert "Knots and how" in self.ask(PlainHelp(), "rope")
        assert "Knots and how" not in self.ask(PlainHelp(), "cordage")
        entry.aliases.add("cordage")
        assert "Knots and how" in self.ask(PlainHelp(), "cordage")
        entry.tags.add("hemp")
        assert self.ask(PlainHelp(), "hemp") == self.ask(PlainEvenniaHelp(), "hemp")
        assert "rope" in self.ask(PlainHelp(), "hemp")
        entry.aliases.remove("cordage")
        assert "Knots and how" not in self.ask(PlainHelp(), "cordage")
        entry.delete()


class TestHelpEntries(EvenniaCommandTest):
    def test_read_once_while_nothing_changes(self):
        create.create_help_entry("rope", "Knots.", category="General")
        first = help_entries()
        with self.assertNumQueries(0):
            assert help_entries() == first
        create.create_help_entry("lamp", "Light.", category="General")
        assert {entry.key for entry in help_entries()} == {"rope", "lamp"}

    def test_read_again_once_a_change_is_committed(self):
        # A read made before the commit (elsewhere it would not see the row yet)
        # is not trusted after it.
        with self.captureOnCommitCallbacks(execute=True):
            with transaction.atomic():
                create.create_help_entry("rope", "Knots.", category="General")
                help_entries()
        with self.assertNumQueries(1):
            assert [entry.key for entry in help_entries()] == ["rope"]


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


def test_help_topics_are_stored_dedented_for_the_website():
    """The website strips a topic's text without dedenting it."""
    from world.help_entries import HELP_ENTRY_DICTS

    for entry in HELP_ENTRY_DICTS:
        lines = [line for line in entry["text"].splitlines() if line.strip()]
        assert not lines[0].startswith(" "), entry["key"]
        assert any(not line.startswith(" ") for line in lines[1:] or lines), entry["key"]
