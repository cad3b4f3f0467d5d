"""
The in-game privacy matrix, generated from the game's command sets so it
stays true as systems arrive: every command a plain player cannot use is
refused by its lock, and every command and switch the player can use, tried
with names, numbers and #dbrefs of others, shows no other player's private
text (a request and its staff note, a mail between others) and no Python
error text.
"""

import re
import types
from unittest import mock

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from tests.hostile.fuzz import ERROR_TEXT
from tests.social.helpers import SocialTest
from world.requests import services as requests
from world.social import mail

SECRETS = ("SECRETREQUEST", "SECRETNOTE", "SECRETMAIL")
# Lines that end the session or wait on a question: tried in their own tests.
SKIPPED = {"quit", "ooc", "unpuppet", "ic", "puppet", "chardelete", "charcreate", "password"}


def game_commands():
    """{key: command} of the character's and the account's command sets."""
    found = {}
    for cmdset_class in (AccountCmdSet, CharacterCmdSet):
        for command in cmdset_class().commands:
            found[command.key] = command
    return found


def switches_of(command):
    options = getattr(command, "switch_options", None) or ()
    if not options:  # a plain MuxCommand names its switches in its help only
        options = re.findall(rf"{re.escape(command.key)}/([a-z]+)", command.__doc__ or "")
    return sorted(set(options))


class TestPrivacyMatrix(SocialTest):
    def setUp(self):
        super().setUp()
        for account in (self.account2, self.account3):
            account.permissions.remove("Developer")
            account.permissions.add("Player")
        for char in (self.char2, self.char3):
            char.permissions.clear()
        filer = requests.actor_for(self.char3)
        filed = requests.file_request(filer, "Lost lantern", "SECRETREQUEST where is it")
        number = filed.request.id
        requests.add_note(requests.actor_for(self.char1), number, "SECRETNOTE staff only")
        mail.send(self.account3, [self.account.key], "Private", "SECRETMAIL between us")
        self.cmdset = CharacterCmdSet() + AccountCmdSet()
        self.targets = ("", "1", f"#{number}", str(number), self.char3.key, self.account3.key,
                        f"{self.char3.key}=1", f"#{self.char1.id}", "all", "*")

    def run_as_player(self, command, switch, args):
        heard = []

        def listen(text=None, *a, **k):
            heard.append(str(text[0] if isinstance(text, tuple) else text))

        cmd = type(command)()
        cmd.caller, cmd.account, cmd.session, cmd.obj = self.char2, self.account2, None, self.char2
        name = command.key + (f"/{switch}" if switch else "")
        cmd.cmdname = cmd.raw_cmdname = cmd.cmdstring = command.key
        cmd.args = (f"/{switch}" if switch else "") + (f" {args}" if args else "")
        cmd.raw_string = f"{name} {args}".strip()
        cmd.cmdset = self.cmdset
        with mock.patch.object(self.char2, "msg", listen), \
                mock.patch.object(self.account2, "msg", listen):
            try:
                cmd.at_pre_cmd()
                cmd.parse()
                result = cmd.func()
                if isinstance(result, types.GeneratorType):
                    result.close()
                cmd.at_post_cmd()
            except Exception as error:  # noqa: BLE001 - the player would see an apology
                heard.append(f"{type(error).__name__}: {error}")
        return "\n".join(heard)

    def test_staff_commands_are_refused_by_their_locks(self):
        refused = [key for key, command in game_commands().items()
                   if not command.access(self.char2, "cmd")]
        assert len(refused) >= 40, refused  # Evennia's builder and admin commands, ours
        usable = [key for key in refused if game_commands()[key].access(self.char1, "cmd")]
        assert len(usable) >= 40, usable  # staff may (the rest are features switched off)

    def test_every_command_and_switch_a_player_may_use_shows_nothing_private(self):
        problems, tried = [], 0
        for key, command in sorted(game_commands().items()):
            if key in SKIPPED or not command.access(self.char2, "cmd"):
                continue
            for switch in [None, *switches_of(command)]:
                for args in self.targets:
                    out = self.run_as_player(command, switch, args)
                    tried += 1
                    seen = [secret for secret in SECRETS if secret in out]
                    error = ERROR_TEXT.search(out)
                    if seen or error:
                        what = f"{key}{'/' + switch if switch else ''} {args}"
                        problems.append(f"{what}: {seen or error.group(0)}: {out[:200]!r}")
        assert tried > 500
        assert not problems, "\n".join(problems[:40])
