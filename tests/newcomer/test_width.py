"""Tables and long texts fit the client's reported width (NAWS), never past 78 columns."""

from commands.digger import CmdDigger
from tests.digger.fixtures import DiggerCommandTest
from world.text_table import (
    WIDEST, draw_for_client, reset_width, screen_width, text_table, width_for_client,
)

ROWS = [["Lantern of the long stair", "A lamp that burns a whole night and then some more"],
        ["Rope", "Fifty feet of hemp"]]


def test_a_table_follows_the_width_being_drawn():
    assert screen_width() == WIDEST
    token = draw_for_client(40)
    try:
        table = text_table(["Tool", "What it does"], ROWS)
    finally:
        reset_width(token)
    assert max(len(line) for line in table.splitlines()) <= 40
    assert "Lantern" in table and "night" in table
    assert screen_width() == WIDEST
    wide = text_table(["Tool", "What it does"], ROWS)
    assert max(len(line) for line in wide.splitlines()) <= WIDEST


def test_odd_reports_fall_back_to_readable_widths():
    assert width_for_client(None) == WIDEST
    assert width_for_client("junk") == WIDEST
    assert width_for_client(0) == WIDEST
    assert width_for_client(10) == 30
    assert width_for_client(250) == WIDEST
    assert width_for_client(60) == 60


class TestCommandsDrawForTheClient(DiggerCommandTest):
    def narrow(self, columns):
        self.session.protocol_flags["SCREENWIDTH"] = {0: columns}

    def test_the_sheet_fits_a_narrow_client(self):
        self.narrow(50)
        out = self.call(CmdDigger(), "", "Digger sheet of Char")
        table = [line for line in out.splitlines() if line.startswith((" ", "~"))]
        assert table and max(len(line) for line in table) <= 50
        assert "~" * 50 in out
        assert screen_width() == WIDEST  # the default is back after the command
