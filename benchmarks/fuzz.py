"""
The long hostile-input fuzz: 10,000 lines (by default) over telnet from
eight players at once against a real Delver started for the run (as the
end-to-end tests start it, in a throw-away directory on free ports), each
line a command or switch the game's help lists with a hostile argument (see
tests/hostile/fuzz.py). Prints the four figures (error texts shown to a
player, new error records in the Server/Portal logs, lines unanswered
within the timeout, hung connections) and the findings; exits 1 unless all
four are 0. The game is stopped and removed at the end.

    .venv/bin/python benchmarks/fuzz.py                       # 10,000 lines, seed 24
    .venv/bin/python benchmarks/fuzz.py --lines 20000 --seed 7 --players 8
    .venv/bin/python benchmarks/fuzz.py --port 4000 --game-dir .   # a game already running

The bounded version (1,000 lines, fixed seed) runs in every `make test`:
tests/hostile/test_fuzz.py.
"""

import argparse
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.hostile import fuzz  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--lines", type=int, default=10000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds a line may take")
    parser.add_argument("--show", type=int, default=60, help="findings shown of each kind")
    parser.add_argument("--port", type=int, help="fuzz a game already running on this telnet port")
    parser.add_argument("--game-dir", type=Path, help="with --port: its game directory (logs)")
    args = parser.parse_args(argv)

    game = None
    if args.port:
        target = SimpleNamespace(telnet_port=args.port, dir=(args.game_dir or Path(".")).resolve())
    else:
        from tests.e2e.gameserver import GameServer

        game = target = GameServer()
        print(f"Starting a game in {game.dir} ...", flush=True)
        game.start()
    try:
        figures = fuzz.run(target, lines=args.lines, players=args.players, seed=args.seed,
                           answer_timeout=args.timeout, prefix=f"Fz{args.seed}r")
    finally:
        if game is not None:
            game.stop()
            game.cleanup()
    print(figures.report(args.show))
    print(
        f"\nerror texts: {len(figures.error_texts)}   log errors: {len(figures.log_errors)}   "
        f"unanswered: {len(figures.unanswered)}   hung connections: {len(figures.hung)}"
    )
    return 0 if figures.clean() else 1


if __name__ == "__main__":
    sys.exit(main())
