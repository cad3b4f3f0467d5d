"""Every travel table rolled through its service with scripted dice: weather,
the travel oracle, each encounter table, availability by every size."""

from tests.oldgold_travel.helpers import TravelTest, give_sheet
from world.oldgold_travel import holdings, rules, services
from world.oldgold_travel.models import Journey


def _two_dice(total):
    first = max(1, total - 6)
    return first, total - first


class TestEveryTable(TravelTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1)
        self.region()
        with self.dice(3, 4):
            services.start_journey(self.char1, self.room1, "Vale", "C3", [self.char1])
        self.journey = Journey.objects.get()

    def test_every_weather_result(self):
        for total in range(2, 13):
            with self.dice(*_two_dice(total)):
                text = services.roll_weather(self.journey, services.default_rng)
            weather = rules.WEATHER[total]
            assert f"= {total}." in text and weather.text in text
            held = rules.EXTREME_WEATHER_WATCHES if weather.extreme else (
                rules.WEATHER_HOLDS_WATCHES)
            assert self.journey.weather_left == held

    def test_every_travel_oracle_face(self):
        cell = services.hex_at(self.journey.region, 2, 2)
        for face in range(1, 7):
            extra = (1, 1, 1, 1, 1, 1, 1) if face == 1 else ()  # an encounter: 1d6, 2d6 NA...
            with self.dice(face, *extra):
                lines = services._travel_oracle(self.journey, cell, services.default_rng,
                                                self.char1)
            assert rules.TRAVEL_ORACLE[face][1] in lines[0]
            assert (rules.TRAVEL_ORACLE[face][0] == "encounter") == (len(lines) > 1)

    def test_every_encounter_table_entry(self):
        for group, table in rules.ENCOUNTERS.items():
            for face, slug in table.items():
                na = rules.NUMBER_APPEARING[slug]
                na_dice = [1] * (int(na.split("d")[0] or 1) if "d" in na else 0)
                with self.dice(face, *na_dice, 1, 1, 1, 1):
                    lines = services.encounter_lines(self.room1, "wilderness", group,
                                                     services.default_rng, self.char1)
                assert slug.replace("_", " ") in lines[0] and "40m away" in lines[0]

    def test_availability_for_every_size(self):
        for size, table in rules.AVAILABILITY.items():
            faces = []
            for expression in table.values():
                if "d" in expression:
                    faces += [1] * int(expression.split("d")[0])
            with self.dice(*faces):
                outcome = holdings.roll_availability(self.char1, self.room1, size)
            expected = {k: (0 if v == "0" else int(v.split("d")[0])) for k, v in table.items()}
            assert outcome.data["counts"] == expected
