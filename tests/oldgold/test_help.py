"""+og's help names every switch with examples, the "old gold" guide and
the GM topic exist, keep the attribution, and nothing is wider than 78."""

import re
import textwrap

from commands.oldgold import GM_SWITCHES, STAFF_SWITCHES, CmdOldGold, OldGoldCmdSet
from world.help_entries import HELP_ENTRY_DICTS

_CODES = re.compile(r"\|[a-zA-Z]")


def _entry(key):
    return next(e for e in HELP_ENTRY_DICTS if e["key"] == key)


def test_usage_names_every_player_switch_and_has_examples():
    text = CmdOldGold.__doc__
    assert "Usage:" in text and "Examples:" in text
    for switch in CmdOldGold.switch_options:
        if switch in GM_SWITCHES or switch in STAFF_SWITCHES:
            continue
        assert f"+og/{switch}" in text, switch


def test_the_gm_topic_names_every_gm_switch():
    text = _entry("old gold gm")["text"]
    for switch in (*GM_SWITCHES, *STAFF_SWITCHES):
        assert f"+og/{switch}" in text, switch


def test_guide_walks_through_chargen_and_a_fight_and_credits_the_author():
    text = _entry("old gold")["text"]
    for words in ("+og/new", "+og/fight", "+og/attack", "+og/deathroll", "+og/rest",
                  "Milán László", "CC BY 4.0"):
        assert words in text
    assert "Milán László" in CmdOldGold.__doc__


def test_nothing_is_wider_than_78_columns():
    texts = [textwrap.dedent(CmdOldGold.__doc__)] + [
        textwrap.dedent(_entry(k)["text"]) for k in ("old gold", "old gold gm")]
    for text in texts:
        for line in text.splitlines():
            assert len(_CODES.sub("", line)) <= 78, line


def test_cmdset_holds_the_command():
    cmdset = OldGoldCmdSet()
    cmdset.at_cmdset_creation()
    assert {cmd.key for cmd in cmdset.commands} == {"+og"}


from evennia.utils.test_resources import EvenniaCommandTest  # noqa: E402


class TestHelpCommand(EvenniaCommandTest):
    def test_help_old_gold_opens_the_guide(self):
        from commands.default_cmdsets import CharacterCmdSet
        from commands.help import CmdHelp

        out = self.call(CmdHelp(), "old gold", cmdset=CharacterCmdSet())
        assert "Help for old gold" in out
        assert "Old Gold: adventurers in scenes a GM leads" in out

    def test_help_og_opens_the_command(self):
        from commands.default_cmdsets import CharacterCmdSet
        from commands.help import CmdHelp

        out = self.call(CmdHelp(), "+og", cmdset=CharacterCmdSet())
        assert "Play Old Gold adventurers" in out
