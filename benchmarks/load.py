"""
Telnet load benchmark: many players against Delver and a stock Evennia game.

Each game is started in a throw-away directory on free loopback ports
(Delver as the end-to-end tests start it, stock Evennia from `evennia --init`),
the admin digs one room per `--per-room` players, then `--clients` telnet
players create accounts and log in (at most `--login-rate` per second and
`--logins-in-flight` at once). Once all are in, each sends a command from
`--mix` every `--interval` seconds. After a `--warmup`, commands are timed
for `--duration` seconds: a command's round trip lasts until the echo of the
marker sent right behind it (an unknown command `zz<token>z`, echoed by name
to its sender only) has arrived. Both games are stopped and removed at the
end, also after an error or Ctrl-C. (Linux only: CPU figures come from /proc.)

    .venv/bin/python benchmarks/load.py                      # 2,000 players, both games
    .venv/bin/python benchmarks/load.py --clients 50 --duration 20
    .venv/bin/python benchmarks/load.py --target delver --patches-off   # patches on and off
    .venv/bin/python benchmarks/load.py --target delver --mix look:2,say,pose,who,help
    .venv/bin/python benchmarks/load.py --procs 2 --json > load.json
    .venv/bin/python benchmarks/load.py --costs --mix look,say,who,help,pose
    .venv/bin/python benchmarks/load.py --costs --crowd 1999 --target delver
    .venv/bin/python benchmarks/load.py --target delver --postgres postgres://delver:delver@127.0.0.1:5432/delver
    .venv/bin/python benchmarks/load.py --clients 500 --parties 20
    .venv/bin/python benchmarks/load.py --target delver --mix look,say,og-sheet,og-check,og-part,og-order,og-help

`--parties N` (default 20, the product's goal) makes N parties of four
players (Delver only) play Digger rounds on sample dungeon 1 among the
others (see loadlib/parties.py); their
commands are reported by command, and Delver's overhead over stock Evennia
is then figured on the commands both games answered (the core mix).

`--gmcp-every N` (default 10, the product's goal of GMCP for a tenth of the
players) makes every Nth player negotiate GMCP and ask for the Char, Room and
Digger packages, as Mudlet with Delver's package does; 0 turns it off.

`--costs` measures instead the Server's CPU time per command of the mix, one
player at a time: a figure a busy machine hardly disturbs, for comparing the
games' work per command when round trips are noisy.

Goals (product spec, "Speed"): p99 under 50 ms with no errors at 2,000
players in rooms of 10, Delver's p99 at most a tenth of stock Evennia's. The load generator
runs on the same machine: its CPU use and event-loop lag are reported so a
saturated generator is not mistaken for a slow game.
"""

import argparse
import json
import math
import os
import signal
import sys
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadlib.costs import measure_costs  # noqa: E402
from benchmarks.loadlib.driver import run_load  # noqa: E402
from benchmarks.loadlib.games import GAMES  # noqa: E402
from benchmarks.loadlib.mix import CORE_COMMANDS, DEFAULT_MIX, CommandMix  # noqa: E402
from benchmarks.loadlib.parties import PARTY_SIZE  # noqa: E402
from benchmarks.loadlib.players import LoadPlan  # noqa: E402
from benchmarks.loadlib.report import (  # noqa: E402
    by_command,
    costs_table,
    overhead,
    slices,
    summarise,
    table,
    verdict,
)
from benchmarks.loadlib.world import dig_rooms, rooms_needed  # noqa: E402

DEFAULT_PARTIES = 20  # the product's speed goal: 20 parties among 2,000 players


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--target", choices=("delver", "stock", "both"), default="both")
    parser.add_argument("--clients", type=int, default=2000, help="players (default 2000)")
    parser.add_argument("--interval", type=float, default=3.0,
                        help="seconds between one player's commands (default 3)")
    parser.add_argument("--duration", type=float, default=60.0,
                        help="seconds measured (default 60)")
    parser.add_argument("--warmup", type=float, default=15.0,
                        help="seconds of full load after the logins, not measured (default 15)")
    parser.add_argument("--mix", default=DEFAULT_MIX,
                        help="commands, optionally weighted: look:2,say,pose "
                             f"(default {DEFAULT_MIX});"
                             " names other than look/say/pose/who/help are sent as written")
    parser.add_argument("--login-rate", type=float, default=50.0,
                        help="new logins per second during the ramp (default 50)")
    parser.add_argument("--logins-in-flight", type=int, default=10,
                        help="logins under way at once, at most (default 10)")
    parser.add_argument("--per-room", type=int, default=10,
                        help="players per room; 0 keeps everyone in the starting room (default 10)")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds before a command counts as unanswered (default 30)")
    parser.add_argument("--procs", type=int, default=1,
                        help="load-generator processes sharing the players (default 1)")
    parser.add_argument("--ram-db", action="store_true",
                        help="keep the games' SQLite files in RAM (/dev/shm), not on disk")
    parser.add_argument("--postgres", metavar="URL",
                        help="Delver's database on this PostgreSQL server (a database of its "
                             "own, made and dropped; the role needs CREATEDB), e.g. "
                             "postgres://delver:delver@127.0.0.1:5432/delver")
    parser.add_argument("--parties", type=int, default=None,
                        help="Digger parties of four playing rounds (Delver only; default "
                             f"{DEFAULT_PARTIES}, as the product's goal, or as many as "
                             "--clients allow)")
    parser.add_argument("--gmcp-every", type=int, default=10,
                        help="one player in this many speaks GMCP and asks for the Char, Room and "
                             "Digger packages (default 10; 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument("--costs", action="store_true",
                        help="instead of the load test: one player, the Server's CPU time per "
                             "command of the mix (steady on a busy machine)")
    parser.add_argument("--crowd", type=int, default=0,
                        help="with --costs: this many idle players are logged in first, so "
                             "the costs are those with that many online (default 0)")
    parser.add_argument("--patches-off", action="store_true",
                        help="also run Delver with DELVER_PATCHES=off (on plain Evennia) in the "
                        "same run, and print both figures side by side")
    parser.add_argument("--json", action="store_true",
                        help="print the results as JSON instead of the table")
    args = parser.parse_args(argv)
    CommandMix(args.mix)  # refuse a bad mix before any game starts
    counts = (args.clients, args.procs, args.logins_in_flight)
    if min(counts) < 1 or min(args.interval, args.login_rate) <= 0:
        parser.error(
            "--clients, --procs, --interval, --login-rate and --logins-in-flight must be positive"
        )
    if args.patches_off and args.target == "stock":
        parser.error("--patches-off compares Delver with itself: use --target delver or both")
    if args.patches_off and os.environ.get("DELVER_PATCHES", "on").strip().lower() != "on":
        parser.error("--patches-off compares all patches with none: unset DELVER_PATCHES")
    if args.crowd < 0 or (args.crowd and not args.costs):
        parser.error("--crowd is a number of idle players for --costs")
    if args.gmcp_every < 0:
        parser.error("--gmcp-every must be 0 (no GMCP) or more")
    if args.parties is None:
        args.parties = min(DEFAULT_PARTIES, args.clients // PARTY_SIZE)
    if args.parties < 0 or args.parties * PARTY_SIZE > args.clients:
        parser.error(f"--parties needs {PARTY_SIZE} players each, at most --clients in all")
    return args


def say(text):
    print(text, file=sys.stderr, flush=True)


@contextmanager
def running_game(target, args, rooms):
    """A started game with `rooms` rooms dug; stopped and removed afterwards."""
    game = GAMES[target](db_in_ram=args.ram_db, postgres=args.postgres)
    try:
        say(f"{game.label}: starting on telnet port {game.telnet_port}")
        game.start()
        exits = dig_rooms(game.telnet_port, game.admin, rooms)
        say(f"  {len(exits)} rooms dug")
        yield game, exits
    finally:
        say(f"{game.label}: stopping")
        game.stop_and_remove()


def plan_for(game, exits, args, clients, parties=0):
    return LoadPlan(
        port=game.telnet_port,
        clients=clients,
        interval=args.interval,
        mix=args.mix,
        login_rate=args.login_rate,
        logins_in_flight=max(1, math.ceil(args.logins_in_flight / args.procs)),
        room_exits=exits,
        timeout=args.timeout,
        login_timeout=max(args.timeout, 60.0),
        seed=args.seed,
        procs=args.procs,
        parties=parties,
        gmcp_every=args.gmcp_every,
    )


def load_test(target, args):
    """One game under load: its summary."""
    with running_game(target, args, rooms_needed(args.clients, args.per_room)) as (game, exits):
        parties = args.parties if target.startswith("delver") else 0  # stock has no Digger
        plan = plan_for(game, exits, args, args.clients, parties)
        if target == "stock":  # it plays the commands it has, the games' common ground
            plan = replace(plan, mix=CommandMix(args.mix).restricted_to(CORE_COMMANDS).describe())
        run = run_load(plan, args.procs, args.warmup, args.duration, game.process_ids(), say)
        run["timeout"] = plan.timeout
        return summarise(game.label, args.clients, args.interval, run)


def cost_test(target, args):
    """One game, one player (and `--crowd` idle ones): the Server's CPU time per command."""
    rooms = rooms_needed(args.crowd + 1, args.per_room) if args.crowd else 1
    with running_game(target, args, rooms) as (game, exits):
        plan = plan_for(game, exits if args.crowd else exits[:1], args, args.crowd + 1)
        costs = measure_costs(plan, game.process_ids(), args.crowd, say)
        return {"game": game.label, "online": args.crowd + 1,
                "server_cpu_ms": costs["server"], "portal_cpu_ms": costs["portal"]}


def _stop_on_sigterm():
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def ratios(results):
    """Delver over stock Evennia, and Delver with its patches over without (when run)."""
    found = {}
    if "delver" in results and "stock" in results:
        found["delver_over_stock"] = overhead(results["delver"], results["stock"])
    if "delver" in results and "delver-off" in results:
        found["patches_on_over_off"] = overhead(results["delver"], results["delver-off"])
    return found


def print_load_results(summaries):
    found = ratios(summaries)
    print(table(list(summaries.values())))
    print()
    print(by_command(list(summaries.values())))
    print(slices(list(summaries.values())))
    print()
    for target, summary in summaries.items():
        ratio = found.get("delver_over_stock") if target == "delver" else None
        print("\n".join(verdict(summary, ratio)))
    if "patches_on_over_off" in found:
        print("\n".join(patches_verdict(found["patches_on_over_off"])))
    return found


def patches_verdict(ratio):
    """Lines comparing Delver with its patches and without (below x1.00: the patches help)."""
    if math.isnan(ratio["p99"]) or math.isnan(ratio["mean"]):
        return ["patches on/off: cannot be computed, a game answered no command"]
    return [
        f"patches on/off (look, say, pose, who, help): p99 x{ratio['p99']:.2f}, "
        f"mean x{ratio['mean']:.2f}; Server CPU per command "
        f"x{ratio['server_cpu_per_command']:.2f} (below x1.00: faster with the patches)"
    ]


def main(argv=None):
    args = parse_args(argv)
    _stop_on_sigterm()
    targets = ("stock", "delver") if args.target == "both" else (args.target,)
    if args.patches_off:
        targets = tuple(t for t in targets if t != "delver") + ("delver-off", "delver")
    mix = CommandMix(args.mix).describe()
    if args.costs:
        crowd = f" with {args.crowd} idle players online" if args.crowd else ""
        say(f"costs: one player{crowd}, mix {mix}, {os.cpu_count()} cores")
    else:
        say(f"load: {args.clients} players, one command per {args.interval:g}s, mix {mix}, "
            f"{args.per_room or 'all'} per room, {args.procs} generator process(es), "
            f"{os.cpu_count()} cores shared with the games")
    test = cost_test if args.costs else load_test
    try:
        results = {target: test(target, args) for target in targets}
    except KeyboardInterrupt:
        say("interrupted; games stopped and removed")
        return 130
    command_line = " ".join(sys.argv)
    if args.json:
        found = {} if args.costs else ratios(results)
        print(json.dumps(
            {"command": command_line, "settings": vars(args), "games": results,
             "overhead": found.get("delver_over_stock"),
             "patches_on_over_off": found.get("patches_on_over_off")},
            indent=2,
        ))
        return 0
    print(f"\n$ {command_line}")
    if args.costs:
        print(costs_table(list(results.values())))
    else:
        print_load_results(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
