"""
Output per command (issue 24, Limits): the text one command sends its
caller is capped, the rest cut with a note; anything smaller goes out
exactly as Evennia sends it (server/patches/command_output.py).
"""

from unittest import mock

import evennia
from django.test import override_settings
from evennia.commands import cmdhandler as cmdhandler_module
from evennia.commands.cmdset import CmdSet
from evennia.commands.command import Command
from evennia.server.serversession import ServerSession
from evennia.utils.test_resources import EvenniaTest
from twisted.internet.defer import Deferred

from server import patches
from server.patches import command_output
from tests.server.plugin_patches import plugins_undone_afterwards

LIMIT = command_output.DEFAULT_MAX


class CmdFlood(Command):
    """flood <lines> <width>: sends that many lines of that width, one message each."""

    key = "flood"

    def func(self):
        lines, width = (int(word) for word in self.args.split())
        for number in range(lines):
            self.caller.msg(f"{number:06d}" + "x" * (width - 6))


class CmdBlock(Command):
    """block <lines> <width>: sends them all as one message."""

    key = "block"

    def func(self):
        lines, width = (int(word) for word in self.args.split())
        self.caller.msg("\n".join(f"{n:06d}" + "y" * (width - 6) for n in range(lines)))


class CmdTwice(Command):
    """twice <args>: runs `flood <args>` twice, as commands inside this one."""

    key = "twice"

    def func(self):
        self.caller.execute_cmd(f"flood {self.args}", session=self.session)
        self.caller.execute_cmd(f"flood {self.args}", session=self.session)


class CmdRoomFlood(Command):
    """roomflood <lines> <width>: sends them to everyone else in the room."""

    key = "roomflood"

    def func(self):
        lines, width = (int(word) for word in self.args.split())
        for number in range(lines):
            self.caller.location.msg_contents("t" * width, exclude=[self.caller])


class FloodSet(CmdSet):
    key = "flood_test"

    def at_cmdset_creation(self):
        self.add(CmdFlood())
        self.add(CmdBlock())
        self.add(CmdTwice())
        self.add(CmdRoomFlood())


class CommandOutputTest(EvenniaTest):
    """Lines typed on the test session, through the command handler, to the Portal (mocked)."""

    def setUp(self):
        super().setUp()
        handler = evennia.SESSION_HANDLER
        mocked = vars(handler).pop("data_out")  # EvenniaTest's Mock hides the class's data_out
        self.addCleanup(setattr, handler, "data_out", mocked)
        service = mock.patch.object(evennia, "EVENNIA_SERVER_SERVICE")
        self.portal = service.start().amp_protocol.send_MsgServer2Portal
        self.addCleanup(service.stop)
        self.account.puppet_object(self.session, self.char1)
        self.char1.cmdset.add(FloodSet)
        undo = plugins_undone_afterwards()
        undo.__enter__()
        self.addCleanup(undo.__exit__, None, None, None)

    def install(self):
        assert patches.install("server", setting="inline_callbacks,command_output",
                               log=mock.Mock()) == ["inline_callbacks", "command_output"]

    def log_in(self, account, character, sessid):
        session = ServerSession()
        session.init_session("telnet", ("localhost", "testmode"), evennia.SESSION_HANDLER)
        session.sessid = sessid
        evennia.SESSION_HANDLER.portal_connect(session.get_sync_data())
        session = evennia.SESSION_HANDLER.session_from_sessid(sessid)
        evennia.SESSION_HANDLER.login(session, account, testmode=True)
        session.puppet = character
        character.sessions.add(session)
        return session

    def type(self, line):
        """What `line` sends this session: each message's text, in order."""
        self.portal.reset_mock()
        deferred = cmdhandler_module.cmdhandler(
            self.session, line, callertype="session", session=self.session
        )
        failures = []
        deferred.addErrback(failures.append)
        assert not failures, failures
        return self.texts()

    def texts(self):
        return [
            call.kwargs["text"][0][0]
            for call in self.portal.call_args_list
            if call.args[0] is self.session and "text" in call.kwargs
        ]

    def sent(self, line):
        """Everything `line` sends the Portal for this session, keywords and all."""
        self.type(line)
        return [(call.args[0].sessid, call.kwargs) for call in self.portal.call_args_list]


class TestTheCap(CommandOutputTest):
    def setUp(self):
        super().setUp()
        self.install()

    def test_many_messages_past_the_cap_are_cut_with_one_notice(self):
        texts = self.type("flood 300 1000")  # 300,000 characters
        notice = command_output.cut_notice(LIMIT)
        assert texts[-1] == notice and texts.count(notice) == 1
        kept = texts[:-1]
        assert sum(len(text) for text in kept) <= LIMIT + len("|n")
        assert kept[0].startswith("000000") and len(kept) in (64, 65)
        assert "Output cut" in notice and "narrower search" in notice
        assert all(len(line) <= 78 for line in notice.replace("|y", "").split("\n"))

    def test_one_huge_message_is_cut_at_its_last_whole_line(self):
        texts = self.type("block 1000 100")  # about 100,000 characters in one message
        assert len(texts) == 2 and texts[1] == command_output.cut_notice(LIMIT)
        kept = texts[0]
        assert len(kept) <= LIMIT + len("|n") and kept.endswith("|n")
        assert all(len(line) == 100 for line in kept[: -len("|n")].split("\n"))

    def test_commands_a_command_runs_share_its_budget(self):
        texts = self.type("twice 40 1000")  # 40,000 characters, twice
        assert texts.count(command_output.cut_notice(LIMIT)) == 1
        assert sum(len(text) for text in texts[:-1]) <= LIMIT + len("|n")

    def test_each_line_has_a_budget_of_its_own(self):
        assert len(self.type("flood 300 1000")) < 100
        assert len(self.type("flood 60 1000")) == 60  # the next line starts afresh

    def test_the_setting_sets_the_cap(self):
        with override_settings(DELVER_COMMAND_OUTPUT_MAX=5000):
            texts = self.type("flood 20 1000")
        assert len(texts) == 6 and texts[-1] == command_output.cut_notice(5000)
        assert "5,000 characters" in texts[-1]

    def test_a_command_run_by_the_character_or_account_is_capped_too(self):
        self.char1.execute_cmd("flood 100 1000")
        assert self.texts().count(command_output.cut_notice(LIMIT)) == 1
        self.portal.reset_mock()
        self.account.cmdset.add(FloodSet)
        self.account.execute_cmd("flood 100 1000")
        assert self.texts().count(command_output.cut_notice(LIMIT)) == 1

    def test_what_a_command_sends_other_players_is_not_counted(self):
        other = self.log_in(self.account2, self.char2, sessid=2)
        try:
            self.type("roomflood 100 1000")
        finally:  # before tearDown deletes the account
            self.char2.sessions.remove(other)
            evennia.SESSION_HANDLER.pop(other.sessid, None)
        heard = [call for call in self.portal.call_args_list if call.args[0] is other]
        assert len(heard) == 100 and "Output cut" not in str(heard)

    def test_text_sent_outside_a_command_is_not_counted(self):
        self.char1.msg("z" * (LIMIT * 2))  # no command running: nothing to cap
        assert len(self.portal.call_args_list[-1].kwargs["text"][0][0]) == LIMIT * 2

    def test_the_command_handler_still_returns_a_fired_deferred(self):
        deferred = cmdhandler_module.cmdhandler(
            self.session, "flood 1 10", callertype="session", session=self.session
        )
        assert isinstance(deferred, Deferred) and deferred.called
        assert cmdhandler_module.cmdhandler.__wrapped__ is not None  # Evennia's signature shows


class TestNormalOutputIsUntouched(CommandOutputTest):
    LINES = ("look", "help", "help say", "flood 3 50", "block 60 1000", "zzfrob", "", "look me")

    def test_byte_for_byte_as_without_the_patch(self):
        patches.install("server", setting="inline_callbacks", log=mock.Mock())
        without = [self.sent(line) for line in self.LINES]
        patches.uninstall()
        self.install()
        with_it = [self.sent(line) for line in self.LINES]
        assert with_it == without
        assert all(sent for line, sent in zip(self.LINES, with_it) if line)
        assert any("Char" in str(sent) for sent in with_it[0])
