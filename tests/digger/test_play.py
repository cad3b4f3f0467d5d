"""Playing a run through the commands: every refusal (with nothing changed), who may
draw and complete, offline members, staff, the roll log, retreat, and a run keeping
the deck it entered with."""

from commands.digger import CmdAct, CmdCamp, CmdChallenge, CmdDungeon, CmdParty, CmdRisk
from world.digger import rules
from world.digger.deck import Card
from world.digger.models import Run, RunRoll
from world.digger.store import save_dungeon

from .fixtures import HIT, MISS, DiggerCommandTest, barrow, card, flat, give_ratings, give_tool

PIT = (
    card("drop", rules.BRUTE, 1, ("Tire",), rules.ENTRY, "The Drop"),
    card("rubble", rules.BRUTE, 1, ("Tire",), title="Rubble"),
    card("boulder", rules.BRUTE, 2, ("Tire",), title="A Boulder"),
    card("ledge", rules.AGILITY, 1, ("Tire",), title="A Ledge"),
    card("core", rules.BRUTE, 3, ("Tire",), rules.FINAL, "The Core"),
    Card("out", rules.ESCAPE, "Out", "You climb out."),
)


class RunTest(DiggerCommandTest):
    """Char (leader, staff), Char2 and Cid in dungeon #2, the Pit: all Brute but a ledge."""

    def setUp(self):
        super().setUp()
        save_dungeon(barrow(2, PIT, "The Pit"), published=True)
        self.members = (self.char1, self.char2, self.char3)
        for member in self.members:
            give_ratings(member)
        self.crowbar = give_tool(self.char2, "Crowbar", rules.BRUTE, qualities=("Efficient",))
        give_tool(self.char2, "Flare", rules.BRUTE, qualities=("Improved",), drawback="Inefficient")
        give_tool(self.char2, "Rope", rules.AGILITY, load=False)
        self.form_party(*self.members, number=2)
        with self.dice():
            self.call(CmdDungeon(), "/enter")

    def state(self):
        return Run.objects.get().state

    def all_act(self, word="force", members=None):
        for member in members or self.members:
            self.call(CmdAct(), word, caller=member)

    def finish_and_draw(self, *others):
        """`others` act with Force, every roll hits, Char completes and draws the next card."""
        self.all_act(members=others)
        with self.dice(*[HIT] * len(self.members)):
            self.call(CmdAct(), "/complete")
        self.call(CmdDungeon(), "/draw")


class TestRefusals(RunTest):
    def assert_unchanged(self, before):
        assert self.state() == before

    def test_acting_twice(self):
        self.call(
            CmdAct(), "force", "[Digger] Char answers with Force.\n  Still to act: Char2, Cid."
        )
        before = self.state()
        self.call(CmdAct(), "brute", "You have already acted this round.")
        self.assert_unchanged(before)

    def test_acting_or_drawing_while_exhausted(self):
        run = Run.objects.get()
        run.state["members"][1]["exhaustion"] = rules.EXHAUSTION_LIMIT
        run.save()
        before = self.state()
        self.call(
            CmdAct(),
            "force",
            "You are exhausted (100+ Exhaustion) and cannot act.",
            caller=self.char2,
        )
        self.assert_unchanged(before)
        self.all_act(members=(self.char1, self.char3))
        with self.dice(HIT, HIT):
            self.call(CmdAct(), "/complete")
        self.call(CmdDungeon(), "/draw", "You are too exhausted to lead the way", caller=self.char2)

    def test_the_wrong_ability_is_refused_naming_the_right_one(self):
        before = self.state()
        self.call(
            CmdAct(),
            "rush",
            "This challenge tests Brute, not Agility: use Brute or Force, " "or a Brute tool.",
        )
        out = self.call(CmdAct(), "sing", "'sing' is not an ability, an action or a tool on")
        assert "on your belt. This challenge tests Brute (Force)." in flat(out)
        self.call(CmdAct(), "", "Name an ability, an action or a tool from your belt.")
        self.assert_unchanged(before)

    def test_tool_refusals(self):
        before = self.state()
        out = self.call(CmdAct(), "Rope", "'Rope' is not on your belt:", caller=self.char2)
        assert "only tools loaded before entering go into a dungeon." in flat(out)
        self.call(CmdAct(), "3", "'3' is not on your belt", caller=self.char2)
        self.call(CmdAct(), "9", "'9' is not an ability, an action or a tool", caller=self.char2)
        self.call(CmdAct(), "Crowbar", "'Crowbar' is not an ability", caller=self.char3)
        self.assert_unchanged(before)
        # The Flare has one use (Major 2, Inefficient -1); spend it, then try again.
        self.call(CmdAct(), "flare", "[Digger] Char2 answers with Flare", caller=self.char2)
        self.finish_and_draw(self.char1, self.char3)
        before = self.state()
        self.call(CmdAct(), "#2", "Flare has no uses left in this run.", caller=self.char2)
        self.assert_unchanged(before)
        self.call(CmdAct(), "cr", "[Digger] Char2 answers with Crowbar", caller=self.char2)
        self.finish_and_draw(self.char1, self.char3)  # the boulder
        self.finish_and_draw(*self.members)  # the ledge
        out = self.call(CmdAct(), "crowbar", "Crowbar is a Brute tool;", caller=self.char2)
        assert "this challenge needs Agility or Rush, or an Agility tool." in flat(out)

    def test_completing_too_early_or_by_someone_else(self):
        self.call(CmdAct(), "force")
        before = self.state()
        self.call(
            CmdAct(), "/complete", "Not everyone has acted yet: still waiting for Char2, Cid."
        )
        self.assert_unchanged(before)
        assert not RunRoll.objects.exists()
        self.all_act(members=(self.char2, self.char3))
        before = self.state()
        self.call(
            CmdAct(),
            "/complete",
            "Char drew this card, so Char completes it (the leader " "may if they are away).",
            caller=self.char2,
        )
        self.assert_unchanged(before)
        assert not RunRoll.objects.exists()
        with self.dice(HIT, HIT, HIT):
            self.call(CmdAct(), "/complete", "[Digger] Challenge 1, The Drop: the party passes")
        self.call(
            CmdAct(), "/complete", "There is no card to complete: draw one with " "+dungeon/draw."
        )

    def test_drawing_while_a_card_is_pending(self):
        before = self.state()
        self.call(
            CmdDungeon(),
            "/draw",
            "Complete the current challenge before drawing another " "card.",
            caller=self.char2,
        )
        self.assert_unchanged(before)

    def test_entering_refusals(self):
        self.call(CmdDungeon(), "/enter", "Your party is in the dungeon already.")
        self.call(CmdParty(), "/create 1", caller=self.far)
        self.call(CmdParty(), "/join Faraway", caller=self.make_character("Eve"))
        eve = self.far.search("Eve", global_search=True)
        self.call(
            CmdDungeon(),
            "/enter",
            "Only the party's leader (Faraway) can take it into the " "dungeon.",
            caller=eve,
        )
        assert Run.objects.count() == 1

    def test_playing_outside_a_party_or_a_run(self):
        self.call(CmdDungeon(), "/draw", "You are not in a party.", caller=self.far)
        self.call(CmdAct(), "force", "You are not in a party.", caller=self.far)
        self.call(CmdParty(), "/create 1", caller=self.far)
        self.call(
            CmdDungeon(),
            "/draw",
            "Your party is not in a dungeon; its leader starts a run " "with +dungeon/enter.",
            caller=self.far,
        )
        self.call(CmdDungeon(), "/info 9", "There is no open dungeon #9")
        assert "has no switch /fly." in self.call(CmdDungeon(), "/fly")


class TestWhoPlays(RunTest):
    def test_an_offline_member_does_not_hold_the_round_up(self):
        self.offline.add(self.char3)
        self.all_act(members=(self.char1, self.char2))
        with self.dice(HIT, MISS):
            out = self.call(CmdAct(), "/complete", "[Digger] Challenge 1, The Drop: the party")
        assert "1 of 2 rolls reached 9" in out
        assert "Cid: Exhaustion +7 (party passed +4, Tire +3) -> 7" in out
        cid = RunRoll.objects.get(character=self.char3)
        assert (cid.status, cid.dice, cid.exhaustion_gain) == ("disconnected", [], 7)

    def test_the_leader_completes_when_the_drawer_is_away_staff_always(self):
        with self.dice(HIT, HIT, HIT):
            self.all_act()
            self.call(CmdAct(), "/complete")
        self.call(CmdDungeon(), "/draw", caller=self.char2)
        self.all_act()
        self.call(CmdAct(), "/complete", "Char2 drew this card", caller=self.char3)
        self.offline.add(self.char2)
        with self.dice(HIT, HIT):
            self.call(CmdAct(), "/complete", "[Digger] Challenge 2", caller=self.char1)
        assert Run.objects.get().state["pending"] is False

    def test_staff_complete_another_partys_round(self):
        self.call(CmdParty(), "/reset")  # Char (staff) is out; Char2 leads
        self.call(
            CmdDungeon(), "/enter", "Your party is in the dungeon already.", caller=self.char2
        )
        self.all_act(members=(self.char2, self.char3))
        self.call(CmdAct(), "/complete Char2", "Only staff can complete", caller=self.char3)
        with self.dice(HIT, HIT):
            out = self.call(
                CmdAct(),
                "/complete Char2",
                {self.char1: "[Digger] Challenge 1", self.char2: "[Digger] Challenge 1"},
            )
        assert "the party passes" in out[self.char2]
        self.call(CmdAct(), "/complete Faraway", "Faraway is not in a party.")


class TestRecordsAndViews(RunTest):
    def test_every_roll_is_recorded_with_its_dice_and_modifiers(self):
        self.call(CmdAct(), "force")
        self.call(CmdRisk(), "crowbar", caller=self.char2)
        self.call(CmdAct(), "force", caller=self.char3)
        out = self.call(CmdChallenge(), "", "Challenge 1: The Drop")
        assert "risk Crowbar" in out and "Drawn by Char." in out
        with self.dice((2, 3), (1, 2), (6, 5)):
            self.call(CmdAct(), "/complete")
        rows = {row.character_name: row for row in RunRoll.objects.all()}
        char2 = rows["Char2"]
        assert (char2.mode, char2.tool_name, char2.dice, char2.total) == (
            "risk",
            "Crowbar",
            [1, 2],
            10,
        )
        assert char2.modifiers == [["Crowbar", 2], ["risk", 2]]
        assert (char2.target, char2.success) == (9, True)
        assert rows["Char"].success is False and rows["Char"].total == 8
        assert ["own roll failed", 5] in rows["Char"].exhaustion_items
        assert {row.challenge for row in rows.values()} == {1}
        assert {row.card_title for row in rows.values()} == {"The Drop"}

    def test_the_leader_may_retreat(self):
        self.call(
            CmdDungeon(),
            "/retreat",
            "Only the party's leader can order a retreat.",
            caller=self.char2,
        )
        with self.dice():
            out = self.call(
                CmdDungeon(), "/retreat", {self.char2: "[Digger] Char calls the " "retreat."}
            )
        assert "You turn back at the entrance" in out
        assert Run.objects.get().outcome == rules.RETREAT
        self.call(CmdAct(), "force", "Your party is not in a dungeon", caller=self.char2)

    def test_a_run_keeps_the_deck_it_entered_with(self):
        renamed = tuple(
            Card(c.key, c.kind, c.title.upper(), c.text, c.ability, c.level, c.conditions)
            for c in PIT
        )
        save_dungeon(barrow(2, renamed, "The Pit"), replace=True)
        self.all_act()
        with self.dice(HIT, HIT, HIT):
            self.call(CmdAct(), "/complete", "[Digger] Challenge 1, The Drop")
        self.call(CmdDungeon(), "/draw", "[Digger] Char draws the next card.\nChallenge 2: Rubble")

    def test_the_dungeon_info_goes_to_the_room(self):
        out = self.call(
            CmdDungeon(),
            "/info",
            {
                self.char1: "[Digger] Char tells about dungeon #2",
                self.char2: "[Digger] Char tells about dungeon #2",
            },
        )
        assert "The Pit (Ruin)" in out[self.char2]


class TestActingThenGoingOffline(DiggerCommandTest):
    """The rule (see +act's help and world.digger.rules): a member who acted and went
    offline before the round was completed makes no roll, but their act stays done."""

    def test_no_roll_but_the_tool_stays_spent_and_its_effect_counts(self):
        for member in (self.char1, self.char2):
            give_ratings(member)
        give_tool(self.char2, "Banner", rules.BRUTE, rules.MINOR, qualities=("Strengthen",))
        self.form_party(self.char1, self.char2)
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.call(CmdAct(), "banner", "[Digger] Char2 answers with Banner", caller=self.char2)
        self.offline.add(self.char2)
        self.call(CmdAct(), "force")
        with self.dice(HIT):  # one roll only: Char's
            out = self.call(CmdAct(), "/complete", "[Digger] Challenge 1, The Gate: the party")
        assert "1 of 1 roll reached 9" in out
        assert "Char2: Exhaustion +7 (party passed +4, Tire +3) -> 7" in out
        rolls = {row.character_name: row for row in RunRoll.objects.all()}
        assert (rolls["Char2"].status, rolls["Char2"].dice) == ("disconnected", [])
        assert rolls["Char2"].tool_name == "Banner"
        assert ["Strengthen", 2] in rolls["Char"].modifiers
        self.offline.discard(self.char2)
        camp = self.call(CmdCamp(), "", caller=self.char2)
        assert "Banner 2/3" in camp and "Strengthen" in camp
