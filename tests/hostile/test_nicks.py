"""`nick` under hostile input (issue 24, points 4 and 5)."""

from unittest import mock

from evennia.typeclasses.attributes import NickTemplateInvalid
from evennia.utils.test_resources import EvenniaCommandTest

from commands.guarded import CmdNick
from server.patches import nicks


class TestNick(EvenniaCommandTest):
    def test_clearall_while_ooc_clears_the_accounts_nicks(self):
        self.account.nicks.add("hi", "say hello")
        text = self.call(CmdNick(), "/clearall", caller=self.account)
        assert text == "Cleared all nicks."
        assert not self.account.nicks.get(category="inputline")

    def test_clearall_in_character_clears_both(self):
        self.char1.nicks.add("hi", "say hello")
        self.account.nicks.add("ho", "say ho")
        self.call(CmdNick(), "/clearall", "Cleared all nicks.", caller=self.char1)
        assert not self.char1.nicks.get(category="inputline")
        assert not self.account.nicks.get(category="inputline")

    def test_a_repeated_marker_is_refused_clearly(self):
        text = self.call(CmdNick(), "tm?$1tm?$1=page X=$1", caller=self.char1)
        assert "$1 appears twice" in text
        assert "Number them in turn" in text
        assert not self.char1.nicks.get(category="inputline")

    def test_the_patched_handler_refuses_a_pattern_that_cannot_compile(self):
        # The patch layer's handler, as the running game has it (unit tests run
        # on Evennia's own unless they install a patch).
        handler = nicks.RememberingNickHandler(self.char1, nicks.CountingAttributeBackend)
        logged = []
        with mock.patch.object(nicks.logger, "log_trace", lambda *a, **k: logged.append(a)):
            with self.assertRaises(NickTemplateInvalid):
                handler.add("tm?$1tm?$1", "page X=$1")
            assert handler.nickreplace("tm?atm?b") == "tm?atm?b"
        assert logged == []
        assert not handler.get(category="inputline")

    def test_a_good_nick_still_works(self):
        self.call(CmdNick(), "gr $1 at $2=emote grins $1 at $2", caller=self.char1)
        assert self.char1.nicks.nickreplace("gr wide at Ash") == "emote grins wide at Ash"
