"""
Throughput of the general dice roller against the `d20` library.

Both roll the same expression mix in the same run, in alternating rounds so
a busy machine slows both alike; each side's best round counts. Both use a
seeded Mersenne Twister (ours is passed in, d20 uses the `random` module's,
seeded here). Each roll makes a full result object: d20 builds its result
text on every roll, ours on `render()`, so a second line also times ours
with `render()` included.

    .venv/bin/python benchmarks/dice.py            # 5-10 seconds
    .venv/bin/python benchmarks/dice.py --quick    # about 2 seconds

The goal is a ratio of at least 5.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import d20  # noqa: E402

from world.dice.expr import roll  # noqa: E402

MIX = ("1d20", "2d6+3", "4d6kh3", "2d20kl1", "8d6", "1d100", "3d6+1d4-2")
GOAL = 5.0
SEED = 20240601


def ours(rng, passes):
    for _ in range(passes):
        for text in MIX:
            roll(text, rng)


def ours_rendered(rng, passes):
    for _ in range(passes):
        for text in MIX:
            roll(text, rng).render()


def theirs(_rng, passes):
    for _ in range(passes):
        for text in MIX:
            d20.roll(text)


def rate(runner, rng, passes):
    """Rolls per second for one round of `passes` over the mix."""
    start = time.perf_counter()
    runner(rng, passes)
    return passes * len(MIX) / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter rounds")
    options = parser.parse_args()
    rounds, passes = (5, 3_000) if options.quick else (7, 10_000)

    random.seed(SEED)  # d20 draws from the random module
    rng = random.Random(SEED)
    runners = {"delver": ours, "delver+render": ours_rendered, "d20": theirs}
    for runner in runners.values():  # warm the parse caches
        runner(rng, 10)
    best = dict.fromkeys(runners, 0.0)
    for _ in range(rounds):
        for name, runner in runners.items():
            best[name] = max(best[name], rate(runner, rng, passes // (10 if name == "d20" else 1)))

    print(f"mix: {', '.join(MIX)}")
    for name, value in best.items():
        print(f"{name:>14}: {value:12,.0f} rolls/s")
    ratio = best["delver"] / best["d20"]
    print(f"ratio delver/d20: {ratio:.1f}x (goal >= {GOAL:g}x)")
    print(f"ratio with render: {best['delver+render'] / best['d20']:.1f}x")
    return 0 if ratio >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
