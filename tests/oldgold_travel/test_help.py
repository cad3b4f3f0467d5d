"""Every travel command's help opens with its usage, names each switch and
has examples; the topic exists; nothing is wider than 78 columns."""

import re
import textwrap

from evennia.utils.test_resources import EvenniaCommandTest

from commands.oldgold_travel import OldGoldTravelCmdSet
from world.help_entries import HELP_ENTRY_DICTS

_CODES = re.compile(r"\|[a-zA-Z]")


def _commands():
    cmdset = OldGoldTravelCmdSet()
    cmdset.at_cmdset_creation()
    return cmdset.commands


def test_every_command_has_usage_examples_and_every_switch():
    commands = _commands()
    assert {c.key for c in commands} == {"+region", "+travel", "+encounter", "+treasure",
                                         "+hire", "+war", "+stronghold", "+living"}
    for command in commands:
        text = command.__doc__
        assert "Usage:" in text and "Examples:" in text, command.key
        for switch in command.switch_options:
            assert f"{command.key}/{switch}" in text or f"/{switch}" in text, (command.key,
                                                                               switch)


def test_no_line_is_wider_than_78_columns():
    topic = next(e for e in HELP_ENTRY_DICTS if e["key"] == "old gold travel")
    texts = [textwrap.dedent(c.__doc__) for c in _commands()] + [textwrap.dedent(topic["text"])]
    for text in texts:
        for line in text.splitlines():
            assert len(_CODES.sub("", line)) <= 78, line


def test_the_topic_walks_through_and_credits_the_author():
    topic = next(e for e in HELP_ENTRY_DICTS if e["key"] == "old gold travel")
    for words in ("+region/new", "+travel/start", "+encounter", "+treasure", "+hire",
                  "Milán László", "Delver's own"):
        assert words in topic["text"]


def test_no_key_clashes_with_another_command():
    from commands.default_cmdsets import CharacterCmdSet

    everyone = CharacterCmdSet()
    everyone.at_cmdset_creation()
    ours = {c.key for c in _commands()}
    others = [c for c in everyone.commands if c.key in ours
              and not c.__module__.startswith("commands.oldgold_travel")]
    assert not others
    names = [n for c in everyone.commands for n in [c.key, *c.aliases]]
    assert all(names.count(key) == 1 for key in ours)


def test_no_stray_colour_codes_in_the_help():
    for command in _commands():
        assert not re.search(r"\|(?![wn])", command.__doc__), command.key


class TestRefusalsFold(EvenniaCommandTest):
    def test_a_long_refusal_is_folded_to_78_columns(self):
        from commands.oldgold_travel import CmdHire

        out = self.call(CmdHire(), "/list", caller=self.char1)
        assert max(len(line) for line in out.splitlines()) <= 78
        assert "a GM rolls who is willing" in " ".join(out.split())
