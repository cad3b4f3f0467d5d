"""Objects answer constant locks without running them, exactly as Evennia's `access` does."""

from evennia.commands.command import Command
from evennia.objects.objects import DefaultObject
from evennia.utils.test_resources import EvenniaTest

from server.patches import constant_locks
from tests.own_dicts import has_own_dict

LOCKS = (
    "call:false()", "call:true()", "call:all()", "call:none()", "call:superuser()",
    "call:not false()", "call:true() and false()", "call:false() or (true() and not none())",
    "call:perm(Admin)", "call:false() or perm(Builder)", "call:id({char2})",
)


class TestConstantLocks(EvenniaTest):
    def setUp(self):
        constant_locks.install()
        self.addCleanup(constant_locks.uninstall)
        super().setUp()
        self.heard = []
        self.obj1.at_access = lambda *args, **kwargs: self.heard.append((args, kwargs))

    def answers(self, access):
        results = []
        for lock in LOCKS:
            self.obj1.locks.add(lock.format(char2=self.char2.id))
            for who in (self.char1, self.char2, self.account, self.account2):
                for bypass_off in (True, False):
                    for default in (True, False):
                        for access_type in ("call", "nolock"):
                            del self.heard[:]
                            answer = access(
                                who, access_type, default=default,
                                no_superuser_bypass=bypass_off, extra=1,
                            )
                            results.append((lock, who.key, bypass_off, default, access_type,
                                            answer, list(self.heard)))
        return results

    def test_same_answers_and_hook_calls_as_evennia(self):
        assert DefaultObject.access is constant_locks.access
        self.account.is_superuser = True  # the bypass shows in the answers
        evennias = constant_locks._evennia_access
        expected = self.answers(lambda *a, **kw: evennias(self.obj1, *a, **kw))
        assert self.answers(self.obj1.access) == expected
        assert {row[5] for row in expected} == {True, False}

    def test_only_evennias_own_constant_functions_count(self):
        self.obj1.locks.add("call:false();view:true() and not none();get:perm(Builder)")
        assert constant_locks.constant_answer(self.obj1, "call") is False
        assert constant_locks.constant_answer(self.obj1, "view") is True
        assert constant_locks.constant_answer(self.obj1, "get") is None
        assert constant_locks.constant_answer(self.obj1, "nolock") is None

    def test_characters_in_the_room_are_not_called(self):
        for who in (self.char1, self.char2):
            assert self.char2.access(who, "call", no_superuser_bypass=True) is False
            assert self.room1.access(who, "call", no_superuser_bypass=True) is True


class Probe(Command):
    key = "probe"


class TestConstantCommandLocks(EvenniaTest):
    def setUp(self):
        constant_locks.install()
        self.addCleanup(constant_locks.uninstall)
        super().setUp()

    def answers(self, access, changed_by_handler):
        results = []
        for lock in (*LOCKS, "cmd:all();view:perm(Admin)"):
            lock = lock.replace("call:", "cmd:").format(char2=self.char2.id)
            cmd = Probe(locks="view:all()")
            if changed_by_handler:
                cmd.lockhandler.add(lock)
            else:
                cmd = Probe(locks=lock)
            for who in (self.char1, self.char2, self.account, self.account2, self.session):
                for default in (True, False):
                    for access_type in ("cmd", "view", "nolock"):
                        answer = access(cmd, who, access_type, default=default)
                        results.append((lock, str(who), default, access_type, answer))
        return results

    def test_same_answers_as_evennia(self):
        assert Command.access is constant_locks.command_access
        self.account.is_superuser = True  # the bypass shows in the answers
        evennias = constant_locks._evennia_command_access
        for changed_by_handler in (False, True):
            expected = self.answers(evennias, changed_by_handler)
            ours = self.answers(
                lambda cmd, *args, **kwargs: cmd.access(*args, **kwargs), changed_by_handler
            )
            assert ours == expected
            assert {row[4] for row in expected} == {True, False}

    def test_a_lock_always_true_gives_the_command_no_handler_nor_dict(self):
        always, by_rank = Probe(locks="cmd:all()"), Probe(locks="cmd:perm(Builder)")
        assert not has_own_dict(always) and not has_own_dict(by_rank)
        assert always.access(self.char2, "cmd") is True
        assert not has_own_dict(always)
        assert by_rank.access(self.char2, "cmd") is False
        assert has_own_dict(by_rank) and "lockhandler" in by_rank.__dict__

    def test_a_lock_changed_through_the_handler_is_followed(self):
        cmd = Probe(locks="cmd:all()")
        assert cmd.access(self.char2, "cmd") is True
        cmd.lockhandler.add("cmd:perm(Builder)")
        assert cmd.access(self.char2, "cmd") is False
        cmd.lockhandler.add("cmd:true()")
        assert cmd.access(self.char2, "cmd") is True
