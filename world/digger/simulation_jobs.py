"""
Balance simulations started in the game (+dungeon/simulate), run off the
server's main thread so that nobody else waits for them.

The dungeon is read from the database on the main thread and handed to the
worker as a plain `deck.Dungeon`: the thread runs only
`world.digger.simulate.simulate`, pure computation with no ORM in it.
Evennia's `run_async` (Twisted's deferToThread) runs it, and its callbacks
come back on the main thread, where the builder is told. A builder runs one
simulation at a time, of at most `MAX_RUNS` runs, with a fresh seed that the
report shows (the same seed gives the same report).
"""

import random
from dataclasses import dataclass

from evennia.utils import logger
from evennia.utils.utils import run_async

from world.digger.deck import Dungeon as DeckDungeon
from world.digger.errors import DiggerError
from world.digger.models import Dungeon
from world.digger.simulate import simulate
from world.digger.store import dungeon_from_db

DEFAULT_RUNS = 2_000
MAX_RUNS = 20_000
SEED_RANGE = 1_000_000

_running = {}  # builder's id -> number of the dungeon being simulated


@dataclass(frozen=True)
class SimulationJob:
    dungeon: DeckDungeon
    runs: int
    seed: int


def start_simulation(builder, number, runs, on_report, on_failure):
    """Start simulating dungeon `number`; `on_report(SimulationReport)` or `on_failure()`
    is called on the main thread when it is over. Returns the SimulationJob."""
    runs = DEFAULT_RUNS if runs is None else runs
    if not 1 <= runs <= MAX_RUNS:
        raise DiggerError(f"Simulate 1 to {MAX_RUNS:,} runs, not {runs:,}.")
    if builder.id in _running:
        raise DiggerError(
            f"Your simulation of dungeon #{_running[builder.id]} is still running; "
            "its report comes when it is done."
        )
    model = Dungeon.objects.filter(number=number).first()
    if model is None:
        raise DiggerError(f"There is no dungeon #{number}.")
    dungeon = dungeon_from_db(model)
    errors = dungeon.validate().errors
    if errors:
        problems = "\n".join(f"  - {error}" for error in errors)
        raise DiggerError(f"Dungeon #{number} cannot be played, so not simulated:\n{problems}")
    job = SimulationJob(dungeon, runs, random.randrange(SEED_RANGE))
    _running[builder.id] = number

    def finished(report):
        _running.pop(builder.id, None)
        on_report(report)

    def failed(failure):
        _running.pop(builder.id, None)
        logger.log_err(f"Digger: simulation of dungeon #{number} failed:\n{failure.getTraceback()}")
        on_failure()

    run_async(simulate, job.dungeon, job.runs, job.seed, at_return=finished, at_err=failed)
    return job
