"""A cmdset finds its system commands (and any key) exactly as Evennia's CmdSet.get does."""

from evennia.commands.cmdhandler import CMD_MULTIMATCH, CMD_NOINPUT, CMD_NOMATCH
from evennia.commands.cmdset import CmdSet
from evennia.commands.command import Command
from evennia.utils.test_resources import EvenniaTest

from server.patches.cmdset_cache import derived
from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from server.patches import cmdset_lookup

KEYS = (CMD_NOMATCH, CMD_NOINPUT, CMD_MULTIMATCH, "__nosuch", "look", "l", "who", "nosuch")


class CmdOwnNoMatch(Command):
    key = CMD_NOMATCH


class CmdLookAlias(Command):
    key = "peer"
    aliases = ["look"]  # shares a name with look: CmdSet.get can answer with either


def assert_same(cmdset):
    for key in KEYS:
        for _ in range(2):  # found, then remembered
            assert cmdset_lookup.remembered_get(cmdset, key) is cmdset_lookup._evennia_get(
                cmdset, key
            ), key


class TestCmdsetLookup(EvenniaTest):
    def test_same_commands_as_evennia_in_the_game_cmdsets(self):
        assert_same(AccountCmdSet() + CharacterCmdSet())
        assert_same(CharacterCmdSet())
        assert_same(CmdSet())

    def test_a_command_added_or_removed_is_seen_at_once(self):
        cmdset = AccountCmdSet() + CharacterCmdSet()
        assert_same(cmdset)
        cmdset.add(CmdOwnNoMatch())  # replaces the game's no-match command
        cmdset.add(CmdLookAlias(), allow_duplicates=True)
        assert_same(cmdset)
        assert isinstance(cmdset_lookup.remembered_get(cmdset, CMD_NOMATCH), CmdOwnNoMatch)
        cmdset.remove("look")
        assert_same(cmdset)
        assert cmdset_lookup.remembered_get(cmdset, "look") is None  # and its alias twin

    def test_a_command_instead_of_a_key_is_looked_up_by_evennia(self):
        cmdset = CharacterCmdSet()
        look = cmdset.get("look")
        assert cmdset_lookup.remembered_get(cmdset, look) is look
        assert "_delver_get_by_key" not in CharacterCmdSet().__dict__

    def test_installed_every_cmdset_uses_it(self):
        try:
            cmdset_lookup.install()
            cmdset = CharacterCmdSet()
            assert cmdset.get(CMD_NOMATCH) is cmdset_lookup._evennia_get(cmdset, CMD_NOMATCH)
            assert CMD_NOMATCH in cmdset.__dict__["_delver_get_by_key"][1]
        finally:
            CmdSet.get = cmdset_lookup._evennia_get


class TestDerived(EvenniaTest):
    def test_made_again_only_when_a_command_is_another_object(self):
        cmdset, made = CharacterCmdSet(), []

        def make(commands):
            made.append(len(commands))
            return len(made)

        assert derived(cmdset, "_test_fact", make) == derived(cmdset, "_test_fact", make) == 1
        look = cmdset.get("look")
        cmdset.add(type(look)())  # same key: replaces look in place, same length
        assert derived(cmdset, "_test_fact", make) == 2
        cmdset.add(CmdLookAlias(), allow_duplicates=True)
        assert derived(cmdset, "_test_fact", make) == 3
        assert made[-1] == len(cmdset.commands)
