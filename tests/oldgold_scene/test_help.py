"""Each scene command's help opens with what it does, lists its usage and
examples; the 'running old gold' topic exists, credits the author, and
nothing is wider than 78 columns."""

import re
import textwrap

from commands.oldgold_scene import CmdClock, CmdDelve, CmdLight, CmdOracle, OldGoldSceneCmdSet
from world.help_entries import HELP_ENTRY_DICTS

_CODES = re.compile(r"\|[a-zA-Z]")
COMMANDS = (CmdOracle, CmdClock, CmdDelve, CmdLight)


def _topic():
    return next(e for e in HELP_ENTRY_DICTS if e["key"] == "running old gold")


def test_every_switch_is_in_usage_with_examples():
    for command in COMMANDS:
        text = command.__doc__
        assert "Usage:" in text and "Examples:" in text
        for switch in command.switch_options:
            if command is CmdOracle and switch == "yesno":
                continue
            assert f"{command.key}/{switch}" in text, (command.key, switch)


def test_topic_walks_through_a_session():
    text = _topic()["text"]
    for words in ("+clock/start", "+delve", "+light", "+clock/rest", "+oracle",
                  "+clock/deprive", "Milán László", "CC BY 4.0"):
        assert words in text


def test_nothing_wider_than_78():
    texts = [textwrap.dedent(c.__doc__) for c in COMMANDS] + [textwrap.dedent(_topic()["text"])]
    for text in texts:
        for line in text.splitlines():
            assert len(_CODES.sub("", line)) <= 78, line


def test_cmdset_holds_the_commands():
    cmdset = OldGoldSceneCmdSet()
    cmdset.at_cmdset_creation()
    assert {c.key for c in cmdset.commands} == {c.key for c in COMMANDS}
