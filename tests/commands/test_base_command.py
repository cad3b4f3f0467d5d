"""The base DelverCommand: switch dispatch, refusals, no tracebacks."""

from evennia.utils.test_resources import EvenniaCommandTest

from commands.command import DelverCommand
from world.errors import GameError


class CmdLantern(DelverCommand):
    """
    Light or trim a lantern.

    Usage:
      +lantern
      +lantern/light <name>
      +lantern/lower <name>
    """

    key = "+lantern"
    switch_options = ("light", "lower", "break")

    def func_default(self):
        self.msg("The lantern glows.")

    def switch_light(self):
        if not self.args:
            self.refuse_usage("Name the lantern to light.")
        self.msg(f"You light {self.args}.")

    def switch_lower(self):
        raise GameError("It is already low.")

    def switch_break(self):
        raise ZeroDivisionError("a bug")


class TestDelverCommand(EvenniaCommandTest):
    def test_bare_command_runs_func_default(self):
        self.call(CmdLantern(), "", "The lantern glows.")

    def test_switch_dispatches_to_its_method(self):
        self.call(CmdLantern(), "/light red", "You light red.")

    def test_switch_prefix_is_accepted_when_unique(self):
        self.call(CmdLantern(), "/li red", "You light red.")

    def test_unknown_switch_is_refused_once_with_usage(self):
        text = self.call(CmdLantern(), "/loud red")
        assert text.startswith("+lantern has no switch /loud.")
        assert "Usage: +lantern" in text
        assert "ignored" not in text

    def test_ambiguous_switch_is_refused(self):
        text = self.call(CmdLantern(), "/l red")
        assert "/l could mean /light, /lower" in text
        assert "You light" not in text and "glows" not in text

    def test_an_empty_switch_is_refused_not_dropped(self):
        # MuxCommand calls the empty name ambiguous, drops it and runs what is left.
        for raw in ("// red", "//light red", "/light/ red"):
            text = self.call(CmdLantern(), raw)
            assert text.startswith("A / needs a switch name straight after it."), raw
            assert "Usage: +lantern" in text
            assert "Ambiguous" not in text and "glows" not in text and "You light" not in text

    def test_a_lone_slash_is_an_argument(self):
        self.call(CmdLantern(), "/", "The lantern glows.")

    def test_two_switches_are_refused_naming_both(self):
        text = self.call(CmdLantern(), "/light/lower red")
        assert text.startswith(
            "+lantern takes one switch at a time: choose between /light and /lower."
        )
        assert "Usage: +lantern" in text
        assert "You light" not in text and "already low" not in text

    def test_two_switches_are_refused_even_abbreviated(self):
        text = self.call(CmdLantern(), "/lo/li red")
        assert text.startswith(
            "+lantern takes one switch at a time: choose between /lower and /light."
        )

    def test_the_same_switch_twice_is_still_one_switch(self):
        self.call(CmdLantern(), "/light/li red", "You light red.")

    def test_missing_argument_names_what_was_expected(self):
        text = self.call(CmdLantern(), "/light")
        assert text.startswith("Name the lantern to light.")
        assert "+lantern/light <name>" in text

    def test_game_error_message_is_shown(self):
        self.call(CmdLantern(), "/lower x", "It is already low.")

    def test_unexpected_error_becomes_an_apology_without_traceback(self):
        text = self.call(CmdLantern(), "/break x")
        assert "Sorry, something went wrong" in text
        assert "Traceback" not in text and "ZeroDivisionError" not in text
