"""The command handler's generators run inline: what Twisted's inlineCallbacks gives, waiting
only for Deferreds that have not fired."""

import contextvars
import warnings
from unittest import mock

import pytest
from twisted.internet.defer import Deferred, fail, inlineCallbacks, succeed

from evennia.commands import cmdhandler as cmdhandler_module
from evennia.commands.cmdset import CmdSet
from evennia.commands.command import Command
from evennia.server import inputfuncs
from evennia.utils.test_resources import EvenniaTest

from server.patches import inline_callbacks
from server.patches.inline_callbacks import run_inline
from tests.server.plugin_patches import plugins_undone_afterwards

BOTH = pytest.mark.parametrize("decorate", [inlineCallbacks, run_inline], ids=["twisted", "inline"])


def outcome_of(deferred):
    """(True, result) or (False, exception) of a fired Deferred (taken from it); None if it has
    not fired (then it is left alone)."""
    if not deferred.called:
        return None
    found = []
    deferred.addCallbacks(
        lambda r: found.append((True, r)), lambda f: found.append((False, f.value))
    )
    return found[0]


class Lamp(Exception):
    pass


@BOTH
def test_plain_values_and_fired_deferreds_are_sent_back_at_once(decorate):
    seen = []

    @decorate
    def steps():
        seen.append((yield 1))
        seen.append((yield succeed("lit")))
        seen.append((yield None))
        return "done"

    assert outcome_of(steps()) == (True, "done")
    assert seen == [1, "lit", None]


@BOTH
def test_a_failed_deferred_is_thrown_in_and_taken_from_the_deferred(decorate):
    failed = fail(Lamp("out"))

    @decorate
    def steps():
        try:
            yield failed
        except Lamp as error:
            return f"caught {error}"

    assert outcome_of(steps()) == (True, "caught out")
    assert outcome_of(failed) == (True, None)  # handled: no unhandled error logged later


@BOTH
def test_an_error_ends_the_deferred_with_it(decorate):
    @decorate
    def steps():
        yield 1
        raise Lamp("broken")

    ok, error = outcome_of(steps())
    assert not ok and isinstance(error, Lamp) and str(error) == "broken"


@BOTH
def test_waits_for_a_deferred_that_has_not_fired_then_goes_on(decorate):
    pending, later, seen = Deferred(), Deferred(), []

    @decorate
    def steps():
        seen.append((yield pending))
        try:
            yield later
        except Lamp:
            seen.append("caught")
        return len(seen)

    result = steps()
    assert outcome_of(result) is None and seen == []
    pending.callback("wick")
    assert outcome_of(result) is None and seen == ["wick"]
    later.errback(Lamp())
    assert seen == ["wick", "caught"]
    assert outcome_of(result) == (True, 2)


@BOTH
def test_yielded_generators_and_coroutines_run_as_inline_callbacks(decorate):
    def inner():
        yield 1
        return "from a generator"

    async def coroutine():
        return "from a coroutine"

    @decorate
    def steps():
        return ((yield inner()), (yield coroutine()))

    assert outcome_of(steps()) == (True, ("from a generator", "from a coroutine"))


LIT = contextvars.ContextVar("lit", default="no")


@BOTH
def test_steps_share_a_context_of_their_own(decorate):
    seen = []

    @decorate
    def steps():
        LIT.set("yes")
        yield succeed(None)
        seen.append(LIT.get())

    steps()
    assert seen == ["yes"] and LIT.get() == "no"


def test_refuses_a_function_that_makes_no_generator():
    with pytest.raises(TypeError, match="generator"):
        run_inline(lambda: 1)()


class CmdShine(Command):
    key = "shine"
    calls = []

    def at_pre_cmd(self):
        return type(self).wait

    def func(self):
        self.calls.append(self.args.strip())
        self.msg("It shines.")


class ShineCmdSet(CmdSet):
    key = "ShineCmdSet"

    def at_cmdset_creation(self):
        self.add(CmdShine())


class TestInstalled(EvenniaTest):
    def setUp(self):
        super().setUp()
        self.char1.cmdset.add(ShineCmdSet)
        CmdShine.calls, CmdShine.wait = [], None

    def typed(self, line):
        with mock.patch.object(type(self.char1), "msg") as msg:
            result = inputfuncs.cmdhandler(
                self.session, line, callertype="session", session=self.session
            )
        return result, " ".join(str(call) for call in msg.call_args_list)

    def test_a_line_runs_its_command_through_the_installed_handler(self):
        with plugins_undone_afterwards():
            inline_callbacks.install()
            assert cmdhandler_module.inlineCallbacks is run_inline
            result, said = self.typed("shine brightly")
        assert cmdhandler_module.cmdhandler is inline_callbacks._evennia_cmdhandler
        assert CmdShine.calls == ["brightly"] and "It shines." in said
        assert outcome_of(result) == (True, None)

    def test_a_hook_that_waits_holds_the_command_until_it_fires(self):
        CmdShine.wait = Deferred()
        with plugins_undone_afterwards():
            inline_callbacks.install()
            result, _ = self.typed("shine")
            assert CmdShine.calls == [] and outcome_of(result) is None
            CmdShine.wait.callback(None)
        assert CmdShine.calls == [""] and outcome_of(result) == (True, None)

    def test_a_command_that_breaks_is_reported_not_raised(self):
        with plugins_undone_afterwards():
            inline_callbacks.install()
            with mock.patch.object(CmdShine, "func", side_effect=Lamp("cracked")):
                result, said = self.typed("shine")
        assert outcome_of(result) == (True, None)
        assert "error" in said.lower()


def test_twisteds_old_return_value_counts_as_an_error():
    from twisted.internet.defer import returnValue

    @run_inline
    def steps():
        yield 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            returnValue("old style")

    ok, _ = outcome_of(steps())
    assert not ok
