"""The scene clock: the calendar's arithmetic, the advance/current API, rooms
sharing a clock, refusals, and a clock surviving as saved rows."""

import pytest

from world.oldgold_scene import clock, rules
from world.oldgold_scene.errors import SceneError
from world.oldgold_scene.models import ClockRoom, SceneClock
from tests.oldgold_scene.helpers import SceneTest


def test_the_units_follow_the_text():
    assert rules.ROUNDS_PER_MINUTE == 6
    assert rules.ROUNDS_PER_HOUR == 6 * rules.ROUNDS_PER_TURN
    assert rules.ROUNDS_PER_DAY == 4 * rules.ROUNDS_PER_WATCH
    assert rules.DAYS_PER_MONTH == 28
    assert rules.MONTHS_PER_YEAR == 12 and len(rules.SEASONS) == 4


def test_reading_of_zero_is_the_first_round_of_year_one():
    moment = clock.reading(0)
    assert (moment.year, moment.month, moment.day, moment.watch, moment.turn, moment.minute,
            moment.round) == (1, 1, 1, 1, 1, 1, 1)
    assert moment.season == "spring" and moment.watch_name == "night"


def test_reading_carries_every_unit():
    total = clock.rounds_of(rounds=5, minutes=9, turns=5, hours=5, watches=3) \
        + 27 * rules.ROUNDS_PER_DAY + 11 * rules.ROUNDS_PER_MONTH
    moment = clock.reading(total)
    assert (moment.round, moment.minute, moment.turn) == (6, 10, 6)
    assert (moment.watch, moment.hour, moment.day, moment.week) == (4, 23, 28, 4)
    assert (moment.month, moment.season, moment.year) == (12, "winter", 1)
    nxt = clock.reading(total + 1)
    assert (nxt.year, nxt.month, nxt.day, nxt.watch, nxt.round) == (2, 1, 1, 1, 1)


def test_seasons_are_three_months_each():
    for index, season in enumerate(rules.SEASONS):
        for month in range(3):
            moment = clock.reading(clock.start_of(month=index * 3 + month + 1))
            assert moment.season == season


def test_duration_words_and_units():
    assert clock.duration_words(rules.ROUNDS_PER_WATCH + 2 * rules.ROUNDS_PER_TURN) == \
        "1 watch, 2 turns"
    assert clock.duration_words(2 * rules.ROUNDS_PER_WATCH) == "2 watches"
    assert clock.unit_named("watches") == "watch" and clock.unit_named("t") == "turn"
    with pytest.raises(SceneError):
        clock.unit_named("fortnights")


class TestClockApi(SceneTest):
    def test_start_and_current(self):
        outcome = self.start_clock(season="autumn")
        assert "A scene clock starts here (Barrow)" in outcome.text
        moment = clock.current("Barrow")
        assert moment.season == "autumn" and moment.month == 7 and moment.watch == 2
        assert clock.current(self.room1) == moment

    def test_advance_by_every_unit(self):
        self.start_clock()
        start = clock.current("Barrow").total_rounds
        result = clock.advance("Barrow", rounds=1, turns=2, watches=1, days=0)
        assert result.rounds == 1 + 2 * rules.ROUNDS_PER_TURN + rules.ROUNDS_PER_WATCH
        assert clock.current("Barrow").total_rounds == start + result.rounds
        assert "Time passes: 1 watch, 2 turns, 1 round." in result.text
        after = clock.advance(self.room1, days=2)
        assert after.dawns == 2 and after.after.day == 3

    def test_rooms_share_a_named_clock(self):
        self.start_clock()
        outcome = self.start_clock(room=self.room2)
        assert "now follows the clock Barrow" in outcome.text
        clock.advance(self.room2, turns=3)
        assert clock.current(self.room1).turn_number == clock.current(self.room2).turn_number
        assert SceneClock.objects.count() == 1 and ClockRoom.objects.count() == 2

    def test_refusals_change_nothing(self):
        with pytest.raises(SceneError, match="No scene clock runs here"):
            clock.advance(self.room1, turns=1)
        self.start_clock()
        before = clock.current("Barrow")
        with pytest.raises(SceneError, match="at least a round"):
            clock.advance("Barrow")
        with pytest.raises(SceneError, match="at most"):
            clock.advance("Barrow", days=rules.MAX_ADVANCE_DAYS + 1)
        assert clock.current("Barrow") == before
        with pytest.raises(SceneError, match="season is only"):
            self.start_clock(season="winter")
        assert clock.current("Barrow") == before

    def test_stop_removes_an_unused_clock(self):
        self.start_clock()
        self.start_clock(room=self.room2)
        clock.stop(self.room1)
        assert SceneClock.objects.count() == 1
        _, removed = clock.stop(self.room2)
        assert removed and not SceneClock.objects.exists()

    def test_a_clock_is_saved_rows(self):
        self.start_clock()
        clock.advance("Barrow", turns=4)
        saved = SceneClock.objects.get(key="Barrow")
        assert clock.reading(saved.rounds) == clock.current(self.room1)
