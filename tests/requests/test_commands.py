"""
+request and +requests in the game: a player and a staff member through the
whole flow, privacy against a second player, and the refusals.

In Evennia's test world char1 (TestAccount) is staff (Developer); char2
(TestAccount2) files requests; char3 (a third account made here) is the
other player who must never see them.
"""

import sys
import types
from datetime import timedelta
from unittest.mock import patch

import evennia
from django.test import Client
from django.urls import reverse
from evennia.comms.models import ChannelDB
from evennia.server.serversession import ServerSession
from evennia.utils import create
from evennia.utils.test_resources import EvenniaCommandTest

from commands.requests import CmdRequest, CmdRequests
from server.conf import at_server_startstop
from world.requests import notify, rules
from world.requests.models import Entry, Event, Request


class RequestDeskTest(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        self.account3 = create.create_account(
            "Snoop", email="s@example.com", password="testpassword"
        )
        self.char3 = create.create_object(
            self.character_typeclass, key="Snoopy", location=self.room1, home=self.room1
        )
        self.char3.account = self.account3
        notify.on_login(self.account)  # staff join the Requests channel at login
        self.extra_sessions = []

    def tearDown(self):
        # Before the base tearDown, whose account deletion would ask a portal to drop them.
        for sessid in self.extra_sessions:
            evennia.SESSION_HANDLER.pop(sessid, None)
        self.account3.delete()
        super().tearDown()

    def file(self, args="/bug Broken door=The north door will not open.", caller=None):
        self.call(CmdRequest(), args, "Request #", caller=caller or self.char2)
        return Request.objects.latest("id")

    def log_in(self, account, sessid):
        """Give `account` a live session, so it counts as online."""
        session = ServerSession()
        session.init_session("telnet", ("localhost", "testmode"), evennia.SESSION_HANDLER)
        session.sessid = sessid
        evennia.SESSION_HANDLER.portal_connect(session.get_sync_data())
        session = evennia.SESSION_HANDLER.session_from_sessid(sessid)
        evennia.SESSION_HANDLER.login(session, account, testmode=True)
        self.extra_sessions.append(sessid)


class TestWholeFlow(RequestDeskTest):
    def test_player_and_staff_through_a_request(self):
        # Filing answers with the number and tells the staff channel.
        out = self.call(
            CmdRequest(),
            "/bug Broken door=The north door will not open.",
            {self.char2: "Request #", self.account: "[Requests] New bug request #"},
            caller=self.char2,
        )
        request = Request.objects.get()
        self.assertIn(f"#{request.id}", out[self.char2])
        self.assertEqual(
            (request.category, request.status, request.filer, request.filed_as),
            ("bug", "open", self.account2, "Char2"),
        )
        number = request.id

        listing = self.call(CmdRequests(), "", "Your requests", caller=self.char2)
        self.assertIn("Broken door", listing)
        self.assertIn("bug", listing)
        self.assertIn("open", listing)

        queue = self.call(CmdRequests(), "/all", "Request queue", caller=self.char1)
        self.assertIn("Broken door", queue)
        self.assertIn("Char2", _line_with("Broken door", queue))

        self.call(CmdRequest(), f"/claim {number}", f"#{number} is yours now.", caller=self.char1)
        self.call(CmdRequest(), f"/note {number}=Hinges rusted: builder error", "Staff note added")
        self.call(CmdRequest(), f"/comment {number}=Fixed, try again.", "You added a comment")

        # The player sees the staff reply as new, and reads it; never the note.
        listing = self.call(CmdRequests(), "", "Your requests", caller=self.char2)
        self.assertIn("*", _line_with("Broken door", listing))
        shown = self.call(
            CmdRequest(), f"{number}", f"Request #{number}: Broken door", caller=self.char2
        )
        self.assertIn("Fixed, try again.", shown)
        self.assertIn("The north door will not open.", shown)
        self.assertNotIn("Hinges rusted", shown)
        self.assertNotIn("History", shown)
        listing = self.call(CmdRequests(), "", "Your requests", caller=self.char2)
        self.assertNotIn("*", _line_with("Broken door", listing))

        # The player comments back: staff hear of it on the channel.
        self.call(
            CmdRequest(),
            f"/comment {number}=Works now, thanks!",
            {
                self.char2: f"You added a comment to #{number}",
                self.account: "[Requests] TestAccount2 commented",
            },
            caller=self.char2,
        )

        # Staff see the note, the history and close with an answer.
        staff_view = self.call(CmdRequest(), f"{number}", f"Request #{number}", caller=self.char1)
        for expected in ("Hinges rusted", "History", "claimed", "added a staff note", "Works now"):
            self.assertIn(expected, staff_view)
        self.call(CmdRequest(), f"/close {number}=Door repaired.", f"#{number} is closed")
        request.refresh_from_db()
        self.assertEqual((request.status, request.resolution), ("closed", "Door repaired."))
        self.assertIn(
            "Door repaired.", self.call(CmdRequest(), f"{number}", None, caller=self.char2)
        )

        self.call(CmdRequest(), f"/reopen {number}", f"#{number} is open again.")
        self.call(
            CmdRequest(), f"/addplayer {number}=Snoopy", f"Snoop can now read and follow #{number}"
        )
        self.assertIn(
            "Broken door", self.call(CmdRequest(), f"{number}", "Request #", caller=self.char3)
        )
        self.call(
            CmdRequest(), f"/cancel {number}", f"You withdrew request #{number}", caller=self.char2
        )

        actions = list(request.events.values_list("action", flat=True))
        self.assertEqual(
            actions,
            [
                "filed",
                "claimed",
                "noted",
                "commented",
                "commented",
                "closed",
                "reopened",
                "player_added",
                "cancelled",
            ],
        )
        self.assertTrue(all(event.actor and event.created for event in request.events.all()))

    def test_plain_request_is_general_and_bare_command_lists(self):
        request = self.file("Question=How do forms work?")
        self.assertEqual(request.category, "general")
        self.assertIn("Question", self.call(CmdRequest(), "", "Your requests", caller=self.char2))

    def test_every_category_of_the_rules_is_a_switch(self):
        for category in rules.CATEGORIES:
            self.assertEqual(self.file(f"/{category} About {category}=Details.").category, category)

    def test_the_real_command_line_reaches_both_commands(self):
        self.char2.execute_cmd("+request/plot A hook=Rumours of a vault.")
        self.assertEqual(Request.objects.get().category, "plot")
        result = self.call(CmdRequests(), "", "Your requests", caller=self.char2)
        self.assertIn("A hook", result)


class TestNotices(RequestDeskTest):
    def test_assignee_is_told(self):
        staff2 = create.create_account("Warden", email="w@example.com", password="testpassword")
        staff2.permissions.add("Builder")
        self.addCleanup(staff2.delete)
        number = self.file().id
        self.call(
            CmdRequest(),
            f"/assign {number}=TestAccount",
            {self.account: f"Requests: Warden gave you request #{number}"},
            caller=_character_of(self, staff2),
        )
        self.assertEqual(Request.objects.get().assignee, self.account)

    def test_online_player_hears_of_staff_reply(self):
        self.log_in(self.account2, sessid=2)
        number = self.file().id
        self.call(
            CmdRequest(),
            f"/comment {number}=Looking into it.",
            {
                self.char1: "You added a comment",
                self.account2: f"Requests: Staff replied to your request #{number}",
            },
        )

    def test_a_staff_note_tells_no_player_and_not_the_channel(self):
        warden = create.create_account("Warden", email="w@example.com", password="testpassword")
        warden.permissions.add("Builder")
        self.addCleanup(warden.delete)
        self.log_in(warden, sessid=3)  # joins the staff channel
        self.log_in(self.account2, sessid=2)
        number = self.file().id
        listeners = (warden, self.account, self.account2)
        heard = self.call(
            CmdRequest(),
            f"/note {number}=Internal only.",
            {self.char1: "Staff note added", **{account: None for account in listeners}},
        )
        for account in listeners:
            self.assertEqual(heard[account], "", account)
        # Both are listening: a player's comment reaches the channel, a staff one the player.
        self.call(CmdRequest(), f"/comment {number}=Hm?", {warden: "[Requests]"}, caller=self.char2)
        self.call(CmdRequest(), f"/comment {number}=Soon.", {self.account2: "Requests: Staff"})

    def test_login_notice_for_unread_staff_replies(self):
        number = self.file().id
        self.call(CmdRequest(), f"/comment {number}=Answered.", "You added a comment")
        told = []
        self.account2.msg = told.append
        try:
            notify.on_login(self.account2)
            self.assertEqual(len(told), 1)
            self.assertIn(f"#{number}", told[0])
            told.clear()
            self.call(CmdRequest(), f"{number}", "Request #", caller=self.char2)
            notify.on_login(self.account2)
            self.assertEqual(told, [])
        finally:
            del self.account2.msg

    def test_a_failed_notice_neither_undoes_nor_denies_the_change(self):
        number = self.file().id
        broken = patch("world.requests.notify.staff_channel", side_effect=RuntimeError("down"))
        with broken, patch("world.requests.notify.logger.log_trace") as trace:
            out = self.call(
                CmdRequest(), f"/comment {number}=Still stuck.", "You added", caller=self.char2
            )
            self.file("Another=Filed while the channel is down.")
        self.assertNotIn("Sorry", out)
        self.assertEqual(trace.call_count, 2)
        self.assertEqual(Entry.objects.get().text, "Still stuck.")
        self.assertEqual(Request.objects.count(), 2)

        # One failed delivery does not stop the others.
        self.log_in(self.account2, sessid=2)
        broken = patch("world.requests.render.staff_announcement", side_effect=RuntimeError)
        with broken, patch("world.requests.notify.logger.log_trace") as trace:
            self.call(
                CmdRequest(),
                f"/close {number}=Fixed.",
                {self.char1: f"#{number} is closed", self.account2: "Requests: Staff closed"},
            )
        self.assertEqual(Request.objects.get(id=number).status, "closed")

    def test_staff_online_before_the_channel_exists_hear_it(self):
        warden = create.create_account("Warden", email="w@example.com", password="testpassword")
        warden.permissions.add("Builder")
        self.addCleanup(warden.delete)
        self.log_in(warden, sessid=3)
        self.log_in(self.account2, sessid=2)
        # As after a reload into this code: sessions survive, nobody logs in again.
        notify.staff_channel().delete()
        self.call(
            CmdRequest(),
            "Lost=Where is the shrine?",
            {self.char2: "Request #", warden: "[Requests] New general request #"},
            caller=self.char2,
        )
        channel = notify.staff_channel()
        self.assertTrue(channel.has_connection(warden))
        self.assertFalse(channel.has_connection(self.account2))

    def test_the_server_start_makes_the_staff_channel(self):
        notify.staff_channel().delete()
        with patch("world.digger.store.load_sample_dungeons"):
            at_server_startstop.at_server_start()
        self.assertIsNotNone(ChannelDB.objects.get_channel(rules.STAFF_CHANNEL))
        failing = patch("world.requests.notify.staff_channel", side_effect=RuntimeError("db"))
        with failing, patch("world.requests.notify.logger.log_trace") as trace:
            notify.ensure_staff_channel()  # the server still starts
        trace.assert_called_once()

    def test_staff_channel_is_created_once_and_locked_to_staff(self):
        channel = notify.staff_channel()
        self.assertEqual(notify.staff_channel().id, channel.id)
        self.assertTrue(channel.access(self.account, "listen"))
        self.assertFalse(channel.access(self.account2, "listen"))
        self.assertTrue(channel.has_connection(self.account))


class TestTypedText(RequestDeskTest):
    def raw(self, receiver, args, caller=None):
        """What `receiver` is sent while `caller` runs +request `args`, codes and all."""
        with patch.object(receiver, "msg") as msg:
            command = CmdRequests() if args.startswith("/all") or args == "" else CmdRequest()
            # call() must not mock `receiver` itself: it would hand back parsed text.
            self.call(command, args, {self.obj1: None}, caller=caller or self.char1)
        return "\n".join(
            str(call.args[0] if call.args else call.kwargs.get("text")) for call in msg.mock_calls
        )

    def test_links_typed_by_players_never_reach_a_client_but_colour_does(self):
        self.log_in(self.account2, sessid=2)
        self.char2.key = "|lc@quit|ltSir Click|le"
        title, text = "|r|lcquit|ltClick me|le|n", "See ||lchome||ltthere||le and |lcquit|lthalf"
        heard = {
            "filing": self.raw(self.char2, f"/bug {title}={text}", caller=self.char2),
            "channel": self.raw(self.account, f"/bug {title}=x", caller=self.char2),
        }
        number = Request.objects.earliest("id").id
        heard["reply to the player"] = self.raw(self.account2, f"/comment {number}={text}")
        heard["own list"] = self.raw(self.char2, "", caller=self.char2)
        heard["player's view"] = self.raw(self.char2, f"{number}", caller=self.char2)
        heard["queue"] = self.raw(self.char1, "/all")
        heard["staff view"] = self.raw(self.char1, f"{number}")
        for what, raw in heard.items():
            for code in ("|lc", "|lt", "|le"):
                self.assertNotIn(code, raw, what)
            self.assertIn("Click", raw, what)
        for what in heard:
            self.assertIn("|rClick me|n", heard[what], what)
        self.assertIn("Sir Click", heard["staff view"])
        self.assertIn("See there and ", heard["staff view"])


class TestPrivacy(RequestDeskTest):
    def test_another_player_can_do_nothing_with_it(self):
        request = self.file()
        number = request.id
        for args in (f"{number}", f"/comment {number}=Mine now", f"/cancel {number}"):
            out = self.call(CmdRequest(), args, None, caller=self.char3)
            self.assertIn("no such request", out)
            self.assertNotIn("Broken door", out)
        for args in (
            f"/close {number}=done",
            f"/claim {number}",
            f"/note {number}=x",
            f"/reopen {number}",
            f"/addplayer {number}=Snoop",
            f"/assign {number}=Snoop",
        ):
            self.call(CmdRequest(), args, "Only staff can do that.", caller=self.char3)
        self.assertNotIn(
            "Broken door", self.call(CmdRequests(), "", "You have no requests", caller=self.char3)
        )
        self.call(CmdRequests(), "/all", "Only staff can do that.", caller=self.char3)
        self.call(CmdRequests(), "/all", "Only staff can do that.", caller=self.char2)

        request.refresh_from_db()
        self.assertEqual(
            (request.status, request.assignee, request.entries.count()), ("open", None, 0)
        )
        self.assertEqual(request.events.count(), 1)

    def test_a_missing_number_reads_the_same_as_a_private_one(self):
        number = self.file().id
        private = self.call(CmdRequest(), f"{number}", None, caller=self.char3)
        missing = self.call(CmdRequest(), f"{number + 1000}", None, caller=self.char3)
        self.assertEqual(
            private.replace(str(number), "N"), missing.replace(str(number + 1000), "N")
        )

    def test_filer_player_cannot_use_staff_switches(self):
        number = self.file().id
        self.call(
            CmdRequest(), f"/close {number}=Solved it myself", "Only staff", caller=self.char2
        )
        self.call(CmdRequest(), f"/note {number}=note", "Only staff", caller=self.char2)
        self.assertEqual(Request.objects.get().status, "open")

    def test_added_player_may_read_but_not_withdraw(self):
        number = self.file().id
        self.call(CmdRequest(), f"/addplayer {number}=Snoop", "Snoop can now")
        self.call(CmdRequest(), f"/cancel {number}", "Only the player who filed", caller=self.char3)

    def test_a_player_added_in_game_follows_the_request_on_the_web(self):
        request = self.file()
        snoop = Client()
        snoop.force_login(self.account3)
        detail = reverse("requests:detail", args=[request.id])
        self.assertEqual(snoop.get(detail).status_code, 404)
        self.call(CmdRequest(), f"/addplayer {request.id}=Snoopy", "Snoop can now")
        self.call(CmdRequest(), f"/note {request.id}=Secret: Snoop saw it", "Staff note added")

        self.assertIn("Broken door", snoop.get(reverse("requests:mine")).content.decode())
        shown = snoop.get(detail)
        self.assertEqual(shown.status_code, 200)
        self.assertIn("The north door will not open.", shown.content.decode())
        self.assertNotIn("Secret", shown.content.decode())
        comment = reverse("requests:act", args=[request.id, "comment"])
        self.assertEqual(snoop.post(comment, {"value": "I saw it too."}).status_code, 302)
        self.assertEqual(request.entries.get(author=self.account3).text, "I saw it too.")

    def test_quelled_staff_are_players(self):
        number = self.file().id
        self.account.attributes.add("_quell", True)
        self.char1.permissions.remove("Developer")  # quelling uses the character's rights
        self.call(CmdRequest(), f"{number}", "There is no such request", caller=self.char1)


class TestRefusals(RequestDeskTest):
    def test_bad_and_unknown_numbers(self):
        self.call(CmdRequest(), "abc", "Give the request's number, like 12.", caller=self.char2)
        self.call(CmdRequest(), "/comment x=hi", "Give the request's number", caller=self.char2)
        self.call(CmdRequest(), "999", "There is no such request (#999).", caller=self.char2)
        self.call(CmdRequest(), "0", "There is no such request", caller=self.char1)
        self.call(
            CmdRequest(), "99999999999999999999999", "There is no such request", caller=self.char1
        )
        self.call(CmdRequest(), "/claim", "Give the request's number", caller=self.char1)

    def test_numbers_are_ascii_digits_of_a_sane_length(self):
        number = self.file().id
        with patch("commands.command.logger.log_trace") as trace:
            for args in ("²", "①", f"{number}²", "#٣", "/comment ²=hi", "/cancel ①"):
                self.call(CmdRequest(), args, "Give the request's number", caller=self.char2)
            huge = "9" * 5000
            out = self.call(CmdRequest(), huge, "There is no such request", caller=self.char2)
            self.assertLess(len(out), 100)
            self.call(CmdRequest(), f"/comment {huge}=hi", "There is no such request")
            self.call(CmdRequest(), f"#{'0' * 5000}{number}", "Request #", caller=self.char2)
        trace.assert_not_called()
        self.assertEqual(Entry.objects.count(), 0)

    def test_empty_and_overlong_texts(self):
        self.call(CmdRequest(), "=Some text", "The title is empty", caller=self.char2)
        self.call(CmdRequest(), "A title=", "The text is empty", caller=self.char2)
        self.call(CmdRequest(), "/bug A title", "Give a title and a text", caller=self.char2)
        long_title = "t" * (rules.TITLE_MAX + 1)
        self.call(CmdRequest(), f"{long_title}=x", "The title is too long", caller=self.char2)
        self.call(
            CmdRequest(),
            f"T={'x' * (rules.TEXT_MAX + 1)}",
            "The text is too long",
            caller=self.char2,
        )
        self.assertFalse(Request.objects.exists())
        number = self.file().id
        self.call(CmdRequest(), f"/comment {number}=", "The comment is empty", caller=self.char2)
        self.call(
            CmdRequest(), f"/comment {number}", "Give your comment after =", caller=self.char2
        )
        self.call(CmdRequest(), f"/close {number}=", "The resolution is empty")
        self.assertEqual(Entry.objects.count(), 0)

    def test_unknown_category_switch(self):
        out = self.call(CmdRequest(), "/weird T=x", None, caller=self.char2)
        self.assertIn("has no switch /weird", out)
        self.assertFalse(Request.objects.exists())

    def test_ambiguous_switch_files_nothing(self):
        out = self.call(CmdRequest(), "/c Title=text", None, caller=self.char2)
        self.assertIn("Usage:", out)
        self.assertFalse(Request.objects.exists())

    def test_empty_switch_files_nothing(self):
        for raw in ("// Title=text", "/bug/ Title=text"):
            out = self.call(CmdRequest(), raw, None, caller=self.char2)
            self.assertIn("A / needs a switch name", out)
            self.assertNotIn("Ambiguous", out)
        self.assertIn("A / needs a switch name", self.call(CmdRequests(), "//", None))
        self.assertFalse(Request.objects.exists())

    def test_state_refusals(self):
        number = self.file().id
        self.call(CmdRequest(), f"/close {number}=Done.", f"#{number} is closed")
        self.call(CmdRequest(), f"/close {number}=Again.", f"#{number} is already closed.")
        self.call(
            CmdRequest(), f"/cancel {number}", f"#{number} is already closed.", caller=self.char2
        )
        self.call(
            CmdRequest(),
            f"/comment {number}=But!",
            f"#{number} is closed: file a new",
            caller=self.char2,
        )
        self.call(CmdRequest(), f"/claim {number}", f"#{number} is already closed.")
        self.call(CmdRequest(), f"/reopen {number}", f"#{number} is open again.")
        self.call(CmdRequest(), f"/reopen {number}", f"#{number} is already open.")
        self.call(CmdRequest(), f"/claim {number}", f"#{number} is yours now")
        self.call(CmdRequest(), f"/claim {number}", f"#{number} is already yours.")
        self.call(CmdRequest(), f"/assign {number}=TestAccount2", "TestAccount2 is not staff")
        self.call(CmdRequest(), f"/assign {number}=Nobody", "Nobody here is called Nobody.")
        self.call(CmdRequest(), f"/addplayer {number}=TestAccount2", "TestAccount2 can already see")
        self.assertEqual(
            list(Event.objects.values_list("action", flat=True)),
            ["filed", "closed", "reopened", "claimed"],
        )

    def test_queue_filters(self):
        bug = self.file().id
        self.file("/plot Hook=A rumour.")
        self.call(CmdRequest(), f"/close {bug}=Fixed.", "#")
        self.assertNotIn("Broken door", self.call(CmdRequests(), "/all", "Request queue"))
        closed_bugs = self.call(CmdRequests(), "/all status=closed category=bug", "Request queue")
        self.assertIn("Broken door", closed_bugs)
        self.assertNotIn("Hook", closed_bugs)
        everything = self.call(CmdRequests(), "/all status=all", "Request queue")
        self.assertLess(everything.index("Hook"), everything.index("Broken door"))  # open first
        self.assertIn(
            "Hook", self.call(CmdRequests(), "/all assignee=none player=Char2", "Request queue")
        )
        self.call(CmdRequests(), "/all player=Snoop", "No requests match")
        self.call(CmdRequests(), "/all colour=red", "Unknown filter colour")
        self.call(CmdRequests(), "/all status=lost", "There is no status lost")
        self.call(CmdRequests(), "/all category=weird", "There is no category weird")
        self.call(CmdRequests(), "/all closed", "Filters look like key=value")


class TestQueueOrder(RequestDeskTest):
    def test_open_requests_come_oldest_first(self):
        newer = self.file("Newer=Filed second.")
        older = self.file("Older=Filed first.")
        closed = self.file("Oldest but closed=Done with.")
        # Numbers and age disagree, so the order shows which one the queue follows.
        Request.objects.filter(id=older.id).update(created=newer.created - timedelta(hours=1))
        Request.objects.filter(id=closed.id).update(created=newer.created - timedelta(days=1))
        self.call(CmdRequest(), f"/close {closed.id}=Done.", "#")
        self.call(CmdRequest(), f"/comment {older.id}=Latest activity.", "You added")
        queue = self.call(CmdRequests(), "/all status=all", "Request queue")
        titles = [title for title in ("Older", "Newer", "Oldest but closed") if title in queue]
        self.assertEqual(
            sorted(titles, key=queue.index), ["Older", "Newer", "Oldest but closed"]
        )


class TestDiggerLink(RequestDeskTest):
    def test_request_from_a_run_shows_staff_its_roll_log(self):
        digger = types.ModuleType("world.digger.services")
        digger.active_run_id = lambda character: 7 if character == self.char2 else None
        digger.run_log = lambda run_id: [f"Char2 rolled 2d6 (6, 6) +2 = 14 vs 11 in run {run_id}"]
        with patch.dict(sys.modules, {"world.digger.services": digger}):
            number = self.file("/digger Trap=The Level looked wrong.").id
            staff_view = self.call(CmdRequest(), f"{number}", f"Request #{number}")
            player_view = self.call(
                CmdRequest(), f"{number}", f"Request #{number}", caller=self.char2
            )
        self.assertEqual(Request.objects.get().run_id, 7)
        self.assertIn("Roll log of Digger run #7", staff_view)
        self.assertIn("Char2 rolled 2d6 (6, 6) +2 = 14 vs 11 in run 7", staff_view)
        self.assertNotIn("rolled", player_view)
        self.assertNotIn("run #7", player_view)


def _line_with(text, output):
    return next(line for line in output.splitlines() if text in line)


def _character_of(test, account):
    character = create.create_object(
        test.character_typeclass, key=account.username, location=test.room1, home=test.room1
    )
    character.account = account
    test.addCleanup(character.delete)
    return character
