"""+digger, +form, +approve/+unapprove and +chapter: sheets made on demand, DP and its
ledger, chargen refunds, staff grants, forms, privacy, belt slots and Chapters."""

import importlib
from unittest.mock import patch

from commands.digger import CmdApprove, CmdChapter, CmdDigger, CmdForm, CmdTools, CmdUnapprove
from commands.digger import sheet as sheet_commands
from world.digger import rules
from world.digger.ledger import current_form, sheet_for
from world.digger.models import DiggerSheet, DPEntry, Form

from .fixtures import DiggerCommandTest, flat, give_tool, widest_line


def dp(character):
    return sheet_for(character).dp


def ledger_sums_up(character):
    sheet = DiggerSheet.objects.get(character=character)
    return sum(entry.amount for entry in sheet.ledger.all()) == sheet.dp


class TestSheet(DiggerCommandTest):
    def test_first_look_makes_the_sheet_once(self):
        out = self.call(CmdDigger(), "", "Digger sheet of Char2 - Base form", caller=self.char2)
        assert "In chargen" in out and f"DP unspent: {rules.STARTING_DP}" in out
        self.call(CmdDigger(), "", "Digger sheet of Char", caller=self.char2)
        sheet = DiggerSheet.objects.get(character=self.char2)
        assert sheet.forms.count() == 1 and sheet.current_form.is_base
        assert [entry.amount for entry in sheet.ledger.all()] == [rules.STARTING_DP]
        assert widest_line(out) <= 78

    def test_raising_costs_each_new_rating(self):
        self.call(CmdDigger(), "/raise brute=5", "Your Base form's Brute goes from 0 to 5 for 15")
        self.call(CmdDigger(), "/raise force", "Your Base form's Brute goes from 5 to 6 for 6 DP")
        self.call(CmdDigger(), "/raise wits", "Your Base form's Wits goes from 0 to 1 for 1 DP")
        assert dp(self.char1) == rules.STARTING_DP - 22
        assert current_form(sheet_for(self.char1)).ratings()[rules.BRUTE] == 6
        assert ledger_sums_up(self.char1)

    def test_too_little_dp_changes_nothing(self):
        self.call(CmdDigger(), "/raise combat=9", "Your Base form's Combat goes from 0 to 9 for 45")
        before = dp(self.char1)
        self.call(CmdDigger(), "/raise wits=9", "That costs 45 DP and you have 3 DP unspent.")
        assert dp(self.char1) == before
        assert current_form(sheet_for(self.char1)).wits == 0

    def test_rating_limits_and_bad_input(self):
        self.call(CmdDigger(), "/raise brute=11", f"Ratings go up to {rules.RATING_MAX}.")
        self.call(CmdDigger(), "/lower brute", f"Ratings go down to {rules.RATING_MIN}.")
        self.call(CmdDigger(), "/raise strength", "'strength' is not a Dungeon Ability.")
        self.call(CmdDigger(), "/raise brute=lots", "Give the new rating as a number.")
        self.call(CmdDigger(), "/raise", "Name the ability to change.")
        assert dp(self.char1) == rules.STARTING_DP

    def test_lowering_refunds_in_chargen_only(self):
        self.call(CmdDigger(), "/raise agility=4", caller=self.char2)
        self.call(
            CmdDigger(),
            "/lower rush=2",
            "Your Base form's Agility goes from 4 to 2 and get 7 DP " "back",
            caller=self.char2,
        )
        assert dp(self.char2) == rules.STARTING_DP - 3
        self.call(CmdApprove(), "Char2", "Char2 is approved.")
        self.call(
            CmdDigger(),
            "/lower agility",
            "You are approved: ratings can only be raised",
            caller=self.char2,
        )
        assert current_form(sheet_for(self.char2)).agility == 2
        assert dp(self.char2) == rules.STARTING_DP - 3
        assert "Approved (" in self.call(CmdDigger(), "", caller=self.char2)
        self.call(CmdUnapprove(), "Char2", "Char2 is back in chargen.")
        self.call(
            CmdDigger(),
            "/lower agility",
            "Your Base form's Agility goes from 2 to 1",
            caller=self.char2,
        )
        assert ledger_sums_up(self.char2)


class TestApprovalAndPrivacy(DiggerCommandTest):
    def test_the_sheet_shows_the_status(self):
        assert "In chargen" in self.call(CmdDigger(), "", caller=self.char2)
        self.call(
            CmdApprove(),
            "Char2",
            {self.char1: "Char2 is approved.", self.char2: "Staff have approved your character."},
        )
        assert "Approved (" in self.call(CmdDigger(), "", caller=self.char2)

    def test_approval_refusals(self):
        self.call(CmdApprove(), "Char2")
        self.call(CmdApprove(), "Char2", "Char2 is already approved.")
        self.call(CmdUnapprove(), "Cid", "Cid is not approved.")
        self.call(CmdApprove(), "Nobody", "There is no character called 'Nobody'.")
        assert not CmdApprove().access(self.char2, "cmd")
        assert not CmdUnapprove().access(self.char2, "cmd")
        assert CmdApprove().access(self.char1, "cmd")

    def test_players_never_see_a_sheet_under_approval(self):
        self.call(CmdDigger(), "/raise brute=2", caller=self.char3)
        out = self.call(CmdDigger(), "Cid", "You can see your own sheet,", caller=self.char2)
        assert "other characters' sheets once they are approved." in flat(out)
        self.call(CmdDigger(), "Cid", "Digger sheet of Cid")  # staff
        self.call(CmdApprove(), "Cid")
        self.call(CmdDigger(), "Cid", "Digger sheet of Cid", caller=self.char2)
        self.call(
            CmdDigger(), "/log Cid", "You can only read your own DP ledger.", caller=self.char2
        )
        self.call(CmdDigger(), "/log Cid", "DP ledger of Cid")

    def test_ledger_lists_every_change_with_its_reason(self):
        self.call(CmdDigger(), "/raise brute=2", caller=self.char2)
        out = self.call(CmdDigger(), "/log", "DP ledger of Char2", caller=self.char2)
        assert "starting Digger Points" in out and "Brute 0 -> 2 (Base form)" in out
        assert "-3" in out and widest_line(out) <= 78


class TestGrants(DiggerCommandTest):
    def test_staff_grant_with_a_reason(self):
        self.call(
            CmdDigger(),
            "/grant Char2=5 ran the harvest plot",
            {
                self.char1: "Char2 receives 5 DP (ran the harvest plot); unspent now: 53.",
                self.char2: "Staff: Char2 receives 5 DP",
            },
        )
        entry = DPEntry.objects.filter(sheet__character=self.char2).last()
        assert (entry.amount, entry.reason, entry.by) == (5, "ran the harvest plot", "Char")
        self.call(CmdDigger(), "/grant Char2=-3 typo in the last grant", "Char2 loses 3 DP")
        assert dp(self.char2) == 50 and ledger_sums_up(self.char2)

    def test_grant_refusals_change_nothing(self):
        self.call(CmdDigger(), "/grant Char2", "Name the character, then = the DP and the reason.")
        self.call(CmdDigger(), "/grant Char2=5", "Give a reason for the grant")
        self.call(CmdDigger(), "/grant Char2=five for fun", "Give the DP as a whole number")
        self.call(CmdDigger(), "/grant Char2=0 nothing", "Grant a number of DP other than 0.")
        self.call(CmdDigger(), "/grant Char2=-100 oops", "Char2 has only 48 DP unspent.")
        self.call(CmdDigger(), "/grant Char=5 me",
                  "Only staff can use +digger/grant. Nothing was changed.", caller=self.char2)
        self.call(CmdDigger(), "/grant Nobody=5 why", "There is no character called 'Nobody'.")
        assert dp(self.char2) == rules.STARTING_DP


class TestForms(DiggerCommandTest):
    def test_a_new_form_copies_the_base_statblock(self):
        self.call(CmdDigger(), "/raise wits=3", caller=self.char2)
        give_tool(self.char2, "Lens", rules.WITS, rules.MINOR, ("Efficient", "Improved"))
        give_tool(self.char2, "Rope", rules.AGILITY, load=False)
        self.call(CmdForm(), "/create Char2=Wolf", "Char2 has a new form, Wolf")
        wolf = Form.objects.get(name="Wolf")
        assert wolf.wits == 3 and not wolf.is_base
        assert [tool.design.name for tool in wolf.tools.all()] == ["Lens", "Rope"]
        assert [slot.tool.design.name for slot in wolf.belt.all()] == ["Lens"]
        out = self.call(CmdForm(), "", "Forms of Char2", caller=self.char2)
        assert "Base (base)" in out and "Wolf" in out
        self.call(CmdForm(), "wolf", "You are in your Wolf form now.", caller=self.char2)
        self.call(
            CmdDigger(), "/raise wits", "Your Wolf form's Wits goes from 3 to 4", caller=self.char2
        )
        assert Form.objects.get(name="Base").wits == 3
        self.call(CmdTools(), "Base", "Tools of Char2's Base form", caller=self.char2)

    def test_a_new_form_belt_holds_only_its_own_free_slots(self):
        self.call(CmdDigger(), "/slot", "Your Base form's belt has 3 slots now", caller=self.char2)
        for name, category in (("Lens", rules.WITS), ("Rope", rules.AGILITY), ("Hook", rules.WITS)):
            give_tool(self.char2, name, category)
        self.call(CmdForm(), "/create Char2=Wolf", "Char2 has a new form, Wolf")
        wolf = Form.objects.get(name="Wolf")
        assert wolf.early_slot_costs == []
        assert [(slot.position, slot.tool.design.name) for slot in wolf.belt.all()] == [
            (1, "Lens"),
            (2, "Rope"),
        ]
        assert [tool.design.name for tool in wolf.tools.all()] == ["Lens", "Rope", "Hook"]
        self.call(CmdForm(), "wolf", caller=self.char2)
        assert "2 of 2 slots loaded" in self.call(CmdTools(), "", caller=self.char2)
        # The early slot's DP comes back once, for the base form that paid it.
        out = self.call(CmdChapter(), "/advance", "Chapter 2 begins")
        assert "Char2 (Base) gets 7 DP back" in out and "Wolf" not in out
        assert dp(self.char2) == rules.STARTING_DP and ledger_sums_up(self.char2)

    def test_form_refusals(self):
        self.call(CmdForm(), "/create Char2=Wolf")
        self.call(CmdForm(), "/create Char2=wolf", "Char2 already has a form called wolf.")
        self.call(CmdForm(), "/create Char=Bear", "Only staff can use +form/create.",
                  caller=self.char2)
        self.call(
            CmdForm(),
            "Bear",
            "There is no form called 'Bear'. Forms: Base, Wolf.",
            caller=self.char2,
        )
        self.call(CmdForm(), "Base", "You are already in your Base form.", caller=self.char2)
        self.call(CmdTools(), "Bear", "There is no form called 'Bear'.", caller=self.char2)


def test_the_help_takes_rating_costs_and_the_grant_cap_from_the_rules_table():
    try:
        with (
            patch.object(rules, "raise_cost", lambda rating: 2 * (rating + 1)),
            patch.object(rules, "rating_total_cost", lambda rating: rating * (rating + 1)),
            patch.object(rules, "GRANT_MAX", 99),
        ):
            help_text = " ".join(importlib.reload(sheet_commands).CmdDigger.__doc__.split())
    finally:
        importlib.reload(sheet_commands)  # the real help back
    assert "0 to 1 costs 2, 4 to 5 costs 10, so a rating of 5 has cost 30 DP in all" in help_text
    assert "at most 99 at a time" in help_text


class TestChapterAndBeltSlots(DiggerCommandTest):
    def test_an_early_slot_is_refunded_when_the_chapter_grants_it(self):
        self.call(CmdChapter(), "", "This is Chapter 1: tool belts have 2 free slots.")
        self.call(
            CmdDigger(),
            "/slot",
            "Your Base form's belt has 3 slots now, for 7 DP",
            caller=self.char2,
        )
        self.call(CmdDigger(), "/slot", "You have bought the early slot already", caller=self.char2)
        assert dp(self.char2) == rules.STARTING_DP - rules.EARLY_SLOT_COST
        out = self.call(CmdChapter(), "/advance", "Chapter 2 begins: tool belts have 3 free slots.")
        assert "Char2 (Base) gets 7 DP back for an early slot." in out
        assert dp(self.char2) == rules.STARTING_DP
        assert current_form(sheet_for(self.char2)).early_slot_costs == []
        assert "3 of 3 slots" not in self.call(CmdTools(), "", caller=self.char2)
        assert "0 of 3 slots loaded" in self.call(CmdTools(), "", caller=self.char2)
        assert ledger_sums_up(self.char2)

    def test_later_chapters_price_and_the_slot_limit(self):
        self.call(CmdChapter(), "/advance")
        self.call(CmdChapter(), "/advance")
        self.call(
            CmdDigger(),
            "/slot",
            "Your Base form's belt has 5 slots now, for 5 DP",
            caller=self.char2,
        )
        self.call(CmdChapter(), "/advance", "Chapter 4 begins: tool belts have 5 free slots.")
        assert dp(self.char2) == rules.STARTING_DP
        self.call(
            CmdDigger(),
            "/slot",
            "Your belt has 5 slots, the most a belt can have.",
            caller=self.char2,
        )
        self.call(
            CmdChapter(), "/advance", "Only staff can use +chapter/advance.", caller=self.char2
        )

    def test_slot_with_too_little_dp(self):
        self.call(CmdDigger(), "/raise brute=9", caller=self.char2)
        self.call(
            CmdDigger(), "/slot", "That costs 7 DP and you have 3 DP unspent.", caller=self.char2
        )
        assert current_form(sheet_for(self.char2)).early_slot_costs == []
