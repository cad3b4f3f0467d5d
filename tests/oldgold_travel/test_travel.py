"""Journeys: speeds, roads, difficult terrain, the day's watches, navigation
and getting lost, weather, the travel oracle, foraging, mounts and ships."""

from commands.oldgold_travel import CmdTravel
from tests.oldgold_travel.helpers import TravelTest, give_sheet
from world.oldgold.models import Item, OldGoldRoll, OldGoldSheet
from world.oldgold_travel import rules, services
from world.oldgold_travel.models import Follower, Hex, Journey, TravelRoll


class TestTravel(TravelTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, heart=2)
        give_sheet(self.char2, heart=1, grace=3)
        self.vale = self.region()

    def start(self, where="C3", weather=(3, 4), mode="foot"):
        with self.dice(*weather):
            return services.start_journey(self.char1, self.room1, "Vale", where,
                                          [self.char1, self.char2], mode)

    def journey(self):
        return Journey.objects.get(room=self.room1)

    def go(self, direction, *faces, force=False, who=None):
        with self.dice(*faces):
            return services.travel(who or self.char2, self.room1, direction, force=force)

    def test_setting_out_rolls_the_weather(self):
        outcome = self.start(weather=(5, 6))
        assert "2d6 [5, 6] = 11" in outcome.text and "advantage" in outcome.text
        journey = self.journey()
        assert journey.weather == 11 and journey.weather_left == rules.WEATHER_HOLDS_WATCHES

    def test_harsh_season_rolls_weather_with_disadvantage(self):
        self.region("Frost", climate="temperate", season="winter")
        with self.dice(6, 6, 1, 1):
            outcome = services.start_journey(self.char1, self.room1, "Frost", "A1",
                                             [self.char1], "foot")
        assert "with disadvantage" in outcome.text
        journey = self.journey()
        assert journey.weather == 2 and journey.weather_left == rules.EXTREME_WEATHER_WATCHES
        assert "extreme cold" in outcome.text

    def test_every_weather_and_oracle_and_reaction_entry_exists(self):
        assert set(rules.WEATHER) == set(range(2, 13))
        assert set(rules.REACTION) == set(range(2, 13))
        assert set(rules.TRAVEL_ORACLE) == set(range(1, 7))
        assert all(set(t) == set(range(1, 7)) for t in rules.ENCOUNTERS.values())

    def test_three_hexes_with_a_navigation_failure(self):
        self.start(weather=(1, 2))  # 3: fog, navigation needed
        journey = self.journey()
        assert rules.WEATHER[journey.weather].bad
        # 1. North to C2: Heart d20 [2] + 1 fails; 1d6 [2] strays north-east of
        # C2 to D1; a watch passes; oracle [5] quiet.
        out = self.go("n", 2, 2, 5)
        assert "failure" in out.text and "comes out at D1, not C2" in out.text
        assert "Watch 1 of day 1" in out.text and "quietly" in out.text
        journey = self.journey()
        assert (journey.column, journey.row) == (3, 0)
        # 2. South to D2: d20 [15] succeeds; oracle [6].
        out = self.go("s", 15, 6)
        assert "success" in out.text and "They reach D2" in out.text
        # 3. A third watch is a forced march: refused without =force, nothing moves.
        with self.dice():
            try:
                services.travel(self.char2, self.room1, "s")
            except services.TravelError as err:
                assert "forced march" in str(err)
            else:
                raise AssertionError("a third watch went without =force")
        assert (self.journey().column, self.journey().row) == (3, 1)
        # With force: d20 [18]; oracle [1] an encounter in the open: 1d6 [1]
        # bandits, 2d6 [3, 4] = 7 of them, 2d6 [2, 3] x 20m, reaction [6, 6].
        out = self.go("s", 18, 1, 1, 3, 4, 2, 3, 6, 6, force=True)
        assert "They reach D3" in out.text
        assert "bandit, 7 of them" in out.text and "100m away" in out.text
        assert "helpful" in out.text
        assert all(s.unrested for s in OldGoldSheet.objects.all())
        journey = self.journey()
        assert (journey.column, journey.row, journey.watches_today) == (3, 2, 3)
        assert journey.visited == [[2, 2], [3, 0], [3, 1], [3, 2]]
        assert OldGoldRoll.objects.filter(kind="navigation").count() == 3
        assert TravelRoll.objects.filter(kind="encounter").count() == 1
        # A fourth watch is refused: the party must rest.
        with self.dice():
            try:
                services.travel(self.char2, self.room1, "s", force=True)
            except services.TravelError as err:
                assert "must rest" in str(err)

    def test_lost_off_the_map_stays_put(self):
        self.start(where="A1", weather=(1, 2))
        # East-north... south-east to B1 fails, 1d6 [1] north of B1 is off the map.
        out = self.go("se", 3, 1, 5)
        assert "ends where it started, at A1" in out.text

    def test_difficult_terrain_takes_two_watches_and_roads_two_hexes_a_watch(self):
        Hex.objects.filter(region=self.vale, column=2, row=1).update(terrain="mountains")
        self.start(weather=(3, 4))
        out = self.go("n", 5, 5)  # two watches pass, two oracle rolls
        assert "(2 watches)" in out.text and self.journey().watches_today == 2
        services.camp(self.char1, self.room1)
        Hex.objects.filter(region=self.vale, row=1).update(road=True)
        out = self.go("se")  # C2 -> D2 by road: half a watch, no watch passes yet
        assert "3/6 of a watch" in out.text and self.journey().progress == 3
        out = self.go("ne")  # D2 -> E2 by road: the watch is complete
        assert "Watch 1 of day 2" in out.text
        assert "oracle" not in out.text  # roads are not untamed lands

    def test_camp_rests_the_party_and_starts_a_new_day(self):
        from world.oldgold import services as og

        og._new_item(og.sheet_of(self.char1), "rations", "pack")
        OldGoldSheet.objects.filter(character=self.char1).update(hp=3)
        self.start()
        self.go("n", 5)
        with self.dice(4):  # Char's rest: 1d6 [4]
            out = services.camp(self.char2, self.room1)
        journey = self.journey()
        assert "Day 2 begins." in out.text and journey.watches_today == 0 and journey.day == 2
        assert journey.watches_total == 4
        assert "Char rests a watch and eats a ration: 1d6 [4], HP 3 -> 7." in out.text
        assert "Char2 gets no rest: Resting needs a ration" in out.text
        assert "Char2 went a day without rest" in out.text
        char, char2 = (OldGoldSheet.objects.get(character=c) for c in (self.char1, self.char2))
        assert not char.unrested and char2.unrested
        assert not char.rested_today  # a new day: Char may rest again at the next camp

    def test_featureless_land_needs_navigation_even_in_fair_weather(self):
        Hex.objects.filter(region=self.vale, column=2, row=1).update(terrain="desert")
        self.start(weather=(3, 4))
        out = self.go("n", 19, 5)
        assert "Navigation (the land has no features)" in out.text

    def test_ships_need_a_crew(self):
        Hex.objects.filter(region=self.vale, column=2).update(terrain="sea")
        try:
            services.start_journey(self.char1, self.room1, "Vale", "C1", [self.char1], "ship")
        except services.TravelError as err:
            assert "needs a crew" in str(err)
        else:
            raise AssertionError("a ship sailed without a crew")
        assert not Journey.objects.exists()

    def test_ships_need_water_and_cover_three_hexes_a_watch(self):
        Hex.objects.filter(region=self.vale, column=2).update(terrain="sea")
        Follower.objects.create(employer=self.char1, name="Sal", kind="common", wage=10)
        with self.dice(3, 4):
            services.start_journey(self.char1, self.room1, "Vale", "C1", [self.char1], "ship")
        with self.dice(17):
            out = services.travel(self.char1, self.room1, "s")
        assert "2/6 of a watch" in out.text
        with self.dice(17):
            services.travel(self.char1, self.room1, "s")
        with self.dice(17, 5):
            out = services.travel(self.char1, self.room1, "s")
        assert "Watch 1" in out.text and self.journey().row == 3
        try:
            services.travel(self.char1, self.room1, "ne")
        except services.TravelError as err:
            assert "needs water" in str(err)

    def test_on_foot_the_sea_is_refused(self):
        Hex.objects.filter(region=self.vale, column=2, row=1).update(terrain="sea")
        self.start()
        out = self.call(CmdTravel(), "n", caller=self.char2)
        assert "needs a ship" in out and self.journey().row == 2

    def test_foraging_is_a_group_check_each_traveller_rolls(self):
        from commands.oldgold import CmdOldGold

        self.start(weather=(3, 4))
        with self.dice():
            out = services.forage(self.char2, self.room1, "hunt")
        assert "calls a group check of Grace against 10 for Char, Char2" in out.text
        assert self.journey().watches_total == 1
        # Hunt: Grace. Char (grace 1, a day without rest) [15, 8] keeps 8 and
        # fails vs 10; Char2 (grace 3) [9] succeeds: one of two is half, the
        # group succeeds; 1d4 [4] rations for Char2, who foraged.
        OldGoldSheet.objects.filter(character=self.char1).update(unrested=True)
        with self.dice(15, 8):
            out = self.call(CmdOldGold(), "/part", None, caller=self.char1)
        assert "with disadvantage [15, 8] + 1 = 9 vs 10: failure" in out
        with self.dice(9, 4):
            out = self.call(CmdOldGold(), "/part", None, caller=self.char2)
        assert "1 of 2 succeed" in out and "They gather 1d4 [4] rations." in out
        rations = Item.objects.filter(sheet__character=self.char2, kind="ration")
        assert sorted(i.max_dots - i.marked for i in rations) == [1, 3]

    def test_inspiration_turning_a_forage_takes_the_rations_back(self):
        from commands.oldgold import CmdOldGold

        self.start(weather=(3, 4))
        with self.dice():
            services.forage(self.char2, self.room1)  # gather: Heart vs 10
        with self.dice(12):  # Char (heart 2) 14 passes: half of two
            self.call(CmdOldGold(), "/part", None, caller=self.char1)
        with self.dice(3, 2):
            out = self.call(CmdOldGold(), "/part", None, caller=self.char2)
        assert "They gather 1d4 [2] rations." in out
        OldGoldSheet.objects.filter(character=self.char1).update(inspiration=True)
        with self.dice(1):
            out = self.call(CmdOldGold(), "/reroll", None, caller=self.char1)
        assert "0 of 2 succeed" in out and "the rations are gone again" in out
        assert not Item.objects.filter(sheet__character=self.char2, kind="ration").exists()

    def test_only_travellers_move_and_only_gms_start(self):
        out = self.call(CmdTravel(), "/start Vale=C3 for Char2", caller=self.char2)
        assert "Only a game master" in out and not Journey.objects.exists()
        self.start()
        self.char3.location = self.room1
        out = self.call(CmdTravel(), "n", caller=self.char3)
        assert "not one of the travellers" in out

    def test_the_command_shows_status_and_rejects_bad_directions(self):
        self.start()
        out = self.call(CmdTravel(), "", caller=self.char2)
        assert "Travelling Vale on foot" in out and "Here: C3, plains" in out
        assert f"It holds for {rules.WEATHER_HOLDS_WATCHES} more watches." in out
        out = self.call(CmdTravel(), "up", caller=self.char2)
        assert "n, ne, se, s, sw, nw" in out


class TestTravelOutput(TravelTest):
    def test_the_map_marks_the_party_and_long_lines_fold_to_78(self):
        from commands.oldgold_travel import CmdEncounter, CmdRegion

        give_sheet(self.char1)
        self.region()
        with self.dice(3, 4):
            services.start_journey(self.char1, self.room1, "Vale", "C3", [self.char1])
        assert "[.@]" in self.call(CmdRegion(), "Vale", caller=self.char1)
        assert "[.@]" in self.call(CmdRegion(), "", caller=self.char1)
        with self.dice(1, 3, 3, 4, 4, 5, 6):
            out = self.call(CmdEncounter(), "wilderness", caller=self.char1)
        assert "bandit, 6 of them" in out.replace("\n", " ").replace("  ", " ")
        assert max(len(line) for line in out.splitlines()) <= 78

    def test_exploring_finds_the_landmark_and_reads_the_oracle(self):
        give_sheet(self.char1)
        region = self.region()
        Hex.objects.filter(region=region, column=2, row=2).update(landmark="ruin")
        with self.dice(3, 4):
            services.start_journey(self.char1, self.room1, "Vale", "C3", [self.char1])
        with self.dice(4):
            out = services.explore(self.char1, self.room1)
        assert "They find a ruin" in out.text and "Travel oracle 1d6 [4]" in out.text
        assert Journey.objects.get().watches_total == 1

    def test_heavy_snow_in_winter_makes_every_hex_difficult(self):
        give_sheet(self.char1)
        self.region("Frost", season="winter")
        with self.dice(6, 6, 2, 2):  # disadvantage in winter: the lower 2d6, 4
            out = services.start_journey(self.char1, self.room1, "Frost", "C3", [self.char1])
        assert "heavy snow" in out.text
        with self.dice(15, 5, 5):  # navigation (bad weather), two watches, two oracles
            out = services.travel(self.char1, self.room1, "n")
        assert "(2 watches)" in out.text
