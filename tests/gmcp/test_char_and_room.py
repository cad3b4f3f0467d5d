"""Char.Name, Char.Status and Char.Vitals from the systems' providers, and
Room.Info, sent on a move only to the clients that asked for it."""

from unittest.mock import patch

from evennia.utils import create

from tests.dice.scripted import ScriptedRng
from tests.goldengrave.helpers import give_pc, make_company
from tests.oldgold.helpers import give_sheet
from world.client_state import character, packages, room
from world.digger.approval import approve
from world.digger.models import DiggerSheet
from world.digger.sheets import raise_rating
from world.kroll import services as kroll
from world.kroll import rules as kroll_rules

from .support import ClientStateTest


class TestCharacter(ClientStateTest):
    def test_status_names_each_system_with_a_sheet_and_makes_none(self):
        # ClientStateTest gave Char, Char2 and Cid Digger ratings; Faraway has no sheet.
        assert character.status(self.far) == {"systems": []}
        assert not DiggerSheet.objects.filter(character=self.far).exists()
        approve(self.char1, self.char2)
        kroll.roll_up(self.char2, ScriptedRng(*[3] * len(kroll_rules.ATTRIBUTES)))
        assert character.status(self.char2) == {
            "systems": ["digger", "kroll"],
            "digger": {"form": "Base", "dp": 48, "approved": True},
            "kroll": {"life": 1, "lives": 3, "penalty": 0},
        }

    def test_old_gold_and_goldengrave_vitals(self):
        give_sheet(self.char2, hp=6, max_hp=11)
        company = make_company("The Lanterns", stamina=10, supply=8, sway=6, glory=3)
        company.stamina = 7
        company.save()
        give_pc(self.char2, name="Merrow", company=company)
        give_pc(self.char3, name="Tallis")  # no company yet: no Goldengrave vitals
        assert character.vitals(self.char2) == {
            "systems": ["oldgold", "goldengrave"],
            "oldgold": {"hp": 6, "hp_max": 11},
            "goldengrave": {"company": "The Lanterns", "stamina": 7, "stamina_max": 10,
                            "supply": 8, "supply_max": 8, "sway": 6, "sway_max": 6,
                            "army": 0, "glory": 3},
        }
        status = character.status(self.char2)
        assert status["systems"] == ["digger", "oldgold", "goldengrave"]
        assert status["oldgold"] == {"level": 1, "approved": True, "dead": False}
        assert status["goldengrave"] == {"pc": "Merrow", "company": "The Lanterns",
                                         "knocked_out": False}
        assert character.vitals(self.char3) == {"systems": []}
        assert character.status(self.char3)["goldengrave"] == {
            "pc": "Tallis", "company": None, "knocked_out": False}

    def test_a_company_that_changes_tells_every_member(self):
        company = make_company("The Lanterns")
        give_pc(self.char2, company=company)
        give_pc(self.char3, company=company)
        give_sheet(self.char1, hp=5)
        for member in (self.char1, self.char2, self.char3):
            self.ask(member, "Char.Vitals 1")
            self.outbox[member].take()
        with self.captureOnCommitCallbacks(execute=True):
            company.supply = 3
            company.save(update_fields=["supply"])
        for member in (self.char2, self.char3):
            (name, vitals), = self.outbox[member].take()
            assert name == "Char.Vitals" and vitals["goldengrave"]["supply"] == 3
        assert self.outbox[self.char1].take() == []  # not in the company
        sheet = self.char1.oldgold_sheet
        with self.captureOnCommitCallbacks(execute=True):
            sheet.hp = 2
            sheet.save(update_fields=["hp"])
        assert self.outbox[self.char1].take() == [
            ("Char.Vitals", {"systems": ["oldgold"], "oldgold": {"hp": 2, "hp_max": 5}})]
        with self.captureOnCommitCallbacks(execute=True):
            company.delete()  # its PCs hear they have no company's stats any more
        for member in (self.char2, self.char3):
            assert self.outbox[member].take() == [("Char.Vitals", {"systems": []})]

    def test_a_system_plugs_in_with_one_line(self):
        assert character.vitals(self.char3) == {"systems": []}
        with patch.dict(character.VITALS_PROVIDERS, {"testgold": "tests.gmcp.providers.vitals"}):
            assert character.vitals(self.char3) == {
                "systems": ["testgold"],
                "testgold": {"hp": 4, "max_hp": 9},
            }
            assert character.vitals(self.char2) == {"systems": []}
            assert character.status(self.char3)["systems"] == ["digger", "testgold"]

    def test_a_sheet_that_changes_sends_status_and_vitals_again(self):
        self.ask(self.char2, "Char 1")
        self.ask(self.char3, "Room 1")
        self.outbox[self.char2].take(), self.outbox[self.char3].take()
        with self.captureOnCommitCallbacks(execute=True):
            raise_rating(self.char2, "brute")  # 3 -> 4 costs 4 DP
        assert self.outbox[self.char2].take() == [
            (
                "Char.Status",
                {"systems": ["digger"], "digger": {"form": "Base", "dp": 44, "approved": False}},
            ),
            ("Char.Vitals", {"systems": []}),
        ]
        with self.captureOnCommitCallbacks(execute=True):
            kroll.roll_up(self.char2, ScriptedRng(*[3] * len(kroll_rules.ATTRIBUTES)))
            raise_rating(self.char3, "brute")
        assert self.outbox[self.char2].take()[-2][1]["systems"] == ["digger", "kroll"]
        assert self.outbox[self.char3].take() == []  # it asked for Room only

    def test_name(self):
        assert character.name_info(self.char2) == {"name": "Char2"}


class TestRoom(ClientStateTest):
    def test_room_info_has_id_name_area_and_the_exits_one_may_pass(self):
        self.room1.tags.add("Saltwick", category=room.AREA_TAG_CATEGORY)
        hatch = create.create_object(
            "typeclasses.exits.Exit", key="hatch", location=self.room1, destination=self.room2
        )
        hatch.locks.add("traverse:false()")
        assert room.info(self.char2) == {
            "num": self.room1.id,
            "name": "Room",
            "area": "saltwick",  # Evennia keeps tags in lower case
            "exits": {"out": self.room2.id},
        }

    def test_a_move_sends_room_info_to_a_client_that_asked_only(self):
        self.ask(self.char2, "Room 1")
        self.ask(self.char3, "Char 1")
        self.outbox[self.char2].take(), self.outbox[self.char3].take()
        self.char2.move_to(self.room2, quiet=True)
        self.char3.move_to(self.room2, quiet=True)
        assert self.outbox[self.char2].take() == [
            ("Room.Info", {"num": self.room2.id, "name": "Room2", "area": "", "exits": {}})
        ]
        assert self.outbox[self.char3].take() == []

    def test_nowhere(self):
        self.char3.location = None
        assert packages.build(self.char3, ["Room.Info"]) == {
            "Room.Info": {"num": None, "name": "", "area": "", "exits": {}}
        }
