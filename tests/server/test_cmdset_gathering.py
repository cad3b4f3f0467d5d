"""The command handler's cmdset gathering, run straight through: Evennia's steps and result."""

from unittest import mock

import pytest
from twisted.internet.defer import Deferred, succeed

from evennia.commands import cmdhandler
from evennia.commands.cmdset import CmdSet
from evennia.commands.command import Command
from evennia.utils import create
from evennia.utils.test_resources import EvenniaTest

from server.patches import cmdset_gathering
from tests.server.plugin_patches import plugins_undone_afterwards

evennia_get_and_merge = cmdset_gathering._evennia_get_and_merge


class CmdPull(Command):
    key = "pull"


class LeverCmdSet(CmdSet):
    key = "LeverCmdSet"

    def at_cmdset_creation(self):
        self.add(CmdPull())


class RoomWithALever(EvenniaTest):
    def setUp(self):
        super().setUp()
        self.exit = create.create_object(
            "typeclasses.exits.Exit", key="north", location=self.room1, destination=self.room2
        )
        self.lever = create.create_object("typeclasses.objects.Object", key="lever", location=self.room1)
        self.lever.locks.add("call:true()")
        self.lever.cmdset.add(LeverCmdSet, persistent=False)
        self.providers = cmdhandler.generate_cmdset_providers(self.session, session=self.session)[1]
        cmdhandler._CMDSET_MERGE_CACHE.clear()

    def merged(self, function, providers=None, caller=None):
        result = function(caller or self.session, providers or self.providers, "session", "look")
        return result.result if isinstance(result, Deferred) else result


class TestGathering(RoomWithALever):

    def test_the_same_merged_cmdset_as_evennias(self):
        evennias = self.merged(evennia_get_and_merge)
        ours = self.merged(cmdset_gathering.gather_and_merge)
        assert ours is evennias  # found in Evennia's own cache
        assert {"look", "+who", "north", "pull", "+camp"} <= {cmd.key for cmd in ours}

    def test_a_new_merge_is_made_as_evennia_makes_it_and_kept(self):
        ours = self.merged(cmdset_gathering.gather_and_merge)
        assert list(cmdhandler._CMDSET_MERGE_CACHE.values()) == [ours]
        cmdhandler._CMDSET_MERGE_CACHE.clear()
        evennias = self.merged(evennia_get_and_merge)
        assert ours is not evennias

        def described(cmdset):
            return (
                sorted((cmd.key, id(cmd.obj)) for cmd in cmdset.commands),
                sorted(cmd.key for cmd in cmdset.system_commands),
                (cmdset.key, cmdset.priority, cmdset.mergetype, cmdset.no_exits, cmdset.no_objs),
                [id(cset) for cset in cmdset.merged_from],
            )

        assert described(ours) == described(evennias)

    def test_the_rooms_cmdsets_keep_their_duplicates_setting(self):
        lever_set = self.lever.cmdset.cmdset_stack[-1]
        lever_set.duplicates = None
        during = []
        merge = cmdset_gathering._merged

        def merged_noting_duplicates(cmdsets):
            during.append(lever_set.duplicates)
            return merge(cmdsets)

        with mock.patch.object(cmdset_gathering, "_merged", merged_noting_duplicates):
            merged = self.merged(cmdset_gathering.gather_and_merge)
        assert during == [True]  # kept apart from other objects' commands while merged
        assert lever_set.duplicates is None and lever_set in merged.merged_from

    def test_the_same_hooks_are_called_with_the_same_arguments(self):
        def calls(function):
            with mock.patch.object(
                type(self.lever), "at_cmdset_get", autospec=True
            ) as local_hook, mock.patch.object(
                type(self.account), "at_cmdset_get", autospec=True
            ) as account_hook:
                self.merged(function)
            return (
                [(args, kwargs) for args, kwargs in local_hook.call_args_list],
                [(args[0], sorted(kwargs), type(kwargs["current"])) for args, kwargs in
                 account_hook.call_args_list],
            )

        assert calls(cmdset_gathering.gather_and_merge) == calls(evennia_get_and_merge)
        local_calls, account_calls = calls(cmdset_gathering.gather_and_merge)
        assert ((self.lever,), {"caller": self.session}) in local_calls
        assert {kwargs["caller"] for _, kwargs in local_calls} == {self.session}
        assert account_calls == [(self.account, ["caller", "current"], CmdSet)]

    def test_what_the_caller_may_not_call_is_left_out(self):
        self.lever.locks.add("call:false()")
        assert "pull" not in {cmd.key for cmd in self.merged(cmdset_gathering.gather_and_merge)}

    def test_no_exits_and_no_objs_are_heeded(self):
        current = self.char1.cmdset.current
        for setting, gone in (("no_exits", {"north"}), ("no_objs", {"north", "pull"})):
            with mock.patch.object(current, setting, True), mock.patch.object(
                current, "_delver_settings_only", None, create=True
            ):
                keys = {cmd.key for cmd in self.merged(cmdset_gathering.gather_and_merge)}
            assert keys & {"north", "pull"} == {"north", "pull"} - gone, setting

    def test_a_caller_nowhere_gets_its_own_cmdsets(self):
        self.char1.location = None
        keys = {cmd.key for cmd in self.merged(cmdset_gathering.gather_and_merge)}
        assert "look" in keys and not keys & {"north", "pull"}

    def test_a_hook_that_must_be_waited_for_leaves_the_line_to_evennia(self):
        with mock.patch.object(
            type(self.account), "at_cmdset_get", autospec=True, return_value=succeed(None)
        ):
            result = cmdset_gathering.gather_and_merge(self.session, self.providers, "session", "x")
        assert isinstance(result, Deferred)
        assert "look" in {cmd.key for cmd in result.result}

    def test_a_failing_provider_hook_is_reported_to_the_caller(self):
        with mock.patch.object(
            type(self.account), "at_cmdset_get", autospec=True, side_effect=ValueError("broken")
        ), mock.patch.object(type(self.session), "msg") as msg:
            with pytest.raises(cmdhandler.ErrorReported):
                cmdset_gathering.gather_and_merge(self.session, self.providers, "session", "x")
        assert "cmdset" in str(msg.call_args).lower()

    def test_a_failing_local_hook_is_logged_and_the_line_goes_on(self):
        with mock.patch.object(
            type(self.lever), "at_cmdset_get", autospec=True, side_effect=ValueError("broken")
        ), mock.patch.object(cmdset_gathering.logger, "log_trace") as log_trace:
            merged = self.merged(cmdset_gathering.gather_and_merge)
        assert log_trace.called and "pull" in {cmd.key for cmd in merged}

    def test_installed_the_command_handler_uses_it(self):
        with plugins_undone_afterwards():
            cmdset_gathering.install()
            assert cmdhandler.get_and_merge_cmdsets is cmdset_gathering.get_and_merge_cmdsets
            with mock.patch.object(
                cmdset_gathering, "_gather", wraps=cmdset_gathering._gather
            ) as gather:
                self.call_command_through_handler("look")
            assert gather.called
        assert cmdhandler.get_and_merge_cmdsets is evennia_get_and_merge

    def call_command_through_handler(self, line):
        with mock.patch.object(type(self.session), "msg"), mock.patch.object(
            type(self.char1), "msg"
        ) as msg:
            cmdhandler.cmdhandler(self.session, line, callertype="session", session=self.session)
        assert "Room" in str(msg.call_args_list)


class TestStillADeferredToItsCallers(RoomWithALever):
    """Installed, `get_and_merge_cmdsets` keeps Evennia's contract: a Deferred."""

    def test_callers_get_a_fired_deferred_with_the_merged_cmdset(self):
        with plugins_undone_afterwards():
            cmdset_gathering.install()
            got = []
            deferred = cmdhandler.get_and_merge_cmdsets(self.session, self.providers, "session", "look")
            assert isinstance(deferred, Deferred)
            deferred.addCallback(got.append)
            assert got == [self.merged(cmdset_gathering.gather_and_merge)]

    def test_an_error_reaches_the_callers_errback(self):
        errors = []
        with plugins_undone_afterwards(), mock.patch.object(
            cmdset_gathering, "_gather", side_effect=cmdhandler.ErrorReported("look")
        ):
            cmdset_gathering.install()
            deferred = cmdhandler.get_and_merge_cmdsets(self.session, self.providers, "session", "look")
            deferred.addErrback(lambda failure: errors.append(failure.type))
        assert errors == [cmdhandler.ErrorReported]

    def test_a_hook_that_waits_is_waited_for_by_evennias_own(self):
        waiting = Deferred()
        with plugins_undone_afterwards(), mock.patch.object(
            type(self.char1), "at_cmdset_get", autospec=True, return_value=waiting
        ):
            cmdset_gathering.install()
            deferred = cmdhandler.get_and_merge_cmdsets(self.session, self.providers, "session", "look")
            assert not deferred.called
            waiting.callback(None)
            assert "look" in {cmd.key for cmd in deferred.result}
