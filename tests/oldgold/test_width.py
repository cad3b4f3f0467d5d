"""What +og sends fits 78 columns: room lines, refusals and the chargen
menu wrap at spaces (colour codes take no room), indents kept."""

import re
from unittest.mock import Mock

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet
from world.oldgold import render

_CODES = re.compile(r"\|[a-zA-Z]")


def widest(text):
    return max(len(_CODES.sub("", line)) for line in text.splitlines())


def test_wrap_counts_visible_columns_and_keeps_indents():
    text = "|wBob|n " + "word " * 30 + "\n    Sword [ooo] " + "x " * 45
    wrapped = render.wrap_text(text, 78)
    assert widest(wrapped) <= 78
    assert wrapped.startswith("|wBob|n word")
    assert "\n      x" in wrapped


class TestWidth(OldGoldTest):
    wrap_width = 78

    def test_a_long_room_line_and_a_refusal_fit(self):
        give_sheet(self.char2)
        out = self.call(CmdOldGold(), "/deity Sella of the long-forgotten rivers/the rivers "
                        "and every stream that runs to the sea/never dam a stream", None,
                        caller=self.char2)
        assert widest(out) <= 78 and "Sella" in out
        out = self.call(CmdOldGold(), "/chase Char2", None)
        assert widest(out) <= 78 and "Name the PCs and what they do" in out
        assert "Usage:" not in out and "help +og" in out

    def test_the_chargen_menu_fits(self):
        self.char2.msg = Mock()
        self.call(CmdOldGold(), "/new", None, caller=self.char2)
        self.char2.ndb._evmenu.parse_input("Human")
        sent = [c.args[0] if c.args else c.kwargs.get("text", "")
                for c in self.char2.msg.call_args_list]
        said = "\n".join(str(t[0] if isinstance(t, tuple) else t) for t in sent)
        said = re.sub(r"\x1b\[[0-9;]*m", "", said)
        assert "Distribute 7 points" in said
        texts = [line for line in said.splitlines()]
        assert texts and max(len(_CODES.sub("", t)) for t in texts) <= 78
