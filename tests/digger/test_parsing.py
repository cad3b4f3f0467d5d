"""Numbers a player types (see tests/test_numbers.py for the reader itself): every
Digger command that reads a number refuses anything else with its usage line
(never the apology for a failure on our side), changing nothing."""

from commands.digger import CmdAct, CmdCard, CmdDigger, CmdDungeon, CmdParty, CmdTools
from world.digger import rules
from world.digger.ledger import sheet_for
from world.digger.models import BeltSlot, DPEntry, Party, Run

from .building_helpers import BuilderTest, keys
from .fixtures import DiggerCommandTest, flat, give_ratings, give_tool, plain

THIRTY_DIGITS = "9" * 30
NOT_NUMBERS = ("²", "--5", THIRTY_DIGITS)
APOLOGY = "Sorry, something went wrong"


class TestCommandsRefuseWhatIsNoNumber(DiggerCommandTest):
    def refused(self, command, args, expected, caller=None):
        out = plain(self.call(command, args, caller=caller or self.char1))
        assert expected in out and "Usage:" in out, out
        assert APOLOGY not in out
        return out

    def test_tool_numbers_dungeon_numbers_and_ratings(self):
        give_tool(self.char1, "Crowbar", rules.BRUTE, load=False)
        for text in NOT_NUMBERS:
            self.refused(CmdTools(), f"/load {text}", "Give the tool's number from +tools")
            self.refused(CmdTools(), f"/unload {text}", "Give the tool's number from +tools")
            self.refused(CmdParty(), f"/create {text}", "Give the dungeon's number as a number.")
            self.refused(CmdDungeon(), f"/info {text}", "Give the dungeon's number as a number.")
            self.refused(CmdDigger(), f"/raise brute={text}", "Give the new rating as a number.")
        assert not BeltSlot.objects.exists() and not Party.objects.exists()
        assert sheet_for(self.char1).dp == rules.STARTING_DP

    def test_grants_take_a_signed_number_up_to_the_cap(self):
        expected = f"Give the DP as a whole number from -{rules.GRANT_MAX} to {rules.GRANT_MAX}."
        for text in (*NOT_NUMBERS, str(rules.GRANT_MAX + 1), f"-{rules.GRANT_MAX + 1}"):
            self.refused(CmdDigger(), f"/grant Char2={text} why", expected)
        assert sheet_for(self.char2).dp == rules.STARTING_DP
        assert DPEntry.objects.filter(sheet__character=self.char2).count() == 1
        self.call(
            CmdDigger(),
            f"/grant Char2={rules.GRANT_MAX} a whole campaign's worth",
            f"Char2 receives {rules.GRANT_MAX} DP",
        )
        self.call(CmdDigger(), "/grant Char2=-5 typo", "Char2 loses 5 DP")
        assert sheet_for(self.char2).dp == rules.STARTING_DP + rules.GRANT_MAX - 5

    def test_acting_with_what_is_no_number_names_no_tool(self):
        give_ratings(self.char1)
        give_tool(self.char1, "Crowbar", rules.BRUTE)
        self.form_party(self.char1)
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        before = Run.objects.get().state
        for text in NOT_NUMBERS:
            out = flat(self.call(CmdAct(), text))
            assert out.startswith(f"'{text}' is not an ability, an action or a tool on your belt")
        assert Run.objects.get().state == before
        self.call(CmdAct(), "#1", "[Digger] Char answers with Crowbar")


class TestBuildersRefuseWhatIsNoNumber(BuilderTest):
    def test_card_positions_and_levels(self):
        number = self.new_dungeon()
        self.run_card(f"/add {number}=entry Brute 1 Tire: The Gate")
        for text in NOT_NUMBERS:
            self.refused(
                CmdCard(), f"/move {number}/1={text}", "Give the new position as a number."
            )
            self.refused(CmdCard(), f"/edit {number}/{text}=level:2", "has no card")
            self.refused(CmdCard(), f"/edit {number}/1=level:{text}", "A Level is 1-4")
            self.refused(CmdDungeon(), f"/rename {text}=Lost", "Give the dungeon's number")
        assert keys(number) == ["the-gate"]
