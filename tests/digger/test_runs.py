"""Whole runs through the commands, with several characters and scripted dice:
a win, a retreat at the Final, an all-exhausted loss; what every member, the
room and the roll log see on the way."""

from commands.digger import (
    COMMANDS,
    CmdAct,
    CmdCamp,
    CmdChallenge,
    CmdDigger,
    CmdDungeon,
    CmdForm,
    CmdParty,
    CmdRisk,
    CmdTools,
)
from world.digger import rules
from world.digger.models import Run, RunRoll, RunRound

from .fixtures import HIT, MISS, DiggerCommandTest, give_ratings, give_tool, plain, widest_line


class TestWholeRuns(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        self.party = (self.char1, self.char2, self.char3)
        for member in self.party:
            give_ratings(member)
        self.form_party(*self.party)
        self.bystander = self.make_character("Watcher")

    def everyone_acts(self, ability):
        for member in self.party:
            self.call(CmdAct(), ability, caller=member)

    def round(self, ability, *rolls):
        """Everyone acts with `ability`; char1 completes with `rolls`; the party's text."""
        self.everyone_acts(ability)
        with self.dice(*rolls):
            out = self.run_cmd(CmdAct(), "/complete", receivers=[self.char1, self.char2])
        return out[self.char1]

    def draw(self, caller=None):
        return self.call(CmdDungeon(), "/draw", caller=caller or self.char1)

    def test_a_win(self):
        with self.dice():
            out = self.run_cmd(
                CmdDungeon(), "/enter", receivers=[self.char1, self.far, self.bystander]
            )
        assert "Challenge 1: The Gate" in out[self.char1]
        assert "Type: Entry | Ability: Brute | Level: 1 (target 9)" in out[self.char1]
        assert "Tire: Exhaustion +3 (this and next)" in out[self.char1]
        assert out[self.far] == ""  # not in the party, not in the room
        assert "Char's party enters Test Barrow." in out[self.bystander]

        text = self.round("force", HIT, HIT, HIT)
        assert "the party passes" in text
        assert "Exploration +15 (party passed +15): now 15." in text
        assert "Char: Exhaustion +7 (party passed +4, Tire +3) -> 7" in text
        for key, ability in (("hall", "rush"), ("crypt", "wits"), ("bones", "fight")):
            self.draw()
            text = self.round(ability, HIT, HIT, HIT)
        assert "now 70" in text
        assert "the next draw brings the Final" in text

        drawn = self.draw()
        assert "Challenge 5: The Heart" in drawn
        assert "Type: Final | Ability: Combat | Level: 3 (target 13)" in drawn
        text = self.round("combat", HIT, HIT, HIT)
        assert "The dungeon is won!" in text
        assert "Discovery: The Idol" in text
        assert "Reward: A golden idol." in text

        run = Run.objects.get()
        assert run.outcome == rules.WON and run.ended_at is not None
        assert run.outcome_card["key"] == "idol"
        assert RunRound.objects.filter(run=run).count() == 5
        assert RunRoll.objects.filter(run=run).count() == 15
        assert all(roll.success for roll in RunRoll.objects.filter(run=run))
        self.call(CmdCamp(), "", "Camp: dungeon #1, Test Barrow")

    def test_a_retreat_at_the_final(self):
        with self.dice():
            self.run_cmd(CmdDungeon(), "/enter")
        self.round("brute", HIT, HIT, HIT)
        for ability in ("agility", "investigate", "combat"):
            self.draw(self.char2)
            self.everyone_acts(ability)
            with self.dice(HIT, HIT, HIT):
                self.call(CmdAct(), "/complete", caller=self.char2)
        self.draw()
        text = self.round("fight", MISS, HIT, MISS)
        assert "the party fails" in text
        assert "The party retreats from the dungeon." in text
        assert "Landmark: The Shrine" in text
        assert Run.objects.get().outcome == rules.RETREAT

    def test_everyone_exhausted_loses_the_run(self):
        with self.dice():
            self.run_cmd(CmdDungeon(), "/enter")
        for number, ability in enumerate(("brute", "agility", "wits"), start=1):
            if number > 1:
                self.draw()
            for member in self.party:
                self.call(CmdRisk(), ability, caller=member)
            with self.dice(MISS, MISS, MISS):
                text = self.run_cmd(CmdAct(), "/complete")
        # 33 (risk failed at Level 1, Tire), 33 (Level 1, Tire's second challenge), then
        # 35 (Level 2): everyone is past 100 after three rounds.
        assert "Char (risk)" in text and "-> 100 (exhausted)" in text
        assert "Every delver is exhausted: the run is lost." in text
        assert "Escape: The Side Door" in text
        run = Run.objects.get()
        assert run.outcome == rules.LOST
        assert all(
            member["exhaustion"] >= rules.EXHAUSTION_LIMIT for member in run.state["members"]
        )

    def test_what_members_see_fits_the_screen(self):
        give_tool(
            self.char1,
            "Very Long Named Crowbar",
            rules.BRUTE,
            qualities=("Strengthen",),
            drawback="Shortsighted",
        )
        seen = [command.__doc__ for command in COMMANDS]
        for command, args in (
            (CmdDigger(), ""),
            (CmdDigger(), "/log"),
            (CmdForm(), ""),
            (CmdTools(), ""),
            (CmdTools(), "/qualities"),
            (CmdDungeon(), "/list"),
            (CmdDungeon(), "/info"),
            (CmdParty(), ""),
            (CmdCamp(), ""),
            (CmdDungeon(), "/enter"),
            (CmdAct(), "very"),
            (CmdCamp(), ""),
            (CmdChallenge(), ""),
        ):
            with self.dice():
                seen.append(self.call(command, args))
        for member in (self.char2, self.char3):
            seen.append(self.call(CmdRisk(), "force", {self.char1: None}, caller=member))
        with self.dice(HIT, MISS, (3, 4)):
            seen.append(self.call(CmdAct(), "/complete"))
        with self.dice():
            seen.append(self.call(CmdDungeon(), "/retreat"))
        assert all(seen)
        for text in seen:
            assert widest_line(text) <= 78, plain(text)
