"""Delver's `who`: everyone online as fixed-width lines, more columns for staff (issue 21 added
Flg, Where and Doing to the players' list)."""

import evennia
from evennia.utils.test_resources import EvenniaCommandTest

from commands.social import CmdWho, forget_shared_listings


class TestWho(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        forget_shared_listings()  # a listing an earlier test made this second

    def call_who(self, cmdstring="who"):
        return self.call(CmdWho(), "", caller=self.account, cmdstring=cmdstring)

    def test_player_sees_name_time_on_and_idle_of_everyone_online(self):
        self.account.permissions.remove("Developer")
        text = self.call_who()
        lines = text.splitlines()
        assert "Who is online" in lines[0]
        assert lines[1].split() == ["Player", "Flg", "On", "for", "Idle", "Where", "Doing"]
        row = lines[2].split()
        assert row[0] == self.account.key
        assert row[1].count(":") == 1  # hh:mm, as Evennia writes it (no flags set)
        assert row[2].endswith("s")
        assert "localhost" not in text
        assert lines[-1] == "One unique account logged in."

    def test_staff_see_character_room_commands_protocol_and_host(self):
        self.session.cmd_total = 7
        text = self.call_who()
        header, row = text.splitlines()[1:3]
        assert header.split() == [
            "Player", "On", "for", "Idle", "Character", "Room", "Cmds", "Via", "Host",
        ]
        fields = row.split()
        assert fields[0] == self.account.key
        assert fields[3:] == [self.char1.key, self.room1.key, "7", "telnet", "localhost"]

    def test_doing_gives_staff_the_short_list(self):
        text = self.call_who(cmdstring="doing")
        assert text.splitlines()[1].split()[:2] == ["Player", "Flg"]

    def test_lists_every_logged_in_session_sorted_with_the_count(self):
        second = evennia.SESSION_HANDLER.session_from_sessid(1).__class__()
        second.init_session("telnet", ("127.0.0.2", 4000), evennia.SESSION_HANDLER)
        second.sessid = 2
        evennia.SESSION_HANDLER[2] = second
        second.logged_in, second.uid, second.account = True, self.account2.id, self.account2
        second.puid, second.puppet = None, None
        try:
            self.account.permissions.remove("Developer")
            text = self.call_who()
        finally:
            del evennia.SESSION_HANDLER[2]
        names = [line.split()[0] for line in text.splitlines()[2:4]]
        assert names == sorted([self.account.key, self.account2.key])
        assert text.splitlines()[-1] == "2 unique accounts logged in."

    def test_lines_fit_the_screen(self):
        self.account.permissions.remove("Developer")
        for line in self.call_who().splitlines():
            assert len(line) <= 78
