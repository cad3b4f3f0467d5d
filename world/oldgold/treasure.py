"""
Treasure (the text's Treasure chapter): what an adventure's haul is worth,
from the XP the party needs for its next levels and the danger, and the
party's equal shares of it paid out as coin (followers take a share too).
"""

import math

from django.db import transaction

from world.oldgold import rules
from world.oldgold.errors import OldGoldError
from world.oldgold.services import Outcome, _check_coin_room, _log, _require_gm, playing_sheet_of


def xp_to_next(sheet):
    """XP Required for the next level; level 10 uses level 10's number."""
    return rules.XP_REQUIRED[min(sheet.level + 1, rules.MAX_LEVEL)]


def danger_named(text):
    wanted = (text or "").strip().lower()
    found = [k for k in rules.TREASURE_SHARE_PERCENT if wanted and k.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError("Give the danger: normal, difficult or brutal "
                           "(+og/treasure difficult=Ann, Bob).")
    return found[0]


def length_named(text):
    wanted = (text or "session").strip().lower()
    found = [k for k in rules.TREASURE_LENGTH_FACTOR if k.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError("Give the length: short, session or long.")
    return found[0]


def treasure_worth(gm, members, danger, length="session"):
    """The guideline worth in gp of an adventure's treasure for this party."""
    _require_gm(gm)
    if not members:
        raise OldGoldError("Name the party: +og/treasure difficult=Ann, Bob.")
    needs = [(m, xp_to_next(playing_sheet_of(m))) for m in members]
    total = sum(n for _, n in needs)
    percent = rules.TREASURE_SHARE_PERCENT[danger]
    factor = rules.TREASURE_LENGTH_FACTOR[length]
    worth = math.floor(total * percent * factor / 100)
    parts = " + ".join(f"{m.key} {n}" for m, n in needs)
    lines = [f"Treasure for a {danger}, {length}-length adventure: XP to next levels "
             f"{parts} = {total}; {percent}%"
             + (f" x {factor:g}" if factor != 1 else "") + f" = {worth} gp of treasure.",
             "This is coin to spend, not XP: share it out (|w+og/share "
             f"{worth}=<names>|n); spent in downtime, it buys advancement."]
    return Outcome(tuple(lines), data={"worth": worth, "total": total})


@transaction.atomic
def share_treasure(gm, amount, members, followers=0):
    """Split `amount` gp equally among the members and followers; members
    are paid at once. What does not divide evenly is said, not paid."""
    _require_gm(gm)
    if not members:
        raise OldGoldError("Name who shares: +og/share 300=Ann, Bob[, 2 followers].")
    if len(set(m.id for m in members)) != len(members):
        raise OldGoldError("Name each adventurer once.")
    shares = len(members) + followers
    each, left = divmod(amount, shares)
    sheets = [playing_sheet_of(m) for m in members]
    for member, sheet in zip(members, sheets):
        try:
            _check_coin_room(sheet, sheet.coin + each)
        except OldGoldError as err:
            raise OldGoldError(f"{member.key} cannot carry their share: {err} "
                               "Nothing was paid.") from None
    for sheet in sheets:
        sheet.coin += each
        sheet.save(update_fields=["coin"])
    whom = ", ".join(m.key for m in members)
    extra = f" and {followers} follower{'s' if followers != 1 else ''}" if followers else ""
    lines = [f"{amount} gp split in {shares} equal shares of {each} gp: {whom}{extra}."]
    if followers:
        lines.append(f"The followers' {each * followers} gp is theirs to carry.")
    if left:
        lines.append(f"{left} gp does not divide evenly: the party settles it.")
    _log("share", gm, gm.location, [], " ".join(lines), amount=amount, each=each,
         members=[m.key for m in members], followers=followers)
    return Outcome(tuple(lines), data={"each": each, "left": left})
