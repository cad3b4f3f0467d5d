"""The social commands' help: each opens by the command's key, whichever of its names is asked."""

import re

from evennia.utils.ansi import strip_ansi
from evennia.utils.test_resources import EvenniaCommandTest

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from commands.help import CmdHelp
from commands.social_cmdsets import SocialAccountCmdSet, SocialCharacterCmdSet

TITLE = re.compile(r"^Help for (\S+)(?: \(aliases: .*\))?$", re.M)


class PlainHelp(CmdHelp):
    help_more = False


def social_commands():
    return [cmd for cmdset in (SocialAccountCmdSet(), SocialCharacterCmdSet()) for cmd in cmdset]


class TestSocialHelpTitles(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        self.char2.locks.cache_lock_bypass(self.char2)
        self.cmdset = CharacterCmdSet() + AccountCmdSet()

    def title(self, query):
        text = strip_ansi(self.call(PlainHelp(), query, cmdset=self.cmdset, caller=self.char1))
        found = TITLE.search(text)
        return found.group(1) if found else text[:120]

    def test_every_name_of_a_social_command_opens_its_help_by_its_key(self):
        wrong = [
            f"help {name} opens as {self.title(name)!r}, not {cmd.key!r}"
            for cmd in social_commands()
            for name in (cmd.key, *cmd.aliases)
            if self.title(name) != cmd.key
        ]
        assert not wrong, "\n".join(wrong)

    def test_the_presence_commands_are_titled_with_their_plus(self):
        assert self.title("+who") == "+who"
        assert self.title("who") == "+who"
        assert self.title("+staff") == "+staff"
        # ours replaced Evennia's `who`: one command answers to the name
        assert len([cmd for cmd in self.cmdset if cmd == "who"]) == 1
