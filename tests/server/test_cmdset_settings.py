"""cmdset_settings: providers hand the command handler their stacks, and the character its
settings."""

import pytest
from evennia.commands.cmdhandler import generate_cmdset_providers, get_and_merge_cmdsets
from evennia.server.serversession import ServerSession
from evennia.utils import create
from evennia.utils.test_resources import EvenniaTest

from server.patches import cmdset_settings
from tests.server.plugin_patches import plugins_undone_afterwards


class TestCurrentCmdsetSettings(EvenniaTest):
    @pytest.fixture(autouse=True)
    def installed(self):
        with plugins_undone_afterwards():
            cmdset_settings.install()
            yield

    def test_the_character_gives_its_settings_and_its_whole_stack(self):
        current, stack = self.char1.get_cmdsets(self.char1, None)
        real = self.char1.cmdset.current
        assert current.commands == [] and real.commands
        for setting in ("key", "priority", "mergetype", "no_objs", "no_exits", "no_channels"):
            assert getattr(current, setting) == getattr(real, setting), setting
        assert stack == list(self.char1.cmdset.cmdset_stack)

    def test_the_account_and_session_give_only_their_stack(self):
        session = ServerSession()
        session.cmdset = self.session.cmdset
        for provider in (self.account, session):
            current, stack = provider.get_cmdsets(self.char1, None)
            assert current is None
            assert stack == list(provider.cmdset.cmdset_stack)

    def test_the_merged_cmdset_has_the_commands_of_account_and_character(self):
        providers = generate_cmdset_providers(self.session, session=self.session)[1]
        merged = get_and_merge_cmdsets(self.session, providers, "session", "look").result
        assert {"look", "+who", "+camp", "ooc", "help"} <= {cmd.key for cmd in merged}
        assert merged.get("__nomatch_command") is not None

    def test_same_merged_cmdset_as_with_evennias_own_providers(self):
        exit = create.create_object(
            "typeclasses.exits.Exit", key="north", location=self.room1, destination=self.room2
        )
        providers = generate_cmdset_providers(self.session, session=self.session)[1]

        def merged():
            cmdset = get_and_merge_cmdsets(self.session, providers, "session", "look").result
            settings = (cmdset.no_objs, cmdset.no_exits, cmdset.no_channels, cmdset.key)
            return [id(cmd) for cmd in cmdset.commands], settings, {cmd.key for cmd in cmdset}

        ours = merged()
        assert {"north", "look", "+who"} <= ours[2]
        cmdset_settings.uninstall()
        assert merged() == ours
        exit.delete()
