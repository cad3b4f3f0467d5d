"""
Speed of the Digger balance simulator: 10,000 runs of each sample dungeon.

Each dungeon is simulated once with one party (the standard party unless
--party names another shipped one), as `+dungeon/simulate` and `python -m
world.digger.simulate` do for each party of their reports; the line shows wall
time, CPU time of this process (`time.process_time`, fairer on a shared
machine) and runs per CPU second. The goal is 10,000 runs of a sample dungeon
in under 3 seconds on one core.

    .venv/bin/python benchmarks/simulate.py               # all six, standard party
    .venv/bin/python benchmarks/simulate.py --dungeons 1 6 --runs 2000 --party bold
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from world.digger.deckfile import load_dungeon_file, sample_path, sample_paths  # noqa: E402
from world.digger.sim_parties import SHIPPED, STANDARD, shipped_party  # noqa: E402
from world.digger.simulate import simulate  # noqa: E402

GOAL_SECONDS = 3.0
GOAL_RUNS = 10_000
SEED = 20240601


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=GOAL_RUNS)
    parser.add_argument("--dungeons", type=int, nargs="*", help="sample numbers (default all)")
    parser.add_argument("--party", choices=SHIPPED, default=STANDARD)
    options = parser.parse_args()
    numbers = options.dungeons or [int(path.name[:2]) for path in sample_paths()]
    party = shipped_party(options.party)

    simulate(load_dungeon_file(sample_path(numbers[0])), 200, SEED, party)  # warm up
    slowest = 0.0
    for number in numbers:
        dungeon = load_dungeon_file(sample_path(number))
        wall, cpu = time.perf_counter(), time.process_time()
        report = simulate(dungeon, options.runs, SEED, party)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        slowest = max(slowest, cpu * GOAL_RUNS / options.runs)
        print(
            f"{number} {dungeon.name:<24} {options.runs:,} runs: wall {wall:5.2f} s, "
            f"cpu {cpu:5.2f} s, {options.runs / cpu:8,.0f} runs/s "
            f"({report.mean_challenges:.1f} challenges a run)"
        )
    verdict = "met" if slowest < GOAL_SECONDS else "MISSED"
    print(
        f"slowest: {slowest:.2f} cpu s per {GOAL_RUNS:,} runs of the {party.name} party "
        f"(goal < {GOAL_SECONDS:g} s: {verdict})"
    )


if __name__ == "__main__":
    main()
