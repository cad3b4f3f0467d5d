"""+party: making, joining, leaving, promoting and resetting, with every refusal, and
what leaving does to a run in progress."""

from commands.digger import CmdAct, CmdDungeon, CmdParty
from world.digger import rules
from world.digger.models import Dungeon, Party, PartyMember, Run

from world.digger.store import save_dungeon

from .fixtures import HIT, DiggerCommandTest, barrow, flat, give_ratings


def roster():
    return [(m.character.key, m.is_leader) for m in PartyMember.objects.order_by("id")]


class TestMakingAndJoining(DiggerCommandTest):
    def test_create_and_join_tell_the_party_wherever_they_are(self):
        out = self.call(
            CmdParty(),
            "/create 1",
            {
                self.char1: "[Digger] Char gathers a party",
                self.char2: "[Digger] Char gathers a party",
            },
        )
        # (the test's call() drops a "+" that starts a line, as a wrapped one here does)
        assert "Others join with" in flat(out[self.char1]) and "party/join Char." in out[self.char1]
        self.call(
            CmdParty(),
            "/join Char",
            {
                self.far: "[Digger] Faraway joins the party",
                self.char1: "[Digger] Faraway joins the party",
            },
            caller=self.far,
        )
        assert roster() == [("Char", True), ("Faraway", False)]
        out = self.call(CmdParty(), "", "Party for dungeon #1, Test Barrow: waiting to enter")
        assert "Char (leader)" in out and "Faraway" in out

    def test_refusals_change_nothing(self):
        save_dungeon(barrow(2, name="Draft"), published=False)
        self.call(CmdParty(), "/create 9", "There is no open dungeon #9; +dungeon/list shows them.")
        self.call(CmdParty(), "/create 2", "There is no open dungeon #2")
        self.call(CmdParty(), "/create one", "Give the dungeon's number as a number.")
        self.call(CmdParty(), "/join Char2", "Char2 is not in a party.")
        self.call(CmdParty(), "/join Nobody", "There is no character called 'Nobody'.")
        self.call(CmdParty(), "/join", "Name someone in the party you want to join.")
        self.call(CmdParty(), "/leave", "You are not in a party.")
        self.call(CmdParty(), "/reset", "You are not in a party.")
        assert not Party.objects.exists()
        self.call(CmdParty(), "/create 1")
        self.call(CmdParty(), "/create 1", "You are in a party for dungeon #1 already")
        self.call(CmdParty(), "/join Char", "Name someone else", caller=self.char1)
        assert Party.objects.count() == 1 and roster() == [("Char", True)]
        assert Dungeon.objects.get(number=1).parties.count() == 1

    def test_an_eighth_member_is_refused(self):
        self.call(CmdParty(), "/create 1")
        for i in range(rules.PARTY_MAX - 1):
            self.call(CmdParty(), "/join Char", caller=self.make_character(f"Delver{i}"))
        self.call(
            CmdParty(),
            "/join Char",
            f"Char's party is full ({rules.PARTY_MAX} members).",
            caller=self.char2,
        )
        assert PartyMember.objects.count() == rules.PARTY_MAX

    def test_nobody_joins_a_party_in_the_dungeon(self):
        give_ratings(self.char1)
        self.form_party(self.char1)
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.call(
            CmdParty(),
            "/join Char",
            "Char's party is in the dungeon: nobody can join until " "the run ends.",
            caller=self.char2,
        )
        assert roster() == [("Char", True)]


class TestLeavingAndLeading(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        for member in (self.char1, self.char2, self.char3):
            give_ratings(member)
        self.form_party(self.char1, self.char2, self.char3)

    def test_a_leader_must_promote_before_leaving(self):
        self.call(CmdParty(), "/leave", "You lead this party: +party/promote <player> someone")
        assert roster()[0] == ("Char", True)
        self.call(
            CmdParty(), "/promote Cid", "Only the party's leader can promote", caller=self.char2
        )
        self.call(CmdParty(), "/promote Faraway", "Faraway is not in your party.")
        self.call(CmdParty(), "/promote Char", "You lead the party already.")
        self.call(CmdParty(), "/promote Cid", {self.char2: "[Digger] Cid leads the party now."})
        self.call(CmdParty(), "/leave", {self.char3: "[Digger] Char leaves the party. Cid leads"})
        assert roster() == [("Char2", False), ("Cid", True)]

    def test_member_leaves_and_last_one_disbands(self):
        self.call(CmdParty(), "/leave", "[Digger] Char2 leaves the party.", caller=self.char2)
        self.call(CmdParty(), "/leave", "[Digger] Cid leaves the party.", caller=self.char3)
        self.call(CmdParty(), "/leave", "[Digger] Char leaves; the party for dungeon #1")
        assert not Party.objects.exists() and not PartyMember.objects.exists()

    def test_reset_hands_the_lead_on(self):
        self.call(CmdParty(), "/reset", "[Digger] Char leaves the party. Char2 leads it.")
        assert roster() == [("Char2", True), ("Cid", False)]

    def test_no_promotion_while_actions_are_pending(self):
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.call(CmdParty(), "/promote Cid", "[Digger] Cid leads the party now.")
        self.call(CmdAct(), "force", caller=self.char2)
        self.call(
            CmdParty(),
            "/promote Char",
            "Actions are pending in this round: promote after " "+act/complete clears them.",
            caller=self.char3,
        )
        assert roster()[2] == ("Cid", True)

    def test_leaving_a_run_keeps_the_exhaustion_and_stops_the_wait(self):
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        for member in (self.char1, self.char2, self.char3):
            self.call(CmdAct(), "force", caller=member)
        with self.dice(HIT, HIT, HIT):
            self.call(CmdAct(), "/complete")
        self.call(CmdDungeon(), "/draw")
        self.call(CmdParty(), "/leave", "[Digger] Cid leaves the party.", caller=self.char3)
        state = Run.objects.get().state
        cid = state["members"][2]
        assert cid["left"] and cid["exhaustion"] == 7
        self.call(CmdAct(), "rush")
        self.call(CmdAct(), "rush", caller=self.char2)
        with self.dice(HIT, HIT):
            out = self.call(CmdAct(), "/complete", "[Digger] Challenge 2, The Hall: the party")
        assert "Cid" not in out.split("Exploration")[0]
        self.call(CmdParty(), "/join Char", "Char's party is in the dungeon", caller=self.char3)

    def test_the_last_member_leaving_ends_the_run_in_a_retreat(self):
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.call(CmdParty(), "/leave", caller=self.char2)
        self.call(CmdParty(), "/leave", caller=self.char3)
        with self.dice():
            out = self.call(CmdParty(), "/leave", "[Digger] Char leaves; the party for dungeon #1")
        assert "The party retreats from the dungeon." in out
        # at the door, before any round: no tale of a flight from deep inside
        assert "You turn back at the entrance" in out and "Escape:" not in out
        run = Run.objects.get()
        assert run.outcome == rules.RETREAT and run.party is None and run.ended_at
