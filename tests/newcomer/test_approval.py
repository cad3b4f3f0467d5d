"""Approval: filed by the player, staff told, one pending list, the sheet shows it,
and only approved delvers enter a dungeon (a refusal that says how)."""

from unittest.mock import patch

import evennia
from django.test import override_settings

from commands.digger import CmdApprove, CmdDigger, CmdDungeon
from world.digger import approval
from world.digger.models import Run
from tests.digger.fixtures import DiggerCommandTest, give_ratings


@override_settings(DIGGER_APPROVAL_REQUIRED=True)
class TestApproval(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        self.staff_told = []
        self.account.msg = lambda text=None, **kw: self.staff_told.append(text)
        online = patch.object(
            evennia.SESSION_HANDLER,
            "all_connected_accounts",
            lambda: [self.account, self.account2],
        )
        online.start()
        self.addCleanup(online.stop)

    def test_submit_tells_staff_and_shows_on_the_sheet(self):
        assert "+digger/submit asks for approval" in self.call(CmdDigger(), "", caller=self.char2)
        said = self.call(CmdDigger(), "/submit", caller=self.char2)
        assert "You ask staff to approve your character" in said
        assert any("Char2 asks to be approved" in str(text) for text in self.staff_told)
        assert "waiting for staff to approve" in self.call(CmdDigger(), "", caller=self.char2)
        again = self.call(CmdDigger(), "/submit", caller=self.char2)
        assert "You asked for approval on" in again
        assert len([t for t in self.staff_told if "asks to be approved" in str(t)]) == 1

    def test_staff_see_one_pending_list(self):
        assert "Nobody is waiting" in self.call(CmdApprove(), "")
        self.call(CmdDigger(), "/submit", caller=self.char2)
        self.call(CmdDigger(), "/submit", caller=self.char3)
        listing = self.call(CmdApprove(), "")
        assert "Waiting for approval" in listing
        assert listing.index("Char2") < listing.index("Cid")
        self.call(CmdApprove(), "Char2")
        listing = self.call(CmdApprove(), "")
        assert "Char2" not in listing and "Cid" in listing

    def test_staff_hear_of_waiting_characters_at_login(self):
        from world.digger import comeback

        comeback.tell_staff(self.account)
        assert not any("wait" in str(text) for text in self.staff_told)
        self.call(CmdDigger(), "/submit", caller=self.char2)
        self.call(CmdDigger(), "/submit", caller=self.char3)
        self.staff_told.clear()
        comeback.tell_staff(self.account)
        assert self.staff_told == [
            "|wApproval|n: 2 characters wait for approval; +approve lists them."]
        heard = []
        self.account2.msg = lambda text=None, **kw: heard.append(text)
        comeback.tell_staff(self.account2)  # a player hears nothing of it
        assert heard == []

    def test_players_cannot_list_or_approve(self):
        said = self.call(CmdApprove(), "", caller=self.char2)
        assert "Waiting for approval" not in said

    def test_unapproved_party_is_refused_at_the_door(self):
        for member in (self.char1, self.char2):
            give_ratings(member)
        self.form_party(self.char1, self.char2)
        approval.approve(self.char1, self.char1)
        refused = self.call(CmdDungeon(), "/enter")
        assert "Only approved delvers may enter a dungeon" in refused
        assert "Char2 is not approved yet" in refused and "+digger/submit" in refused
        assert not Run.objects.exists()
        approval.approve(self.char1, self.char2)
        with self.dice():
            entered = self.call(CmdDungeon(), "/enter")
        assert "Challenge 1" in entered and Run.objects.exists()

    def test_a_lone_unapproved_leader_is_told_how(self):
        give_ratings(self.char2)
        self.form_party(self.char2)
        refused = self.call(CmdDungeon(), "/enter", caller=self.char2)
        assert refused.startswith("Only approved delvers may enter a dungeon: type +digger/submit")
        self.call(CmdDigger(), "/submit", caller=self.char2)
        refused = " ".join(self.call(CmdDungeon(), "/enter", caller=self.char2).split())
        assert "You have asked for approval and staff have been told" in refused

    def test_the_door_says_who_has_asked_and_who_has_not(self):
        for member in (self.char1, self.char2, self.char3):
            give_ratings(member)
        self.form_party(self.char1, self.char2, self.char3)
        for member in (self.char1, self.char2):
            self.call(CmdDigger(), "/submit", caller=member)
        refused = " ".join(self.call(CmdDungeon(), "/enter").split())
        assert refused == (
            "Only approved delvers may enter a dungeon, and Char, Char2 and Cid are not "
            "approved yet. Cid has not asked: +digger/submit asks staff. Char and Char2 have "
            "asked and wait for staff (help approval)."
        )

    def test_the_welcome_text_names_the_first_steps(self):
        from server.conf.connection_screens import CONNECTION_SCREEN

        assert "help newbie" in CONNECTION_SCREEN
