"""
Digger balance: every sample dungeon with each shipped party, as a Markdown table.

Each sample is simulated with `world.digger.simulate.balance` (the standard,
utility, bare and bold parties, each for --runs runs on --seed), and a row gives
each party's share of runs won with its 95% interval; the standard party's
column says whether that whole interval lies inside the type's band. The
table in benchmarks/README.md ("Digger balance") comes from here.

    nice -n 10 .venv/bin/python benchmarks/balance.py --runs 40000 --seed 7
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from world.digger.deckfile import load_sample_dungeons  # noqa: E402
from world.digger.sim_parties import SHIPPED, STANDARD  # noqa: E402
from world.digger.simulate import balance, band_text, interval_text, percent  # noqa: E402


def cell(report):
    return f"{percent(report.success_rate)} ({interval_text(report.ci95)})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    print(f"{options.runs:,} runs for each party, seed {options.seed}\n")
    print("| sample | type, band | " + " | ".join(SHIPPED) + " |")
    print("|---|---|" + "---|" * len(SHIPPED))
    for dungeon in load_sample_dungeons():
        report = balance(dungeon, options.runs, options.seed)
        cells = []
        for each in report.spread:
            text = cell(each)
            if each.party == STANDARD:
                text += " in band" if each.surely_in_target else " **OUT**"
            cells.append(text)
        print(
            f"| {dungeon.number} {dungeon.name} | {dungeon.type} {band_text(report.band)} | "
            + " | ".join(cells)
            + " |",
            flush=True,
        )


if __name__ == "__main__":
    main()
