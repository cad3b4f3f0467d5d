"""+clock, +delve and resting on the clock: GMs move time and players only
read it; dawns mark the day without rest and roll deprivation; the
delving oracle brings a wandering creature; passing time reaches every
room of the clock."""

from commands.oldgold_scene import CmdClock, CmdDelve, parse_amounts
from tests.oldgold_scene.helpers import SceneTest, give_sheet
from world.oldgold.models import OldGoldRoll, OldGoldSheet
from world.oldgold_scene import clock, rules
from world.oldgold_scene.models import SceneClock


class TestClockCommand(SceneTest):
    def test_players_read_and_gms_move(self):
        self.call(CmdClock(), "", "No scene clock runs here. A GM starts one",
                  caller=self.char2)
        self.call(CmdClock(), "/start Barrow", "Only a game master can use +clock/start",
                  caller=self.char2)
        assert not SceneClock.objects.exists()
        self.call(CmdClock(), "/start Barrow=winter", "A scene clock starts here (Barrow): "
                  "morning (watch 2), turn 1 of hour 6, day 1 of Darkmoon.", caller=self.char1)
        self.call(CmdClock(), "/advance 2 turns", "Only a game master", caller=self.char2)
        self.call(CmdClock(), "/advance 1 watch, 2 turns", "Time passes: 1 watch, 2 turns. "
                  "It is now afternoon (watch 3), turn 3 of hour 12", caller=self.char1)
        out = self.call(CmdClock(), "", "Scene clock: Barrow (this room)", caller=self.char2)
        assert "Year 1, winter: Darkmoon (month 10 of 12), week 1, day 1 of 28" in out
        assert "Watch 3 of 4" in out and "turn 3 of 6" in out

    def test_bad_amounts_say_what_to_type(self):
        self.start_clock()
        self.call(CmdClock(), "/advance soon", "Say how much time passes, like "
                  "+clock/advance 2 turns", caller=self.char1)
        self.call(CmdClock(), "/advance 2 fortnights", "'fortnights' is not a unit of time",
                  caller=self.char1)
        assert clock.current("Barrow").total_rounds == clock.start_of(watch=2)
        assert parse_amounts("1 day and 3 rounds") == rules.ROUNDS_PER_DAY + 3

    def test_passing_time_reaches_every_room_of_the_clock(self):
        self.start_clock()
        self.start_clock(room=self.room2)
        self.char3.location = self.room2
        self.call(CmdClock(), "/advance 1 turn", "Time passes: 1 turn.", caller=self.char1)
        assert clock.current(self.room2).turn == 2


class TestDaysAndRest(SceneTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, hp=5, max_hp=10, items=[("rations", "pack")])
        give_sheet(self.char2, hp=5, max_hp=10)
        self.start_clock()

    def test_rest_heals_then_a_watch_passes(self):
        with self.dice(4):
            out = self.call(CmdClock(), "/rest", "Char rests", caller=self.char1)
        assert "Char rests a watch and eats a ration: 1d6 [4], HP 5 -> 9." in out
        assert "Char2 gets no rest: Resting needs a ration" in out
        assert "Time passes: 1 watch." in out
        assert clock.current("Barrow").watch == 3

    def test_a_day_without_rest_at_dawn(self):
        with self.dice(3):
            self.call(CmdClock(), "/rest Char", "Char rests a watch", caller=self.char1)
        with self.dice():
            out = self.call(CmdClock(), "/advance 3 watches", "Time passes: 3 watches.",
                            caller=self.char1)
        assert "A new day dawns." in out
        assert "Char2 went a day without rest" in out and "Char went a day" not in out
        assert OldGoldSheet.objects.get(character=self.char2).unrested
        assert not OldGoldSheet.objects.get(character=self.char1).unrested

    def test_deprivation_rolls_at_each_dawn(self):
        self.call(CmdClock(), "/deprive Char2", "Char2 goes without food or water",
                  caller=self.char1)
        with self.dice(3, 3, 4, 4):  # two dawns; unrested by the second: two dice each
            out = self.call(CmdClock(), "/advance 2 days", "Time passes: 2 days.",
                            caller=self.char1)
        assert out.count("Char2 suffers deprivation.") == 2
        assert OldGoldRoll.objects.filter(kind="deprivation").count() == 2
        self.call(CmdClock(), "/feed Char2", "Char2 has food and water again",
                  caller=self.char1)
        with self.dice():
            self.call(CmdClock(), "/advance 1 day", "Time passes: 1 day.", caller=self.char1)


class TestSleepAndConditionsOnTheClock(SceneTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, items=[("rations", "pack")])
        give_sheet(self.char2)
        self.start_clock()  # the morning watch of day 1

    def sleepless(self, who="Char2"):
        return self.call(CmdClock(), f"/sleepless {who}", f"{who} has gone long without "
                         "sleep", caller=self.char1)

    def test_each_new_watch_rolls_one_in_six_and_a_one_sleeps_1d4_watches(self):
        self.call(CmdClock(), "/sleepless Char2", "Only a game master", caller=self.char2)
        self.sleepless()
        with self.dice():  # inside a watch: no roll
            self.call(CmdClock(), "/advance 2 turns", "Time passes: 2 turns.",
                      caller=self.char1)
        assert "Long without sleep (1 in 6 each watch to nod off): Char2." in self.call(
            CmdClock(), "", caller=self.char2)
        # Watches 3 and 4 start: 1d6 [2] stays awake, 1d6 [1] asleep for 1d4 [2] watches.
        with self.dice(2, 1, 2):
            out = self.call(CmdClock(), "/advance 2 watches", "Time passes: 2 watches.",
                            caller=self.char1)
        assert "Char2 fights off sleep (1d6: 2)." in out
        assert "Char2 can stay awake no longer (1d6: 1) and sleeps for 1d4 [2] watches." in out
        assert OldGoldRoll.objects.filter(kind="sleep").count() == 2
        asleep = OldGoldSheet.objects.get(character=self.char2).conditions
        # Asleep from the start of watch 4 for two watches; 2 turns of watch 4 have passed.
        assert asleep == [{"key": "asleep", "rounds": 2 * rules.ROUNDS_PER_WATCH
                           - 2 * rules.ROUNDS_PER_TURN, "source": "lack of sleep"}]
        # No roll while asleep; the sleep runs out and the mark with it.
        with self.dice():
            out = self.call(CmdClock(), "/advance 2 watches", "Time passes: 2 watches.",
                            caller=self.char1)
        assert "Char2 wakes, rested enough to go on." in out
        assert OldGoldSheet.objects.get(character=self.char2).conditions == []
        assert SceneClock.objects.get().sleepless == []

    def test_sleep_that_starts_and_ends_in_one_advance(self):
        self.sleepless()
        with self.dice(1, 1):
            out = self.call(CmdClock(), "/advance 1 day", "Time passes: 1 day.",
                            caller=self.char1)
        assert "sleeps for 1d4 [1] watch, then wakes." in out
        assert SceneClock.objects.get().sleepless == []

    def test_a_rest_ends_it_and_slept_lifts_it(self):
        self.sleepless("Char")
        with self.dice(5):
            self.call(CmdClock(), "/rest Char", "Char rests a watch", caller=self.char1)
        assert SceneClock.objects.get().sleepless == []
        self.sleepless()
        self.call(CmdClock(), "/slept Char2", "Char2 has slept: no more nodding off",
                  caller=self.char1)
        with self.dice():
            self.call(CmdClock(), "/advance 1 watch", "Time passes", caller=self.char1)
        self.call(CmdClock(), "/sleepless", "Name the adventurer: +clock/sleepless Ann.",
                  caller=self.char1)

    def test_timed_conditions_run_out_with_the_clock(self):
        from world.oldgold import services as og

        og.add_condition(self.char2, "asleep", rules.ROUNDS_PER_HOUR, "Sleep")
        og.add_condition(self.char2, "prone")  # until the fight ends: the clock leaves it
        with self.dice():
            self.call(CmdClock(), "/advance 5 turns", "Time passes", caller=self.char1)
        assert og._conditions(self.char2)[0]["rounds"] == rules.ROUNDS_PER_TURN
        with self.dice():
            out = self.call(CmdClock(), "/advance 1 turn", "Time passes", caller=self.char1)
        assert "Char2 is no longer asleep." in out
        assert [c["key"] for c in og._conditions(self.char2)] == ["prone"]


class TestDelve(SceneTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2)
        self.start_clock()

    def test_only_a_gm_delves(self):
        self.call(CmdDelve(), "", "Only a game master can use +delve", caller=self.char2)
        self.call(CmdDelve(), "/walk", "Only a game master can use +delve/walk",
                  caller=self.char2)
        self.call(CmdDelve(), "9", "Give 1 to 6 turns", caller=self.char1)
        assert clock.current("Barrow").turn == 1

    def test_each_delving_face(self):
        for face in (2, 4, 5, 6):
            with self.dice(face):
                out = self.call(CmdDelve(), "", "Time passes: 1 turn.", caller=self.char1)
            assert rules.DELVING[face][1] in out
        assert OldGoldRoll.objects.filter(kind="delving").count() == 4

    def test_a_wandering_creature(self):
        # delving [1]; dungeon table [1] rat swarm; NA 1d3 [2]; 2d6 [3, 4] x 2m;
        # reaction 2d6 [1, 1] = 2.
        with self.dice(1, 1, 2, 3, 4, 1, 1):
            out = self.call(CmdDelve(), "", "Time passes: 1 turn.", caller=self.char1)
        assert "rat swarm, 2 of them" in out and "14m away" in out
        assert "hostile: it attacks at once" in out

    def test_several_turns(self):
        with self.dice(5, 6, 5):
            self.call(CmdDelve(), "3", "Time passes", caller=self.char1)
        assert clock.current("Barrow").turn == 4

    def test_no_clock_no_delve(self):
        clock.stop(self.room1)
        self.call(CmdDelve(), "", "No scene clock runs here", caller=self.char1)
