"""The Goldengrave commands over Evennia's command test harness: a first delve,
and every refusal the issue names changes nothing."""

import textwrap
from unittest.mock import patch

import pytest

from commands.goldengrave import (
    CmdGoldengrave,
    CmdGoldengraveDungeon,
    CmdGoldengraveGM,
    GoldengraveCmdSet,
)
from tests.goldengrave.helpers import GoldengraveCommandTest, give_pc, make_company, make_monster
from world.goldengrave import exploring, services
from world.goldengrave.models import Company, DungeonRoom, GoldengraveRoll, Sheet

COMMANDS = (CmdGoldengrave, CmdGoldengraveDungeon, CmdGoldengraveGM)


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_usage_and_examples(command):
    text = command.__doc__
    assert "Usage:" in text and "Examples:" in text
    usage = command().usage()
    for switch in command.switch_options:
        assert f"{command.key}/{switch}" in usage
    assert max(len(line) for line in textwrap.dedent(text).splitlines()) <= 78


def test_cmdset_holds_every_goldengrave_command():
    cmdset = GoldengraveCmdSet()
    cmdset.at_cmdset_creation()
    assert {cmd.key for cmd in cmdset.commands} == {command.key for command in COMMANDS}


def test_help_topic_walks_a_first_delve():
    from world.help_entries import HELP_ENTRY_DICTS

    topic = next(entry for entry in HELP_ENTRY_DICTS if entry["key"] == "goldengrave")
    for step in ("+ggdungeon/new", "+gg/new", "+gg/found", "+ggm/damage", "+ggm/night",
                 "+gg/glory"):
        assert step in topic["text"]


class FirstDelveTest(GoldengraveCommandTest):
    def test_chargen_found_join(self):
        # Spark A 4+4 Fairbuck, Spark B 3+2 Zealot, traits 6,4,1, name 2,3 -> Dagmar.
        with self.dice(4, 4, 3, 2, 6, 4, 1, 2, 3):
            text = self.said(CmdGoldengrave(), "/new", caller=self.char2)
        assert "Zealot from Fairbuck" in text and "Dagmar" in text
        self.said(CmdGoldengrave(), "/traits 4 4 1", "Cannot assign those", caller=self.char2)
        self.said(CmdGoldengrave(), "/traits 4 6 1", "Dagmar is average/fit", caller=self.char2)
        self.said(CmdGoldengrave(), "/name Wren", "Your PC is now called Wren", caller=self.char2)
        self.said(CmdGoldengrave(), "/found The Lanterns=4,2,1", "Split exactly 6",
                  caller=self.char2)
        assert not Company.objects.exists()
        text = self.said(CmdGoldengrave(), "/found The Lanterns=4,2,0", caller=self.char2)
        assert "Stamina 10/10" in text and "Supply 8/8" in text and "Sway 6/6" in text
        give_pc(self.char3, "Ivo")
        self.said(CmdGoldengrave(), "/join The Lanterns", "", caller=self.char3)
        assert Sheet.objects.get(name="Ivo").company.name == "The Lanterns"
        self.said(CmdGoldengrave(), "/company", "", caller=self.char3)

    def test_members_see_the_company_sheet_and_others_do_not(self):
        company = make_company()
        give_pc(self.char2, "Ann", company)
        give_pc(self.char3, "Ivo")
        self.said(CmdGoldengrave(), "/company The Lanterns", "Only members of The Lanterns",
                  caller=self.char3)
        self.said(CmdGoldengrave(), "/company", "[Goldengrave] The Lanterns", caller=self.char2)
        self.said(CmdGoldengraveGM(), "/show The Lanterns", "[Goldengrave] The Lanterns")


    def test_companies_count_their_living_pcs(self):
        self.said(CmdGoldengrave(), "/companies", "No company has been founded yet")
        lanterns = make_company()
        make_company("Ash Road")
        give_pc(self.char2, "Ann", lanterns)
        give_pc(self.char3, "Ivo", lanterns)
        Sheet.objects.filter(name="Ivo").update(alive=False)
        text = self.said(CmdGoldengrave(), "/companies")
        assert "Ash Road: 0 PCs, Glory 0" in text and "The Lanterns: 1 PC, Glory 0" in text
        assert text.index("Ash Road") < text.index("The Lanterns")


class RefusalTest(GoldengraveCommandTest):
    def setUp(self):
        super().setUp()
        self.company = make_company(stamina=10, supply=2, sway=1)
        give_pc(self.char2, "Ann", self.company)
        give_pc(self.char3, "Ivo", self.company)
        self.other = make_company("The Others")

    def unchanged(self):
        before = Company.objects.get(pk=self.company.pk)
        return (before.stamina, before.supply, before.sway, before.glory, before.stamina_max)

    def test_refusals_change_nothing(self):
        start = self.unchanged()
        rolls = GoldengraveRoll.objects.count()
        cases = [
            (CmdGoldengraveGM(), "/set stamina=11", "its maximum", None),
            (CmdGoldengraveGM(), "/damage 41", "Power as a whole number from 0 to 40", None),
            (CmdGoldengraveGM(), "/damage -1", "Power as a whole number", None),
            (CmdGoldengraveGM(), "/damage 99999999999999999999", "Power as a whole number", None),
            (CmdGoldengraveGM(), "/damage 3", "is for the GM", self.char2),
            (CmdGoldengraveDungeon(), "/monster Rat=2", "is for the GM", self.char2),
            (CmdGoldengrave(), "/summon smoke bomb=specialist", "costs 6 Supply", self.char2),
            (CmdGoldengrave(), "/glory stamina", "costs 1 Glory", self.char2),
            (CmdGoldengrave(), "/pay", "no Sway price", self.char2),
            (CmdGoldengrave(), "/pay The Others", "You are not in The Others", self.char2),
            (CmdGoldengrave(), "/summon rope=basic @The Others", "You are not in", self.char2),
            (CmdGoldengrave(), "/glory stamina=99", "Spend 1 to 18", self.char2),
        ]
        for cmd, args, expected, caller in cases:
            text = self.said(cmd, args, caller=caller or self.char1)
            assert expected in text, (args, text)
        assert self.unchanged() == start
        assert GoldengraveRoll.objects.count() == rolls

    def test_sway_price_too_high_then_refused(self):
        self.said(CmdGoldengraveGM(), "/sway meeting=3", "Sway price of 3")
        self.said(CmdGoldengrave(), "/pay", "The price is 3 Sway", caller=self.char2)
        self.said(CmdGoldengrave(), "/refuse", "will not pay 3 Sway", caller=self.char2)
        assert Company.objects.get(pk=self.company.pk).sway == 1

    def test_no_damage_roll_at_zero_stamina(self):
        Company.objects.filter(pk=self.company.pk).update(stamina=0)
        self.said(CmdGoldengraveGM(), "/damage 2", "has 0 Stamina")

    def test_stat_cap_18_through_the_command(self):
        Company.objects.filter(pk=self.company.pk).update(glory=30)
        self.said(CmdGoldengrave(), "/glory stamina=8", "Stamina's maximum 10 -> 18",
                  caller=self.char2)
        self.said(CmdGoldengrave(), "/glory stam", "no stat goes above 18", caller=self.char2)
        assert Company.objects.get(pk=self.company.pk).glory == 22


class FightTest(GoldengraveCommandTest):
    def setUp(self):
        super().setUp()
        self.company = make_company(stamina=10, supply=8, sway=6)
        give_pc(self.char2, "Ann", self.company)
        give_pc(self.char3, "Ivo", self.company)

    def test_damage_attack_and_everyone_sees_the_dice(self):
        make_monster("Cellar Wight", self.room1, 4, vulnerable=["fire"], on_ko="Dragged off.")
        with patch.object(self.char2, "msg") as seen, self.dice(3, 3, 1, 5, 1):
            text = self.said(CmdGoldengraveGM(), "/damage Cellar Wight")
        assert "Stamina 10 -> 3" in text and "knocked out" in text
        assert "On KO: Dragged off." in text
        assert any("Stamina 10 -> 3" in str(c) for c in seen.call_args_list)
        text = self.said(CmdGoldengrave(), "/fight with burning oil", "", caller=self.char2)
        assert "fights: with burning oil" in text
        text = self.said(CmdGoldengraveGM(), "/attack Cellar Wight=burning oil, fire")
        assert "vulnerable" in text and "4 -> 2" in text and "half its Power" in text
        self.said(CmdGoldengraveGM(), "/sway half=3,Cellar Wight", "Sway price of 3")
        text = self.said(CmdGoldengrave(), "/pay", "", caller=self.char3)
        assert "retreats or surrenders" in text
        assert Company.objects.get(pk=self.company.pk).sway == 3
        assert not Sheet.objects.filter(knocked_out=True).exists()

    def test_risky_and_check(self):
        make_monster("Cobblemaw", self.room1, 3)
        with self.dice(6, 6):
            text = self.said(CmdGoldengraveGM(), "/risky Cobblemaw=Char2")
        assert "success" in text.lower() and "3 -> 1" in text
        with self.dice(2, 3):
            text = self.said(CmdGoldengraveGM(), "/check Cid=prepared,suits")
        assert "needs 6" in text

    def test_supply_and_items(self):
        self.said(CmdGoldengrave(), "/summon crowbar=common", "Supply 8 -> 7", caller=self.char2)
        self.said(CmdGoldengrave(), "/summon rope=basic", "free", caller=self.char3)
        self.said(CmdGoldengrave(), "/items", "Specialist (6 Supply)", caller=self.char3)


class DungeonTest(GoldengraveCommandTest):
    def setUp(self):
        super().setUp()
        self.company = make_company()
        give_pc(self.char2, "Ann", self.company)

    def build(self, difficulty="normal"):
        self.said(CmdGoldengraveDungeon(), f"/new Chapel={difficulty}", "is yours to run")
        self.char1.move_to(self.room2, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/room Chapel", "room 1 of Chapel")
        self.said(CmdGoldengraveDungeon(), "/star", "starred")
        self.said(CmdGoldengraveDungeon(), "/monster Ash Hound=3", "Power 3/3")
        self.said(CmdGoldengraveDungeon(), "/wander Ash Hound", "wanders")

    def test_starred_room_rolls_for_the_gm_cautious_in_new_rooms(self):
        self.build()
        self.char2.move_to(self.room2, quiet=True)
        with patch.object(self.char1, "msg") as gm_sees, self.dice(2):
            exploring.on_exit_traversed(self.exit, traverser=self.char2)
        told = " ".join(" ".join(str(c) for c in gm_sees.call_args_list).replace("\\n", " ").split())
        assert "cautious" in told and "Bring in: Ash Hound (Power 3)" in told
        company = Company.objects.get(pk=self.company.pk)
        assert company.position_id == self.room2.pk and company.dungeon.name == "Chapel"
        # a second member arriving does not roll again
        with self.dice():
            exploring.on_exit_traversed(self.exit, traverser=self.char2)
        text = self.said(CmdGoldengrave(), "/map", "Normal", caller=self.char2)
        assert "[@]" in text

    def test_quick_in_explored_rooms(self):
        self.build()
        self.char2.move_to(self.room2, quiet=True)
        with self.dice(5):
            exploring.arrived(self.char2, self.room2)
        Company.objects.filter(pk=self.company.pk).update(position=None)
        with patch.object(self.char1, "msg") as gm_sees, self.dice(4):
            entry = exploring.arrived(self.char2, self.room2)
        assert entry.pace == "quick" and entry.wandering.outcome == "nothing"
        assert "quick" in " ".join(str(c) for c in gm_sees.call_args_list)

    def test_map_by_difficulty(self):
        self.build("hard")
        self.char2.move_to(self.room2, quiet=True)
        with self.dice(6):
            exploring.arrived(self.char2, self.room2)
        self.said(CmdGoldengrave(), "/map", "Hard: no map", caller=self.char2)
        self.said(CmdGoldengraveDungeon(), "/difficulty easy=Chapel", "now easy")
        self.said(CmdGoldengrave(), "/map", "Easy", caller=self.char2)
        text = self.said(CmdGoldengraveDungeon(), "/info Chapel")
        assert "[1]*" in text

    def test_player_gm_cannot_mark_rooms_they_did_not_build(self):
        self.char2.move_to(self.room1, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/new Cave=easy", "is yours to run", caller=self.char2)
        self.char2.move_to(self.room2, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/room Cave", "only mark rooms you built",
                  caller=self.char2)
        assert not DungeonRoom.objects.exists()

    def test_treasure_found_and_night(self):
        self.build()
        from evennia.utils import create

        create.create_object("typeclasses.objects.Object", key="reliquary", location=self.room2)
        self.said(CmdGoldengraveDungeon(), "/treasure reliquary=main", "main treasure")
        self.char2.move_to(self.room2, quiet=True)
        with self.dice(6):
            exploring.arrived(self.char2, self.room2)
        self.said(CmdGoldengraveGM(), "/found reliquary", "finds reliquary (the main treasure)")
        text = self.said(CmdGoldengraveGM(), "/night")
        assert "Rank S" in text and "+5 Glory" in text
        assert services.view_of(Company.objects.get(pk=self.company.pk)).company.glory == 5
