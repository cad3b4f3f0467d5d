"""Building a region by the text's steps and reading its text map."""

import random

from commands.oldgold_travel import CmdRegion
from tests.oldgold_travel.helpers import TravelTest
from world.oldgold_travel import render, rules, services
from world.oldgold_travel.models import Hex, Region, TravelRoll


class TestRegions(TravelTest):
    def test_a_new_region_is_a_blank_36_hex_sheet(self):
        out = self.call(CmdRegion(), "/new Vale=temperate autumn", caller=self.char1)
        assert "36 blank hexes" in out
        region = Region.objects.get(name="Vale")
        assert (region.climate, region.season) == ("temperate", "autumn")
        assert Hex.objects.filter(region=region, terrain="").count() == 36

    def test_players_cannot_build_and_nothing_is_made(self):
        out = self.call(CmdRegion(), "/new Vale", caller=self.char2)
        assert "Only a game master" in out
        assert not Region.objects.exists()

    def test_bad_climate_is_refused_with_the_choices(self):
        out = self.call(CmdRegion(), "/new Vale=soggy spring", caller=self.char1)
        assert "temperate, arid, polar, tropical" in out
        assert not Region.objects.exists()

    def test_terrain_roll_2d6_which_1d8_how_many_spread_from_a_blank_hex(self):
        region = self.region()
        Hex.objects.filter(region=region, column__in=(0, 1), row=0).update(terrain="")
        self.hex(region, "A2").__class__.objects.filter(pk=self.hex(region, "A2").pk).update(
            terrain="")
        # blanks: A1, B1, A2. 2d6 [1,1] = 2 mountains, 1d8 [3]; start at the
        # 1st blank (A1); grow to A2 (1st of A2, B1), then B1.
        with self.dice(1, 1, 3, 1, 1, 1):
            outcome = services.roll_terrain(self.char1, "Vale")
        assert "2d6 [1, 1] = 2: mountains, 1d8 [3] -> A1, B1, A2" in outcome.text
        assert {self.hex(region, h).terrain for h in ("A1", "B1", "A2")} == {"mountains"}
        assert TravelRoll.objects.filter(kind="terrain").exists()

    def test_a_short_patch_leaves_blanks_for_the_next_roll(self):
        region = self.region()
        Hex.objects.filter(region=region, column=0, row__in=(0, 5)).update(terrain="")
        # A1 and A6 are not neighbours: 2d6 [6,6] = 12 lake for 1d8 [2] hexes
        # reaches only A1; the next roll 2d6 [3,4] = 7 grassland takes A6.
        with self.dice(6, 6, 2, 1, 3, 4, 1, 1):
            outcome = services.roll_terrain(self.char1, "Vale")
        assert self.hex(region, "A1").terrain == "lake"
        assert self.hex(region, "A6").terrain == "grassland"
        assert len(outcome.lines) == 3

    def test_every_terrain_result_of_the_table_and_the_climate_swap(self):
        assert set(rules.TERRAIN_ROLL) == set(range(2, 13))
        assert all(t in rules.TERRAINS for t in rules.TERRAIN_ROLL.values())
        self.region("Dunes", terrain="", climate="arid")
        for total in range(2, 13):
            Hex.objects.filter(region__name="Dunes").update(terrain="")
            Hex.objects.filter(region__name="Dunes").exclude(column=0, row=0).update(
                terrain="plains")
            first = max(1, total - 6)
            with self.dice(first, total - first, 1, 1):
                services.roll_terrain(self.char1, "Dunes")
            expected = rules.CLIMATE_SWAPS["arid"].get(rules.TERRAIN_ROLL[total],
                                                       rules.TERRAIN_ROLL[total])
            assert Hex.objects.get(region__name="Dunes", column=0, row=0).terrain == expected

    def test_a_whole_sheet_fills_with_any_dice(self):
        self.region(terrain="")
        services.roll_terrain(self.char1, "Vale", rng=random.Random(4))
        assert not Hex.objects.filter(region__name="Vale", terrain="").exists()

    def test_landmarks_roll_column_row_and_kind(self):
        region = self.region()
        with self.dice(3, 4, 1, 6, 6, 6):
            outcome = services.roll_landmarks(self.char1, "Vale", 2)
        assert "1d6 [3, 4, 1]: C4, a ruin" in outcome.text
        assert "1d6 [6, 6, 6]: F6, a monument" in outcome.text
        assert self.hex(region, "C4").landmark == "ruin"
        assert set(rules.LANDMARKS) == set(range(1, 7))

    def test_roads_rivers_towns_and_the_text_map(self):
        region = self.region()
        self.call(CmdRegion(), "/paint Vale E1 E2=mountains", caller=self.char1)
        self.call(CmdRegion(), "/river Vale B1 B2", caller=self.char1)
        self.call(CmdRegion(), "/town Vale C3=Greyfell", caller=self.char1)
        self.call(CmdRegion(), "/road Vale C3 D3", caller=self.char1)
        self.call(CmdRegion(), "/edge Vale F1", caller=self.char1)
        assert self.hex(region, "C3").settlement == "town"
        assert self.hex(region, "D3").road and self.hex(region, "B2").river
        out = self.call(CmdRegion(), "Vale", caller=self.char2)
        assert "[.T]" in out and "[M " in out and "[#" in out and "C3: town of Greyfell" in out
        lines = render.region_text(region).splitlines()
        assert max(len(line) for line in lines) <= 78

    def test_off_the_map_is_refused(self):
        self.region()
        out = self.call(CmdRegion(), "/road Vale G9", caller=self.char1)
        assert "runs from A1 to F6" in out
