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

    python -m world.digger.simulate 1 --runs 5000 --seed 1 [--party bold] [--json]
    python -m world.digger.simulate path/to/dungeon.yaml

A number there names a sample dungeon file in world/digger/data/ (1 is
01-saltwick-light.yaml), not the dungeon of that number in the game: to
simulate one of those, export it to a file first (`evennia dungeons export 7
dungeon-7.yaml` on the server, or +dungeon/export in the game) and give the
file, or run +dungeon/simulate 7 in the game.

The party comes from a party file (world.digger.sim_parties): one of the four
shipped with the game (standard, utility, bare, bold: each file's `about` says
what it stands for; benchmarks/README.md, "Digger balance", gives the bands) or
any file with Tools a player could buy. `balance()` plays the
chosen party and every shipped party on the same seed, so that a report shows
the spread: the standard party's rate against the type's band, and how the
other kinds of party fare beside it.

    report = balance(dungeon, runs=5000, seed=1, party=shipped_party("bold"))
    report.main, report.standard, report.spread, report.warning, report.render()

    python -m world.digger.simulate 1 --party standard --runs 40000 --seed 7
    python -m world.digger.simulate 3 --party path/to/my-party.yaml
"""

import argparse
import json
import math
import random
import sys
from collections import Counter
from dataclasses import dataclass
from statistics import fmean
from typing import NamedTuple

from tqdm import tqdm

from world.digger import rules
from world.digger.deckfile import DeckFileError, load_dungeon_file, sample_path
from world.digger.engine import act_all_in_place, complete_in_place, draw_in_place, start_run
from world.digger.sim_parties import (
    SHIPPED,
    STANDARD,
    PartyFileError,
    capitalised,
    party_label,
    party_named,
    shipped_party,
)
from world.numbers import whole_number

Z95 = 1.959964  # two-sided 95% normal quantile, for the Wilson interval
EXHAUSTION_PERCENTILES = (10, 50, 90)
WORST_CARDS_SHOWN = 5
PROGRESS_EVERY = 100  # runs between progress calls
TTY_PROGRESS_FROM = 2_000  # the command line shows a bar from this many runs
# How a report names each outcome in "won 1,235, retreated 741, lost 24".
OUTCOME_WORDS = {rules.WON: "won", rules.RETREAT: "retreated", rules.LOST: "lost"}


def percent(share):
    """A share as every report writes it (command line, game, web): '62.3%'."""
    return f"{share:.1%}"


def interval_text(interval):
    """A (low, high) interval of shares as reports write it: '61.8%-62.8%'."""
    low, high = interval
    return f"{percent(low)}-{percent(high)}"


def band_text(band):
    """A type's (low, high) band as reports write it: '52%-68%'."""
    low, high = band
    return f"{low:.0%}-{high:.0%}"


def outcomes_text(outcomes):
    """'won 1,235, retreated 741, lost 24' from {outcome: count}."""
    return ", ".join(
        f"{OUTCOME_WORDS[outcome]} {outcomes[outcome]:,}" for outcome in rules.OUTCOMES
    )


# --- One run ------------------------------------------------------------------------


class RunRecord(NamedTuple):
    """What one simulated run came to."""

    outcome: str
    challenges: int
    exhaustion: tuple  # each member's at the end
    cards: tuple  # (card key, party passed) per challenge, in order


def play_run(dungeon, party, rng, plans=None):
    """Play one run of `dungeon` with `party` (a sim_parties.Party) to its end.

    plans: a dict the runs of one simulation share, where the engine keeps the
    rounds it has planned (see engine.complete_in_place).
    """
    members, infos, play = party.members, party.infos, party.play
    state = start_run(dungeon, tuple(infos), rng)  # this run's own state, changed in place
    cards = []
    while state.outcome is None:
        card = draw_in_place(state, dungeon, rng)
        mode = play.mode(state)
        moves = [
            (member.member_id, member.action_for(state, card.ability, mode))
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
    """The outcome of `simulate` for one party: rates, spreads and the cards that stop it."""

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
    party_about: str = ""  # what the party is, from its file

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
        """The success rate is inside the band (what a standard party must reach)."""
        target = self.target
        return target is not None and target[0] <= self.success_rate <= target[1]

    @property
    def surely_in_target(self):
        """The whole 95% interval is inside the band."""
        target, (low, high) = self.target, self.ci95
        return target is not None and target[0] <= low and high <= target[1]

    def to_dict(self):
        return {
            "dungeon": {
                "number": self.dungeon_number,
                "name": self.dungeon_name,
                "type": self.dungeon_type,
            },
            "party": self.party,
            "party_about": self.party_about,
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

    def detail_lines(self):
        """Outcomes, challenges, Exhaustion and the cards failed most, a line each."""
        lines = [
            f"Runs {outcomes_text(self.outcomes)}",
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
        return lines


@dataclass(frozen=True)
class BalanceReport:
    """What `balance` found: the chosen party's full report and every party's beside it.

    `spread` holds a SimulationReport per party: the shipped ones in SHIPPED
    order, then the chosen party if it is not one of them; `main` is the
    chosen party's, `standard` the standard party's, which alone is held to
    the type's band.
    """

    main: SimulationReport
    spread: tuple

    @property
    def standard(self):
        return next(report for report in self.spread if report.party == STANDARD)

    @property
    def band(self):
        return self.main.target

    def verdict(self):
        """How the standard party's rate stands against the band, in a phrase (None: no band)."""
        standard, band = self.standard, self.band
        if band is None:
            return None
        where = f"the {standard.dungeon_type} band {band_text(band)}"
        if standard.surely_in_target:
            return f"within {where}"
        if standard.in_target:
            return f"within {where}, but near its edge: simulate more runs to be sure"
        return f"OUTSIDE {where}"

    @property
    def warning(self):
        """A warning for the builder when the standard party's rate misses the band, or None."""
        standard, band = self.standard, self.band
        if band is None or standard.in_target:
            return None
        if standard.success_rate > band[1]:
            side, change = "above", "harder (higher Levels, harsher Conditions"
        else:
            side, change = "below", "easier (lower Levels, kinder Conditions"
        return (
            f"Warning: the standard party wins {percent(standard.success_rate)} of its runs, "
            f"{side} the {standard.dungeon_type} band of {band_text(band)}. "
            f"Make the deck {change}, or a Final that is {'more' if side == 'above' else 'less'} "
            "demanding) and simulate again."
        )

    def to_dict(self):
        """The chosen party's report, with the spread and the verdict beside it."""
        return {
            **self.main.to_dict(),
            "verdict": self.verdict(),
            "warning": self.warning,
            "spread": [
                {
                    "party": report.party,
                    "success_rate": report.success_rate,
                    "ci95": list(report.ci95),
                    "outcomes": dict(report.outcomes),
                    "mean_challenges": report.mean_challenges,
                }
                for report in self.spread
            ],
        }

    def render(self):
        """A short readable report: the spread first, then the chosen party in detail."""
        main = self.main
        width = max(len(report.party) for report in self.spread)
        lines = [
            f"Dungeon {main.dungeon_number}: {main.dungeon_name} ({main.dungeon_type})",
            f"{main.runs:,} runs for each party, seed {main.seed}",
            "Runs won, with the 95% interval:",
        ]
        for report in self.spread:
            line = (
                f"  {report.party:<{width}}  {percent(report.success_rate):>6} "
                f"({interval_text(report.ci95)})"
            )
            if report.party == STANDARD and self.verdict():
                line += f"  {self.verdict()}"
            lines.append(line)
        if self.warning:
            lines.append(self.warning)
        lines.append(f"{capitalised(party_label(main.party))} in detail:")
        if main.party_about:
            lines.append(f"  {main.party_about}")
        lines += [f"  {line}" for line in main.detail_lines()]
        return "\n".join(lines)


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
    """Play `runs` runs of `dungeon` (a deck.Dungeon) with one party and report on them.

    party: a sim_parties.Party (default the standard party); progress: called
    with the number of runs finished since its last call (tqdm's `update` fits).
    """
    if runs < 1:
        raise ValueError("Simulate at least one run.")
    party = party or shipped_party(STANDARD)
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
        party_about=party.about,
    )


def balance(dungeon, runs, seed, party=None, progress=None):
    """`simulate` `party` (default the standard one) and every shipped party, each for
    `runs` runs on `seed`: a BalanceReport. progress: as for `simulate`, over all of them."""
    party = party or shipped_party(STANDARD)
    parties = [party if name == party.name else shipped_party(name) for name in SHIPPED]
    if party.name not in SHIPPED:
        parties.append(party)
    spread = tuple(simulate(dungeon, runs, seed, each, progress) for each in parties)
    main = next(report for report in spread if report.party == party.name)
    return BalanceReport(main, spread)


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
        description=(
            "Simulate runs of a Digger dungeon with a scripted party, and with each party "
            "shipped with the game beside it."
        ),
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
    parser.add_argument(
        "--party",
        default=STANDARD,
        help=f"a shipped party ({', '.join(SHIPPED)}) or a party file (default standard); "
        "every shipped party is simulated beside it",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    options = parser.parse_args(argv)
    if options.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        dungeon = _load(options.dungeon)
        party = party_named(options.party)
    except (DeckFileError, PartyFileError) as error:
        parser.exit(2, f"{error}\n")
    report = _balance_with_bar(dungeon, options.runs, options.seed, party)
    print(json.dumps(report.to_dict(), indent=2) if options.json else report.render())


def _load(argument):
    number = whole_number(argument)
    if number is not None:
        return load_dungeon_file(sample_path(number))
    return load_dungeon_file(argument)


def _balance_with_bar(dungeon, runs, seed, party):
    if runs < TTY_PROGRESS_FROM or not sys.stderr.isatty():
        return balance(dungeon, runs, seed, party)
    total = runs * (len(SHIPPED) + (party.name not in SHIPPED))
    with tqdm(total=total, unit="run", file=sys.stderr, leave=False) as bar:
        return balance(dungeon, runs, seed, party, progress=bar.update)


if __name__ == "__main__":
    main()
