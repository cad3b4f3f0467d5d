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
                  "+clock/deprive", "+clock/sleepless", "+light/pray", "+crawl/new",
                  "Milán László", "CC BY 4.0"):
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


def _world_commands():
    from commands.oldgold_bestiary import CmdBestiary, CmdHazard
    from commands.oldgold_crawl import CmdCrawl
    from commands.oldgold_travel import OldGoldTravelCmdSet

    travel = OldGoldTravelCmdSet()
    travel.at_cmdset_creation()
    return [*COMMANDS, CmdBestiary, CmdHazard, CmdCrawl, *[type(c) for c in travel.commands]]


def test_help_opens_with_the_name_and_usage_fits_after_its_label():
    """Help opens '+light: ...'; a refusal shows the usage block with
    'Usage: ' in front of its first line, so each line fits 78 then too."""
    for command in _world_commands():
        text = textwrap.dedent(command.__doc__).strip()
        assert text.startswith(f"{command.key}: "), text.splitlines()[0]
        usage = text.split("Usage:\n", 1)[1].split("\n\n", 1)[0]
        for line in usage.splitlines():
            assert len("Usage: " + line.strip()) <= 78, line


def test_the_old_gold_topics_headers_fit_78():
    """The help header names the topic and its aliases on one line."""
    keys = ("running old gold", "old gold crawl", "old gold monsters", "old gold travel")
    entries = [e for e in HELP_ENTRY_DICTS if e["key"] in keys]
    assert len(entries) == len(keys)
    for entry in entries:
        header = f"Help for {entry['key']} (aliases: {', '.join(entry.get('aliases', []))})"
        assert len(header) <= 78, header
