"""Random encounters (number, distance, reaction, spawning from the bestiary's
prototypes) and treasure by difficulty into the party's coin."""

from unittest import mock


from commands.oldgold_travel import CmdEncounter, CmdTreasure
from tests.oldgold_travel.helpers import TravelTest, give_sheet
from world.oldgold.models import Item
from world.oldgold_travel import rules, services
from world.oldgold_travel.models import TravelRoll


class TestEncounters(TravelTest):
    def test_dungeon_encounter_number_distance_and_reaction(self):
        # 1d6 [2] skeleton; NA 2d6 [1, 2] = 3; 2d6 [4, 4] x 2m = 16m; reaction [1, 1].
        with self.dice(2, 1, 2, 4, 4, 1, 1):
            out = self.call(CmdEncounter(), "dungeon", caller=self.char1)
        assert "skeleton, 3 of them" in out and "16m away" in out
        assert "hostile: it attacks at once" in out
        roll = TravelRoll.objects.get(kind="encounter")
        assert roll.details["number"] == 3 and roll.dice == [2, 1, 2, 4, 4, 1, 1]

    def test_a_named_monster_in_the_wilderness_every_table_entry_has_an_na(self):
        with self.dice(1, 3, 3, 4, 3):
            out = self.call(CmdEncounter(), "wilderness=troll", caller=self.char1)
        assert "troll, 1 of them" in out and "120m away" in out and "wary" in out
        for table in rules.ENCOUNTERS.values():
            assert all(slug in rules.NUMBER_APPEARING for slug in table.values())

    def test_every_reaction_result(self):
        for total in range(2, 13):
            first = max(1, total - 6)
            with self.dice(1, 1, first, total - first):
                lines = services.encounter_lines(self.room1, "dungeon", "dungeon",
                                                 services.default_rng, self.char1,
                                                 slug="mimic")
            assert rules.REACTION[total] in lines[0]

    def test_players_cannot_roll_and_unknown_monsters_are_refused(self):
        assert "Only a game master" in self.call(CmdEncounter(), "", caller=self.char2)
        out = self.call(CmdEncounter(), "wilderness=dragonfly", caller=self.char1)
        assert "not a bestiary monster" in out
        assert not TravelRoll.objects.exists()

    def test_spawn_is_refused_clearly_without_the_prototype(self):
        with self.dice(1, 1, 3, 4):
            self.call(CmdEncounter(), "dungeon=mimic", caller=self.char1)
        with mock.patch("evennia.prototypes.prototypes.search_prototype", return_value=[]):
            out = self.call(CmdEncounter(), "/spawn", caller=self.char1)
        assert "no prototype oldgold_mimic" in out
        assert self.room1.attributes.get("og_last_encounter")

    def test_spawn_makes_that_many_from_the_bestiary_prototype(self):
        with self.dice(3, 1, 2, 3, 4, 3, 4):
            self.call(CmdEncounter(), "dungeon", caller=self.char1)
        out = self.call(CmdEncounter(), "/spawn", caller=self.char1)
        assert "3 Goblins appear (Goblin 1 to Goblin 3)." in out
        goblins = sorted(o.key for o in self.room1.contents if o.key.startswith("Goblin"))
        assert goblins == ["Goblin 1", "Goblin 2", "Goblin 3"]
        # A second band counts on from the first.
        with self.dice(3, 1, 1, 3, 4, 3, 4):
            self.call(CmdEncounter(), "dungeon", caller=self.char1)
        out = self.call(CmdEncounter(), "/spawn", caller=self.char1)
        assert "2 Goblins appear (Goblin 4 to Goblin 5)." in out


class TestTreasure(TravelTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, coin=30)
        give_sheet(self.char2, coin=30)

    def test_difficult_session_is_half_the_xp_required_split_evenly(self):
        out = self.call(CmdTreasure(), "difficult=Char, Char2", caller=self.char1)
        assert "400 XP Required = 200 gp, 100 gp each" in " ".join(out.split())
        assert [self.sheet(c).coin for c in (self.char1, self.char2)] == [130, 130]

    def test_shares_by_difficulty_and_length_round_up(self):
        sheet = self.sheet(self.char2)
        sheet.level = 10
        sheet.save()
        out = self.call(CmdTreasure(), "brutal scene=Char, Char2", caller=self.char1)
        # (200 + 51200) x 1 x 1/4 = 12850, 6425 each
        assert "= 12850 gp, 6425 gp each" in " ".join(out.split())
        assert "normal" in rules.TREASURE_SHARE and rules.TREASURE_SHARE["difficult"] == (1, 2)

    def test_coin_without_room_comes_as_a_sack_of_valuables(self):
        sheet = self.sheet(self.char2)
        sheet.level = 2
        sheet.save()
        for location, count in (("hands", 2), ("body", 4), ("pack", 5)):
            for _ in range(count):
                Item.objects.create(sheet=sheet, name="stone", location=location)
        # 2 x 400 = 800 gp would need 3 pouches; one slot is free: a sack.
        out = self.call(CmdTreasure(), "brutal long=Char2", caller=self.char1)
        assert "sack of valuables worth 800 gp" in out
        assert Item.objects.filter(sheet=sheet, kind="valuable", price=800).exists()
        assert self.sheet(self.char2).coin == 30

    def test_bad_difficulty_changes_nothing(self):
        out = self.call(CmdTreasure(), "silly=Char", caller=self.char1)
        assert "normal, difficult or brutal" in out
        assert self.sheet(self.char1).coin == 30
