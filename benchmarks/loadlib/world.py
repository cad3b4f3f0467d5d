"""
Rooms for the players to spread into, dug by the game's admin over telnet.

A real game does not keep a thousand players in one room: there every `say`
would reach everyone and every `look` would list a thousand names. The admin
digs one room per `per_room` players, each with an exit from the starting
room (`b000`, `b001`, ...) and a way back (`out`).
"""

import asyncio
import math

from benchmarks.loadlib.telnet import TelnetClient

TIMEOUT = 60


def rooms_needed(clients, per_room):
    return math.ceil(clients / per_room) if per_room else 0


def room_exits(count):
    """(exit name, room name) for each room."""
    return tuple((f"b{number:03d}", f"Benchroom{number:03d}") for number in range(count))


async def _dig(port, admin, exits):
    client = await TelnetClient.open(port)
    try:
        await client.wait_for("create", TIMEOUT)
        text, _ = await client.marked(f"connect {admin[0]} {admin[1]}", "admin0", TIMEOUT)
        if "You become" not in text:
            raise RuntimeError(f"the admin could not log in:\n{text[-500:]}")
        for number, (exit_name, room_name) in enumerate(exits):
            text, _ = await client.marked(
                f"dig {room_name} = {exit_name}, out", f"dig{number}", TIMEOUT
            )
            if "Created room" not in text:
                raise RuntimeError(f"digging {room_name} failed:\n{text[-500:]}")
        client.send("quit")
    finally:
        await client.close()


def dig_rooms(port, admin, count):
    """Dig `count` rooms off the admin's starting room; return their exits."""
    exits = room_exits(count)
    if exits:
        asyncio.run(_dig(port, admin, exits))
    return exits
