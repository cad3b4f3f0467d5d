"""Cmdset providers hand the command handler their current settings, not their commands."""

from evennia.commands.cmdhandler import generate_cmdset_providers, get_and_merge_cmdsets
from evennia.utils.test_resources import EvenniaTest


class TestCurrentCmdsetSettings(EvenniaTest):
    def test_character_and_account_give_settings_and_their_whole_stack(self):
        for provider in (self.char1, self.account):
            current, stack = provider.get_cmdsets(self.char1, None)
            real = provider.cmdset.current
            assert current.commands == [] and real.commands
            for setting in ("key", "priority", "mergetype", "no_objs", "no_exits", "no_channels"):
                assert getattr(current, setting) == getattr(real, setting), setting
            assert stack == list(provider.cmdset.cmdset_stack)

    def test_the_merged_cmdset_has_the_commands_of_account_and_character(self):
        providers = generate_cmdset_providers(self.session, session=self.session)[1]
        merged = get_and_merge_cmdsets(self.session, providers, "session", "look").result
        assert {"look", "who", "+camp", "ooc", "help"} <= {cmd.key for cmd in merged}
        assert merged.get("__nomatch_command") is not None

