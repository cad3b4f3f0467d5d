"""Delver's command parser finds exactly what Evennia's finds, looking at fewer commands."""

from evennia.commands import cmdparser as evennia_parser
from evennia.commands.cmdset import CmdSet
from evennia.commands.command import Command
from evennia.utils.test_resources import EvenniaTest

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from server.patches.cmdparser import cmdparser

LINES = (
    "look", "l", "look here", "lookat", "say hi", "'hi", ":waves", "+dungeon/list",
    "dungeon/list", "@dungeon/list", "+camp", "camp", "help say", "who", "doing",
    "2-look", "1-get lamp", "zzx42z", "@", "+", "", "  ", "north", "n", "LOOK",
    "+act brute", "+act/complete", "inv", "i", "@desc me = hi", "get all",
)


class CmdNorth(Command):
    key = "north"
    aliases = ["n"]


def merged(*cmdsets):
    result = cmdsets[0]
    for cmdset in cmdsets[1:]:
        result = result + cmdset
    return result


class TestCommandParser(EvenniaTest):
    def assert_same(self, cmdset):
        for line in LINES:
            ours = cmdparser(line, cmdset, self.char1)
            theirs = evennia_parser.cmdparser(line, cmdset, self.char1)
            assert [m[:2] + m[3:] for m in ours] == [m[:2] + m[3:] for m in theirs], line
            assert [id(m[2]) for m in ours] == [id(m[2]) for m in theirs], line

    def test_same_matches_as_evennia_on_the_game_cmdsets(self):
        self.assert_same(merged(AccountCmdSet(), CharacterCmdSet()))

    def test_same_matches_with_exits(self):
        extra = CmdSet()
        extra.duplicates = True
        extra.add(CmdNorth())
        self.assert_same(merged(CharacterCmdSet(), extra))

    def test_commands_added_later_are_found(self):
        cmdset = CmdSet()
        assert cmdparser("north", cmdset, self.char1) == []
        cmdset.add(CmdNorth())
        assert [match[0] for match in cmdparser("north", cmdset, self.char1)] == ["north"]
