"""
Digger's balance simulator: many seeded runs of a dungeon by a scripted party.

The runs go through the live rules code, `world.digger.engine` (start_run,
then the in-place draw, act_all and complete that the game's moves make on a
copy of the state; `act` in the game is `act_all` with one move), so the
simulator and the game cannot disagree. One seeded random source drives every
run in turn, so a seed always gives the same report; it draws the very numbers
`random.Random(seed)` would (see `SimulationRandom`).

    report = simulate(dungeon, runs=5000, seed=1)
    report.success_rate, report.ci95, report.render(), report.to_dict()

From a shell, without the game's database:

    python -m world.digger.simulate 1 --runs 5000 --seed 1 [--json]
    python -m world.digger.simulate path/to/dungeon.yaml

A number there names a sample dungeon file in world/digger/data/ (1 is
01-saltwick-light.yaml), not the dungeon of that number in the game: to
simulate one of those, export it to a file first (`evennia dungeons export 7
dungeon-7.yaml` on the server, or +dungeon/export in the game) and give the
file, or run +dungeon/simulate 7 in the game.

The standard party (`spec/digger.md`, "Dungeons and balance"): four members
rated 5/4/3/2 in rotation, so that each ability has one 5, one 4, one 3 and
one 2; each carries a plain Major Tool in their best ability and a plain Minor
Tool in their second best ("plain": no qualities; the engine does not check
Tool Points). On every challenge each member acts with their Tool for it
while it has uses, else with the basic action; nobody risks.
"""

import argparse
import json
import math
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from statistics import fmean
from typing import NamedTuple

from tqdm import tqdm

from world.digger import rules
from world.digger.deck import Tool
from world.digger.deckfile import DeckFileError, load_dungeon_file, sample_path
from world.digger.engine import (
    Action,
    MemberInfo,
    act_all_in_place,
    complete_in_place,
    draw_in_place,
    start_run,
    uses_left,
)
from world.numbers import whole_number

Z95 = 1.959964  # two-sided 95% normal quantile, for the Wilson interval
EXHAUSTION_PERCENTILES = (10, 50, 90)
WORST_CARDS_SHOWN = 5
PROGRESS_EVERY = 100  # runs between progress calls
TTY_PROGRESS_FROM = 2_000  # the command line shows a bar from this many runs


# --- Parties -------------------------------------------------------------------


@dataclass(frozen=True)
class SimMember:
    """A scripted party member: the id the run knows them by, ratings and loaded Tools."""

    member_id: str
    ratings: dict  # ability -> rating
    tools: tuple  # deck.Tool, as loaded on the belt
    # ability -> ((Tool, its Action), ...) in belt order; built once, not compared
    tool_actions: dict = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        table = {}
        for tool in self.tools:
            table.setdefault(tool.category, []).append((tool, Action(rules.ACT, tool=tool)))
        object.__setattr__(
            self, "tool_actions", {category: tuple(pairs) for category, pairs in table.items()}
        )

    def action_for(self, state, ability):
        """Act with the first loaded Tool for `ability` that has uses left, else the basic way."""
        for tool, action in self.tool_actions.get(ability, ()):
            if uses_left(state, self.member_id, tool) > 0:
                return action
        return BASIC_ACTIONS[ability]


BASIC_ACTIONS = {ability: Action(rules.ACT, ability=ability) for ability in rules.ABILITIES}


@dataclass(frozen=True)
class Party:
    """A named scripted party: SimMembers in the order they roll."""

    name: str
    members: tuple
    # member id -> engine.MemberInfo, what `complete` is told each round; built once
    infos: dict = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        infos = {member.member_id: MemberInfo(member.ratings) for member in self.members}
        object.__setattr__(self, "infos", infos)


STANDARD_RATINGS = (5, 4, 3, 2)


def standard_party():
    """The spec's standard party of four (see the module docstring)."""
    members = []
    for seat in range(len(rules.ABILITIES)):
        ratings = {
            ability: STANDARD_RATINGS[(index - seat) % len(STANDARD_RATINGS)]
            for index, ability in enumerate(rules.ABILITIES)
        }
        best, second = sorted(rules.ABILITIES, key=ratings.get, reverse=True)[:2]
        member_id = f"member{seat + 1}"
        tools = (
            Tool(f"{member_id}-major", f"{best} Major tool", best, rules.MAJOR),
            Tool(f"{member_id}-minor", f"{second} Minor tool", second, rules.MINOR),
        )
        members.append(SimMember(member_id, ratings, tools))
    return Party("standard", tuple(members))


PARTIES = {"standard": standard_party}


# --- One run ------------------------------------------------------------------------


class RunRecord(NamedTuple):
    """What one simulated run came to."""

    outcome: str
    challenges: int
    exhaustion: tuple  # each member's at the end
    cards: tuple  # (card key, party passed) per challenge, in order


def play_run(dungeon, party, rng, plans=None):
    """Play one run of `dungeon` with `party` (a Party) to its end.

    plans: a dict the runs of one simulation share, where the engine keeps the
    rounds it has planned (see engine.complete_in_place).
    """
    members, infos = party.members, party.infos
    state = start_run(dungeon, tuple(infos), rng)  # this run's own state, changed in place
    cards = []
    while state.outcome is None:
        card = draw_in_place(state, dungeon, rng)
        moves = [
            (member.member_id, member.action_for(state, card.ability))
            for member, exhaustion in zip(members, state.exhaustion)
            if exhaustion < rules.EXHAUSTION_LIMIT
        ]
        act_all_in_place(state, moves)
        rolled = complete_in_place(state, card, infos, rng, plans)
        cards.append((card.key, rolled.passed))
    return RunRecord(state.outcome, state.challenge, state.exhaustion, tuple(cards))


# --- Many runs -----------------------------------------------------------------------


@dataclass(frozen=True)
class CardStat:
    """How often a card was played and failed over all runs."""

    key: object
    played: int
    failed: int

    @property
    def failure_rate(self):
        return self.failed / self.played if self.played else 0.0


@dataclass(frozen=True)
class SimulationReport:
    """The outcome of `simulate`: rates, spreads and the cards that stop parties."""

    dungeon_number: int
    dungeon_name: str
    dungeon_type: str
    party: str
    runs: int
    seed: int
    outcomes: dict  # rules.WON / RETREAT / LOST -> count
    mean_challenges: float
    exhaustion_mean: float
    exhaustion_percentiles: dict  # percentile -> final Exhaustion of a member
    cards: tuple  # CardStat, most failed first

    @property
    def success_rate(self):
        return self.outcomes[rules.WON] / self.runs

    @property
    def ci95(self):
        return wilson_interval(self.outcomes[rules.WON], self.runs)

    @property
    def target(self):
        """The type's (low, high) success band, or None for an unknown type."""
        guide = rules.DUNGEON_TYPES.get(self.dungeon_type)
        return guide.success if guide else None

    @property
    def in_target(self):
        target = self.target
        return target is not None and target[0] <= self.success_rate <= target[1]

    def to_dict(self):
        return {
            "dungeon": {
                "number": self.dungeon_number,
                "name": self.dungeon_name,
                "type": self.dungeon_type,
            },
            "party": self.party,
            "runs": self.runs,
            "seed": self.seed,
            "success_rate": self.success_rate,
            "ci95": list(self.ci95),
            "target": list(self.target) if self.target else None,
            "in_target": self.in_target,
            "outcomes": dict(self.outcomes),
            "mean_challenges": self.mean_challenges,
            "exhaustion": {
                "mean": self.exhaustion_mean,
                "percentiles": {str(p): v for p, v in self.exhaustion_percentiles.items()},
            },
            "cards": {
                str(stat.key): {
                    "played": stat.played,
                    "failed": stat.failed,
                    "failure_rate": stat.failure_rate,
                }
                for stat in self.cards
            },
        }

    def render(self):
        """A short readable report."""
        low, high = self.ci95
        lines = [
            f"Dungeon {self.dungeon_number}: {self.dungeon_name} ({self.dungeon_type})",
            f"{self.runs:,} runs, {self.party} party, seed {self.seed}",
            f"Success: {self.success_rate:.1%} (95% CI {low:.1%}-{high:.1%})" + self._target_note(),
            "Outcomes: "
            + ", ".join(f"{outcome} {self.outcomes[outcome]:,}" for outcome in rules.OUTCOMES),
            f"Challenges per run: {self.mean_challenges:.1f} on average",
            f"Final Exhaustion per member: mean {self.exhaustion_mean:.0f}, "
            + ", ".join(f"p{p} {v}" for p, v in self.exhaustion_percentiles.items()),
            "Cards failed most:",
        ]
        lines += [
            f"  {stat.key}: failed {stat.failed:,} of {stat.played:,} ({stat.failure_rate:.0%})"
            for stat in self.cards[:WORST_CARDS_SHOWN]
            if stat.failed
        ]
        return "\n".join(lines)

    def _target_note(self):
        if self.target is None:
            return ""
        low, high = self.target
        verdict = "within" if self.in_target else "OUTSIDE"
        return f"; {verdict} the {self.dungeon_type} target {low:.0%}-{high:.0%}"


class SimulationRandom(random.Random):
    """`random.Random` with a leaner `randint` that draws exactly the same numbers.

    `Random.randint(a, b)` goes through `randrange`, whose argument checks cost
    more than the draw itself over the millions of dice of a simulation; this
    one runs the loop `Random._randbelow_with_getrandbits` runs on the same
    `getrandbits` stream, so a seed gives the same report either way
    (tests/digger/test_simulate.py compares the two).
    """

    def randint(self, a, b):
        width = b - a + 1
        if width <= 0:
            return super().randint(a, b)  # let Random refuse an empty range
        bits = width.bit_length()
        drawn = self.getrandbits(bits)
        while drawn >= width:
            drawn = self.getrandbits(bits)
        return a + drawn


def simulate(dungeon, runs, seed, party=None, progress=None):
    """Play `runs` runs of `dungeon` (a deck.Dungeon) and report on them.

    party: a Party (default the standard party); progress: called with the
    number of runs finished since its last call (tqdm's `update` fits).
    """
    if runs < 1:
        raise ValueError("Simulate at least one run.")
    party = party or standard_party()
    rng = SimulationRandom(seed)
    outcomes = Counter(dict.fromkeys(rules.OUTCOMES, 0))
    played, failed = Counter(), Counter()
    challenges, exhaustion, reported = 0, [], 0
    plans = {}
    for done in range(1, runs + 1):
        record = play_run(dungeon, party, rng, plans)
        outcomes[record.outcome] += 1
        challenges += record.challenges
        exhaustion.extend(record.exhaustion)
        for key, passed in record.cards:
            played[key] += 1
            if not passed:
                failed[key] += 1
        if progress is not None and (done - reported == PROGRESS_EVERY or done == runs):
            progress(done - reported)
            reported = done
    cards = sorted(
        (CardStat(key, count, failed[key]) for key, count in played.items()),
        key=lambda stat: (-stat.failed, -stat.failure_rate, str(stat.key)),
    )
    return SimulationReport(
        dungeon_number=dungeon.number,
        dungeon_name=dungeon.name,
        dungeon_type=dungeon.type,
        party=party.name,
        runs=runs,
        seed=seed,
        outcomes=dict(outcomes),
        mean_challenges=challenges / runs,
        exhaustion_mean=fmean(exhaustion),
        exhaustion_percentiles=percentiles(exhaustion, EXHAUSTION_PERCENTILES),
        cards=tuple(cards),
    )


def wilson_interval(successes, trials, z=Z95):
    """The Wilson score interval (low, high) for a share of `successes` in `trials`."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    spread = z * z / trials
    centre = (share + spread / 2) / (1 + spread)
    half = z * math.sqrt(share * (1 - share) / trials + spread / (4 * trials)) / (1 + spread)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentiles(values, wanted):
    """{p: value} by the nearest-rank method for each p in `wanted` (values not empty)."""
    ordered = sorted(values)
    return {p: ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] for p in wanted}


# --- Command line ---------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m world.digger.simulate",
        description="Simulate runs of a Digger dungeon with a scripted party.",
        epilog=(
            "A number picks the sample dungeon file of world/digger/data/ whose name starts "
            "with it, never a dungeon of the game's database: export one of "
            "those first (evennia dungeons export <number> <file>) and give the file, or use "
            "+dungeon/simulate <number> in the game."
        ),
    )
    parser.add_argument(
        "dungeon",
        help="a dungeon YAML file, or the number of a sample dungeon file (not the game's)",
    )
    parser.add_argument("--runs", type=int, default=5_000, help="how many runs (default 5000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--party", choices=sorted(PARTIES), default="standard")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    options = parser.parse_args(argv)
    if options.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        dungeon = _load(options.dungeon)
    except DeckFileError as error:
        parser.exit(2, f"{error}\n")
    report = _simulate_with_bar(dungeon, options.runs, options.seed, PARTIES[options.party]())
    print(json.dumps(report.to_dict(), indent=2) if options.json else report.render())


def _load(argument):
    number = whole_number(argument)
    if number is not None:
        return load_dungeon_file(sample_path(number))
    return load_dungeon_file(argument)


def _simulate_with_bar(dungeon, runs, seed, party):
    if runs < TTY_PROGRESS_FROM or not sys.stderr.isatty():
        return simulate(dungeon, runs, seed, party)
    with tqdm(total=runs, unit="run", file=sys.stderr, leave=False) as bar:
        return simulate(dungeon, runs, seed, party, progress=bar.update)


if __name__ == "__main__":
    main()
