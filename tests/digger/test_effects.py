"""Conditions and Tool qualities as the commands show and apply them: every Condition
named with its effect on the card and in +camp with its timer, Save Point, and +act
with a tool of each quality class (drawback, lesser, greater, greatest) end to end.
The arithmetic of each one is unit-tested on the engine (tests/digger/test_conditions.py,
test_tools.py); here it is the command layer that is checked."""

from commands.digger import CmdAct, CmdCamp, CmdDungeon
from world.digger import rules
from world.digger.deck import Card
from world.digger.models import RunRoll
from world.digger.store import save_dungeon

from .fixtures import HIT, MISS, DiggerCommandTest, barrow, card, give_ratings, give_tool

EVERY_CONDITION_BUT_SAVE_POINT = tuple(name for name in rules.CONDITIONS if name != "Save Point")
SIGNS = (
    card("signs", rules.BRUTE, 1, EVERY_CONDITION_BUT_SAVE_POINT, rules.ENTRY, "Hall of Signs"),
    card("haven", rules.BRUTE, 1, ("Save Point",), title="A Haven"),
    card("after", rules.BRUTE, 1, ("Tire",), title="After"),
    card("end", rules.BRUTE, 3, ("Tire",), rules.FINAL, "The End"),
    Card("out", rules.ESCAPE, "Out"),
)


class TestConditionsOnScreen(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        save_dungeon(barrow(3, SIGNS, "Signs"), published=True)
        give_ratings(self.char1, brute=10)
        self.form_party(self.char1, number=3)

    def test_every_condition_is_named_with_its_effect_and_timer(self):
        with self.dice():
            drawn = self.call(CmdDungeon(), "/enter", "[Digger] Char leads the party into Signs.")
        camp = self.call(CmdCamp(), "", "Camp: dungeon #3, Signs")
        for name in EVERY_CONDITION_BUT_SAVE_POINT:
            label = rules.CONDITIONS[name].label
            assert f"{name}: {label}" in drawn.replace("\n    ", " "), name
            assert name in camp, name
        lines = {line.split()[0]: line for line in camp.splitlines() if line.startswith(" ")}
        assert lines["Weaken"].rstrip().endswith(" 2")  # this challenge and the next
        assert lines["Exhaust"].rstrip().endswith(" 1")  # this challenge only
        assert lines["Secret"].rstrip().endswith(" 2")  # it waits for the next challenge
        assert lines["Collapse"].rstrip().endswith("rest of run")

    def test_save_point_clears_the_party(self):
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.call(CmdAct(), "force")
        with self.dice(HIT):
            self.call(CmdAct(), "/complete")
        drawn = self.call(CmdDungeon(), "/draw")
        assert "Save Point: clears every Condition" in drawn
        assert "Conditions: none" in self.call(CmdCamp(), "")


POWERS = (
    card("drop", rules.BRUTE, 1, ("Tire",), rules.ENTRY, "The Drop"),
    card("rubble", rules.BRUTE, 1, ("Wound",), title="Rubble"),
    card("wall", rules.BRUTE, 1, ("Wound",), title="The Wall"),
    card("core", rules.BRUTE, 3, ("Tire",), rules.FINAL, "The Core"),
)


class TestToolQualitiesEndToEnd(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        save_dungeon(barrow(4, POWERS, "Powers"), published=True)
        give_ratings(self.char1)
        give_ratings(self.char2, brute=0)
        give_ratings(self.char3)
        give_tool(self.char1, "Maul", rules.BRUTE, qualities=("Strengthen",), drawback="Sacrifice")
        give_tool(self.char2, "Salt", rules.BRUTE, rules.MINOR, ("Cleanse",), "Liability")
        give_tool(self.char3, "Shield", rules.BRUTE, rules.MINOR, ("Stalwart",))
        give_tool(self.char3, "Pick", rules.BRUTE, qualities=("Improved",))
        self.form_party(self.char1, self.char2, self.char3, number=4)
        with self.dice():
            self.call(CmdDungeon(), "/enter")

    def test_each_quality_class_through_act(self):
        out = self.call(
            CmdAct(),
            "Maul",
            "[Digger] Char answers with Maul (Brute Major, " "Strengthen; Sacrifice).",
        )
        assert "On the party: Strengthen: Brute +2 (this), +1 (next)" in out
        assert "On the party: Sacrifice: party Exhaustion +5 (this)" in out
        out = self.call(CmdAct(), "salt", "[Digger] Char2 answers with Salt", caller=self.char2)
        assert "1 Condition cleared from the party." in out  # greatest: Cleanse took Tire
        self.call(CmdAct(), "shield", caller=self.char3)
        camp = self.call(CmdCamp(), "")
        assert "Conditions: none" in camp and "Strengthen" in camp and "Stalwart" in camp
        with self.dice(HIT, MISS, HIT):
            text = self.call(
                CmdAct(), "/complete", "[Digger] Challenge 1, The Drop: the party " "passes"
            )
        rolls = {row.character_name: row for row in RunRoll.objects.all()}
        # greater: Strengthen adds 2 to everyone's Brute roll this challenge
        assert all(["Strengthen", 2] in row.modifiers for row in rolls.values())
        assert rolls["Char"].modifiers[0] == ["Maul", 2]
        # drawback Sacrifice +5 each, Liability +10 each (Char2 failed), Stalwart -5 / user -10
        assert rolls["Char"].exhaustion_gain == 4 + 5 + 10 - 5
        assert rolls["Char2"].exhaustion_gain == 4 + 5 + 5 + 10 - 5
        assert rolls["Cid"].exhaustion_gain == 4 + 5 + 10 - 10
        assert (
            "Cid: Exhaustion +9 (party passed +4, Stalwart (user) -10, Liability +10, "
            "Sacrifice +5) -> 9" in text.replace("\n  ", " ")
        )

        self.call(CmdDungeon(), "/draw")
        self.call(CmdAct(), "force")
        self.call(CmdAct(), "force", caller=self.char2)
        out = self.call(CmdAct(), "pick", caller=self.char3)
        assert "Pick has 1 use left in this run." in out
        with self.dice(HIT, HIT, HIT):
            self.call(CmdAct(), "/complete")
        rolls = {row.character_name: row for row in RunRoll.objects.filter(challenge=2)}
        # lesser: Improved makes the Major Pick's bonus 4; Strengthen's second challenge is +1
        assert rolls["Cid"].modifiers == [["Pick", 4], ["Strengthen", 1]]
        assert rolls["Char"].modifiers == [["Strengthen", 1]]
        camp = self.call(CmdCamp(), "")
        assert "Salt 2/3" in camp and "Maul 1/2" in camp and "Pick 1/2" in camp
