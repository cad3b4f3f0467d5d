"""
What the scene commands do: roll an oracle for the room, start and move a
scene clock (with the lights, timed conditions, lack of sleep, dawns and
deprivation that passing time brings), play a delving turn, rest the party
for a watch.

Each function checks first, changes the database inside a transaction,
records its dice in Old Gold's roll log and returns an `Outcome` (the
adventurers' own type: `lines` for the room, `private` for the caller); it
never writes to a player. Every refusal is a `SceneError` raised before
anything changed. Dice come from `rng`, defaulting to `default_rng`, which
tests replace with scripted dice.
"""

import random

from django.db import transaction

from world.dice import oldgold as dice
from world.oldgold import rules as og_rules
from world.oldgold import services as og
from world.oldgold.errors import OldGoldError
from world.oldgold.models import OldGoldRoll, OldGoldSheet
from world.oldgold.services import Outcome
from world.oldgold_scene import clock, light, oracles, rules
from world.oldgold_scene.errors import SceneError

default_rng = random.SystemRandom()


def _dice(rng):
    return default_rng if rng is None else rng


def _log(kind, roller, room, dice_list, text, **details):
    OldGoldRoll.objects.create(kind=kind[:20], roller=roller, room=room,
                               dice=list(dice_list), details=details, text=text)


def require_gm(who):
    if not og.is_gm(who):
        raise SceneError("Only a game master can do that (staff, or a player staff made GM "
                         "with +og/gm). Nothing was changed.")


def sheets_here(room):
    """The living adventurers standing in `room`."""
    people = list(room.contents) if room else []
    ids = set(OldGoldSheet.objects.filter(character__in=people, dead=False)
              .values_list("character_id", flat=True))
    return [obj for obj in people if obj.id in ids]


# ---------------------------------------------------------------- oracles

ORACLES = {
    "yesno": oracles.yes_no,
    "d6": oracles.solo_d6,
    "action": oracles.action_theme,
    "seed": oracles.adventure_seed,
    "settlement": oracles.settlement_name,
    "dungeon": oracles.dungeon_name,
    "delving": oracles.delving,
}


def consult(who, kind, rng=None, **options):
    """Anyone rolls an oracle; the room reads it and the roll log keeps it."""
    if kind not in ORACLES:
        raise SceneError("There is no such oracle: yesno, d6, action, seed, town, dungeon "
                         "or delve.")
    result = ORACLES[kind](_dice(rng), **options)
    line = f"{who.key} asks the oracle. {result.render()}"
    _log("oracle", who, who.location, result.dice, line, oracle=kind, kept=list(result.kept),
         outcome=result.outcome)
    return Outcome((line,), data={"result": result})


# ---------------------------------------------------------------- the clock


def start_clock(gm, room, key=None, season=None):
    require_gm(gm)
    if room is None:
        raise SceneError("Stand in the room whose time you keep.")
    if season and season not in rules.SEASONS:
        raise SceneError("Seasons are " + ", ".join(rules.SEASONS) + " (like "
                         "+clock/start Barrow=autumn).")
    before = clock.clock_of_room(room)
    with transaction.atomic():
        # A new clock starts on the morning watch of its first day.
        scene_clock, made = clock.start(room, key, clock.start_of(season, watch=2))
        if season and not made:
            raise SceneError(f"The clock {scene_clock.key} already runs; a season is only "
                             "given when a clock starts. Nothing was changed.")
    moment = clock.reading(scene_clock.rounds)
    if made:
        line = f"A scene clock starts here ({scene_clock.key}): {clock.short_words(moment)}."
    elif before and before.pk == scene_clock.pk:
        line = f"This room already follows the clock {scene_clock.key}."
    else:
        line = (f"This room now follows the clock {scene_clock.key}: "
                f"{clock.short_words(moment)}.")
    return Outcome((line,), data={"clock": scene_clock})


def stop_clock(gm, room):
    require_gm(gm)
    scene_clock, removed = clock.stop(room)
    tail = " and, with no room left on it, is put away" if removed else ""
    return Outcome((f"This room stops following the clock {scene_clock.key}{tail}.",))


def advance_time(gm, room, rng=None, **amounts):
    """A GM moves the clock this room follows."""
    require_gm(gm)
    result = clock.advance(room, by=gm, rng=rng, **amounts)
    return Outcome(result.lines, data={"advance": result, "rooms": _clock_rooms(room)})


def _clock_rooms(room):
    scene_clock = clock.clock_of_room(room)
    return clock.rooms_of(scene_clock) if scene_clock else [room]


def time_passes(scene_clock, before, after, by=None, rng=None):
    """What the time between `before` and `after` does in the clock's rooms:
    lights burn; timed conditions run out; each new watch may put the
    sleepless to sleep; each dawn starts a new day and rolls deprivation.
    Returns lines. Called by `clock.advance` inside its transaction."""
    rounds = after.total_rounds - before.total_rounds
    rng = _dice(rng)
    lines = []
    for room in clock.rooms_of(scene_clock):
        people = sheets_here(room)
        had_light = light.any_light(people)
        lines += light.burn(people, rounds)
        if had_light and not light.any_light(people) and light.is_dark_place(room):
            lines.append(light.darkness_line(room))
    lines += _conditions_run(scene_clock, rounds)
    lines += _sleep_loss(scene_clock, before, after, rng)
    dawns = after.day_number - before.day_number
    if dawns > 0:
        lines += _dawns(scene_clock, dawns, by, rng)
    return lines


def _creatures_on(scene_clock):
    """Every adventurer and Old Gold creature in the clock's rooms."""
    found = []
    for room in clock.rooms_of(scene_clock):
        sheets = {p.id for p in sheets_here(room)}
        found += [obj for obj in room.contents if obj.id in sheets or og.is_npc(obj)]
    return found


def _conditions_run(scene_clock, rounds):
    """Timed conditions (an hour of Sleep, 2 rounds stunned) count down with
    the clock as they do round by round in a fight."""
    lines = []
    for creature in _creatures_on(scene_clock):
        conditions = og._conditions(creature)
        kept = []
        for condition in conditions:
            if condition["rounds"] is not None:
                condition["rounds"] -= rounds
                if condition["rounds"] <= 0:
                    lines.append(_condition_ends(scene_clock, creature, condition))
                    continue
            kept.append(condition)
        if any(c["rounds"] is not None for c in conditions):
            og._save_conditions(creature, kept)
    return lines


def _condition_ends(scene_clock, creature, condition):
    if condition["key"] == "asleep" and condition.get("source") == rules.SLEEP_LOSS_SOURCE:
        _unmark(scene_clock, "sleepless", creature)
        return f"{creature.key} wakes, rested enough to go on."
    name = og_rules.CONDITIONS[condition["key"]].name.lower()
    return f"{creature.key} is no longer {name}."


def _sleep_loss(scene_clock, before, after, rng):
    """At the start of each watch that begins in this stretch of time, each
    sleepless adventurer still awake has SLEEP_LOSS_CHANCE to fall asleep
    for 1d4 watches (TEXT). Whoever sleeps them out is no longer sleepless."""
    first, last = before.watch_number + 1, after.watch_number
    if not scene_clock.sleepless or last < first:
        return []
    here = {p.id: p for p in _people_on(scene_clock)}
    awake = [here[i] for i in scene_clock.sleepless if i in here]
    lines = []
    for number in range(first, last + 1):
        start = number * rules.ROUNDS_PER_WATCH
        for person in list(awake):
            if og.has_condition(person, "asleep"):
                continue  # asleep already (a spell): no roll while it lasts
            die, falls = dice.chance(*rules.SLEEP_LOSS_CHANCE, rng)
            rolled = [die]
            if not falls:
                line = f"{person.key} fights off sleep (1d6: {die})."
            else:
                awake.remove(person)
                watches = rng.randint(1, rules.SLEEP_LOSS_WATCHES)
                rolled.append(watches)
                left = start + watches * rules.ROUNDS_PER_WATCH - after.total_rounds
                line = (f"{person.key} can stay awake no longer (1d6: {die}) and sleeps "
                        f"for 1d{rules.SLEEP_LOSS_WATCHES} [{watches}] "
                        f"watch{'es' if watches > 1 else ''}")
                if left > 0:
                    og.add_condition(person, "asleep", left, rules.SLEEP_LOSS_SOURCE)
                    line += "."
                else:
                    _unmark(scene_clock, "sleepless", person)
                    line += ", then wakes."
            _log("sleep", person, person.location, rolled, line, falls=falls)
            lines.append(line)
    return lines


def _people_on(scene_clock):
    people = []
    for room in clock.rooms_of(scene_clock):
        people += sheets_here(room)
    return people


def _dawns(scene_clock, dawns, by, rng):
    people = _people_on(scene_clock)
    if not og.is_gm(by):
        return [f"{_dawn_words(dawns)} A GM's |w+og/day|n starts it on the sheets."]
    lines = []
    # Two new days bring every sheet to where any longer stretch would.
    for _ in range(min(dawns, 2)):
        for line in og.new_day(by, people).lines:
            if line not in lines:
                lines.append(line)
    if dawns > 1:
        lines[0] = _dawn_words(dawns)
    deprived = [p for p in people if p.id in set(scene_clock.deprived)]
    for _ in range(dawns):
        for person in deprived:
            try:
                lines += og.deprivation(by, person, rng).lines
            except OldGoldError:
                continue  # died at an earlier dawn
    return lines


def _dawn_words(dawns):
    return "A new day dawns." if dawns == 1 else f"{dawns} days pass; a new day dawns."


# What a GM may mark on a clock: the field, and the words when it is set
# and when it is lifted.
MARKS = {
    "deprived": ("{name} goes without food or water: each dawn on this clock brings a "
                 "death roll.",
                 "{name} has food and water again: no more death rolls at dawn."),
    "sleepless": ("{name} has gone long without sleep: each new watch on this clock may "
                  "put them to sleep (1 in 6, for 1d4 watches).",
                  "{name} has slept: no more nodding off at the start of a watch."),
}


@transaction.atomic
def set_mark(gm, room, character, mark, on=True):
    """Mark (or unmark) an adventurer on the room's clock as deprived of food
    and water or as sleepless."""
    require_gm(gm)
    scene_clock = clock.find(room)
    og.playing_sheet_of(character)
    ids = [i for i in getattr(scene_clock, mark) if i != character.id]
    if on:
        ids.append(character.id)
    setattr(scene_clock, mark, ids)
    scene_clock.save(update_fields=[mark])
    return Outcome((MARKS[mark][0 if on else 1].format(name=character.key),))


def _unmark(scene_clock, mark, character):
    ids = [i for i in getattr(scene_clock, mark) if i != character.id]
    if ids != getattr(scene_clock, mark):
        setattr(scene_clock, mark, ids)
        scene_clock.save(update_fields=[mark])


def clock_text(room):
    from world.oldgold_scene import render

    scene_clock = clock.find(room)
    people = clock.people_of(scene_clock)
    deprived = [p.key for p in people if p.id in scene_clock.deprived]
    sleepless = [p.key for p in people if p.id in scene_clock.sleepless]
    return render.clock(scene_clock, clock.reading(scene_clock.rounds), room,
                        len(clock.rooms_of(scene_clock)), deprived, sleepless)


# ---------------------------------------------------------------- delving and resting


def delve(gm, room, turns=1, oracle=True, rng=None):
    """The delving turn, `turns` times: a turn passes on the clock (lights
    burn) and, when the party lingers or backtracks, the delving oracle."""
    require_gm(gm)
    if not 1 <= turns <= rules.MAX_DELVE_TURNS:
        raise SceneError(f"Play 1 to {rules.MAX_DELVE_TURNS} turns at a time, like +delve 2.")
    clock.find(room)
    rng = _dice(rng)
    lines = []
    with transaction.atomic():
        for _ in range(turns):
            result = clock.advance(room, turns=1, by=gm, rng=rng)
            lines += result.lines
            if oracle:
                lines += _delving_oracle(gm, room, rng)
    return Outcome(tuple(lines), data={"rooms": _clock_rooms(room)})


def _delving_oracle(gm, room, rng):
    result = oracles.delving(rng)
    line = result.render()
    lines = [line]
    if result.outcome == "encounter":
        from world.oldgold_travel import services as travel

        lines += travel.encounter_lines(room, "dungeon", rules.DELVING_ENCOUNTER_GROUP, rng, gm)
    elif result.outcome == "light":
        people = sheets_here(room)
        had_light = light.any_light(people)
        burned = light.gust(people)
        lines += burned or ["No flame here gutters in the draught."]
        if had_light and not light.any_light(people) and light.is_dark_place(room):
            lines.append(light.darkness_line(room))
    _log("delving", gm, room, result.dice, " ".join(lines), outcome=result.outcome)
    return lines


def rest_watch(gm, room, people=None, rng=None):
    """The party sleeps a watch: each named adventurer (everyone here when
    none are named) rests by the adventurers' rules (a ration, 1d6 HP, once
    a day), then a watch passes on the clock."""
    require_gm(gm)
    clock.find(room)
    people = people if people else sheets_here(room)
    if not people:
        raise SceneError("No adventurer is here to rest. Name them: +clock/rest Ann, Bob.")
    lines = []
    with transaction.atomic():
        scene_clock = clock.find(room)
        for person in people:
            try:
                lines += og.rest(person, rng).lines
            except OldGoldError as err:
                lines.append(f"{person.key} gets no rest: {err.message}")
            else:
                _unmark(scene_clock, "sleepless", person)
        lines += clock.advance(room, watches=1, by=gm, rng=rng).lines
    return Outcome(tuple(lines), data={"rooms": _clock_rooms(room)})


# ---------------------------------------------------------------- light


def light_up(character, text):
    return Outcome(light.light(character, text))


def put_out(character, text):
    return Outcome(light.douse(character, text))


def refill(character, text):
    return Outcome(light.fill(character, text))


def give_magic_light(gm, character, text):
    require_gm(gm)
    return Outcome(light.give_magic(gm, character, text))


def pray_for_light(character, targets=()):
    return Outcome(light.holy_light(character, targets))
