"""
Balance simulations started in the game (+dungeon/simulate), run off the
server's main thread so that nobody else waits for them.

The dungeon is read from the database on the main thread and handed to the
worker as a plain `deck.Dungeon`: the thread runs only
`world.digger.simulate.simulate`, pure computation with no ORM in it.
Evennia's `run_async` (Twisted's deferToThread) runs it, and its callbacks
come back on the main thread, where the builder is told.

A simulation takes a core for seconds, so the game runs at most
`rules.SIMULATIONS_AT_ONCE` at a time, whoever asked: the other requests
wait their turn in a queue (oldest first, at most
`rules.SIMULATIONS_WAITING_MAX` of them) and start, still on the main thread,
as the running ones finish. A builder has one simulation at a time, running or
waiting, of at most `rules.SIMULATION_MAX_RUNS` runs, with a fresh seed that
the report shows (the same seed gives the same report).
"""

import random
from collections import deque
from dataclasses import dataclass
from typing import Callable

from evennia.utils import logger
from evennia.utils.utils import run_async

from world.digger import rules
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.errors import DiggerError
from world.digger.models import Dungeon
from world.digger.simulate import simulate
from world.digger.store import dungeon_from_db

SEED_RANGE = 1_000_000

_jobs = {}  # builder's id -> their SimulationJob, running or waiting
_waiting = deque()  # SimulationJobs waiting for their turn, oldest first
_running = set()  # builders' ids whose simulation is running


@dataclass(frozen=True)
class SimulationJob:
    builder_id: int
    dungeon: DeckDungeon
    runs: int
    seed: int
    on_report: Callable
    on_failure: Callable


@dataclass(frozen=True)
class SimulationRequest:
    """What start_simulation did: `ahead` is 0 if the job started, else how many go first."""

    job: SimulationJob
    ahead: int

    @property
    def started(self):
        return self.ahead == 0


def start_simulation(builder, number, runs, on_report, on_failure):
    """Simulate dungeon `number` now, or as soon as it is its turn.

    `on_report(SimulationReport)` or `on_failure()` is called on the main thread
    when it is over. Returns a SimulationRequest.
    """
    runs = rules.SIMULATION_DEFAULT_RUNS if runs is None else runs
    if not 1 <= runs <= rules.SIMULATION_MAX_RUNS:
        raise DiggerError(f"Simulate 1 to {rules.SIMULATION_MAX_RUNS:,} runs, not {runs:,}.")
    mine = _jobs.get(builder.id)
    if mine is not None:
        how = "still running" if builder.id in _running else "still waiting for its turn"
        raise DiggerError(
            f"Your simulation of dungeon #{mine.dungeon.number} is {how}; "
            "its report comes when it is done."
        )
    free = len(_running) < rules.SIMULATIONS_AT_ONCE
    if not free and len(_waiting) >= rules.SIMULATIONS_WAITING_MAX:
        raise DiggerError(
            f"The game is busy with {len(_running) + len(_waiting)} simulations already: "
            "try again in a few minutes."
        )
    model = Dungeon.objects.filter(number=number).first()
    if model is None:
        raise DiggerError(f"There is no dungeon #{number}.")
    dungeon = dungeon_from_db(model)
    errors = dungeon.validate().errors
    if errors:
        problems = "\n".join(f"  - {error}" for error in errors)
        raise DiggerError(f"Dungeon #{number} cannot be played, so not simulated:\n{problems}")
    job = SimulationJob(
        builder.id, dungeon, runs, random.randrange(SEED_RANGE), on_report, on_failure
    )
    _jobs[builder.id] = job
    if free:
        _run(job)
        return SimulationRequest(job, 0)
    _waiting.append(job)
    return SimulationRequest(job, len(_running) + len(_waiting) - 1)


def _run(job):
    _running.add(job.builder_id)

    def finished(report):
        _done(job)
        job.on_report(report)

    def failed(failure):
        _done(job)
        logger.log_err(
            f"Digger: simulation of dungeon #{job.dungeon.number} failed:\n"
            f"{failure.getTraceback()}"
        )
        job.on_failure()

    run_async(simulate, job.dungeon, job.runs, job.seed, at_return=finished, at_err=failed)


def _done(job):
    """`job` is over: free its builder and start the next ones waiting."""
    _running.discard(job.builder_id)
    _jobs.pop(job.builder_id, None)
    while _waiting and len(_running) < rules.SIMULATIONS_AT_ONCE:
        _run(_waiting.popleft())


def _forget_all():
    """Drop every job, running or waiting (for tests)."""
    _jobs.clear()
    _waiting.clear()
    _running.clear()
