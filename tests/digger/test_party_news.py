"""Who hears of a party's moves when its members are spread over rooms: every
member (and every watcher) hears everything wherever they are; onlookers hear
one line per draw and per result, naming the party the same way every time,
and only in the room where the move was made (or, for staff finishing another
party's round, in the rooms that party is in). Nobody outside hears the acts."""

from evennia.utils import create

from commands.digger import CmdAct, CmdDungeon
from world.digger import rules
from world.digger.models import Run
from world.digger.store import save_dungeon

from .fixtures import BARROW_CARDS, HIT, DiggerCommandTest, barrow, card, give_ratings


class TestNewsAcrossRooms(DiggerCommandTest):
    """Char leads Char2 (both in Room) and Roamer (in Room2). Watcher looks on in Room;
    Faraway, in Room2, is in no party."""

    def setUp(self):
        super().setUp()
        self.roamer = self.make_character("Roamer", self.room2)
        self.watcher = self.make_character("Watcher")
        self.members = (self.char1, self.char2, self.roamer)
        for member in self.members:
            give_ratings(member)
        self.form_party(*self.members)

    def heard(self, command, args, caller):
        listeners = [self.char1, self.roamer, self.watcher, self.far]
        return self.run_cmd(command, args, caller=caller, receivers=listeners)

    def test_a_member_in_another_room_hears_it_all_the_rooms_only_their_own_news(self):
        with self.dice():
            entered = self.heard(CmdDungeon(), "/enter", self.char1)
        assert "Challenge 1: The Gate" in entered[self.roamer]
        assert "Answer with +act" in entered[self.roamer]
        assert entered[self.watcher] == "[Digger] Char's party enters Test Barrow."
        assert entered[self.far] == ""

        acted = self.heard(CmdAct(), "force", self.char1)
        assert "Char answers with Force." in acted[self.roamer]
        assert "Still to act: Char2, Roamer." in acted[self.roamer]
        assert acted[self.watcher] == acted[self.far] == ""

        self.call(CmdAct(), "force", caller=self.char2)
        acted = self.heard(CmdAct(), "rush", self.roamer)
        assert acted[self.roamer].startswith("This challenge tests Brute")
        assert acted[self.char1] == acted[self.watcher] == acted[self.far] == ""
        acted = self.heard(CmdAct(), "force", self.roamer)
        assert "Roamer answers with Force." in acted[self.char1]
        assert "Everyone has acted: Char can +act/complete." in acted[self.char1]
        assert acted[self.far] == acted[self.watcher] == ""

        with self.dice(HIT, HIT, HIT):
            done = self.heard(CmdAct(), "/complete", self.char1)
        assert "Challenge 1, The Gate: the party passes" in done[self.roamer]
        assert "Roamer: Exhaustion +7" in done[self.roamer]
        assert done[self.watcher] == "[Digger] Char's party passes challenge 1 in Test Barrow."
        assert done[self.far] == ""


class TestStaffFinishingAnotherPartysRound(DiggerCommandTest):
    """Faraway (Room2) leads Char2 (Room); Char, staff, is in Room3 with Stranger."""

    def test_the_party_is_named_by_its_leader_and_its_rooms_hear_of_it(self):
        room3 = create.create_object(self.room_typeclass, key="Room3")
        self.char1.location = room3
        stranger = self.make_character("Stranger", room3)
        local = self.make_character("Local", self.room2)
        watcher = self.make_character("Watcher")
        for member in (self.far, self.char2):
            give_ratings(member)
        self.form_party(self.far, self.char2)
        with self.dice():
            self.call(CmdDungeon(), "/enter", caller=self.far)
        for member in (self.far, self.char2):
            self.call(CmdAct(), "force", caller=member)
        listeners = (self.char1, self.far, self.char2, local, watcher, stranger)
        with self.dice(HIT, HIT):
            heard = self.run_cmd(CmdAct(), "/complete Char2", receivers=listeners)
        public = "[Digger] Faraway's party passes challenge 1 in Test Barrow."
        for member in (self.char1, self.far, self.char2):
            assert "Challenge 1, The Gate: the party passes" in heard[member]
        assert heard[local] == heard[watcher] == public
        assert heard[stranger] == ""
        assert "Char's party" not in "".join(heard.values())


class TestWhatTheNextDrawBrings(DiggerCommandTest):
    """A dungeon with a Third card and a Climax: past 70 Exploration the round's
    result names the card that really comes next."""

    def test_climax_then_third_then_final(self):
        cards = BARROW_CARDS + (
            card("fork", rules.WITS, 1, ("Tire",), rules.THIRD, "The Fork"),
            card("throne", rules.BRUTE, 2, ("Tire",), rules.CLIMAX, "The Throne"),
        )
        save_dungeon(barrow(2, cards, "Deep Barrow"), published=True)
        give_ratings(self.char1)
        self.form_party(self.char1, number=2)
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        said = []
        for ability in ("force", "force", "wits"):
            run = Run.objects.get()  # the party is one round short of the Final's trigger
            run.state["exploration"] = rules.FINAL_TRIGGER - 1
            run.save()
            self.call(CmdAct(), ability)
            with self.dice(HIT):
                said.append(" ".join(self.call(CmdAct(), "/complete").split()))
            drawn = self.call(CmdDungeon(), "/draw")
            said.append(drawn)
        assert "the next draw brings its Climax, then the Final." in said[0]
        assert "Challenge 2: The Throne" in said[1]
        assert "the next draw brings one of its Third cards." in said[2]
        assert "Challenge 3: The Fork" in said[3]
        assert "the next draw brings the Final." in said[4]
        assert "Type: Final" in said[5]
        assert "brings the Final" not in said[0] + said[2]


class TestNamingAndWatching(DiggerCommandTest):
    """Char leads Char2; Watcher in Room looks on; Far (Room2) follows by choice."""

    def setUp(self):
        super().setUp()
        self.watcher = self.make_character("Watcher")
        for member in (self.char1, self.char2):
            give_ratings(member)
        self.form_party(self.char1, self.char2)

    def listen(self, command, args, caller):
        return self.run_cmd(command, args, caller=caller, receivers=[self.char2, self.watcher, self.far])

    def test_a_named_party_is_called_so_in_every_line_up_to_the_end(self):
        from commands.digger import CmdParty

        said = self.listen(CmdParty(), "/name The Lantern Crew", self.char1)
        assert "the room now hears of The Lantern Crew" in said[self.char2]
        assert "Only the party's leader" in self.call(CmdParty(), "/name Nope", caller=self.char2)
        with self.dice():
            entered = self.listen(CmdDungeon(), "/enter", self.char1)
        assert entered[self.watcher] == "[Digger] The Lantern Crew enters Test Barrow."
        retreat = self.listen(CmdDungeon(), "/retreat", self.char1)
        assert retreat[self.watcher] == "[Digger] The Lantern Crew retreats from Test Barrow: the run is over."
        assert "The party retreats" in retreat[self.char2]

    def test_the_room_hears_the_dungeon_is_won_and_the_run_is_lost(self):
        from world.digger.render_run import round_public
        from types import SimpleNamespace as NS

        audience = NS(party="Ann's party", dungeon="Saltwick Light")
        for outcome, words in ((rules.WON, "the dungeon is won"), (rules.LOST, "the run is lost")):
            report = NS(audience=audience, result=NS(passed=outcome == rules.WON), challenge=7,
                        ending=NS(outcome=outcome))
            line = " ".join(round_public(report).split())  # one event, wrapped at most
            assert "Ann's party fails" in line or "Ann's party passes" in line
            assert line.endswith(f"{words}.")

    def test_a_watcher_hears_it_all_wherever_they_are_and_can_stop(self):
        from commands.digger import CmdParty

        said = self.call(CmdParty(), "/watch Char2", caller=self.far)
        assert "You follow Char's party" in said
        assert "your own party" in self.call(CmdParty(), "/watch Char", caller=self.char2)
        with self.dice():
            entered = self.listen(CmdDungeon(), "/enter", self.char1)
        assert "Challenge 1: The Gate" in entered[self.far]
        acted = self.listen(CmdAct(), "force", self.char1)
        assert "Char answers with Force." in acted[self.far]
        assert acted[self.watcher] == ""
        assert "You stop following" in self.call(CmdParty(), "/unwatch", caller=self.far)
        acted = self.listen(CmdAct(), "force", self.char2)
        assert acted[self.far] == ""
