"""Every Kroll command carries its own help, with usage and examples."""

import pytest

from commands.kroll import CmdExpedition, CmdKroll, CmdKrollAdmin, CmdLucky, KrollCmdSet

COMMANDS = (CmdKroll, CmdLucky, CmdKrollAdmin, CmdExpedition)


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_usage_and_examples(command):
    text = command.__doc__
    assert "Usage:" in text and "Examples:" in text
    usage = command().usage()
    for switch in command.switch_options:
        assert f"{command.key}/{switch}" in usage


def test_cmdset_holds_every_kroll_command():
    cmdset = KrollCmdSet()
    cmdset.at_cmdset_creation()
    assert {cmd.key for cmd in cmdset.commands} == {command.key for command in COMMANDS}


def test_the_test_help_tells_what_the_gm_may_give():
    text = " ".join(CmdKroll.__doc__.split())
    assert "last ditch you have no dice at all for this" in text
    assert "one last-ditch die" in text and "a 6 counts as 0" in text
    assert "their penalty <dice> penalty dice for the other side, this test only" in text
    assert "+kroll cunning vs hard=last ditch" in text
    assert "+kroll tough vs Bob/tough=their penalty 2" in text
