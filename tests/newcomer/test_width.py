"""Tables and long texts fit the client's reported width (NAWS), never past 78
columns: Digger (party news drawn for each reader), Kroll, requests, room
descriptions, and one table style (a header, a rule of ~) across systems."""

from unittest.mock import patch

from django.test import override_settings
from evennia.utils.ansi import strip_ansi
from evennia.utils.test_resources import EvenniaCommandTest

from commands.digger import CmdDigger, CmdDungeon, CmdTools
from commands.kroll import CmdKroll
from commands.requests import CmdRequests
from commands.social_speech import CmdLook
from server.conf.at_initial_setup import at_initial_setup
from server.conf.connection_screens import CONNECTION_SCREEN
from tests.digger.fixtures import DiggerCommandTest, flat, give_ratings
from tests.kroll.helpers import give_sheet
from tests.dice.scripted import ScriptedRng
from world.kroll import services as kroll_services
from world.requests import services as request_services
from world.screen import (
    WIDEST, draw_for_client, fill, fit, reset_width, screen_width, width_for_client,
)
from world.text_table import text_table

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


def widest(text):
    return max(len(line) for line in strip_ansi(text).splitlines())


def test_fit_wraps_only_what_is_too_wide_and_keeps_the_shape():
    text = ("|wShort|n line\n" + "A flush line of prose that runs on " * 3 + "\n"
            + "  - an indented note that is longer than forty columns by a bit")
    fitted = fit(text, 40)
    lines = strip_ansi(fitted).splitlines()
    assert lines[0] == "Short line" and widest(fitted) <= 40
    assert lines[1].startswith("A flush") and lines[2][0] != " "  # prose stays flush
    note = next(i for i, line in enumerate(lines) if line.startswith("  - an indented"))
    assert lines[note + 1].startswith("    ") and lines[note + 1][4] != " "  # it hangs under it
    assert flat(fitted) == flat(text)  # nothing lost, nothing added
    assert fit("|rred words that take no room|n", 27) == "|rred words that take no room|n"
    # a link is one word: its command and its text are never split
    links = "see |lchelp dungeon rules|ltthe rules|le or |lchelp newbie|ltthe first steps|le"
    assert fit(links, 20) == (
        "see |lchelp dungeon rules|ltthe rules|le or\n|lchelp newbie|ltthe first steps|le")


def test_fill_makes_a_paragraph_of_one_width():
    words = "one two three four five six seven eight nine ten " * 4
    assert widest(fill(words, 30, indent="  ")) <= 30
    assert all(line.startswith("  ") for line in fill(words, 30, indent="  ").splitlines())


class TestCommandsDrawForTheClient(DiggerCommandTest):
    def narrow(self, columns):
        self.session.protocol_flags["SCREENWIDTH"] = {0: columns}

    def reader(self, character, columns):
        """`character` online with a client `columns` wide."""
        self.connect(character).protocol_flags["SCREENWIDTH"] = {0: columns}

    def test_the_sheet_fits_a_narrow_client(self):
        self.narrow(70)
        out = self.call(CmdDigger(), "", "Digger sheet of Char")
        assert widest(out) <= 70 and "~" * 60 in out
        assert " Brute (Force)  Agility (Rush)" in out  # the ratings in a row
        self.narrow(46)
        out = self.call(CmdDigger(), "", "Digger sheet of Char")
        assert widest(out) <= 46
        assert " Wits     Investigate  0" in strip_ansi(out)  # a row each: no name broken
        # the long status line is wrapped, not cut (the test's call() drops a "+" opening a line)
        assert "asks for approval" in flat(out) and "digger/submit" in out
        assert screen_width() == WIDEST  # the default is back after the command

    def test_the_tool_designer_fits_a_narrow_client(self):
        wide = self.call(CmdTools(), "/design")
        assert any("1: Name" in line and "5: Description" in line for line in wide.splitlines())
        self.narrow(44)
        menu = self.call(CmdTools(), "/design").split("no DP was spent.")[-1]  # (the last one closes)
        assert "Designing a tool" in menu and widest(menu) <= 44
        assert "nothing is bought until b" in flat(menu)
        assert " 5: Description" in menu.splitlines()  # one option a line
        said = []
        self.char1.msg = lambda text=None, **kwargs: said.append(
            text[0] if isinstance(text, tuple) else text)
        self.char1.ndb._evmenu.parse_input("qualities")
        page = "\n".join(str(text) for text in said)
        assert "Sacrifice" in page and "~" * 40 in page and widest(page) <= 44

    def test_party_news_is_drawn_for_each_readers_width(self):
        for member in (self.char1, self.char2):
            give_ratings(member)
        self.form_party(self.char1, self.char2)
        self.reader(self.char2, 40)
        self.reader(self.char3, 35)  # an onlooker in the room
        with self.dice():
            heard = self.call(CmdDungeon(), "/enter", {self.char1: None, self.char2: None,
                                                        self.char3: None})
        assert widest(heard[self.char2]) <= 40 < widest(heard[self.char1]) <= WIDEST
        assert flat(heard[self.char2]) == flat(heard[self.char1])  # the same news
        assert "Challenge 1" in heard[self.char2]
        assert "party enters Test Barrow" in flat(heard[self.char3])  # one line for the room
        assert widest(heard[self.char3]) <= 35

    def test_a_room_description_wraps_to_the_lookers_client(self):
        self.room1.db.desc = "A long hall of grey stone under a vaulted roof, " * 4
        self.narrow(40)
        looked = self.call(CmdLook(), "")
        assert widest(looked) <= 40
        assert "A long hall of grey stone under a vaulted roof, A long hall" in flat(looked)

    def test_a_kroll_sheet_and_a_test_fit_every_reader(self):
        give_sheet(self.char1)
        give_sheet(self.char2)
        self.narrow(40)
        sheet = self.call(CmdKroll(), "/sheet")
        assert widest(sheet) <= 40 and "~" * 10 in sheet  # the game's one table style
        assert "Attribute" in sheet and "Tough" in sheet
        self.reader(self.char3, 32)
        with patch.object(kroll_services, "default_rng", ScriptedRng(5, 4, 2, 3, 3, 2, 1)):
            heard = self.call(CmdKroll(), "tough vs hard", {self.char1: None, self.char3: None})
        assert widest(heard[self.char3]) <= 32 and widest(heard[self.char1]) <= 40
        assert "Char tests Tough with 3 dice" in flat(heard[self.char3])

    def test_the_request_list_fits_a_narrow_client(self):
        actor = request_services.actor_for(self.char1)
        request_services.file_request(actor, "The lantern in the east hall went out at once",
                                      "It went out as soon as we came in. Was that right?")
        self.narrow(44)
        listed = self.call(CmdRequests(), "")
        assert widest(listed) <= 44 and "~" * 10 in listed
        assert "lantern" in listed


class TestWhatANewPlayerFirstReads(EvenniaCommandTest):
    """The connection screen, the welcome and the first look at the Lantern Yard."""

    def wide_lines(self, texts):
        return [line for text in texts for line in strip_ansi(str(text)).splitlines()
                if len(line) > WIDEST]

    def test_the_connection_screen_fits(self):
        # sent before the game knows the reader's width: it fits a narrow client
        assert max(len(line) for line in strip_ansi(CONNECTION_SCREEN).splitlines()) <= 60

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
