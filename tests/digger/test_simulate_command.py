"""+dungeon/simulate: the balance simulator from the game, run off the main thread
through Evennia's run_async on a deck read before the thread starts."""

import threading
from unittest.mock import Mock, patch

from django.db.backends.base.base import BaseDatabaseWrapper
from twisted.python.failure import Failure

from commands.digger import CmdDungeon
from world.digger import rules, simulation_jobs
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.models import Dungeon
from world.digger.simulate import simulate
from world.digger.store import dungeon_from_db

from .building_helpers import BuilderTest
from .fixtures import plain, widest_line


def at_once(to_execute, *args, at_return, at_err):
    """run_async without a thread: the job and its callback, right away."""
    try:
        report = to_execute(*args)
    except Exception:
        at_err(Failure())
    else:
        at_return(report)


class SimulateTest(BuilderTest):
    def setUp(self):
        super().setUp()
        self.addCleanup(simulation_jobs._forget_all)

    def simulate(self, args, caller=None, run_async=at_once):
        with patch.object(simulation_jobs, "run_async", run_async):
            return plain(self.call(CmdDungeon(), f"/simulate {args}", caller=caller or self.char1))


class TestSimulateCommand(SimulateTest):
    def test_the_builder_gets_the_whole_report(self):
        out = self.simulate("1 300")
        assert "Simulating 300 runs of dungeon #1 Test Barrow with the standard party" in out
        assert "Balance report" in out
        assert "300 runs, standard party, seed" in out
        assert "Success: " in out and "(95% CI " in out and "the Ruin target 52%-68%" in out
        assert "within" in out or "OUTSIDE" in out
        assert "Challenges per run: " in out
        assert "Final Exhaustion per member: mean" in out and "p90" in out
        assert "Cards failed most:" in out
        assert widest_line(out) <= 78

    def test_runs_may_follow_an_equals_sign(self):
        assert "Simulating 120 runs" in self.simulate("1=120")

    def test_the_work_goes_to_run_async_with_a_plain_deck(self):
        run_async = Mock()
        out = self.simulate("1", run_async=run_async)
        assert "Simulating 2,000 runs of dungeon #1" in out
        assert "Balance report" not in out  # it comes later, from the callback
        run_async.assert_called_once()
        (to_execute, deck, runs, seed), callbacks = run_async.call_args
        assert to_execute is simulate
        assert isinstance(deck, DeckDungeon) and deck == dungeon_from_db(self.dungeon)
        assert runs == rules.SIMULATION_DEFAULT_RUNS and str(seed) in out
        # One at a time per builder, until the report is in.
        again = self.simulate("1", run_async=Mock())
        assert again.startswith("Your simulation of dungeon #1 is still running")
        said = []
        with patch.object(self.char1, "msg", lambda text=None, **kw: said.append(text)):
            callbacks["at_return"](simulate(deck, 20, seed))
        assert "Balance report" in plain(said[0]) and "20 runs" in plain(said[0])
        assert "Simulating" in self.simulate("1 10")

    def test_the_computation_runs_in_another_thread_without_the_database(self):
        seen = {}

        def in_a_thread(to_execute, *args, at_return, at_err):
            def work():
                seen["thread"] = threading.current_thread()
                seen["report"] = to_execute(*args)

            worker = threading.Thread(target=work)
            real = BaseDatabaseWrapper.ensure_connection

            def guarded(connection):
                if threading.current_thread() is worker:
                    raise AssertionError("the simulation touched the database")
                return real(connection)

            with patch.object(BaseDatabaseWrapper, "ensure_connection", guarded):
                worker.start()
                worker.join()
            at_return(seen["report"])

        out = self.simulate("1 200", run_async=in_a_thread)
        assert seen["thread"] is not threading.main_thread()
        assert "200 runs, standard party" in out

    def test_a_failure_is_told_and_frees_the_builder(self):
        def broken(to_execute, *args, at_return, at_err):
            at_err(Failure(RuntimeError("boom")))

        out = self.simulate("1 10", run_async=broken)
        assert "The simulation failed on our side" in out
        assert "boom" not in out
        assert not simulation_jobs._jobs

    def test_refusals(self):
        assert "Simulate 1 to 20,000 runs, not 20,001." in self.simulate("1 20001")
        assert "Simulate 1 to 20,000 runs, not 0." in self.simulate("1 0")
        assert "Give the number of runs as a number." in self.simulate("1 many")
        assert "There is no dungeon #9." in self.simulate("9")
        assert "Give the dungeon's number." in self.simulate("")
        draft = self.new_dungeon()
        out = self.simulate(f"{draft}")
        assert f"Dungeon #{draft} cannot be played, so not simulated" in out
        assert "The dungeon has no Final card." in out
        out = self.simulate("1", caller=self.char2)
        assert out.startswith("Only builders can use +dungeon/simulate.")
        assert not simulation_jobs._jobs
        assert Dungeon.objects.count() == 2


class Held:
    """run_async that holds each job until the test ends it, with a report or a failure."""

    def __init__(self):
        self.jobs = []  # (runs, report, fail) in the order they were started

    def __call__(self, to_execute, dungeon, runs, seed, at_return, at_err):
        def report():
            at_return(to_execute(dungeon, runs, seed))

        def fail():
            at_err(Failure(RuntimeError("boom")))

        self.jobs.append((runs, report, fail))

    @property
    def started(self):
        return [runs for runs, _, _ in self.jobs]

    def finish(self, failing=False):
        """End the oldest job still running; returns its number of runs."""
        runs, report, fail = self.jobs.pop(0)
        (fail if failing else report)()
        return runs


class TestOneSimulationAtATimeGameWide(SimulateTest):
    def setUp(self):
        super().setUp()
        self.held = Held()
        patcher = patch.object(simulation_jobs, "run_async", self.held)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.char3.permissions.add("Builder")

    def test_a_second_builder_waits_for_the_first_and_is_started_after_it(self):
        first = plain(self.call(CmdDungeon(), "/simulate 1 30", caller=self.char1))
        assert first.startswith("Simulating 30 runs of dungeon #1")
        waiting = " ".join(
            plain(self.call(CmdDungeon(), "/simulate 1 40", caller=self.char3)).split()
        )
        assert waiting.startswith(
            "The game runs one simulation at a time and one simulation must finish first: "
            "your 40 runs of dungeon #1 Test Barrow with the standard party"
        )
        assert "will start by themselves when their turn comes" in waiting
        assert self.held.started == [30]  # Cid's is not started yet
        again = plain(self.call(CmdDungeon(), "/simulate 1", caller=self.char3))
        assert again.startswith("Your simulation of dungeon #1 is still waiting for its turn")
        told = {self.char1: [], self.char3: []}
        with (
            patch.object(self.char1, "msg", lambda text=None, **kw: told[self.char1].append(text)),
            patch.object(self.char3, "msg", lambda text=None, **kw: told[self.char3].append(text)),
        ):
            assert self.held.finish() == 30
            assert self.held.started == [40]  # Cid's started by itself
            assert "30 runs, standard party" in plain(told[self.char1][-1])
            assert told[self.char3] == []
            self.held.finish()
        assert "Balance report" in plain(told[self.char3][-1])
        assert "40 runs, standard party" in plain(told[self.char3][-1])
        assert not simulation_jobs._jobs
        out = plain(self.call(CmdDungeon(), "/simulate 1 10", caller=self.char3))
        assert out.startswith("Simulating 10 runs")

    def test_a_failed_simulation_lets_the_next_one_start(self):
        self.call(CmdDungeon(), "/simulate 1 30", caller=self.char1)
        self.call(CmdDungeon(), "/simulate 1 40", caller=self.char3)
        told = []
        with patch.object(self.char1, "msg", lambda text=None, **kw: told.append(text)):
            assert self.held.finish(failing=True) == 30
        assert "The simulation failed on our side" in plain(told[-1])
        assert self.held.started == [40]
        assert list(simulation_jobs._jobs) == [self.char3.id]

    def test_past_the_waiting_limit_a_request_is_refused(self):
        self.call(CmdDungeon(), "/simulate 1 30", caller=self.char1)
        builders = [
            self.make_character(f"Builder{i}") for i in range(rules.SIMULATIONS_WAITING_MAX)
        ]
        for builder in builders:
            builder.permissions.add("Builder")
            out = plain(self.call(CmdDungeon(), "/simulate 1 20", caller=builder))
            assert "must finish first" in out
        out = plain(self.call(CmdDungeon(), "/simulate 1 20", caller=self.char3))
        busy = rules.SIMULATIONS_WAITING_MAX + 1
        assert out.startswith(f"The game is busy with {busy} simulations already")
        assert self.char3.id not in simulation_jobs._jobs
        assert self.held.started == [30]
