"""
How the scene clock looks to players. Only builds text (at most 78 columns).
"""

from world.oldgold import render as og_render
from world.oldgold_scene import rules


def clock(scene_clock, moment, room, room_count, deprived=(), sleepless=()):
    """The calendar of a clock, largest units first, with the day's watches."""
    watches = "  ".join(
        (f"|w[{name}]|n" if number == moment.watch else name)
        for number, name in enumerate(rules.WATCH_NAMES, start=1))
    rooms = "this room" if room_count == 1 else f"this room and {room_count - 1} more"
    lines = [
        f"|wScene clock: {scene_clock.key}|n ({rooms})",
        f"  Year {moment.year}, {moment.season}: {moment.month_name} (month "
        f"{moment.month} of {rules.MONTHS_PER_YEAR}), week {moment.week}, day "
        f"{moment.day} of {rules.DAYS_PER_MONTH}",
        f"  Watch {moment.watch} of {rules.WATCHES_PER_DAY}: {watches}",
        f"  Hour {moment.hour}, turn {moment.turn} of {rules.TURNS_PER_HOUR}, minute "
        f"{moment.minute} of {rules.MINUTES_PER_TURN}, round {moment.round} of "
        f"{rules.ROUNDS_PER_MINUTE}",
    ]
    if deprived:
        lines.append("  Without food or water (a death roll each dawn): "
                     + ", ".join(deprived) + ".")
    if sleepless:
        lines.append("  Long without sleep (1 in 6 each watch to nod off): "
                     + ", ".join(sleepless) + ".")
    return og_render.wrap_text("\n".join(lines))
