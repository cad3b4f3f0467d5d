"""
Emptying rooms about to be removed (a torn-down dungeon), for every system
that builds rooms and tears them down again.
"""


def move_out(rooms, going, to=None):
    """Move whatever stands in `rooms` and is not going with them (`going`:
    the ids of everything removed, the rooms too) to `to`, or when that is
    None to the thing's own home, unless that is going too. Returns what moved."""
    moved = []
    for room in rooms:
        for thing in list(room.contents):
            if thing.id in going:
                continue
            destination = to or thing.home
            if destination is not None and destination.id not in going:
                thing.move_to(destination, quiet=True, move_type="teleport")
                moved.append(thing)
    return moved
