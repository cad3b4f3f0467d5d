"""The first-steps topic tells the truth: every command it shows exists (with
its switch), and what it says of create, charcreate, unpuppet, ic and ooc is
what those commands do in this game (Evennia 6.1's charcreate and ic included)."""

import re
from textwrap import dedent

from evennia.commands.default.account import CmdCharCreate, CmdIC
from evennia.utils.test_resources import EvenniaCommandTest

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet, UnloggedinCmdSet
from commands.ooc import CmdOOCSay, CmdUnpuppet
from world.help_entries import HELP_ENTRY_DICTS

HIGHLIGHTED = re.compile(r"\|w(.+?)\|n")


def first_steps():
    return next(entry for entry in HELP_ENTRY_DICTS if entry["key"] == "newbie")["text"]


def shown_commands():
    """Each highlighted command line of the topic as (command word, switch or None)."""
    found = []
    for line in HIGHLIGHTED.findall(first_steps()):
        word = line.split()[0]
        if word.startswith("<") or word[0].isupper() or word in ("y", "help"):
            continue
        name, _, switch = word.partition("/")
        found.append((name.lower(), switch.lower() or None))
    return found


def commands_by_name():
    table = {}
    for cmdset in (CharacterCmdSet(), AccountCmdSet(), UnloggedinCmdSet()):
        cmdset.at_cmdset_creation()
        for command in cmdset.commands:
            for name in [command.key, *command.aliases]:
                table.setdefault(name.lower(), command)
    return table


def test_every_command_the_topic_shows_exists_with_its_switch():
    table = commands_by_name()
    shown = shown_commands()
    assert ("create", None) in shown and ("unpuppet", None) in shown and ("ic", None) in shown
    for name, switch in shown:
        assert name in table, f"the first-steps topic shows {name}, which is no command"
        if switch:
            command = table[name]
            assert hasattr(command, f"switch_{switch}") or switch in getattr(
                command, "switch_options", ()
            ), f"{name} has no /{switch}"


def test_the_topic_walks_from_the_login_screen_to_the_first_card():
    text = first_steps()
    order = ["create <name>", "connect <name>", "+digger", "+digger/raise", "+tools/buy",
             "+tools/load", "+digger/submit", "+dungeon/list", "+party/create", "+dungeon/enter"]
    places = [text.index(step) for step in order]
    assert places == sorted(places)
    # the first topic a newcomer reads fits a 60-column client as written
    assert max(len(line) for line in dedent(HIGHLIGHTED.sub(r"\1", text)).splitlines()) <= 58


class TestWhatTheTopicSays(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        self.account2.characters.add(self.char2)

    def test_charcreate_refuses_a_second_character(self):
        # charcreate is Evennia's: it makes the character through this call and
        # shows its errors (the e2e newcomer test types it for real)
        assert CmdCharCreate.locks == "cmd:pperm(Player)"
        made, errors = self.account2.create_character(key="Another")
        assert made is None and "maximum of 1 character" in " ".join(errors)
        assert "charcreate" in first_steps() and "refuses a second character" in first_steps()

    def test_unpuppet_then_ic_brings_the_character_back(self):
        assert "ic" in first_steps() and "unpuppet" in first_steps()
        said = self.call(CmdUnpuppet(), "", caller=self.account)
        assert "You stop playing Char" in said and "Type ic" in said
        assert self.account.get_puppet(self.session) is None
        self.call(CmdIC(), "", caller=self.account)
        assert self.account.get_puppet(self.session) == self.char1

    def test_ooc_speaks_to_the_room(self):
        assert "ooc <text>" in first_steps()
        said = self.call(CmdOOCSay(), "hello all")
        assert '<OOC> Char says, "hello all"' in said
