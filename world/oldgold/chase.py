"""
Chases (the text's optional rule): each side keeps a d4 that starts on 1.
Every exchange the table says how it flees or closes the gap, and the
players then roll a group check in whichever attribute suits it (each rolls
their own part, +og/part); a success
moves their own die up by 1, a failure the other side's. Whichever die
shows 4 first decides it: the fleeing side gets clear, or the hunters reach
it. Speed is a side's slowest member: the slower side is at a disadvantage
(so a slower other side gives the players advantage). A head
start, or catching the others unawares, puts that side's die on 2. The same
clock serves any drawn-out contest (a race, a negotiation).
"""

from django.db import transaction

from world.oldgold import rules
from world.oldgold.errors import OldGoldError
from world.oldgold.models import Chase, OldGoldSheet
from world.oldgold.services import Outcome, _require_gm, playing_sheet_of

START = 1
WIN = 4
HEAD_START = 2


def chase_here(room, required=True):
    chase = Chase.objects.filter(room=room, active=True).first()
    if chase is None and required:
        raise OldGoldError("There is no chase here. A GM starts one with "
                           "|w+og/chase <PCs>=flee|n or |w=pursue|n.")
    return chase


def slowest_speed(members):
    """The slowest ancestry Speed among the PCs."""
    speeds = []
    for member in members:
        sheet = OldGoldSheet.objects.filter(character=member).first()
        if sheet is not None:
            speeds.append(rules.ANCESTRIES[sheet.ancestry].speed)
    return min(speeds) if speeds else None


def _state(chase):
    players = "fleeing" if chase.players_role == Chase.FLEE else "giving chase"
    return (f"Chase clock: the players ({players}) {chase.players_die}/{WIN}, "
            f"the other side {chase.their_die}/{WIN}.")


@transaction.atomic
def start_chase(gm, room, members, role, head_start="", slower="", their_speed=None):
    """`role` is what the players do: 'flee' or 'pursue'. `head_start` is
    'players' or 'them' (a head start or an ambush); `slower` is 'players'
    or 'them', or worked out from `their_speed` against the PCs' slowest."""
    _require_gm(gm)
    if role not in (Chase.FLEE, Chase.PURSUE):
        raise OldGoldError("Say whether the players flee or pursue: "
                           "+og/chase Ann, Bob=flee (or =pursue).")
    if not members:
        raise OldGoldError("Name the PCs in the chase: +og/chase Ann, Bob=flee.")
    if chase_here(room, required=False):
        raise OldGoldError("A chase is already on here: |w+og/chase|n shows it, "
                           "|w+og/endchase|n ends it.")
    for member in members:
        playing_sheet_of(member)
    ours = slowest_speed(members)
    if not slower and their_speed is not None and ours is not None and ours != their_speed:
        slower = "players" if ours < their_speed else "them"
    chase = Chase.objects.create(
        room=room, gm=gm, players_role=role, members=[m.id for m in members],
        players_die=HEAD_START if head_start == "players" else START,
        their_die=HEAD_START if head_start == "them" else START, slower=slower,
    )
    names = ", ".join(m.key for m in members)
    what = "flee" if role == Chase.FLEE else "give chase"
    lines = [f"|wA chase begins.|n {names} {what}."]
    if head_start:
        lines.append(("The players have" if head_start == "players" else
                      "The other side has") + " a head start: their die starts at 2.")
    if slower == "players":
        lines.append(f"The players' slowest moves {ours}m: they roll with disadvantage.")
    elif slower == "them":
        lines.append("The other side is slower: the players roll with advantage.")
    lines.append(_state(chase))
    lines.append("Describe how you get away or close in; the GM calls the group check "
                 "(|w+og/exchange <attribute> vs <number or foe>|n).")
    return Outcome(tuple(lines), data={"chase": chase})


def show(room):
    return Outcome((_state(chase_here(room)),))


@transaction.atomic
def exchange(gm, room, attribute, difficulty, rng=None):
    """One exchange: the GM calls the players' group check, each member rolls
    their own part (`world.oldgold.groups`), and its result moves a die."""
    from evennia.objects.models import ObjectDB

    from world.oldgold import groups

    _require_gm(gm)
    chase = chase_here(room)
    members = list(ObjectDB.objects.filter(id__in=chase.members))
    members.sort(key=lambda m: chase.members.index(m.id))
    if not members:
        raise OldGoldError("No one of the chase is left; end it with |w+og/endchase|n.")
    called = groups.call_group_check(gm, members, attribute, difficulty, rng,
                                     advantage=chase.slower == "them",
                                     disadvantage=chase.slower == "players", chase=chase)
    lines = [f"Exchange {chase.exchanges + 1}.", *called.lines]
    return Outcome(tuple(lines), data={"chase": chase, "group": called.data["group"]})


def _gain(chase, players, step):
    if players:
        chase.players_die += step
    else:
        chase.their_die += step


def _decide(chase, lines):
    lines.append(_state(chase))
    chase.winner, chase.active = "", True
    if WIN in (chase.players_die, chase.their_die):
        players_won = chase.players_die == WIN
        chase.winner = "players" if players_won else "them"
        chase.active = False
        fleeing = chase.players_role == Chase.FLEE
        if players_won:
            lines.append("|wThe players escape.|n" if fleeing else
                         "|wThe players catch up.|n")
        else:
            lines.append("|wThe hunters are on you.|n" if fleeing else
                         "|wYour quarry gets clear away.|n")
    chase.save()


def settle_exchange(chase, success):
    """The exchange's group check is settled: its result moves one die by 1."""
    chase.exchanges += 1
    _gain(chase, success, 1)
    lines = ["The players gain: their die goes up by 1." if success else
             "The other side gains: its die goes up by 1."]
    _decide(chase, lines)
    return lines


def turn_exchange(chase, success):
    """Inspiration turned a settled exchange: its die moves back, the other on."""
    if not chase.active and Chase.objects.filter(room=chase.room, active=True).exists():
        raise OldGoldError("A new chase is on here; the GM settles the old one. "
                           "Nothing was spent.")
    _gain(chase, not success, -1)
    _gain(chase, success, 1)
    lines = ["The exchange turns: " + ("the players' die goes up instead." if success else
                                       "the other side's die goes up instead.")]
    _decide(chase, lines)
    return lines


@transaction.atomic
def end_chase(gm, room):
    _require_gm(gm)
    chase = chase_here(room)
    chase.active = False
    chase.save(update_fields=["active"])
    return Outcome(("The GM ends the chase. " + _state(chase),))
