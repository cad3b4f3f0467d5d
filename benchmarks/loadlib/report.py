"""
Turning tallies into figures: percentiles, the side-by-side table, the ratio.
"""

import math

from benchmarks.loadlib.mix import CORE_COMMANDS

GOAL_P99_MS = 50.0
GOAL_OVERHEAD = 0.1  # Delver's p99 at most a tenth of stock Evennia's
SLICE_SECONDS = 5
# Players that wait for an answer past their next turn mean the game is not
# keeping up: its round trips then measure its queue, not its speed.
SATURATED_LATE_SHARE = 0.01


def percentile(ordered, share):
    """Nearest-rank percentile of an already sorted list (nan when empty)."""
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(share / 100 * len(ordered)))
    return ordered[rank - 1]


def latency(samples):
    ordered = sorted(samples)
    return {
        "p50": percentile(ordered, 50),
        "p95": percentile(ordered, 95),
        "p99": percentile(ordered, 99),
        "mean": sum(ordered) / len(ordered) if ordered else math.nan,
        "max": ordered[-1] if ordered else math.nan,
    }


def p99_by_slice(timed, seconds=SLICE_SECONDS):
    """
    p99 of the commands sent in each consecutive slice of the window: a stall
    shows as one bad slice, a game that cannot keep up as a rising row.
    """
    if not timed:
        return []
    first = min(sent for sent, _ in timed)
    slices = {}
    for sent, ms in timed:
        slices.setdefault(int((sent - first) // seconds), []).append(ms)
    return [round(percentile(sorted(slices.get(k, [])), 99), 1) for k in range(max(slices) + 1)]


def summarise(label, clients, interval, run):
    """
    The figures of one game's run as plain data (what --json prints). The
    Server's CPU per command counts the commands answered in the window, so
    it only means something when the game kept up.
    """
    tally = run["tally"]
    timed = [sample for samples in tally.round_trips_ms.values() for sample in samples]
    core = [ms for command, samples in tally.round_trips_ms.items()
            if command in CORE_COMMANDS for _, ms in samples]
    errors = (
        tally.timeouts + tally.disconnects + sum(tally.error_texts.values())
        + sum(tally.login_failures.values())
    )
    return {
        "game": label,
        "clients": clients,
        "logged_in": tally.logged_in,
        "login_failures": dict(tally.login_failures),
        "logins_seconds": round(run["logins_seconds"], 1),
        "sent": tally.sent,
        "answered": tally.answered,
        "timeouts": tally.timeouts,
        "disconnects": tally.disconnects,
        "error_texts": dict(tally.error_texts),
        "errors": errors,
        "warmup_errors": tally.warmup_errors,
        "late_sends": tally.late_sends,
        "answered_per_second": tally.answered / run["duration"],
        "offered_per_second": clients / interval,
        "saturated": tally.sent == 0 or tally.late_sends > SATURATED_LATE_SHARE * tally.sent,
        "server_cpu_ms_per_command": (
            run["cpu_percent"]["server"] * 10 * run["duration"] / tally.answered
            if tally.answered else math.nan
        ),
        "round_trip_ms": latency([ms for _, ms in timed]),
        # The commands both games answer (stock Evennia plays only these).
        "round_trip_ms_core": latency(core),
        # The same with each unanswered command counted as the timeout: at
        # least what the game's p99 was (for a game that fell behind).
        "round_trip_ms_core_floor": latency(core + [run["timeout"] * 1000] * tally.timeouts),
        "round_trip_ms_by_command": {
            command: {"count": len(samples), **latency([ms for _, ms in samples])}
            for command, samples in sorted(tally.round_trips_ms.items())
        },
        "p99_ms_by_slice": p99_by_slice(timed),
        "gmcp_players": tally.gmcp_players,
        "gmcp_messages": tally.gmcp_messages,
        "generator_loop_lag_ms": latency(tally.loop_lag_ms),
        "cpu_percent_of_one_core": {
            **run["cpu_percent"],
            "load generator": run["generator_cpu_percent"],
        },
        "machine_busy_percent": run["machine_busy_percent"],
        "cpu_wait_percent": run["cpu_wait_percent"],
        "cores": run["cores"],
    }


def overhead(delver, stock):
    """
    Delver's figures over stock Evennia's: p99 and mean of the commands both
    answer (a command either left unanswered counts as the timeout, so a game
    that fell behind is compared at no better than it did), Server CPU per
    command (all).
    """
    ratios = {
        measure: delver["round_trip_ms_core_floor"][measure]
        / stock["round_trip_ms_core_floor"][measure]
        for measure in ("p99", "mean")
    }
    ratios["stock_unanswered"] = stock["timeouts"]
    ratios["server_cpu_per_command"] = (
        delver["server_cpu_ms_per_command"] / stock["server_cpu_ms_per_command"]
    )
    return ratios


ROWS = (
    ("players logged in", lambda s: f"{s['logged_in']}/{s['clients']}"),
    ("login failures", lambda s: _counted(s["login_failures"])),
    ("login phase (s)", lambda s: f"{s['logins_seconds']:.0f}"),
    ("commands sent", lambda s: str(s["sent"])),
    ("answered", lambda s: str(s["answered"])),
    ("answered per second (of offered)",
     lambda s: f"{s['answered_per_second']:.0f} of {s['offered_per_second']:.0f}"),
    ("timeouts", lambda s: str(s["timeouts"])),
    ("disconnects", lambda s: str(s["disconnects"])),
    ("error texts", lambda s: _counted(s["error_texts"])),
    ("errors in warm-up", lambda s: str(s["warmup_errors"])),
    ("sent late (>100 ms)", lambda s: str(s["late_sends"])),
    ("GMCP players: messages received", lambda s: f"{s['gmcp_players']}: {s['gmcp_messages']}"),
    ("round trip p50 (ms)", lambda s: _ms(s["round_trip_ms"]["p50"])),
    ("round trip p95 (ms)", lambda s: _ms(s["round_trip_ms"]["p95"])),
    ("round trip p99 (ms)", lambda s: _ms(s["round_trip_ms"]["p99"])),
    ("round trip mean (ms)", lambda s: _ms(s["round_trip_ms"]["mean"])),
    ("round trip max (ms)", lambda s: _ms(s["round_trip_ms"]["max"])),
    ("p99 of look/say/pose/who/help (ms)", lambda s: _ms(s["round_trip_ms_core"]["p99"])),
    ("  the same, unanswered as timeout", lambda s: _ms(s["round_trip_ms_core_floor"]["p99"])),
    ("Server CPU (% of a core)", lambda s: _pct(s["cpu_percent_of_one_core"]["server"])),
    ("Server CPU per command+marker (ms)", lambda s: _ms(s["server_cpu_ms_per_command"])),
    ("Portal CPU (% of a core)", lambda s: _pct(s["cpu_percent_of_one_core"]["portal"])),
    ("load generator CPU", lambda s: _pct(s["cpu_percent_of_one_core"]["load generator"])),
    ("generator loop lag p99", lambda s: _ms(s["generator_loop_lag_ms"]["p99"])),
    ("machine busy (all cores)", lambda s: _pct(s["machine_busy_percent"])),
    ("time a task waited for CPU", lambda s: _pct(s["cpu_wait_percent"])),
)


def _ms(value):
    return "-" if math.isnan(value) else f"{value:.1f}"


def _pct(value):
    return "-" if math.isnan(value) else f"{value:.0f}%"


def _counted(counter):
    return ", ".join(f"{name}: {count}" for name, count in counter.items()) or "0"


def table(summaries):
    """A plain-text table, one column per game."""
    width = max(len(name) for name, _ in ROWS)
    columns = [[cell(s) for _, cell in ROWS] for s in summaries]
    widths = [
        max(len(s["game"]), *(len(cell) for cell in column))
        for s, column in zip(summaries, columns)
    ]
    lines = ["  ".join([" " * width] + [s["game"].rjust(w) for s, w in zip(summaries, widths)])]
    lines.append("-" * len(lines[0]))
    for row, (name, _) in enumerate(ROWS):
        cells = [column[row].rjust(w) for column, w in zip(columns, widths)]
        lines.append("  ".join([name.ljust(width)] + cells))
    return "\n".join(lines)


def by_command(summaries):
    """p50/p99 per command word, one line per command and game."""
    lines = ["round trip by command (ms):     count    p50    p95    p99    max"]
    for summary in summaries:
        for command, figures in summary["round_trip_ms_by_command"].items():
            lines.append(
                f"  {summary['game'][:14]:<14} {command[:15]:<15} {figures['count']:>6} "
                + " ".join(f"{_ms(figures[key]):>6}" for key in ("p50", "p95", "p99", "max"))
            )
    return "\n".join(lines)


def slices(summaries):
    """One line per game: the p99 of each slice of the window."""
    lines = [f"p99 (ms) of each {SLICE_SECONDS}s of the window:"]
    for summary in summaries:
        row = " ".join(f"{ms:.0f}" for ms in summary["p99_ms_by_slice"])
        lines.append(f"  {summary['game'][:14]:<14} {row}")
    return "\n".join(lines)


def verdict(summary, ratio=None):
    """Lines saying whether the product's speed goals were met."""
    p99 = summary["round_trip_ms"]["p99"]
    lines = [
        f"{summary['game']}: p99 {_ms(p99)} ms (goal < {GOAL_P99_MS:g} ms, "
        f"at {summary['clients']} players): "
        + ("met" if p99 < GOAL_P99_MS else "NOT met")
        + f"; errors {summary['errors']} (goal 0): "
        + ("met" if summary["errors"] == 0 else "NOT met")
    ]
    if summary["saturated"]:
        lines.append(
            f"  {summary['game']} did not keep up ({summary['late_sends']} of {summary['sent']} "
            "commands went out late): its round trips are queueing time; "
            "compare answered per second"
        )
    if ratio and (math.isnan(ratio["p99"]) or math.isnan(ratio["mean"])):
        lines.append("overhead Delver/stock: cannot be computed, a game answered no command")
    elif ratio:
        if ratio["stock_unanswered"]:
            lines.append(
                f"  stock Evennia left {ratio['stock_unanswered']} commands unanswered: each "
                "counts as the timeout, so its p99 was at least that"
            )
        lines.append(
            f"overhead Delver/stock (look, say, pose, who, help): p99 x{ratio['p99']:.2f}, "
            f"mean x{ratio['mean']:.2f} "
            f"(goal <= {GOAL_OVERHEAD:g}, ten times ahead): "
            + ("met" if ratio["p99"] <= GOAL_OVERHEAD else "NOT met")
        )
        lines.append(
            f"Server CPU per command Delver/stock: x{ratio['server_cpu_per_command']:.2f} "
            "(CPU time, so less disturbed by a busy machine than round trips)"
        )
    return lines


def costs_table(results):
    """CPU ms per command of the Server and of the Portal, one column per game, and the ratio."""
    return "\n\n".join(
        _process_costs(results, key, process) for key, process in
        (("server_cpu_ms", "Server"), ("portal_cpu_ms", "Portal")) if key in results[0]
    )


def _process_costs(results, key, process):
    games = [result["game"] for result in results]
    names = list(results[0][key])
    online = results[0].get("online", 1)
    who = "one player online" if online == 1 else f"{online} players online, one measured"
    lines = [f"{process} CPU time per command (ms), {who}:"]
    ratio_name = "Delver/stock" if games[0] == "stock Evennia" else "on/off"
    lines.append(f"  {'':<22}" + "".join(f"{game[:14]:>15}" for game in games)
                 + (f"   {ratio_name}" if len(results) == 2 else ""))
    for name in names:
        values = [result[key][name] for result in results]
        row = f"  {name:<22}" + "".join(f"{value:>15.2f}" for value in values)
        if len(values) == 2 and values[0] > 0:
            row += f"   x{values[1] / values[0]:.2f}"
        lines.append(row)
    return "\n".join(lines)
