"""+dungeon/simulate: the balance simulator from the game, run off the main thread
through Evennia's run_async on a deck and a party read before the thread starts, the
report with every shipped party beside the chosen one, and the report kept for the web."""

import threading
from unittest.mock import Mock, patch

from django.db.backends.base.base import BaseDatabaseWrapper
from twisted.python.failure import Failure

from commands.digger import CmdDungeon, CmdParty
from world.digger import rules, simulation_jobs
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.models import Dungeon, Simulation
from world.digger.sim_parties import SHIPPED, shipped_party
from world.digger.simulate import balance
from world.digger.store import dungeon_from_db

from .building_helpers import BuilderTest
from .fixtures import give_ratings, give_tool, plain, widest_line


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
    def test_the_builder_gets_the_whole_report_with_the_spread(self):
        out = self.simulate("1 300")
        assert (
            "Simulating 300 runs of dungeon #1 Test Barrow with the standard party, and as "
            "many with each of utility, bare and bold beside it (seed " in " ".join(out.split())
        )
        assert "Balance report" in out
        assert "300 runs for each party, seed" in out
        lines = out.splitlines()
        spread = lines.index("Runs won, with the 95% interval:")
        parties = [line.split()[0] for line in lines[spread + 1 :] if line[2:3].isalpha()]
        assert parties[:4] == list(SHIPPED)
        assert "the Ruin band 52%-68%" in " ".join(lines[spread + 1 : spread + 3])
        assert "within" in out or "OUTSIDE" in out
        assert "The standard party in detail:" in out
        assert "Challenges per run: " in out
        assert "Final Exhaustion per member: mean" in out and "p90" in out
        assert "Cards failed most:" in out
        record = Simulation.objects.get()
        assert f"On the web: /dungeons/simulations/{record.pk}/" in out
        assert widest_line(out) <= 78

    def test_the_report_is_kept_for_the_web(self):
        self.simulate("1 120 bold")
        record = Simulation.objects.get()
        assert (record.dungeon, record.dungeon_number, record.party, record.runs) == (
            self.dungeon,
            1,
            "bold",
            120,
        )
        assert record.requested_by == self.char1 and record.requested_by_name == "Char"
        assert [row["party"] for row in record.report["spread"]] == list(SHIPPED)
        assert record.report["party"] == "bold" and record.report["runs"] == 120

    def test_a_warning_when_the_standard_party_misses_the_band(self):
        with patch.object(rules, "ROUND_RULES", rules.ROUND_RULES._replace(target_base=-100)):
            out = " ".join(self.simulate("1 50").split())
        assert "Warning: the standard party wins 100.0% of its runs, above the Ruin band" in out
        assert "Make the deck harder" in out

    def test_runs_and_a_party_may_come_in_either_order_or_after_an_equals_sign(self):
        assert "Simulating 120 runs" in self.simulate("1=120")
        simulation_jobs._forget_all()
        assert "120 runs of dungeon #1 Test Barrow with the utility party" in " ".join(
            self.simulate("1 utility 120").split()
        )
        simulation_jobs._forget_all()
        out = " ".join(self.simulate("1 BARE").split())
        assert (
            "2,000 runs of dungeon #1 Test Barrow with the bare party, and as many with "
            "each of standard, utility and bold beside it" in out
        )
        assert "The bare party in detail:" in out

    def test_mine_simulates_the_party_the_builder_is_in_as_its_members_stand(self):
        give_ratings(self.char1, brute=6, combat=1)
        give_ratings(self.char2, wits=5)
        give_tool(self.char1, "Maul", rules.BRUTE, rules.MAJOR, ("Improved",))
        give_tool(self.char1, "Spare", rules.WITS, rules.MINOR, ("Efficient",), load=False)
        self.form_party(self.char2, self.char1)
        party = simulation_jobs.own_party(self.char1)
        assert party.name == "Char2's party"
        assert [(m.name, m.ratings["Brute"], m.ratings["Wits"]) for m in party.members] == [
            ("Char2", 3, 5),
            ("Char", 6, 3),
        ]
        assert [t.name for t in party.members[1].tools] == ["Maul"]  # the belt only
        assert party.play == shipped_party("standard").play
        out = " ".join(self.simulate("1 40 mine").split())
        assert "with Char2's party, and as many with each of standard, utility, bare and" in out
        assert "Char2's party in detail: Char2 and Char as they stand now, playing like the " in out
        assert Simulation.objects.get().party == "Char2's party"

    def test_mine_goes_by_the_name_the_room_knows_the_party_by_unless_a_shipped_one(self):
        self.form_party(self.char1, self.char2)
        self.call(CmdParty(), "/name The Lamplighters", caller=self.char1)
        assert simulation_jobs.own_party(self.char1).name == "The Lamplighters"
        out = " ".join(self.simulate("1 20 mine").split())
        assert "The Lamplighters in detail: Char and Char2 as they stand now" in out
        # Reports tell parties apart by name: a party called like a shipped one is
        # not taken for it (nor held to the band in its place).
        self.call(CmdParty(), "/name Standard", caller=self.char1)
        party = simulation_jobs.own_party(self.char1)
        assert party.name == "Char's party"
        report = balance(dungeon_from_db(self.dungeon), 20, 1, party)
        assert [each.party for each in report.spread] == [*SHIPPED, "Char's party"]

    def test_the_work_goes_to_run_async_with_a_plain_deck_and_party(self):
        run_async = Mock()
        out = self.simulate("1", run_async=run_async)
        assert "Simulating 2,000 runs of dungeon #1" in out
        assert "Balance report" not in out  # it comes later, from the callback
        run_async.assert_called_once()
        (to_execute, deck, runs, seed, party), callbacks = run_async.call_args
        assert to_execute is balance
        assert isinstance(deck, DeckDungeon) and deck == dungeon_from_db(self.dungeon)
        assert party == shipped_party("standard")
        assert runs == rules.SIMULATION_DEFAULT_RUNS and str(seed) in out
        # One at a time per builder, until the report is in.
        again = self.simulate("1", run_async=Mock())
        assert again.startswith("Your simulation of dungeon #1 is still running")
        said = []
        with patch.object(self.char1, "msg", lambda text=None, **kw: said.append(text)):
            callbacks["at_return"](balance(deck, 20, seed))
        assert "Balance report" in plain(said[0]) and "20 runs for each party" in plain(said[0])
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

        self.form_party(self.char1)
        out = self.simulate("1 200 mine", run_async=in_a_thread)
        assert seen["thread"] is not threading.main_thread()
        assert "200 runs for each party" in out and "Char's party in detail" in out

    def test_a_failure_is_told_and_frees_the_builder(self):
        def broken(to_execute, *args, at_return, at_err):
            at_err(Failure(RuntimeError("boom")))

        out = self.simulate("1 10", run_async=broken)
        assert "The simulation failed on our side" in out
        assert "boom" not in out
        assert not simulation_jobs._jobs
        assert not Simulation.objects.exists()

    def test_refusals(self):
        assert "Simulate 1 to 20,000 runs, not 20,001." in self.simulate("1 20001")
        assert "Simulate 1 to 20,000 runs, not 0." in self.simulate("1 0")
        assert "Give the number of runs as a number." in self.simulate("1 2²")
        heroes = self.simulate("1 heroes")
        assert (
            "There is no party called 'heroes' to simulate.\nName standard, utility, bare or "
            "bold, or mine for the party you are in." in heroes
        )
        assert "After the dungeon's number, give at most the runs and a party." in self.simulate(
            "1 10 bold bare"
        )
        alone = self.simulate("1 mine")
        assert (
            "You are not in a party, so there is no party of yours to simulate.\nJoin or make "
            "one first, or name standard, utility, bare or bold." in alone
        )
        assert widest_line(heroes) <= 78 and widest_line(alone) <= 78
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
        assert not Simulation.objects.exists()

    def test_the_help_names_the_parties(self):
        out = " ".join(plain(self.call(CmdDungeon(), "/simulate")).split())
        assert "Usage: +dungeon/simulate <#> [<runs>] [<party>]" in out


class Held:
    """run_async that holds each job until the test ends it, with a report or a failure."""

    def __init__(self):
        self.jobs = []  # (runs, report, fail) in the order they were started

    def __call__(self, to_execute, dungeon, runs, seed, party, at_return, at_err):
        def report():
            at_return(to_execute(dungeon, runs, seed, party))

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
            "your 40 runs of dungeon #1 Test Barrow with the standard party, and as many"
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
            assert "30 runs for each party" in plain(told[self.char1][-1])
            assert told[self.char3] == []
            self.held.finish()
        assert "Balance report" in plain(told[self.char3][-1])
        assert "40 runs for each party" in plain(told[self.char3][-1])
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
