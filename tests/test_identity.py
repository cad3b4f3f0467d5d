"""The game's own identity: help topics, credits, welcome, starting room."""

from django.test import override_settings
from evennia.commands.default.help import CmdHelp
from evennia.utils.test_resources import EvenniaCommandTest

from commands.default_cmdsets import CharacterCmdSet
from server.conf.at_initial_setup import at_initial_setup
from world.identity import START_ROOM_NAME


class TestHelpTopics(EvenniaCommandTest):
    def test_game_overview(self):
        text = self.call(CmdHelp(), "delver", cmdset=CharacterCmdSet())
        assert "Digger" in text and "delver/first steps" in text
        steps = self.call(CmdHelp(), "delver/first steps", cmdset=CharacterCmdSet())
        assert "+dungeon/list" in steps

    def test_credits_name_old_gold_licence(self):
        text = self.call(CmdHelp(), "credits", cmdset=CharacterCmdSet())
        assert "Milán László" in text
        assert "Creative Commons Attribution 4.0" in text

    def test_digger_rules_topic(self):
        text = self.call(CmdHelp(), "dungeon rules", cmdset=CharacterCmdSet())
        assert "+act/complete" in text and "70 Exploration" in text


class TestWelcome(EvenniaCommandTest):
    def test_puppeting_greets_the_player(self):
        self.char1.msg = messages = _Recorder()
        self.char1.at_post_puppet()
        assert any("Welcome to Delver, Char" in text for text in messages.texts)

    def test_the_welcome_uses_the_game_name(self):
        self.char1.msg = messages = _Recorder()
        with override_settings(SERVERNAME="Lanternfall"):
            self.char1.at_post_puppet()
        assert any("Welcome to Lanternfall, Char" in text for text in messages.texts)


class TestStartingRoom(EvenniaCommandTest):
    def test_initial_setup_turns_the_start_location_into_our_room(self):
        with override_settings(START_LOCATION=self.room1.dbref):
            at_initial_setup()
        self.room1.refresh_from_db()
        assert self.room1.key == START_ROOM_NAME
        assert "+dungeon/list" in self.room1.db.desc


class _Recorder:
    def __init__(self):
        self.texts = []

    def __call__(self, text=None, **kwargs):
        self.texts.append(text if isinstance(text, str) else str(text))
