"""
Player text in room messages (issue 24, points 2 and 3): inline functions
are bounded, braces are never a format template.
"""

import time
from unittest import mock

from evennia.commands.default.general import CmdPose, CmdSay
from evennia.utils import funcparser
from evennia.utils.test_resources import EvenniaCommandTest

from server.patches import player_text


class PlayerTextTest(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        player_text.install()
        self.addCleanup(player_text.uninstall)
        self.heard = []
        self.char2.msg = lambda text=None, **kwargs: self.heard.append(
            text[0] if isinstance(text, tuple) else text
        )

    def pose(self, args):
        started = time.monotonic()
        mine = self.call(CmdPose(), args, caller=self.char1)
        self.elapsed = time.monotonic() - started
        return mine, "\n".join(str(line) for line in self.heard)


class TestInlineFunctions(PlayerTextTest):
    def test_a_huge_pad_is_refused_fast_and_small(self):
        mine, heard = self.pose("agility $pad(x, 99999999)")
        assert self.elapsed < 1
        assert len(heard) < 200
        assert "$pad(x, 99999999)" in heard
        assert "widths and counts up to 200" in mine

    def test_a_sane_pad_still_works(self):
        mine, heard = self.pose("waves $pad(hi, 10, c, -)")
        assert "----hi----" in heard

    def test_string_repetition_and_powers_are_refused(self):
        for line in ("$mult('x', 99999999)", "$space(300000)", "$eval(4000000**4000000)",
                     "$eval(9**9**9)", "$mult(9999999999999, 99999999999)"):
            self.heard.clear()
            started = time.monotonic()
            mine, heard = self.pose(f"tries {line}")
            assert time.monotonic() - started < 1, line
            assert len(heard) < 300, line
            assert "Inline functions left as typed" in mine, line

    def test_many_calls_in_one_line_are_cut_off(self):
        mine, heard = self.pose("x " + "$pad(a, 200)" * 400)
        assert len(heard) < 20 * 200 + 400 * 12 + 100
        assert "at most 20 inline functions" in mine

    def test_a_bad_argument_is_left_as_typed_without_a_log_error(self):
        logged = []
        with mock.patch.object(funcparser.logger, "log_trace", lambda *a, **k: logged.append(a)):
            mine, heard = self.pose("$pad(x, 10, c, ---) $round(x, y) $randint(5) $int2str(x, y)")
        assert "$round(x, y)" in heard
        assert "Traceback" not in mine + heard
        assert logged == []

    def test_nested_functions_stay_bounded(self):
        line = "$pad(" * 30 + "x" + ", 200)" * 30
        mine, heard = self.pose(line)
        assert len(heard) < 2000

    def test_room_messages_are_capped(self):
        room = self.char1.location
        room.msg_contents("a" * 20000, from_obj=self.char1)
        assert len(self.heard[-1]) <= player_text.ROOM_MESSAGE_MAX + len(player_text.CUT_NOTE)
        assert "[... cut:" in self.heard[-1]


class TestBraces(PlayerTextTest):
    def test_positional_braces_are_plain_text(self):
        mine, heard = self.pose("is {}standing by the wall")
        assert "is {}standing by the wall" in heard
        assert "Error" not in mine and "error" not in mine

    def test_unknown_keys_are_plain_text(self):
        mine, heard = self.pose("{name} {0} {{x}} {")
        assert "{name} {0} {{x}} {" in heard

    def test_say_with_braces_and_functions(self):
        self.call(CmdSay(), "{speech} {} $pad(x, 99999999)", caller=self.char1)
        heard = "\n".join(self.heard)
        assert "{speech} {} $pad(x, 99999999)" in heard

    def test_mapping_keys_still_fill(self):
        self.char1.location.msg_contents("{who} waves", mapping={"who": self.char1})
        assert self.heard[-1].startswith(self.char1.key)

    def test_actor_stance_still_works(self):
        self.char1.location.msg_contents("$You() $conj(wave).", from_obj=self.char1)
        assert self.heard[-1] == f"{self.char1.key} waves."
