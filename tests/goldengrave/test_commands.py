"""The Goldengrave commands over Evennia's command test harness: a first delve,
and every refusal the issue names changes nothing."""

import re
import textwrap
from unittest.mock import patch

import pytest
from evennia.utils import create
from evennia.utils.ansi import strip_ansi

from commands.goldengrave import (
    CmdGoldengrave,
    CmdGoldengraveDungeon,
    CmdGoldengraveGM,
    GoldengraveCmdSet,
)
from commands.social_speech import CmdLook
from tests.goldengrave.helpers import GoldengraveCommandTest, give_pc, make_company, make_monster
from world.goldengrave import exploring, render, services
from world.goldengrave.models import Company, DungeonRoom, GoldengraveRoll, Sheet

COMMANDS = (CmdGoldengrave, CmdGoldengraveDungeon, CmdGoldengraveGM)


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_usage_and_examples(command):
    text = strip_ansi(command.__doc__)  # as a player reads it
    assert "Usage:" in text and "Examples:" in text
    usage = command().usage()
    for switch in command.switch_options:
        assert f"{command.key}/{switch}" in usage
    assert max(len(line) for line in textwrap.dedent(text).splitlines()) <= 78


@pytest.mark.parametrize("command", COMMANDS)
def test_help_loses_no_letter_to_the_colour_codes(command):
    # "<easy|normal|hard>" would read "<easyormalard>": |n and |h are colour codes.
    # The help's only codes are |w and |n around commands; a typed | is ||.
    raw = command.__doc__.replace("||", "\0")
    expected = re.sub(r"\|[wn]", "", raw).replace("\0", "|")
    assert strip_ansi(command.__doc__) == expected
    assert "<easy|normal|hard>" in strip_ansi(CmdGoldengraveDungeon.__doc__)


def test_every_prototype_is_named_in_the_builders_help():
    from world.goldengrave import prototypes

    names = [name.lower() for name in vars(prototypes) if name.startswith("GG_")]
    assert len(names) >= 11
    for name in names:
        assert name in CmdGoldengraveDungeon.__doc__, name


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


class LoadMixTest(GoldengraveCommandTest):
    def test_the_load_mix_sends_goldengrave_commands_a_crowd_is_answered(self):
        """benchmarks/load.py's Goldengrave entries name real switches, which
        answer a player with no PC (most of the crowd) without a refusal."""
        import random

        from benchmarks.loadlib.mix import DEFAULT_MIX, LINE_MAKERS

        entries = [e.split(":")[0] for e in DEFAULT_MIX.split(",") if e.startswith("gg-")]
        assert entries == ["gg-companies", "gg-items"]
        answers = {"companies": "No company has been founded yet",
                   "items": "Specialist (6 Supply)"}
        for entry in entries:
            line = LINE_MAKERS[entry](random.Random(1))
            key, _, switch = line.partition("/")
            assert key == CmdGoldengrave.key and switch in CmdGoldengrave.switch_options, line
            self.said(CmdGoldengrave(), f"/{switch}", answers[switch], caller=self.char2)


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
        # the pick die took Ann (char2): the company's choice is Ivo's to make
        self.said(CmdGoldengrave(), "/fight", "Ann is knocked out", caller=self.char2)
        text = self.said(CmdGoldengrave(), "/fight with burning oil", "", caller=self.char3)
        assert "fights: with burning oil" in text
        text = self.said(CmdGoldengraveGM(), "/attack Cellar Wight=burning oil, fire")
        assert "vulnerable" in text and "4 -> 2" in text and "half its Power" in text
        self.said(CmdGoldengraveGM(), "/sway half=3,Cellar Wight", "Sway price of 3")
        text = self.said(CmdGoldengrave(), "/pay", "", caller=self.char3)
        assert "Cellar Wight gives up the fight" in text
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
        self.said(CmdGoldengraveDungeon(), "/wander Ash Hound", "roams the dungeon")

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
        self.said(CmdGoldengrave(), "/map", "Hard: the game gives no map", caller=self.char2)
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


class NewcomerReadsTest(GoldengraveCommandTest):
    """What players and a GM read, as a newcomer would: plain English that
    says what to type next."""

    def setUp(self):
        super().setUp()
        self.company = make_company()
        give_pc(self.char2, "Ann", self.company)
        give_pc(self.char3, "Juno", self.company)

    def test_a_place_for_spark_a_and_an_article_for_spark_b(self):
        Sheet.objects.filter(name="Ann").delete()
        # Spark A 1+1 Cave, Spark B 2+3 Zealot, traits 6,5,1, name 2,6
        with self.dice(1, 1, 2, 3, 6, 5, 1, 2, 6):
            text = self.said(CmdGoldengrave(), "/new", "a Zealot from the cave", caller=self.char2)
        assert "(our own column)" in text
        self.said(CmdGoldengrave(), "/sheet", "A Zealot from the cave (names of Elsewhere)",
                  caller=self.char2)

    def test_a_dead_pcs_player_is_told_what_to_do_and_the_table_sees_the_new_one(self):
        Sheet.objects.filter(name="Ann").update(alive=False)
        self.said(CmdGoldengrave(), "", "Ann is dead. +gg/new rolls your next PC, who joins "
                  "The Lanterns in town.", caller=self.char2)
        with patch.object(self.char3, "msg") as seen, self.dice(4, 4, 5, 5, 2, 3, 4, 1, 1):
            self.said(CmdGoldengrave(), "/new", "Alaric joins The Lanterns", caller=self.char2)
        assert any("Alaric (Char2) joins The Lanterns" in str(c) for c in seen.call_args_list)

    def test_pace_supply_night_and_set_read_as_english(self):
        self.said(CmdGoldengrave(), "/pace quick", "The Lanterns now moves quickly.",
                  caller=self.char2)
        self.said(CmdGoldengrave(), "/pace auto", "cautiously in new rooms", caller=self.char2)
        self.said(CmdGoldengrave(), "/summon rope=basic", "packed it all along: rope (basic, "
                  "free: Supply stays 8).", caller=self.char2)
        self.said(CmdGoldengraveGM(), "/set sway=2", "The GM sets The Lanterns' Sway: 6 -> 2.")
        text = self.said(CmdGoldengraveGM(), "/night")
        assert "Rank F" in text and "+0 Glory (now 0)." in text

    def test_a_pc_is_named_by_the_pc_or_the_player(self):
        with self.dice(5, 5):
            self.said(CmdGoldengraveGM(), "/check Juno=prepared", "Juno (Cid): Skill check "
                      "(needs 8): [5, 5] = 10, success.")
        with self.dice(1, 2):
            self.said(CmdGoldengraveGM(), "/check Cid", "Juno (Cid): Skill check (needs 10)")

    def test_sway_outcomes_follow_the_situation(self):
        make_monster("Cellar Wight", self.room1, 4)
        cases = [
            ("meeting=1,Cellar Wight", "/pay", "Cellar Wight is curious"),
            ("meeting=1,Cellar Wight", "/refuse", "Cellar Wight is wary"),
            ("information=1,Cellar Wight", "/pay", "Cellar Wight tells what"),
            ("information=3", "/refuse", "The monster keeps what it knows"),
        ]
        for price, answer, outcome in cases:
            self.said(CmdGoldengraveGM(), f"/sway {price}", "Sway price of")
            self.said(CmdGoldengrave(), answer, outcome, caller=self.char2)

    def test_the_gm_reads_monster_cards_and_picks_a_desire(self):
        make_monster("Cellar Wight", self.room1, 4)
        self.said(CmdGoldengraveDungeon(), "/look Cellar Wight",
                  "Wants: not rolled yet (+ggdungeon/desire Cellar Wight)")
        with self.dice(4, 5):
            self.said(CmdGoldengraveDungeon(), "/desire Cellar Wight=twice",
                      "Pick one: +ggdungeon/desire Cellar Wight=<its words, or your own>")
        self.said(CmdGoldengraveDungeon(), "/desire Cellar Wight=to be left alone",
                  "Cellar Wight wants to be left alone.")


class DungeonSheetTest(GoldengraveCommandTest):
    def test_room_needs_no_name_for_a_gms_only_dungeon_and_info_lists_what_lurks(self):
        self.said(CmdGoldengraveDungeon(), "/room", "Which dungeon? Name it")
        self.said(CmdGoldengraveDungeon(), "/new Chapel", "is yours to run")
        self.char1.move_to(self.room2, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/room", "Room2 is room 1 of Chapel")
        self.said(CmdGoldengraveDungeon(), "/trap Dart Trap=2", "Dart Trap: trap, Power 2")
        self.said(CmdGoldengraveDungeon(), "/monster Hound=3", "Power 3/3")
        self.said(CmdGoldengraveDungeon(), "/wander Hound", "Hound now roams the dungeon")
        text = self.said(CmdGoldengraveDungeon(), "/info",
                         "1  Room2: Dart Trap (trap, Power 2), Hound (Power 3, wanders)")
        assert text.count("Room2") == 1  # the map's legend does not repeat the list

    def test_the_text_sample_monster_is_whole_and_its_gm_notes_stay_with_the_gm(self):
        from evennia.prototypes.spawner import spawn

        from world.goldengrave import prototypes

        (maw,) = spawn(prototypes.GG_COBBLEMAW)
        maw.location = self.room1
        assert maw.on_ko and maw.on_kill and "risky" in maw.notes
        card = self.said(CmdGoldengraveDungeon(), "/look Cobblemaw", "GM notes: Power 2 to 4")
        assert "On KO:" in card and "On Kill:" in card
        seen = self.call(CmdLook(), "Cobblemaw", caller=self.char2)
        assert "Power 3" in seen and "risky" not in seen and "GM notes" not in seen


class NormalMapTest(GoldengraveCommandTest):
    def test_the_map_of_a_normal_dungeon_betrays_no_room_not_yet_entered(self):
        from world.goldengrave.models import Dungeon

        north = create.create_object("typeclasses.rooms.Room", key="North Hall")
        create.create_object("typeclasses.exits.Exit", key="north", location=self.room2,
                             destination=north)
        dungeon = Dungeon.objects.create(name="Chapel", gm=self.char1, town=self.room1)
        services.add_room(self.char1, dungeon, self.room2)
        services.add_room(self.char1, dungeon, north)
        company = make_company()
        give_pc(self.char2, "Ann", company)
        self.char2.move_to(self.room2, quiet=True)
        services.enter_room(self.char2, self.room2)
        text = self.call(CmdGoldengrave(), "/map", caller=self.char2)
        drawing = text.split("\n")[2:]
        assert drawing[0] == "  [@]", text  # straight under the note: no blank band above
        assert "North Hall" not in text
        full = exploring.map_for(dungeon, gm=True).lines
        assert full == ("[2]", " |", "[1]")


class MapperTest(GoldengraveCommandTest):
    def test_the_mapper_draws_the_hard_map_and_the_company_reads_it(self):
        from world.goldengrave.models import Dungeon

        dungeon = Dungeon.objects.create(name="Chapel", gm=self.char1, town=self.room1,
                                         difficulty="hard")
        services.add_room(self.char1, dungeon, self.room2)
        company = make_company()
        give_pc(self.char2, "Ann", company)
        give_pc(self.char3, "Juno", company)
        self.char2.move_to(self.room2, quiet=True)
        services.enter_room(self.char2, self.room2)
        self.said(CmdGoldengrave(), "/map", "draws one with +gg/mapnote", caller=self.char3)
        self.said(CmdGoldengrave(), "/mapnote", "own map is empty", caller=self.char2)
        self.said(CmdGoldengrave(), "/mapnote [2]", "[2]", caller=self.char2)
        text = self.said(CmdGoldengrave(), "/mapnote  |", caller=self.char2)
        assert text.endswith("\n  [2]\n   |"), text  # a | is a wall, not a colour code
        # ... and never last in a message: telnet would show it as "||n" (render._typed)
        assert render.map_note(Company.objects.get(pk=company.pk)).endswith("\n   || ")
        self.said(CmdGoldengrave(), "/mapnote [1]=hall", caller=self.char2)
        text = self.call(CmdGoldengrave(), "/mapnote    [@] we are here", caller=self.char2)
        assert text.endswith("\n     [@] we are here"), text  # as typed: indentation, an @
        text = self.said(CmdGoldengrave(), "/map", "this is your mapper's", caller=self.char3)
        assert "[2]\n   | \n  [1]=hall" in text
        self.said(CmdGoldengrave(), "/mapnote " + "x" * 71, "1 to 70 characters",
                  caller=self.char2)
        assert Company.objects.get(pk=company.pk).map_note.endswith("\n   [@] we are here")
        Company.objects.filter(pk=company.pk).update(map_note="\n".join(["-"] * 20))
        self.said(CmdGoldengrave(), "/mapnote [3]", "is full (20 lines)", caller=self.char2)
        self.said(CmdGoldengrave(), "/mapnote clear", "own map is empty", caller=self.char2)
        assert Company.objects.get(pk=company.pk).map_note == ""


class TableTalkTest(GoldengraveCommandTest):
    """The company's choices, a risky attack and a treasure, as the table reads them."""

    def setUp(self):
        super().setUp()
        from world.goldengrave.models import Dungeon

        self.company = make_company()
        give_pc(self.char2, "Ann", self.company)
        give_pc(self.char3, "Juno", self.company, knocked_out=True)
        self.dungeon = Dungeon.objects.create(name="Chapel", gm=self.char1, town=self.room2)
        services.add_room(self.char1, self.dungeon, self.room1)
        services.enter_room(self.char2, self.room1)

    def test_choices_end_as_sentences_and_a_retreat_names_who_is_carried(self):
        self.said(CmdGoldengrave(), "/tactic we roll the barrel down", "tries a clever "
                  "tactic: we roll the barrel down.", caller=self.char2)
        self.said(CmdGoldengrave(), "/fight", "fights: blades and arrows.", caller=self.char2)
        self.said(CmdGoldengrave(), "/retreat", "retreats to Room2, carrying Juno.",
                  caller=self.char2)
        assert self.char3.location == self.room2 and not Sheet.objects.filter(
            knocked_out=True).exists()

    def test_a_risky_attack_is_named_for_the_pc_who_tries_it(self):
        make_monster("Cobblemaw", self.room1, 3)
        with self.dice(6, 6):
            self.said(CmdGoldengraveGM(), "/risky Cobblemaw=Ann",
                      "attacks Cobblemaw: a risky attack by Ann.")

    def test_a_found_treasure_goes_to_a_member_standing_by_it(self):
        ring = create.create_object("typeclasses.objects.Object", key="gold ring",
                                    location=self.room1)
        self.said(CmdGoldengraveDungeon(), "/treasure gold ring", "side treasure")
        self.said(CmdGoldengraveGM(), "/found gold ring", "finds gold ring! Char2 takes it.")
        assert ring.location == self.char2  # Juno is knocked out: Ann picks it up

    def test_a_rolled_name_says_how_to_roll_again_or_choose(self):
        Sheet.objects.filter(name="Ann").update(region="Bittermarch")
        with self.dice(1, 1):
            self.said(CmdGoldengrave(), "/name", "Name (Bittermarch): [1, 1] Ashby (our own "
                      "column). +gg/name rolls again; +gg/name <a name> takes yours.",
                      caller=self.char2)
