"""Tables and long texts fit the client's reported width (NAWS), never past 78 columns."""

from django.test import override_settings
from evennia.utils.ansi import strip_ansi
from evennia.utils.test_resources import EvenniaCommandTest

from commands.digger import CmdDigger
from commands.social_speech import CmdLook
from server.conf.at_initial_setup import at_initial_setup
from server.conf.connection_screens import CONNECTION_SCREEN
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


class TestWhatANewPlayerFirstReads(EvenniaCommandTest):
    """The connection screen, the welcome and the first look at the Lantern Yard."""

    def wide_lines(self, texts):
        return [line for text in texts for line in strip_ansi(str(text)).splitlines()
                if len(line) > WIDEST]

    def test_the_connection_screen_fits(self):
        assert not self.wide_lines([CONNECTION_SCREEN])

    def test_the_welcome_and_the_first_look_fit(self):
        with override_settings(START_LOCATION=self.room1.dbref):
            at_initial_setup()
        self.char1.key = "Bartholomew Quillfeather"  # a long name of the kind players pick
        heard = []
        self.char1.msg = lambda text=None, **kwargs: heard.append(
            text[0] if isinstance(text, tuple) else text)
        self.char1.at_post_puppet()
        assert any("Welcome to" in str(text) for text in heard)
        looked = self.call(CmdLook(), "", caller=self.char1)
        assert "Lantern" in looked
        assert not self.wide_lines([*heard, looked])
