"""
Group checks the members roll themselves: when several adventurers face the
same challenge, each rolls on their own; the group passes when half of them
or more pass.

A GM calls one in a room (`call_group_check`: attribute, difficulty,
members); each PC rolls their own part (`roll_part`, with their own
advantages, helpers and gifts) and the room sees every die; the GM's NPCs
roll as the check is called. A GM may roll the parts of players who are away
(`roll_waiting`) or call the check off (`drop_group`). When the last part is
in, the group's result follows. Each part is its roller's own roll, so
Inspiration may roll it again (`reroll_part`), and a settled group's result
follows the new part.

Other rules open a group check of their own (`open_group`) and say what
follows its result: a chase's exchange moves a die; anything else names a
hook in `then` (foraging: `world.oldgold_travel.services.forage_settled`),
called as hook(group, turned) when the result is in (turned: Inspiration
turned it round) and returning the room's lines.
"""

from dataclasses import replace

from django.db import transaction
from django.utils.module_loading import import_string

from world.dice import oldgold as dice
from world.oldgold.errors import OldGoldError
from world.oldgold.models import GroupCheck
from world.oldgold.services import (
    CheckRequest,
    Outcome,
    _dice,
    _log,
    _require_combatant_record,
    _require_gm,
    is_npc,
    playing_sheet,
    playing_sheet_of,
    roll_member,
)
from world.prepared import Prepared


# Asked by every +og/part (a crowd's common case: none waiting): its SQL is made once.
_active_in = Prepared(
    lambda room: GroupCheck.objects.select_for_update().filter(room_id=room, active=True)
)


def group_here(room, required=True):
    group = _active_in.first(room.id)
    if group is None and required:
        raise OldGoldError("There is no group check waiting here. A GM calls one with "
                           "|w+og/group grace vs 12=Ann, Bob|n.")
    return group


def _names(parts):
    return ", ".join(part["name"] for part in parts)


def _what(group):
    return f"{group.attribute.capitalize()} against {group.difficulty}"


def _part_of(group, obj):
    return next((part for part in group.parts if part["id"] == obj.id), None)


def _roll_into(group, member, rng, lines, request=None):
    """Roll `member`'s part, keep it on the group, log it and say it."""
    request = request or CheckRequest(group.attribute, group.difficulty)
    request = replace(request, attribute=group.attribute, difficulty=group.difficulty,
                      advantage=request.advantage or group.advantage,
                      disadvantage=request.disadvantage or group.disadvantage)
    rolled = roll_member(member, request, rng)
    _part_of(group, member).update(dice=list(rolled.result.dice), total=rolled.result.total,
                                   success=rolled.result.success)
    line = f"{member.key}'s part of the group check of {_what(group)}: {rolled.render()}"
    _log("grouppart", member, group.room, rolled.result.dice, line, group=group.pk,
         attribute=group.attribute, **rolled.details())
    lines.append(line)


def _result_line(group):
    successes = sum(1 for part in group.parts if part["success"])
    word = "succeeds" if group.success else "fails"
    return (f"Group check of {_what(group)}: {successes} of {len(group.parts)} succeed, "
            f"so the group {word}.")


def _settle(group):
    """Every part is in: the group's result, and a chase's die moves by it."""
    successes = sum(1 for part in group.parts if part["success"])
    group.success = dice.group_succeeds(successes, len(group.parts))
    group.active = False
    line = _result_line(group)
    _log("group", group.gm, group.room, [d for part in group.parts for d in part["dice"]],
         line, group=group.pk, attribute=group.attribute, difficulty=group.difficulty,
         success=group.success)
    return [line]


def _settle_or_wait(group, lines):
    waiting = group.waiting()
    if waiting:
        lines.append(f"Still to roll their part (|w+og/part|n): {_names(waiting)}.")
    else:
        lines.extend(_settle(group))
        if group.chase is not None:
            from world.oldgold import chase

            lines.extend(chase.settle_exchange(group.chase, group.success))
        elif group.then:
            lines.extend(import_string(group.then["hook"])(group, turned=False))
    group.save()


@transaction.atomic
def call_group_check(gm, members, attribute, difficulty, rng=None, advantage=False,
                     disadvantage=False, chase=None):
    """A GM calls a group check here (a `chase`'s exchange, or on its own);
    NPC members roll at once."""
    _require_gm(gm)
    return open_group(gm, members, attribute, difficulty, rng, advantage, disadvantage,
                      chase=chase)


@transaction.atomic
def open_group(caller, members, attribute, difficulty, rng=None, advantage=False,
               disadvantage=False, chase=None, then=None):
    """Open a group check in the caller's room for another rule (a GM's
    call, a chase's exchange, foraging's `then` hook): whoever may open it
    has been checked by that rule. NPC members roll at once."""
    rng = _dice(rng)
    members = list(dict.fromkeys(members))
    if not members:
        raise OldGoldError("Name the members of the group: +og/group grace vs 12=Ann, Bob.")
    waiting = group_here(caller.location, required=False)
    if waiting is not None:
        raise OldGoldError(f"A group check of {_what(waiting)} is still waiting here for "
                           f"{_names(waiting.waiting())}: |w+og/group roll|n rolls their "
                           "parts, |w+og/group drop|n calls it off.")
    for member in members:
        _require_combatant_record(member)
        if not is_npc(member):
            playing_sheet_of(member)
    group = GroupCheck.objects.create(
        room=caller.location, gm=caller, attribute=attribute, difficulty=difficulty,
        advantage=advantage, disadvantage=disadvantage, chase=chase, then=then or {},
        parts=[{"id": m.id, "name": m.key} for m in members],
    )
    edge = " (with advantage)" if advantage and not disadvantage else (
        " (with disadvantage)" if disadvantage and not advantage else "")
    lines = [f"{caller.key} calls a group check of {_what(group)}{edge} for "
             f"{_names(group.parts)}: each rolls their own part with |w+og/part|n; the "
             "group passes when half of them or more pass."]
    for member in members:
        if is_npc(member):
            _roll_into(group, member, rng, lines)
    _settle_or_wait(group, lines)
    return Outcome(tuple(lines), data={"group": group})


@transaction.atomic
def roll_part(member, request=None, rng=None):
    """A member rolls their own part; `request` carries their own options
    (advantage, helpers, a gift against poison...)."""
    rng = _dice(rng)
    group = group_here(member.location)
    part = _part_of(group, member)
    if part is None:
        raise OldGoldError(f"You are not in this group check (it is for "
                           f"{_names(group.parts)}). Nothing was rolled.")
    if "success" in part:
        raise OldGoldError(f"You have rolled your part already (total {part['total']}, "
                           f"{'a success' if part['success'] else 'a failure'}); still to "
                           f"roll: {_names(group.waiting())}.")
    if playing_sheet(member).hp == 0:
        raise OldGoldError("At 0 HP you can only make your death roll (|w+og/deathroll|n).")
    lines = []
    _roll_into(group, member, rng, lines, request)
    _settle_or_wait(group, lines)
    return Outcome(tuple(lines), data={"group": group})


@transaction.atomic
def roll_waiting(gm, rng=None):
    """The GM rolls the parts still waiting (players who are away)."""
    from evennia.objects.models import ObjectDB

    _require_gm(gm)
    rng = _dice(rng)
    group = group_here(gm.location)
    found = {o.id: o for o in ObjectDB.objects.filter(id__in=[p["id"] for p in group.parts])}
    lines = [f"{gm.key} rolls the parts still waiting: {_names(group.waiting())}."]
    for part in group.waiting():
        member = found.get(part["id"])
        if member is None:
            raise OldGoldError(f"{part['name']} is gone; |w+og/group drop|n calls the "
                               "check off.")
        _roll_into(group, member, rng, lines)
    _settle_or_wait(group, lines)
    return Outcome(tuple(lines), data={"group": group})


@transaction.atomic
def drop_group(gm):
    _require_gm(gm)
    group = group_here(gm.location)
    group.active = False
    group.save(update_fields=["active"])
    rolled = len(group.parts) - len(group.waiting())
    return Outcome((f"{gm.key} calls off the group check of {_what(group)} "
                    f"({rolled} of {len(group.parts)} parts were rolled).",))


def show_group(room):
    """The waiting group check here, part by part."""
    group = GroupCheck.objects.filter(room=room, active=True).first()
    if group is None:
        raise OldGoldError("There is no group check waiting here.")
    lines = [f"Group check of {_what(group)} (at least half must succeed):"]
    for part in group.parts:
        if "success" in part:
            word = "success" if part["success"] else "failure"
            lines.append(f"  {part['name']}: total {part['total']}, {word}")
        else:
            lines.append(f"  {part['name']}: still to roll (|w+og/part|n)")
    return Outcome(tuple(lines))


def reroll_part(character, last, rng):
    """Inspiration rolls a member's part again; a settled group follows it."""
    d = last.details
    group = GroupCheck.objects.select_for_update().filter(pk=d["group"]).first()
    if group is None or (not group.active and group.success is None):
        raise OldGoldError("That group check was called off; there is nothing to roll "
                           "again. Nothing was spent.")
    result = dice.check(d["score"], d["difficulty"], rng, d["advantage"], d["disadvantage"],
                        reroll_ones=d["reroll_ones"])
    _part_of(group, character).update(dice=list(result.dice), total=result.total,
                                      success=result.success)
    lines = [f"{character.key} spends Inspiration and rolls their part again: "
             f"{result.render()}"]
    if group.active:
        _log_part_again(character, group, result, last, lines[0])
        _settle_or_wait(group, lines)
        return Outcome(tuple(lines), data={"group": group})
    was = group.success
    settled = _settle(group)
    moved = []
    if group.success != was and group.chase is not None:
        from world.oldgold import chase

        # It may refuse; the transaction then takes the settling back too.
        moved = chase.turn_exchange(group.chase, group.success)
    elif group.success != was and group.then:
        moved = import_string(group.then["hook"])(group, turned=True)
    _log_part_again(character, group, result, last, lines[0])
    lines.extend(settled)
    if group.success != was:
        lines.append("The group's result turns with it.")
    lines.extend(moved)
    group.save()
    return Outcome(tuple(lines), data={"group": group})


def _log_part_again(character, group, result, last, line):
    _log("grouppart", character, group.room, result.dice, line,
         **{**last.details, "success": result.success, "of": last.pk})
