"""
How far apart the creatures of a fight stand, and what that allows: a melee
weapon strikes within its reach; a ranged or thrown one cannot shoot at a
creature within melee reach or beyond its range; a spell or prayer reaches
its range (60m unless it says otherwise, a touch no farther than a hand).

A fight keeps metres per pair of combatants (`Encounter.distances`). A
pair nobody has moved stands within reach when both are on one side, and
the fight's opening distance apart otherwise. Moving toward or away from
someone changes that pair, and the mover's distance to anyone else only as
far as the triangle with them demands: not a map (the GM sets any distance
with +og/distance).
"""

import re

from django.db import transaction

from world.oldgold import rules
from world.oldgold.errors import OldGoldError
from world.oldgold.services import (
    Outcome,
    _entry_of,
    _require_gm,
    encounter_here,
    is_npc,
    npc_stats,
    sheet_of,
)

_METRES = re.compile(r"(\d+)\s*m\b")


def metres(value, default):
    """20, '20m', '8m (16m flying)' -> the first metres given; else `default`."""
    if isinstance(value, int):
        return value
    match = _METRES.search(str(value or ""))
    return int(match.group(1)) if match else default


def _key(first, second):
    low, high = sorted((first["id"], second["id"]))
    return f"{low}-{high}"


def between(encounter, first, second):
    """Metres between two combatant entries of `encounter`."""
    if first["id"] == second["id"]:
        return 0
    kept = encounter.distances.get(_key(first, second))
    if kept is not None:
        return kept
    return rules.MELEE_REACH if first["pc"] == second["pc"] else encounter.opening


def _set(encounter, first, second, value):
    encounter.distances[_key(first, second)] = max(0, min(value, rules.MAX_DISTANCE))


def speed_of(obj):
    """Metres a creature moves in a round: its ancestry's Speed, or an NPC's
    `speed` (a bestiary entry's first figure), else an ordinary 10m."""
    if not is_npc(obj):
        return rules.ANCESTRIES[sheet_of(obj, obj).ancestry].speed
    stats = npc_stats(obj)
    if "speed" in stats:
        return metres(stats["speed"], rules.NPC_SPEED)
    entry = obj.attributes.get("og_monster") or {}
    return metres(entry.get("speed"), rules.NPC_SPEED)


def step(encounter, mover, other, pace, toward):
    """Move `mover`'s entry `pace` metres toward `other`'s (no nearer than
    within reach) or away from it. Returns (metres before, metres after)."""
    before = between(encounter, mover, other)
    if toward:
        after = before if before <= rules.MELEE_REACH else max(rules.MELEE_REACH, before - pace)
    else:
        after = before + pace
    _set(encounter, mover, other, after)
    # Whoever stands near `other` the mover now stands near too, and no
    # nearer than the gap between them allows (two sides of a triangle).
    for third in encounter.combatants:
        if third["id"] in (mover["id"], other["id"]):
            continue
        near = between(encounter, other, third)
        kept = between(encounter, mover, third)
        fitted = min(max(kept, abs(after - near)), after + near)
        if fitted != kept:
            _set(encounter, mover, third, fitted)
    return before, after


def melee_reach_of(obj):
    """The farthest a creature strikes in melee: its longest melee weapon in
    hand (or attack), at least the common reach."""
    if is_npc(obj):
        reaches = [metres(a.get("reach"), rules.MELEE_REACH)
                   for a in npc_stats(obj)["attacks"] if not a.get("ranged")]
    else:
        reaches = [weapon_reach(i) for i in sheet_of(obj, obj).items.all()
                   if i.kind == "weapon" and i.location == "hands"
                   and not i.details.get("ranged")]
    return max([rules.MELEE_REACH, *reaches])


def weapon_reach(item):
    """An item's reach or range in metres (older items read the rules' gear)."""
    if "reach" in item.details:
        return item.details["reach"]
    gear = rules.GEAR.get(item.gear)
    return gear.reach if gear else rules.MELEE_REACH


def in_reach(distance, reach, ranged):
    """Whether a weapon reaching `reach` metres strikes at `distance`: a
    shot only beyond melee reach."""
    return distance <= reach and not (ranged and distance <= rules.MELEE_REACH)


def require_weapon_reach(distance, reach, ranged, target, weapon):
    """Refuse an attack the distance does not allow (nothing is used)."""
    if ranged and distance <= rules.MELEE_REACH:
        raise OldGoldError(
            f"{target.key} is within melee reach ({distance}m): {weapon} cannot shoot so "
            f"close. Step away first (|w+og/move away from {target.key}|n) or strike "
            "in melee. Nothing was used.")
    if distance > reach:
        word = "shoots" if ranged else "reaches"
        raise OldGoldError(
            f"{target.key} is {distance}m away and {weapon} {word} {reach}m: move closer "
            f"first (|w+og/move toward {target.key}|n). Nothing was used.")


def magic_reach(magic, cast_bonus):
    """How far a spell or prayer reaches, in metres."""
    if magic.reach == rules.TOUCH:
        return rules.MELEE_REACH
    if isinstance(magic.reach, tuple):
        return magic.reach[1] * cast_bonus
    return magic.reach


def require_magic_reach(encounter, caster, magic, targets, cast_bonus):
    """Refuse a cast at a combatant beyond the magic's reach (nothing spent)."""
    if encounter is None or (mine := _entry_of(encounter, caster)) is None:
        return
    reach = magic_reach(magic, cast_bonus)
    for target in targets:
        theirs = _entry_of(encounter, target)
        if theirs is None or target == caster:
            continue
        distance = between(encounter, mine, theirs)
        if distance > reach:
            how = "a touch" if magic.reach == rules.TOUCH else f"{reach}m"
            raise OldGoldError(
                f"{target.key} is {distance}m away and {magic.name} reaches {how}: move "
                f"closer first (|w+og/move toward {target.key}|n). Nothing was cast.")


def allies_in_melee_with(encounter, shooter, target):
    """The shooter's allies standing within reach of the target: a shot at
    it goes into their melee."""
    return [e for e in encounter.combatants
            if e["pc"] == shooter["pc"] and e["id"] not in (shooter["id"], target["id"])
            and not e["out"] and between(encounter, e, target) <= rules.MELEE_REACH]


@transaction.atomic
def set_distance(gm, who, value, other=None):
    """The GM sets how far `who` stands from `other`, or (no `other`) from
    everyone on the other side of the fight."""
    _require_gm(gm)
    encounter = encounter_here(gm.location)
    if not 0 <= value <= rules.MAX_DISTANCE:
        raise OldGoldError(f"Give the metres as a number from 0 to {rules.MAX_DISTANCE}.")
    mine = _entry_of(encounter, who)
    if mine is None:
        raise OldGoldError(f"{who.key} is not in this fight (|w+og/join {who.key}|n).")
    if other is not None:
        theirs = _entry_of(encounter, other)
        if theirs is None or other == who:
            raise OldGoldError(f"Name someone else in this fight: +og/distance "
                               f"{who.key}=<name> <metres>.")
        pairs = [theirs]
        whom = other.key
    else:
        pairs = [e for e in encounter.combatants if e["pc"] != mine["pc"]]
        whom = "the other side"
    for theirs in pairs:
        _set(encounter, mine, theirs, value)
    encounter.save(update_fields=["distances"])
    return Outcome((f"{who.key} now stands {value}m from {whom}.",))


def show_distances(viewer):
    """Lines of how far apart everyone stands: from the viewer when they
    fight, else from each PC."""
    from world.oldgold import render

    encounter = encounter_here(viewer.location)
    standing = [e for e in encounter.combatants if e["out"] not in ("dead", "fled")]
    mine = _entry_of(encounter, viewer)
    rows = [mine] if mine is not None else [e for e in standing if e["pc"]] or standing[:1]
    table = [(row["name"], [(e["name"], between(encounter, row, e))
                            for e in standing if e["id"] != row["id"]]) for row in rows]
    return Outcome((render.distances(table),))
