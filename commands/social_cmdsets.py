"""The social layer's command sets: one for the account, one for the character."""

from evennia import CmdSet

from commands.social import PRESENCE_COMMANDS
from commands.social_boards import CmdBoard
from commands.social_channels import CHANNEL_COMMANDS
from commands.social_mail import CmdMail
from commands.social_scene import SCENE_COMMANDS
from commands.social_speech import SPEECH_COMMANDS

_ACCOUNT_SPEECH = ("page", "@nospoof")


class SocialAccountCmdSet(CmdSet):
    """Works in and out of character: presence, page, mail, boards, channels."""

    key = "SocialAccount"

    def at_cmdset_creation(self):
        for command in PRESENCE_COMMANDS:
            self.add(command())
        for command in SPEECH_COMMANDS:
            if command.key in _ACCOUNT_SPEECH:
                self.add(command())
        for command in (CmdMail, CmdBoard, *CHANNEL_COMMANDS):
            self.add(command())


class SocialCharacterCmdSet(CmdSet):
    """Needs a character in a room: poses, emits, looks, scenes."""

    key = "SocialCharacter"

    def at_cmdset_creation(self):
        for command in SPEECH_COMMANDS:
            if command.key not in _ACCOUNT_SPEECH:
                self.add(command())
        for command in SCENE_COMMANDS:
            self.add(command())
