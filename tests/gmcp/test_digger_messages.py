"""Digger.Party and Digger.Run over a scripted run: the exact messages each move
sends, only to the party's clients that asked for them, and nothing to a client
that did not ask; the move is never held up by the live state."""

from unittest.mock import patch

from commands.digger import CmdAct, CmdCamp, CmdChallenge, CmdDungeon, CmdParty
from server.conf import inputfuncs
from tests.digger.fixtures import HIT, give_tool
from world.digger import rules
from world.digger.models import Run

from .support import ClientStateTest

BARROW = {"number": 1, "name": "Test Barrow", "type": "Ruin"}
TIRE = {"name": "Tire", "effect": "Exhaustion +3 (this and next)"}
FRIGHT = {"name": "Fright", "effect": "Combat -1 (this), Agility +1 (next)"}
GATE = {
    "title": "The Gate",
    "type": "Entry",
    "ability": "Brute",
    "action": "Force",
    "level": 1,
    "target": 9,
    "pending": True,
    "conditions": [TIRE],
}
HALL = {
    "title": "The Hall",
    "type": "Exploration",
    "ability": "Agility",
    "action": "Rush",
    "level": 1,
    "target": 9,
    "pending": True,
    "conditions": [FRIGHT],
}


def in_party(name, leader=False, online=True, acted=False):
    return {"name": name, "leader": leader, "online": online, "acted": acted}


def in_run(name, exhaustion=0, acted=None, belt=(), leader=False, left=False, online=True):
    return {
        "name": name,
        "leader": leader,
        "online": online,
        "left": left,
        "exhaustion": exhaustion,
        "acted": acted,
        "belt": list(belt),
    }


def crowbar(uses_left):
    return {
        "name": "Crowbar",
        "category": "Brute",
        "rating": "Major",
        "uses": 3,
        "uses_left": uses_left,
    }


def party(members, in_run=False, drawer=None, next_drawer=None, waiting=(), leader="Char"):
    return {
        "dungeon": BARROW,
        "leader": leader,
        "in_run": in_run,
        "members": members,
        "drawer": drawer,
        "next_drawer": next_drawer,
        "waiting": list(waiting),
    }


def run(challenge, card, exploration, members, conditions):
    return {
        "active": True,
        "outcome": None,
        "dungeon": BARROW,
        "challenge": challenge,
        "card": card,
        "exploration": exploration,
        "exploration_final": rules.FINAL_TRIGGER,
        "exhaustion_max": rules.EXHAUSTION_LIMIT,
        "members": members,
        "conditions": conditions,
        "effects": [],
    }


def no_run(dungeon=BARROW, outcome=None):
    return {
        "active": False,
        "outcome": outcome,
        "dungeon": dungeon,
        "challenge": 0,
        "card": None,
        "exploration": 0,
        "exploration_final": rules.FINAL_TRIGGER,
        "exhaustion_max": rules.EXHAUSTION_LIMIT,
        "members": [],
        "conditions": [],
        "effects": [],
    }


NO_PARTY = {
    "dungeon": None,
    "leader": None,
    "in_run": False,
    "members": [],
    "drawer": None,
    "next_drawer": None,
    "waiting": [],
}


class TestAScriptedRun(ClientStateTest):
    """Char leads, asking for the Digger package; Char2 asks for Digger.Run alone;
    Cid plays without asking for anything. Char2 carries a Crowbar (Efficient: 3 uses)."""

    def setUp(self):
        super().setUp()
        give_tool(self.char2, "Crowbar", rules.BRUTE, qualities=("Efficient",))
        self.ask(self.char1, "Digger 1")
        self.ask(self.char2, "Digger.Run 1")
        for box in self.outbox.values():
            box.take()

    def heard(self, character):
        return self.outbox[character].take()

    def test_every_move_sends_the_exact_state(self):
        char, char2, cid = self.char1, self.char2, self.char3
        self.call(CmdParty(), "/create 1")
        assert self.heard(char) == [
            ("Digger.Party", party([in_party("Char", leader=True)])),
            ("Digger.Run", no_run()),
        ]
        self.call(CmdParty(), "/join Char", caller=char2)
        self.call(CmdParty(), "/join Char", caller=cid)
        everyone = [in_party("Char", leader=True), in_party("Char2"), in_party("Cid")]
        assert self.heard(char)[-2:] == [
            ("Digger.Party", party(everyone)),
            ("Digger.Run", no_run()),
        ]
        assert self.heard(char2) == [("Digger.Run", no_run())] * 2  # its join, then Cid's

        with self.dice():
            self.call(CmdDungeon(), "/enter")
        fresh = [in_run("Char", leader=True), in_run("Char2", belt=[crowbar(3)]), in_run("Cid")]
        entered = run(1, GATE, 0, fresh, [{**TIRE, "challenges_left": 2}])
        waiting = ("Char", "Char2", "Cid")
        assert self.heard(char) == [
            ("Digger.Party", party(everyone, True, "Char", "Char2", waiting)),
            ("Digger.Run", entered),
        ]
        assert self.heard(char2) == [("Digger.Run", entered)]

        self.call(CmdAct(), "crowbar", caller=char2)
        acted = [in_run("Char", leader=True), in_run("Char2", 0, "Crowbar", [crowbar(2)])]
        acted.append(in_run("Cid"))
        marked = [in_party("Char", leader=True), in_party("Char2", acted=True), in_party("Cid")]
        assert self.heard(char) == [
            ("Digger.Party", party(marked, True, "Char", "Char2", ("Char", "Cid"))),
            ("Digger.Run", run(1, GATE, 0, acted, [{**TIRE, "challenges_left": 2}])),
        ]
        self.call(CmdAct(), "force", caller=char)
        self.call(CmdAct(), "force", caller=cid)
        assert [name for name, _ in self.heard(char2)] == ["Digger.Run"] * 3  # each +act
        self.heard(char)

        with self.dice(HIT, HIT, HIT):
            self.call(CmdAct(), "/complete")
        # A pass at Level 1 (Exploration from the rules table); Exhaustion 4 for the pass, 3 from Tire.
        gained = rules.EXPLORATION_PASS_BASE + rules.EXPLORATION_PASS_PER_LEVEL
        done = [in_run("Char", 7, leader=True), in_run("Char2", 7, belt=[crowbar(2)])]
        done.append(in_run("Cid", 7))
        completed = run(1, {**GATE, "pending": False}, gained, done, [{**TIRE, "challenges_left": 1}])
        assert self.heard(char) == [
            ("Digger.Party", party(everyone, True, "Char", "Char2")),
            ("Digger.Run", completed),
        ]
        assert self.heard(char2) == [("Digger.Run", completed)]

        self.call(CmdDungeon(), "/draw", caller=char2)
        conditions = [{**TIRE, "challenges_left": 1}, {**FRIGHT, "challenges_left": 2}]
        drawn = run(2, HALL, gained, done, conditions)
        assert self.heard(char) == [
            ("Digger.Party", party(everyone, True, "Char2", "Cid", waiting)),
            ("Digger.Run", drawn),
        ]
        assert self.heard(cid) == []
        assert Run.objects.get().state["exploration"] == gained

    def test_looking_at_the_camp_refreshes_only_the_one_who_looks(self):
        self.form_party(self.char1, self.char2, self.char3)
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.heard(self.char1), self.heard(self.char2)
        self.call(CmdCamp(), "", caller=self.char2)
        assert [name for name, _ in self.heard(self.char2)] == ["Digger.Run"]
        assert self.heard(self.char1) == []
        self.call(CmdChallenge(), "")
        assert [name for name, _ in self.heard(self.char1)] == ["Digger.Party", "Digger.Run"]

    def test_leaving_a_run_and_the_retreat(self):
        self.form_party(self.char1, self.char2, self.char3)
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.heard(self.char1), self.heard(self.char2)
        self.call(CmdParty(), "/leave", caller=self.char2)
        # Char2 hears it is in no party (Digger.Run only: it asked for nothing else).
        assert self.heard(self.char2) == [("Digger.Run", no_run(dungeon=None))]
        party_now, run_now = self.heard(self.char1)
        assert party_now[1]["members"] == [in_party("Char", leader=True), in_party("Cid")]
        assert [member["left"] for member in run_now[1]["members"]] == [False, True, False]

        self.call(CmdDungeon(), "/retreat")
        assert self.heard(self.char1) == [
            ("Digger.Party", party([in_party("Char", leader=True), in_party("Cid")])),
            ("Digger.Run", no_run(outcome=rules.RETREAT)),
        ]

    def test_the_last_to_leave_disbands_and_hears_of_it(self):
        self.call(CmdParty(), "/create 1")
        self.heard(self.char1)
        self.call(CmdParty(), "/leave")
        assert self.heard(self.char1) == [("Digger.Party", NO_PARTY), ("Digger.Run", no_run(None))]

    def test_a_refused_move_sends_nothing(self):
        self.call(CmdParty(), "/join Cid", "Cid is not in a party.")
        self.call(CmdDungeon(), "/draw", "You are not in a party.")
        assert self.heard(self.char1) == []

    def test_digger_get_answers_only_a_client_that_asked(self):
        self.form_party(self.char1, self.char3)
        self.heard(self.char1)
        inputfuncs.digger_get(self.client[self.char1])
        assert [name for name, _ in self.heard(self.char1)] == ["Digger.Party", "Digger.Run"]
        inputfuncs.digger_get(self.client[self.char3])
        assert self.heard(self.char3) == []

    def test_a_member_going_away_and_coming_back(self):
        from world.client_state.inputs import on_puppet, on_unpuppet

        self.form_party(self.char1, self.char2)
        self.heard(self.char1)
        session = self.client[self.char2]
        self.char2.sessions.remove(session)
        on_unpuppet(self.char2, session=session)
        assert self.heard(self.char1)[0][1]["members"][1] == in_party("Char2", online=False)
        self.char2.sessions.add(session)
        on_puppet(self.char2, session=session)
        assert self.heard(self.char1)[0][1]["members"][1] == in_party("Char2")
        assert [name for name, _ in self.heard(self.char2)] == ["Digger.Run"] * 2

    def test_the_messages_cost_the_same_queries_for_a_party_of_two_and_of_seven(self):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from world.client_state.packages import send_party

        def queries_for(members):
            for member in members:
                self.ask(member, "Digger 1")
            with CaptureQueriesContext(connection) as queries:
                send_party(members)
            return len(queries)

        pair = [self.make_character(f"Two{i}") for i in range(2)]
        crew = [self.make_character(f"Crew{i}") for i in range(7)]
        for members in (pair, crew):
            for member in members:
                self.client[member] = self.connect(member)
                self.client[member].data_out = lambda **kwargs: None
            self.form_party(*members)
            with self.dice():
                self.call(CmdDungeon(), "/enter", caller=members[0])
        assert queries_for(pair) == queries_for(crew) <= 3

    def test_a_failing_live_state_does_not_touch_the_move(self):
        self.form_party(self.char1, self.char2)
        self.heard(self.char1)
        with (
            patch("world.client_state.packages.camp_view", side_effect=RuntimeError("boom")),
            patch("world.client_state.hooks.logger.log_trace") as logged,
        ):
            with self.dice():
                self.call(CmdDungeon(), "/enter", "[Digger] Char leads the party into Test Barrow.")
        assert logged.called
        assert Run.objects.filter(ended_at__isnull=True).exists()
        assert self.heard(self.char1) == []

    def test_a_failing_live_state_does_not_stop_a_login_or_a_move(self):
        from world.client_state.inputs import on_puppet

        self.form_party(self.char1, self.char2)
        with (
            patch("world.client_state.packages.send_party", side_effect=RuntimeError("boom")),
            patch("world.client_state.packages.send", side_effect=RuntimeError("boom")),
            patch("world.client_state.hooks.logger.log_trace") as logged,
        ):
            on_puppet(self.char2, session=self.client[self.char2])
            self.char2.move_to(self.room2, quiet=True)
        assert logged.call_count == 2
        assert self.char2.location == self.room2
