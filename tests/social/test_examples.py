"""
Every example in the social commands' help, and in the `socializing` topic,
works as written: each is run, in order, through the command it names, in a
world that has what the examples speak of (players Wren, Ash and Corwin, a
fourth post on the General board, a mail and a scene of one's own). A
scene's number in an example stands for one the reader has: the test
gives it the number of one made for it.
"""

import re

from django.utils import timezone
from evennia.utils.ansi import strip_ansi
from evennia.utils import create

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from commands.social_cmdsets import SocialAccountCmdSet, SocialCharacterCmdSet
from tests.social.helpers import SocialTest
from world.help_entries import HELP_ENTRY_DICTS
from world.identity import START_ROOM_NAME
from world.social import boards, mail, setup
from world.social.models import Participant, Scene

EXAMPLES = re.compile(r"^( *)Examples?(?: [a-z ]+)?:\n((?:\1 +\S.*\n?)+)", re.M)
# What a command answers when the example did not work as written.
REFUSED = (
    "Usage:", "Sorry, something went wrong", "not found", "There is no", "No such",
    "Could not find", "is not available", "has no switch", "You may not", "Only staff",
    "Command '", "Nobody online", "You have no", "No scene is running", "Not online",
    "nobody yet", "No channel found", "not listening", "already running", "You are not on",
    "only mail you",
)
SCENE_NUMBER = "12"


def examples_in(text):
    """The example lines of a help text (deeper-indented notes under one are left out)."""
    found = []
    for block in EXAMPLES.finditer(text):
        lines = block.group(2).splitlines()
        indent = min(len(line) - len(line.lstrip()) for line in lines)
        found += [line.strip() for line in lines if len(line) - len(line.lstrip()) == indent]
    return found


ACCOUNT_COMMANDS = {type(cmd) for cmd in SocialAccountCmdSet()}


def social_commands():
    return [cmd for cmdset in (SocialAccountCmdSet(), SocialCharacterCmdSet()) for cmd in cmdset]


def topic_text(key):
    return next(entry["text"] for entry in HELP_ENTRY_DICTS if entry["key"] == key)


class TestSocialExamples(SocialTest):
    def setUp(self):
        super().setUp()
        self.account4 = create.create_account("Wren", email="w@example.com", password="pw-x-1234")
        self.account5 = create.create_account("Corwin", email="c@example.com", password="pw-x-1234")
        self.char4 = create.create_object(
            self.character_typeclass, key="Wren", location=self.room1, home=self.room1)
        self.char4.account = self.account4
        self.char1.home = self.room2
        self.room1.key = START_ROOM_NAME
        setup.ensure_social_world()  # channels, boards, the Lantern Yard's notice board
        # joined at creation, before these channels were made: join them now
        self.account.attributes.remove(setup.JOINED, category="social")
        setup.join_default_channels(self.account)
        self.log_in(self.account3, self.char3)
        self.log_in(self.account4, self.char4)
        create.create_object(key="lantern", location=self.char1, home=self.char1)
        for number in range(4):
            boards.post(self.account2, "General", f"Notice {number + 1}", "Pinned by the gate.")
        mail.send(self.account5, [self.account.key], "Rope", "Bring rope.")  # +mail 1
        self.numbers = {}
        scene = Scene.objects.create(title="Old scene", room_name=self.room1.key)
        for account in (self.account, self.account5):
            Participant.objects.create(scene=scene, account=account, name=account.key)
        scene.stopped_at = scene.started_at
        scene.save()
        self.numbers[SCENE_NUMBER] = str(scene.id)
        self.everything = CharacterCmdSet() + AccountCmdSet()

    def tearDown(self):
        self.account4.delete()
        self.account5.delete()
        super().tearDown()

    def command_for(self, line):
        """(command, arguments) for an example line, as the game would split it."""
        best = None
        for cmd in self.everything:
            for name in (cmd.key, *cmd.aliases):
                rest = line[len(name):]
                if line.lower().startswith(name.lower()) and (
                    not rest or rest[0] in " /=" or not name[-1].isalnum()
                ):
                    if best is None or len(name) > len(best[1]):
                        best = (cmd, name)
        if best is None:
            return None, line
        return type(best[0]), line[len(best[1]):]

    def run_example(self, line):
        for number, real in self.numbers.items():
            line = re.sub(rf"(?<![\w#]){number}\b", real, line)
        command, args = self.command_for(line)
        if command is None:  # a channel alias, say: the account's nicks make it a command
            nicked = self.account.nicks.nickreplace(line, include_account=False)
            command, args = self.command_for(nicked)
        if command is None:
            return f"no command runs {line!r}"
        # the account's commands are called by the account, as in the game
        caller = self.account if command in ACCOUNT_COMMANDS else self.char1
        receiver = self.account if getattr(command, "account_caller", False) else caller
        text = strip_ansi(self.call(command(), args, caller=caller, receiver=receiver) or "")
        refused = [word for word in REFUSED if word in text]
        return f"{line!r} answered {text[:160]!r}" if refused else None

    def test_every_command_example_works(self):
        failed, run = [], 0
        for cmd in sorted(social_commands(), key=lambda cmd: cmd.key):
            # each command's examples from the Lantern Yard, as its help is read
            self.char1.move_to(self.room1, quiet=True, move_type="teleport")
            Scene.objects.filter(stopped_at=None).update(stopped_at=timezone.now())
            lines = examples_in(cmd.__doc__)
            run += len(lines)
            failed += [problem for problem in map(self.run_example, lines) if problem]
        assert run > 50 and not failed, "\n".join(failed)

    def test_the_socializing_topic_examples_work(self):
        self.call_all(examples_in(topic_text("socializing")))

    def call_all(self, lines):
        assert len(lines) > 3
        failed = [problem for problem in map(self.run_example, lines) if problem]
        assert not failed, "\n".join(failed)
