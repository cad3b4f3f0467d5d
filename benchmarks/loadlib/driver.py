"""
Runs one load test against a running game and sums up what the workers saw.

Workers (separate processes, see `players.py`) share the players between
them. The driver starts the login ramp, waits until every player has logged
in (or failed to), then fixes the measuring window: `warmup` seconds later,
`duration` seconds long. Around the window it reads the CPU time used by the
game's Server and Portal and by the whole machine, so the report can say who
was busy and how long tasks queued for a CPU (read from /proc, so Linux
only).
"""

import math
import multiprocessing
import os
import time
from collections import Counter

from benchmarks.loadlib.players import WorkerTally, worker_main

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SECONDS_PER_LOGIN = 1.0  # generous: the slowest login phase seen was ~0.5 s per player


def process_cpu_seconds(pid):
    """User plus system CPU seconds a process has used (None if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError, TypeError):
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def machine_cpu_ticks():
    """(busy, total) jiffies of all cores since boot."""
    with open("/proc/stat") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def cpu_waiting_microseconds():
    """Time some task has waited for a CPU since boot (Linux PSI), or None."""
    try:
        with open("/proc/pressure/cpu") as pressure:
            return int(pressure.readline().rsplit("total=", 1)[1])
    except (OSError, IndexError, ValueError):
        return None


def _sleep_until(moment):
    time.sleep(max(0.0, moment - time.time()))


def _receive(channels, expected, timeout):
    """One message of kind `expected` from every worker."""
    deadline = time.time() + timeout
    messages = []
    for channel in channels:
        if not channel.poll(max(0.0, deadline - time.time())):
            raise RuntimeError(f"a load worker sent no {expected!r} within {timeout:.0f}s")
        message = channel.recv()
        if message[0] != expected:
            raise RuntimeError(f"a load worker sent {message[0]!r}, expected {expected!r}")
        messages.append(message)
    return messages


def run_load(plan, procs, warmup, duration, game_pids, say=print):
    """Drive `plan` with `procs` worker processes; return a results dict."""
    context = multiprocessing.get_context("spawn")
    pipes = [context.Pipe() for _ in range(procs)]
    workers = [
        context.Process(
            target=worker_main,
            args=(plan, range(k, plan.clients, procs), child),
            daemon=True,
        )
        for k, (_, child) in enumerate(pipes)
    ]
    channels = [parent for parent, _ in pipes]
    for worker in workers:
        worker.start()
    try:
        _receive(channels, "started", 60)
        ramp_start = time.time() + 0.5
        for channel in channels:
            channel.send(("go", ramp_start))
        say(f"  logging in {plan.clients} players, at most {plan.login_rate:g}/s and "
            f"{plan.logins_in_flight * procs} at a time")
        allowed = plan.clients / plan.login_rate + plan.clients * SECONDS_PER_LOGIN + 120
        ready = _receive(channels, "ready", allowed)
        logins_took = time.time() - ramp_start
        logged_in = sum(message[1] for message in ready)
        say(f"  {logged_in}/{plan.clients} logged in after {logins_took:.0f}s; "
            f"warm-up {warmup:g}s, then measuring {duration:g}s")
        start = time.time() + warmup
        end = start + duration
        for channel in channels:
            channel.send(("window", start, end))
        _sleep_until(start)
        cpu_before = {name: process_cpu_seconds(pid) for name, pid in game_pids.items()}
        machine_before = machine_cpu_ticks()
        waiting_before = cpu_waiting_microseconds()
        _sleep_until(end)
        cpu_after = {name: process_cpu_seconds(pid) for name, pid in game_pids.items()}
        machine_after = machine_cpu_ticks()
        waiting_after = cpu_waiting_microseconds()
        results = _receive(channels, "result", plan.timeout + plan.interval + 60)
    finally:
        for worker in workers:
            worker.join(timeout=10)
            if worker.is_alive():
                worker.kill()
    tally = combine([message[1] for message in results])
    busy = machine_after[0] - machine_before[0]
    total = machine_after[1] - machine_before[1]
    return {
        "logins_seconds": logins_took,
        "duration": duration,
        "tally": tally,
        "cpu_percent": {
            name: _percent_of_core(cpu_before[name], cpu_after[name], duration)
            for name in game_pids
        },
        "generator_cpu_percent": 100 * tally.cpu_seconds / duration,
        "machine_busy_percent": 100 * busy / total if total else math.nan,
        "cpu_wait_percent": (
            (waiting_after - waiting_before) / (duration * 1e4)
            if waiting_before is not None and waiting_after is not None
            else math.nan
        ),
        "cores": os.cpu_count(),
    }


def _percent_of_core(before, after, seconds):
    if before is None or after is None:
        return math.nan
    return 100 * (after - before) / seconds


def combine(tallies):
    """One tally holding every worker's counts and samples."""
    total = WorkerTally()
    for tally in tallies:
        for name in ("logged_in", "sent", "answered", "timeouts", "disconnects",
                     "warmup_errors", "late_sends", "cpu_seconds", "gmcp_players",
                     "gmcp_messages"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        total.login_failures += Counter(tally.login_failures)
        total.error_texts += Counter(tally.error_texts)
        for command, samples in tally.round_trips_ms.items():
            total.round_trips_ms.setdefault(command, []).extend(samples)
        total.loop_lag_ms += tally.loop_lag_ms
    return total
