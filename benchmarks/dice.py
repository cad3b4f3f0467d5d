"""
Throughput of the general dice roller against the `d20` library.

Both roll the same expression mix in the same run, in alternating rounds so
a busy machine slows both alike; each side's best round counts. Both use a
seeded Mersenne Twister (ours is passed in, d20 uses the `random` module's,
seeded here).

What is compared, like for like:

- a roll and its line: ours `roll(...).render()` against d20's
  `roll(...).result` (d20 1.1 builds that text only when `.result` is read,
  as ours does on `render()`); this is what `+roll` does, so it comes first;
- a roll alone (dice and total, no text): ours `roll(...)` against d20's
  `roll(...)`.

A third line, for reference only, sets our roll with its line against d20's
roll without one, which flatters d20.

    .venv/bin/python benchmarks/dice.py            # 10-20 seconds
    .venv/bin/python benchmarks/dice.py --quick    # a few seconds

The goal is a ratio of at least 5 on both like-for-like lines; the exit
status is 0 only then.
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


def delver_line(rng, passes):
    for _ in range(passes):
        for text in MIX:
            roll(text, rng).render()


def d20_line(_rng, passes):
    for _ in range(passes):
        for text in MIX:
            d20.roll(text).result  # noqa: B018 (reading it builds the text)


def delver_roll(rng, passes):
    for _ in range(passes):
        for text in MIX:
            roll(text, rng)


def d20_roll(_rng, passes):
    for _ in range(passes):
        for text in MIX:
            d20.roll(text)


RUNNERS = {
    "delver line": delver_line,
    "d20 line": d20_line,
    "delver roll": delver_roll,
    "d20 roll": d20_roll,
}
SLOW = ("d20 line", "d20 roll")  # given a tenth of the passes, to keep rounds alike in length

COMPARISONS = (
    # (label, ours, theirs, like for like)
    ("roll and its line (like for like)", "delver line", "d20 line", True),
    ("roll alone, no text (like for like)", "delver roll", "d20 roll", True),
    ("our roll and line vs d20's roll alone (reference)", "delver line", "d20 roll", False),
)


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
    for runner in RUNNERS.values():  # warm the parse caches
        runner(rng, 10)
    best = dict.fromkeys(RUNNERS, 0.0)
    for _ in range(rounds):
        for name, runner in RUNNERS.items():
            share = passes // 10 if name in SLOW else passes
            best[name] = max(best[name], rate(runner, rng, share))

    print(f"mix: {', '.join(MIX)}")
    for name, value in best.items():
        print(f"{name:>12}: {value:12,.0f} rolls/s")
    met = True
    for label, ours, theirs, fair in COMPARISONS:
        ratio = best[ours] / best[theirs]
        goal = f" (goal >= {GOAL:g}x)" if fair else ""
        print(f"{label}: {ratio:.1f}x{goal}")
        met = met and (ratio >= GOAL or not fair)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
