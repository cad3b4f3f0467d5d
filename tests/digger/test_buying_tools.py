"""+tools: buying in one line and through the design menu, the Tool Point and category
rules, the initial application bonus, loading and unloading the belt."""

from commands.digger import CmdApprove, CmdDigger, CmdDungeon, CmdTools
from world.digger import rules
from world.digger.ledger import sheet_for
from world.digger.models import BeltSlot, OwnedTool

from .fixtures import DiggerCommandTest, flat, give_ratings, give_tool, plain


def owned(character):
    return list(
        OwnedTool.objects.filter(form__sheet__character=character).values_list(
            "design__name", flat=True
        )
    )


class TestBuyingInOneLine(DiggerCommandTest):
    def buy(self, line, expected=None, caller=None):
        return self.call(CmdTools(), f"/buy {line}", expected, caller=caller or self.char2)

    def test_a_tool_with_its_description(self):
        out = self.buy(
            "Crowbar=Brute Major Efficient: Cold iron, bent at one end.",
            "You now have tool #1 Crowbar (Brute Major, Efficient) for 3 DP.",
        )
        assert "It gives +2 and has 3 uses per dungeon. DP unspent: 45." in out
        tool = OwnedTool.objects.get()
        assert tool.design.description == "Cold iron, bent at one end."
        assert tool.as_tool().all_qualities == ("Efficient",)
        assert (tool.dp_paid, tool.number) == (rules.TOOL_COST_DP, 1)

    def test_a_tool_with_one_use_says_so_in_the_singular(self):
        out = self.buy("Ram=Brute Major Strengthen Inefficient", "You now have tool #1 Ram")
        assert "It gives +2 and has 1 use per dungeon." in out

    def test_actions_name_categories_and_the_drawback_is_recognised(self):
        self.buy("Salt Lamp=investigate minor cleanse sacrifice", "You now have tool #1 Salt Lamp")
        design = OwnedTool.objects.get().design
        assert (design.category, design.rating) == (rules.WITS, rules.MINOR)
        assert (design.qualities, design.drawback) == (["Cleanse"], "Sacrifice")

    def test_initial_bonus_second_tool_free_once_in_chargen(self):
        out = self.buy("Crowbar=Brute Major Efficient")
        assert "Your first tool brings a second one free" in out
        out = self.buy("Rope=Agility Minor Rally Fanfare", "You now have tool #2 Rope")
        assert "(Agility Minor, Rally, Fanfare) free (initial\napplication bonus)" in out
        self.buy(
            "Lens=Wits Minor Enlighten",
            "You now have tool #3 Lens (Wits Minor, Enlighten) " "for 3 DP.",
        )
        assert sheet_for(self.char2).dp == rules.STARTING_DP - 2 * rules.TOOL_COST_DP
        reasons = [entry.reason for entry in sheet_for(self.char2).ledger.all()]
        assert "tool Rope (Base form), free with the initial application bonus" in reasons

    def test_no_bonus_once_approved(self):
        self.call(CmdApprove(), "Char2")
        out = self.buy("Crowbar=Brute Major Efficient", "You now have tool #1 Crowbar")
        assert "free" not in out
        self.buy(
            "Rope=Agility Minor Rally Fanfare",
            "You now have tool #2 Rope (Agility Minor, " "Rally, Fanfare) for 3 DP.",
        )
        assert "bonus" not in self.call(CmdDigger(), "", caller=self.char2)

    def test_design_refusals_show_why_and_change_nothing(self):
        cases = {
            "Maul=Brute Major Strengthen": "Major 3 + Strengthen 2 = 5 TP; a tool needs exactly 4.",
            "Stick=Brute Minor": "Minor 2 = 2 TP; a tool needs exactly 4.",
            "Stick=Brute Minor Efficient": "Minor 2 + Efficient 1 = 3 TP; a tool needs exactly 4.",
            "Lamp=Wits Major Cleanse Sacrifice": "Cleanse can only go on a Minor tool that has a "
            "drawback.",
            "Lamp=Wits Minor Cleanse": "Cleanse can only go on a Minor tool that has a drawback.",
            "Bad=Wits Minor Improved Rally Sacrifice Liability": "A tool may have at most one "
            "drawback",
            "Nameless=Wits": "Choose a rating: Major or Minor.",
            "=Wits Major Efficient": "Give the tool a name",
            "7=Wits Major Efficient": "A tool's name cannot be just a number",
            "#7=Wits Major Efficient": "A tool's name cannot be just a number",
            "Force=Brute Major Efficient": "A tool cannot be called Force: +act Force means the "
            "Brute ability, so give it a name of its own.",
            "rush=Agility Major Efficient": "A tool cannot be called rush: +act rush means the "
            "Agility ability",
            "Wits=Wits Major Efficient": "A tool cannot be called Wits",
        }
        for line, why in cases.items():
            out = self.buy(line, "That tool cannot be made:")
            assert why in flat(out), (line, out)
        self.buy("Hammer=Brute Major Mighty", "'Mighty' is not a category, a rating or a quality.")
        self.buy("Hammer Brute Major Efficient", "Put the tool's name, then =, then its category")
        self.call(CmdTools(), "/buy", "Describe the tool to buy.", caller=self.char2)
        assert owned(self.char2) == []
        assert sheet_for(self.char2).dp == rules.STARTING_DP

    def test_three_categories_at_most_and_unique_names(self):
        self.buy("Crowbar=Brute Major Efficient")
        self.buy("Rope=Agility Minor Rally Fanfare")
        self.buy("Lens=Wits Minor Enlighten")
        out = self.buy("Blade=Combat Major Improved", "Your Base form's tools already cover")
        assert (
            "Brute, Wits: a form's tools may cover at most 3 of the 4 abilities, so it "
            "cannot take a Combat tool." in flat(out)
        )
        self.buy(
            "crowbar=Brute Major Improved", "Your Base form already has a tool called crowbar."
        )
        self.buy("Pick=Brute Major Improved", "You now have tool #4 Pick")
        assert owned(self.char2) == ["Crowbar", "Rope", "Lens", "Pick"]

    def test_too_little_dp(self):
        self.call(CmdApprove(), "Char2")
        self.call(CmdDigger(), "/raise brute=9", caller=self.char2)
        self.call(CmdDigger(), "/raise wits", caller=self.char2)
        self.buy("Crowbar=Brute Major Efficient", "That costs 3 DP and you have 2 DP unspent.")
        assert owned(self.char2) == [] and sheet_for(self.char2).dp == 2


class TestDesignMenu(DiggerCommandTest):
    def pick(self, *choices):
        """Answer the open menu; returns everything it said."""
        menu = self.char2.ndb._evmenu
        said = []
        original = self.char2.msg
        self.char2.msg = lambda text=None, **kwargs: said.append(
            text[0] if isinstance(text, tuple) else text
        )
        try:
            for choice in choices:
                menu.parse_input(choice)
        finally:
            self.char2.msg = original
        return plain("\n".join(str(line) for line in said))

    def test_the_budget_shows_as_you_pick_and_the_tool_is_bought(self):
        out = self.call(CmdTools(), "/design", caller=self.char2)
        assert "Designing a tool" in out and "Tool Points: 0 of 4 TP" in out
        said = self.pick("1", "Grapnel", "2", "2", "3", "2")
        assert "Category: Agility   Rating: Minor" in said
        assert "Tool Points: 2 of 4 TP (Minor 2)" in said
        said = self.pick("4", "6")
        assert "Tool Points: 3 of 4 TP (Minor 2 + Rally 1)" in said
        said = self.pick("1")
        assert "Tool Points: 2 of 4 TP (Minor 2 + Rally 1 - Sacrifice 1)" in said
        said = self.pick("1", "7")
        assert "Tool Points: 4 of 4 TP (Minor 2 + Rally 1 + Fanfare 1)" in said
        said = self.pick("d", "b")
        assert "You now have tool #1 Grapnel (Agility Minor, Rally, Fanfare)" in said
        assert "design it now" in said  # the bonus tool: the menu starts a new design
        assert owned(self.char2) == ["Grapnel"]

    def test_options_answer_to_their_names_as_well_as_numbers(self):
        self.call(CmdTools(), "/design", caller=self.char2)
        said = self.pick("1", "Grapnel", "2", "agility", "3", "Minor")
        assert "Category: Agility   Rating: Minor" in said
        said = self.pick("4", "Improved", "Efficient", "d", "b")
        assert "You now have tool #1 Grapnel (Agility Minor, Improved, Efficient)" in said
        # the first page's options too, as the page asks ("by number or name")
        said = self.pick("Name", "Hook", "Category", "Wits", "Rating", "Minor", "Qualities",
                         "Improved", "Efficient", "d", "Buy")
        assert "You now have tool #2 Hook (Wits Minor, Improved, Efficient)" in said

    def test_quitting_says_what_happened(self):
        self.call(CmdTools(), "/design", caller=self.char2)
        said = self.pick("1", "Grapnel", "q")
        assert "Nothing was bought and no DP was spent" in said
        assert owned(self.char2) == []

    def test_quitting_after_buying_names_what_was_bought(self):
        self.call(CmdTools(), "/design", caller=self.char2)
        said = self.pick("1", "Grapnel", "2", "Agility", "3", "Minor", "4", "Improved",
                         "Efficient", "d", "b", "q")
        assert "Bought: Grapnel" in said and "+tools/load" in said

    def test_a_refused_design_stays_open_to_fix(self):
        self.call(CmdTools(), "/design", caller=self.char2)
        said = self.pick("1", "Maul", "2", "1", "3", "1", "4", "9", "d", "b")
        assert "Major 3 + Strengthen 2 = 5 TP; a tool needs exactly 4." in said
        said = self.pick("4", "9", "8", "d", "b")
        assert "You now have tool #1 Maul (Brute Major, Improved)" in said


class TestLoadingTheBelt(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        for name, category in (("Crowbar", "Brute"), ("Rope", "Agility"), ("Lens", "Wits")):
            give_tool(self.char2, name, category, load=False)

    def test_load_and_unload_by_number(self):
        self.call(
            CmdTools(),
            "/load 1",
            "Crowbar is on your belt: 1 of 2 slots loaded.",
            caller=self.char2,
        )
        self.call(
            CmdTools(), "/load 3", "Lens is on your belt: 2 of 2 slots loaded.", caller=self.char2
        )
        self.call(
            CmdTools(),
            "/load 2",
            "Your belt is full (2 of 2 slots): unload a tool first.",
            caller=self.char2,
        )
        self.call(CmdTools(), "/load 1", "Crowbar is on your belt already.", caller=self.char2)
        self.call(
            CmdTools(),
            "/unload 1",
            "Crowbar is off your belt: 1 of 2 slots loaded.",
            caller=self.char2,
        )
        self.call(CmdTools(), "/unload 1", "Crowbar is not on your belt.", caller=self.char2)
        self.call(
            CmdTools(),
            "/load 9",
            "Your Base form has no tool #9; +tools lists them.",
            caller=self.char2,
        )
        self.call(
            CmdTools(),
            "/load rope",
            "Give the tool's number from +tools as a number.",
            caller=self.char2,
        )
        assert [slot.tool.design.name for slot in BeltSlot.objects.all()] == ["Lens"]
        out = self.call(CmdTools(), "", "Tools of Char2's Base form", caller=self.char2)
        assert "1 of 2 slots loaded" in out

    def test_belts_are_locked_once_the_party_has_entered(self):
        self.call(CmdTools(), "/load 1", caller=self.char2)
        give_ratings(self.char2)
        self.form_party(self.char2)
        with self.dice():
            self.call(CmdDungeon(), "/enter", caller=self.char2)
        locked = "Your party is in a dungeon: belts are locked until the run ends."
        self.call(CmdTools(), "/load 2", locked, caller=self.char2)
        self.call(CmdTools(), "/unload 1", locked, caller=self.char2)
        self.call(
            CmdDigger(),
            "/raise brute",
            "Your party is in a dungeon: ratings are locked",
            caller=self.char2,
        )
        assert [slot.tool.design.name for slot in BeltSlot.objects.all()] == ["Crowbar"]
