"""
Balance simulations started in the game (+dungeon/simulate), run off the
server's main thread so that nobody else waits for them.

The dungeon and the party are read on the main thread and handed to the
worker as plain data (a `deck.Dungeon`, a `sim_parties.Party`): the thread
runs only `world.digger.simulate.balance`, pure computation with no ORM in
it. The party is one of those shipped with the game (standard, utility, bare,
bold) or the builder's own (`mine`: the party they are in, each member with
their current form's ratings and belt, playing like the standard party). Every
shipped party is simulated beside it, so the report shows the spread.
Evennia's `run_async` (Twisted's deferToThread) runs it, and its callbacks
come back on the main thread, where the report is kept (a `Simulation` row,
for the builders' web page) and the builder is told.

A simulation takes a core for seconds, so the game runs at most
`rules.SIMULATIONS_AT_ONCE` at a time, whoever asked: the other requests
wait their turn in a queue (oldest first, at most
`rules.SIMULATIONS_WAITING_MAX` of them) and start, still on the main thread,
as the running ones finish. A builder has one simulation at a time, running or
waiting, of at most `rules.SIMULATION_MAX_RUNS` runs for each party, with a
fresh seed that the report shows (the same seed gives the same report).
"""

import random
from collections import deque
from dataclasses import dataclass
from typing import Callable

from evennia.utils import logger
from evennia.utils.utils import iter_to_str, run_async

from world.digger import rules, services
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.errors import DiggerError
from world.digger.ledger import current_form, sheet_for
from world.digger.membership import party_of
from world.digger.models import BeltSlot, Dungeon, Simulation
from world.digger.sim_parties import SHIPPED, STANDARD, Party, make_party, shipped_party
from world.digger.simulate import balance
from world.digger.store import dungeon_from_db

SEED_RANGE = 1_000_000
OWN_PARTY = "mine"

_jobs = {}  # builder's id -> their SimulationJob, running or waiting
_waiting = deque()  # SimulationJobs waiting for their turn, oldest first
_running = set()  # builders' ids whose simulation is running


@dataclass(frozen=True)
class SimulationJob:
    builder_id: int
    dungeon: DeckDungeon
    party: Party
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


@dataclass(frozen=True)
class SimulationDone:
    """A finished simulation: the simulator's BalanceReport and the row that keeps it
    (None if it could not be kept)."""

    report: object  # simulate.BalanceReport
    record: Simulation | None


def start_simulation(builder, number, runs, on_report, on_failure, party=None):
    """Simulate dungeon `number` with `party` (a shipped party's name or OWN_PARTY,
    default the standard party) and every shipped party, now or as soon as it is its turn.

    `on_report(SimulationDone)` or `on_failure()` is called on the main thread
    when it is over. Returns a SimulationRequest.
    """
    runs = rules.SIMULATION_DEFAULT_RUNS if runs is None else runs
    if not 1 <= runs <= rules.SIMULATION_MAX_RUNS:
        raise DiggerError(f"Simulate 1 to {rules.SIMULATION_MAX_RUNS:,} runs, not {runs:,}.")
    mine = _jobs.get(builder.id)
    if mine is not None:
        how = "still running" if builder.id in _running else "still waiting for its turn"
        raise DiggerError(
            f"Your simulation of dungeon #{mine.dungeon.number} is {how}:\n"
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
    chosen = _party(builder, party or STANDARD)

    def keep(report):
        try:
            record = keep_report(builder, model, report)
        except Exception:  # the builder still gets the report, without its web page
            logger.log_trace(f"Digger: the simulation of dungeon #{number} was not kept")
            record = None
        on_report(SimulationDone(report, record))

    job = SimulationJob(
        builder.id, dungeon, chosen, runs, random.randrange(SEED_RANGE), keep, on_failure
    )
    _jobs[builder.id] = job
    if free:
        _run(job)
        return SimulationRequest(job, 0)
    _waiting.append(job)
    return SimulationRequest(job, len(_running) + len(_waiting) - 1)


def _party(builder, name):
    """The Party called `name`: a shipped one, or OWN_PARTY, the builder's own."""
    wanted = name.strip().lower()
    if wanted == OWN_PARTY:
        return own_party(builder)
    if wanted not in SHIPPED:
        raise DiggerError(
            f"There is no party called '{name}' to simulate.\nName {_choices()}, "
            f"or {OWN_PARTY} for the party you are in."
        )
    return shipped_party(wanted)


def _choices():
    return iter_to_str(SHIPPED, endsep="or")


_BELT = BeltSlot.objects.select_related("tool__design")


def own_party(builder):
    """The party `builder` is in, as a scripted party: each member's current form's
    ratings and belt, playing like the standard party (shipped_party's play)."""
    membership, members = party_of(builder)
    if membership is None:
        raise DiggerError(
            "You are not in a party, so there is no party of yours to simulate.\n"
            f"Join or make one first, or name {_choices()}."
        )
    entries = []
    for member in members:
        form = current_form(sheet_for(member.character))
        tools = tuple(slot.tool.as_tool() for slot in _BELT.filter(form=form))
        entries.append((member.character.key, form.ratings(), tools))
    leader = next(member.character.key for member in members if member.is_leader)
    names = iter_to_str([member.character.key for member in members], endsep="and")
    return make_party(
        _own_party_name(membership.party.name, leader),
        entries,
        shipped_party(STANDARD).play,
        about=f"{names} as they stand now, playing like the standard party.",
    )


def _own_party_name(name, leader):
    """The name the room knows the party by (services.party_label), unless that is
    a shipped party's name: reports tell parties apart by name."""
    label = services.party_label(name, leader)
    if label.strip().lower() in SHIPPED:
        return services.party_label("", leader)
    return label


def keep_report(builder, model, report):
    """The Simulation row that keeps `report` (a BalanceReport) for the web page."""
    main = report.main
    return Simulation.objects.create(
        dungeon=model,
        dungeon_number=main.dungeon_number,
        dungeon_name=main.dungeon_name,
        party=main.party,
        runs=main.runs,
        seed=main.seed,
        requested_by=builder,
        requested_by_name=builder.key,
        report=report.to_dict(),
    )


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

    run_async(
        balance, job.dungeon, job.runs, job.seed, job.party, at_return=finished, at_err=failed
    )


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
