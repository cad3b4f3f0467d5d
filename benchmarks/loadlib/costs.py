"""
What each command of the mix costs the game's Server in CPU time.

Round trips under load depend on everything else the machine is doing; the
CPU time the Server process (and the Portal) spends per command hardly does, so it compares
two games fairly even on a busy machine. One player, alone in a room, sends
each entry of the mix `BATCH` times in a row and then one marker, `ROUNDS`
times over; the Server's CPU time (from /proc) is split over the commands.
The marker (an unknown command) is measured the same way first, so its share
can be taken off.

`who` lists everyone online: alone, that is one player; under load it is all
of them, and its cost grows with each. `crowd` players (logged in first, in
rooms of the plan's size, and then idle) show what a command costs with that
many online: whatever walks every session or every account shows here.
"""

import asyncio
import random

from benchmarks.loadlib.driver import process_cpu_seconds
from benchmarks.loadlib.mix import CommandMix, line_for
from benchmarks.loadlib.players import log_in
from benchmarks.loadlib.telnet import TelnetClient

BATCH = 20
ROUNDS = 20
TIMEOUT = 120


async def _cpu_ms_per_batch(client, pids, make_batch, label):
    """{process: CPU milliseconds per batch (one batch, then its marker)} for each of `pids`."""
    client.send(*make_batch())  # warms caches; not counted
    await client.marked("", f"{label}w", TIMEOUT)
    before = {name: process_cpu_seconds(pid) for name, pid in pids.items()}
    for number in range(ROUNDS):
        client.send(*make_batch())
        await client.marked("", f"{label}{number}", TIMEOUT)
    return {
        name: (process_cpu_seconds(pid) - before[name]) * 1000 / ROUNDS
        for name, pid in pids.items()
    }


async def _log_in_crowd(plan, crowd, say):
    """`crowd` idle players, logged in a few at a time, each in its room."""
    gate = asyncio.Semaphore(plan.logins_in_flight)
    clients = []

    async def one(index):
        async with gate:
            client = await TelnetClient.open(plan.port, timeout=plan.login_timeout)
            clients.append(client)
            await log_in(client, plan, index)

    results = await asyncio.gather(*(one(index) for index in range(1, crowd + 1)),
                                   return_exceptions=True)
    failed = sum(isinstance(result, BaseException) for result in results)
    say(f"  {crowd - failed}/{crowd} idle players logged in")
    return clients


async def _measure(plan, pids, crowd, say):
    rng = random.Random(plan.seed)
    mix = CommandMix(plan.mix)
    idle = await _log_in_crowd(plan, crowd, say) if crowd else []
    client = await TelnetClient.open(plan.port)
    costs = {name: {} for name in pids}
    try:
        await log_in(client, plan, 0)
        counter = iter(range(10**9))
        unknown = await _cpu_ms_per_batch(
            client, pids, lambda: [f"zzcost{next(counter)}z" for _ in range(BATCH)], "m"
        )
        for name in pids:
            costs[name]["marker"] = unknown[name] / (BATCH + 1)
        for number, entry in enumerate(mix.entries):
            if entry == "marker":
                continue
            batch = await _cpu_ms_per_batch(
                client, pids, lambda: [line_for(entry, rng) for _ in range(BATCH)], f"e{number}"
            )
            for name in pids:
                costs[name][entry] = (batch[name] - costs[name]["marker"]) / BATCH
    finally:
        for each in (client, *idle):
            await each.close()
    total_weight = sum(mix.weights)
    for found in costs.values():
        found["mix average + marker"] = found["marker"] + sum(
            weight * found.get(entry, 0.0) for entry, weight in zip(mix.entries, mix.weights)
        ) / total_weight
    return costs


def measure_costs(plan, pids, crowd=0, say=print):
    """{process: {command: CPU ms}} for each of `pids` ({"server": pid, ...}): each mix
    entry, the marker and the mix."""
    return asyncio.run(_measure(plan, pids, crowd, say))
