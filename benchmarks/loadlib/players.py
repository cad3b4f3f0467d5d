"""
Simulated players: one asyncio task per telnet connection, many per process.

Each player logs in at its turn in the ramp (create, confirm, connect) and
walks to its room. One player in `gmcp_every` speaks GMCP as Mudlet does: it
says hello and asks for the Char, Room and Digger packages, and counts the
messages it is sent. Once all have, each sends one command from the mix every
`interval` seconds (starting at a random moment of the first interval), each
followed by its marker, until the measuring window closes; all leave together
once every measured command is answered or timed out. Only commands sent
inside the window count; those before it are the warm-up.

`worker_main` is the body of one load-generator process; `driver.py` starts
the processes and tells them when the ramp starts and where the window lies.
"""

import asyncio
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from benchmarks.loadlib.mix import CommandMix
from benchmarks.loadlib.parties import PartyFailed, parties_of
from benchmarks.loadlib.telnet import Disconnected, TelnetClient, error_text_in, gmcp_messages

PASSWORD = "benchpass42x"
LAG_TICK = 0.05
GMCP_GREETING = gmcp_messages(
    'Core.Hello {"client": "delver-load", "version": "1"}',
    'Core.Supports.Set ["Char 1", "Room 1", "Digger 1"]',
)


@dataclass(frozen=True)
class LoadPlan:
    """Everything a worker needs to know, the same for every worker."""

    port: int
    clients: int
    interval: float
    mix: str
    login_rate: float
    logins_in_flight: int  # per worker: logins started but not finished
    room_exits: tuple  # (exit name, room name) per room; empty keeps everyone at the start
    timeout: float
    login_timeout: float
    seed: int
    name_prefix: str = "bench"
    procs: int = 1  # load workers; player k plays in worker k % procs
    parties: int = 0  # Digger parties among the players (see parties.py)
    gmcp_every: int = 0  # one player in this many speaks GMCP (0: none)

    def speaks_gmcp(self, index):
        return bool(self.gmcp_every) and index % self.gmcp_every == 0

    def player_name(self, index):
        return f"{self.name_prefix}{index:05d}"

    def room_of(self, index):
        return self.room_exits[index % len(self.room_exits)] if self.room_exits else None


@dataclass
class Window:
    """
    The measuring window in wall-clock seconds, announced once every player
    has logged in; players start sending commands then, so the login phase
    and the steady load never overlap.
    """

    start: float = math.inf
    end: float = math.inf
    announced: asyncio.Event = field(default_factory=asyncio.Event)

    def holds(self, moment):
        return self.start <= moment < self.end


@dataclass
class WorkerTally:
    """What one worker counted; the driver adds the workers' tallies up."""

    logged_in: int = 0
    login_failures: Counter = field(default_factory=Counter)
    sent: int = 0
    answered: int = 0
    timeouts: int = 0
    disconnects: int = 0
    warmup_errors: int = 0
    late_sends: int = 0
    error_texts: Counter = field(default_factory=Counter)
    round_trips_ms: dict = field(default_factory=dict)  # command word -> [(sent at, ms)]
    loop_lag_ms: list = field(default_factory=list)
    cpu_seconds: float = 0.0
    gmcp_players: int = 0
    gmcp_messages: int = 0  # received by the GMCP players


class LoginFailed(Exception):
    pass


async def log_in(client, plan, index):
    """Create the account, confirm, connect, walk to the room."""
    name, timeout = plan.player_name(index), plan.login_timeout
    await client.wait_for("create", timeout)
    client.send(f"create {name} {PASSWORD}")
    await client.wait_for("[Y]/N?", timeout)
    # The answer resumes the suspended `create`, which can finish after a
    # marker sent behind it, so this waits for the creation itself.
    client.send("y")
    try:
        await client.wait_for("was created", timeout)
    except TimeoutError:
        raise LoginFailed("create refused") from None
    text, _ = await client.marked(f"connect {name} {PASSWORD}", f"{index}l", timeout)
    if "You become" not in text:
        raise LoginFailed("connect refused")
    room = plan.room_of(index)
    if room:
        text, _ = await client.marked(room[0], f"{index}w", timeout)
        if room[1] not in text:
            raise LoginFailed("could not walk to its room")


def _unknown_command(line, text):
    return f"Command '{line}' is not available" in text


PARTY_VIEWS = ("+camp", "+challenge")


def _next_line(mix, rng, membership):
    """(line, party move or None): a party member's move when the round needs one."""
    if membership is None:
        return mix.next_line(rng), None
    party, seat = membership
    move = party.next_move(seat)
    if move:
        return move, move
    return (rng.choice(PARTY_VIEWS) if rng.random() < 0.5 else mix.next_line(rng)), None


async def play(client, plan, index, window, tally, membership=None):
    """
    Send the mix on schedule until the window closes (a party member: its
    party's moves first); count what happens.
    """
    rng = random.Random(plan.seed * 1_000_003 + index)
    mix = CommandMix(plan.mix)
    due = time.time() + rng.uniform(0, plan.interval)
    sequence = 0
    while True:
        # A late player's `due` lags behind the clock, so both are checked.
        if max(due, time.time()) >= window.end:
            break
        await asyncio.sleep(max(0.0, due - time.time()))
        sent_at = time.time()
        counted = window.holds(sent_at)
        if counted:
            tally.sent += 1
            if sent_at - due > 0.1:
                tally.late_sends += 1
        sequence += 1
        line, move = _next_line(mix, rng, membership)
        due += plan.interval
        try:
            text, seconds = await client.marked(line, f"{index}q{sequence}", plan.timeout)
        except TimeoutError:
            if move:
                membership[0].lost(move)
            if counted:
                tally.timeouts += 1
            else:
                tally.warmup_errors += 1
            continue
        except Disconnected:
            tally.disconnects += 1
            return
        if move:
            membership[0].heard(membership[1], move, text)
        problem = error_text_in(text) or (
            "unknown command" if _unknown_command(line, text) else None
        )
        if not counted:
            tally.warmup_errors += problem is not None
            continue
        tally.answered += 1
        command = line.split()[0] if line else "marker"
        tally.round_trips_ms.setdefault(command, []).append((sent_at, seconds * 1000))
        if problem:
            tally.error_texts[problem] += 1


async def player(plan, index, ramp_start, window, tally, logins, gate, membership=None):
    """
    One player's whole life: wait for its turn, log in (and form its party),
    play, leave. The gate keeps the ramp from outrunning the game: creating
    an account costs the Server far more than a command, and logins it cannot
    keep up with would pile up and time out.
    """
    await asyncio.sleep(max(0.0, ramp_start + index / plan.login_rate - time.time()))
    client = None
    try:
        async with gate:
            greeting = GMCP_GREETING if plan.speaks_gmcp(index) else b""
            client = await TelnetClient.open(plan.port, timeout=plan.login_timeout,
                                             gmcp_greeting=greeting)
            await log_in(client, plan, index)
    except (LoginFailed, TimeoutError, Disconnected, OSError) as failure:
        reason = str(failure) if isinstance(failure, LoginFailed) else type(failure).__name__
        tally.login_failures[reason] += 1
        logins.release()
        if client:
            await client.close()
        return
    tally.logged_in += 1
    if membership:
        try:
            party, seat = membership
            await party.form(client, seat, f"{index}p", plan.login_timeout)
        except (PartyFailed, TimeoutError, Disconnected) as failure:
            reason = str(failure) if isinstance(failure, PartyFailed) else "party not formed"
            tally.login_failures[reason] += 1
    logins.release()
    try:
        await window.announced.wait()
        await play(client, plan, index, window, tally, membership)
        # Stay until every player's measured commands are answered or timed
        # out: a thousand players leaving together would hold up the answers
        # still on their way (the last seconds of the window looked slow).
        await asyncio.sleep(max(0.0, window.end + plan.timeout - time.time()))
    finally:
        if plan.speaks_gmcp(index):
            tally.gmcp_players += 1
            tally.gmcp_messages += client.gmcp_received
        await client.close()


async def watch_loop_lag(window, tally):
    """How late this process's event loop wakes up: a busy generator shows here."""
    started_cpu = None
    while time.time() < window.end:
        asked = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        late = time.perf_counter() - asked - LAG_TICK
        now = time.time()
        if window.holds(now):
            if started_cpu is None:
                started_cpu = time.process_time()
            tally.loop_lag_ms.append(late * 1000)
    if started_cpu is not None:
        tally.cpu_seconds = time.process_time() - started_cpu


async def run_worker(plan, indices, channel):
    loop = asyncio.get_running_loop()
    tally, window = WorkerTally(), Window()
    channel.send(("started",))
    _, ramp_start = await loop.run_in_executor(None, channel.recv)
    logins, gate = asyncio.Semaphore(0), asyncio.Semaphore(plan.logins_in_flight)
    parties = parties_of(indices, plan.clients, plan.procs, plan.parties, plan.player_name)
    players = [
        asyncio.create_task(
            player(plan, index, ramp_start, window, tally, logins, gate, parties.get(index))
        )
        for index in indices
    ]
    for _ in indices:
        await logins.acquire()
    channel.send(("ready", tally.logged_in, dict(tally.login_failures)))
    _, window.start, window.end = await loop.run_in_executor(None, channel.recv)
    window.announced.set()
    lag = asyncio.create_task(watch_loop_lag(window, tally))
    await asyncio.gather(*players, lag)
    return tally


def worker_main(plan, indices, channel):
    """Entry point of a load-generator process."""
    try:
        tally = asyncio.run(run_worker(plan, indices, channel))
        channel.send(("result", tally))
    except KeyboardInterrupt:
        pass
