"""
The scene clock: Old Gold's calendar for a room or a whole delve.

A clock is a count of rounds since the first round of year 1; minutes,
turns, hours, watches, days, weeks, months and seasons are read off it.
Rooms follow a clock (a party walking through a dungeon keeps one clock
across its rooms). The API other systems use:

    clock.current(key)              -> Reading (what time it is)
    clock.advance(key, rounds=0, turns=0, watches=0, days=0, by=None)
                                    -> Advance (before, after, lines)

`key` is a clock's key or a room (the clock that room follows). Advancing
also does what passing time does in play: lit lights carried in the
clock's rooms burn their dots (and may go dark), and each dawn starts a new
day for the adventurers there (`world.oldgold.services.new_day`, the day
without rest) and rolls deprivation for those marked deprived. `lines` are
what the room should read; `announce=True` posts them to every room of
the clock.
"""

from dataclasses import dataclass, field

from django.db import transaction

from world.oldgold_scene import rules
from world.oldgold_scene.errors import SceneError
from world.oldgold_scene.models import ClockRoom, SceneClock


@dataclass(frozen=True)
class Reading:
    """One moment on the calendar; every count starts at 1."""

    total_rounds: int
    year: int
    season: str
    month: int  # 1-12 in the year
    month_name: str
    day: int  # 1-28 in the month
    week: int  # 1-4 in the month
    watch: int  # 1-4 in the day
    watch_name: str
    hour: int  # 0-23, the hour of the day
    turn: int  # 1-6 in the hour
    minute: int  # 1-10 in the turn
    round: int  # 1-6 in the minute

    @property
    def day_number(self):
        """Days since the calendar's first day (day 1 of year 1), counting it as 1."""
        return self.total_rounds // rules.ROUNDS_PER_DAY + 1

    @property
    def turn_number(self):
        return self.total_rounds // rules.ROUNDS_PER_TURN

    @property
    def watch_number(self):
        return self.total_rounds // rules.ROUNDS_PER_WATCH


def reading(total_rounds):
    """The calendar for a count of rounds (pure arithmetic)."""
    rounds = int(total_rounds)
    year, rest = divmod(rounds, rules.ROUNDS_PER_YEAR)
    month, rest = divmod(rest, rules.ROUNDS_PER_MONTH)
    day, rest = divmod(rest, rules.ROUNDS_PER_DAY)
    hour, rest = divmod(rest, rules.ROUNDS_PER_HOUR)
    turn, rest = divmod(rest, rules.ROUNDS_PER_TURN)
    minute, round_ = divmod(rest, rules.ROUNDS_PER_MINUTE)
    watch = hour // rules.HOURS_PER_WATCH
    return Reading(
        total_rounds=rounds, year=year + 1,
        season=rules.SEASONS[month // rules.MONTHS_PER_SEASON],
        month=month + 1, month_name=rules.MONTH_NAMES[month],
        day=day + 1, week=day // rules.DAYS_PER_WEEK + 1,
        watch=watch + 1, watch_name=rules.WATCH_NAMES[watch], hour=hour,
        turn=turn + 1, minute=minute + 1, round=round_ + 1,
    )


def rounds_of(rounds=0, turns=0, watches=0, days=0, minutes=0, hours=0):
    return (rounds + minutes * rules.ROUNDS_PER_MINUTE + turns * rules.ROUNDS_PER_TURN
            + hours * rules.ROUNDS_PER_HOUR + watches * rules.ROUNDS_PER_WATCH
            + days * rules.ROUNDS_PER_DAY)


def start_of(season=None, month=None, day=1, watch=1, year=1):
    """Rounds from the epoch to the start of a given season/month, day and watch."""
    if month is None:
        month = rules.SEASONS.index(season) * rules.MONTHS_PER_SEASON + 1 if season else 1
    return ((year - 1) * rules.ROUNDS_PER_YEAR + (month - 1) * rules.ROUNDS_PER_MONTH
            + (day - 1) * rules.ROUNDS_PER_DAY + (watch - 1) * rules.ROUNDS_PER_WATCH)


@dataclass(frozen=True)
class Advance:
    """What passing time did: the calendar before and after, and the lines
    the room reads (the new time, lights going dark, dawns)."""

    key: str
    before: Reading
    after: Reading
    lines: tuple = ()
    data: dict = field(default_factory=dict)

    @property
    def rounds(self):
        return self.after.total_rounds - self.before.total_rounds

    @property
    def dawns(self):
        return self.after.day_number - self.before.day_number

    @property
    def text(self):
        return "\n".join(self.lines)


# ---------------------------------------------------------------- finding clocks


def room_key(room):
    """The key of the clock a room starts when none is named."""
    return f"room-{room.id}"


def clock_of_room(room):
    link = ClockRoom.objects.select_related("clock").filter(room=room).first() if room else None
    return link.clock if link else None


def find(key, required=True):
    """The clock named `key`, or followed by the room `key`."""
    if key is None or isinstance(key, str):
        clock = SceneClock.objects.filter(key=(key or "").strip()).first()
    else:
        clock = clock_of_room(key)
    if clock is None and required:
        raise SceneError("No scene clock runs here. A GM starts one with |w+clock/start|n "
                         "(or joins this room to a running one: +clock/start <name>).")
    return clock


def rooms_of(clock):
    return [link.room for link in ClockRoom.objects.select_related("room").filter(clock=clock)]


def people_of(clock):
    """Everyone standing in the clock's rooms."""
    people = []
    for room in rooms_of(clock):
        people += [obj for obj in room.contents if obj.has_account or _has_sheet(obj)]
    return people


def _has_sheet(obj):
    from world.oldgold.models import OldGoldSheet

    return OldGoldSheet.objects.filter(character=obj).exists()


@transaction.atomic
def start(room, key=None, rounds=0):
    """Make `room` follow the clock `key` (made if new, at `rounds`)."""
    key = " ".join((key or room_key(room)).split())
    if not key or len(key) > rules.CLOCK_KEY_MAX:
        raise SceneError(f"Name the clock in 1 to {rules.CLOCK_KEY_MAX} characters, like "
                         "+clock/start Barrow delve.")
    clock, made = SceneClock.objects.get_or_create(key=key, defaults={"rounds": rounds})
    ClockRoom.objects.update_or_create(room=room, defaults={"clock": clock})
    return clock, made


@transaction.atomic
def stop(room):
    """The room stops following its clock (a clock no room follows is removed)."""
    clock = clock_of_room(room)
    if clock is None:
        raise SceneError("This room follows no clock, so there is nothing to stop.")
    ClockRoom.objects.filter(room=room).delete()
    removed = not clock.rooms.exists()
    if removed:
        clock.delete()
    return clock, removed


# ---------------------------------------------------------------- the API


def current(key):
    """The calendar of the clock `key` (a key or a room) right now."""
    return reading(find(key).rounds)


def advance(key, rounds=0, turns=0, watches=0, days=0, by=None, rng=None, minutes=0,
            hours=0, announce=False):
    """Move the clock on and let the time pass in its rooms (see the module)."""
    amount = rounds_of(rounds, turns, watches, days, minutes, hours)
    if amount <= 0:
        raise SceneError("Move the clock on by at least a round, like +clock/advance 1 turn.")
    if amount > rules.MAX_ADVANCE_DAYS * rules.ROUNDS_PER_DAY:
        raise SceneError(f"One step of the clock is at most {rules.MAX_ADVANCE_DAYS} days.")
    with transaction.atomic():
        clock = find(key)
        clock = SceneClock.objects.select_for_update().get(pk=clock.pk)
        before = reading(clock.rounds)
        clock.rounds += amount
        clock.save(update_fields=["rounds", "updated_at"])
        after = reading(clock.rounds)
        lines = [f"Time passes: {duration_words(amount)}. It is now {short_words(after)}."]
        from world.oldgold_scene import services

        lines += services.time_passes(clock, before, after, by=by, rng=rng)
    result = Advance(clock.key, before, after, tuple(lines))
    if announce:
        for room in rooms_of(clock):
            room.msg_contents(result.text)
    return result


@transaction.atomic
def set_to(key, total_rounds):
    """Put the clock at a moment without playing the time between (no light burns)."""
    clock = find(key)
    clock.rounds = max(0, int(total_rounds))
    clock.save(update_fields=["rounds", "updated_at"])
    return reading(clock.rounds)


# ---------------------------------------------------------------- words


def duration_words(total):
    """'1 watch, 2 turns' for a count of rounds (largest units first)."""
    parts = []
    for unit in ("day", "watch", "hour", "turn", "minute", "round"):
        size = rules.UNIT_ROUNDS[unit]
        count, total = divmod(total, size)
        if count:
            parts.append(f"{count} {unit}" + ("" if count == 1 else ("es" if unit == "watch"
                                                                     else "s")))
    return ", ".join(parts) or "no time"


def short_words(moment):
    return (f"{moment.watch_name} (watch {moment.watch}), turn {moment.turn} of hour "
            f"{moment.hour}, day {moment.day} of {moment.month_name}")


def unit_named(text):
    word = (text or "").strip().lower()
    word = rules.UNIT_PLURALS.get(word, word)
    if word in rules.UNIT_ROUNDS:
        return word
    found = [unit for unit in rules.UNIT_ROUNDS if word and unit.startswith(word)]
    if len(found) == 1:
        return found[0]
    raise SceneError(f"'{text}' is not a unit of time: rounds, minutes, turns, hours, "
                     "watches, days, weeks or months.")
