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
