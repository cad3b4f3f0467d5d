"""
Old Gold's followers and holdings: recruiting hirelings, mercenaries and
companions (availability by settlement size, wages, morale and loyalty),
battles between armies of units, building and renting strongholds, and the
cost of living. Built like `services`: check, change in one transaction,
log the dice, return an `Outcome`; refusals are `TravelError`s.
"""

from django.db import transaction

from world.dice import oldgold as dice
from world.oldgold import services as og
from world.oldgold.services import Outcome
from world.oldgold_travel import rules
from world.oldgold_travel.errors import TravelError
from world.oldgold_travel.models import Battle, Construction, Follower
from world.oldgold_travel.services import _dice, _log, _require_gm, roll_dice
from world.words import counted, with_article

AVAILABILITY_ATTRIBUTE = "og_availability"


def _percent_up(amount, percent):
    return -(-amount * percent // 100)


# ---------------------------------------------------------------- recruiting


@transaction.atomic
def roll_availability(gm, room, size, rng=None):
    """How many of each kind are present and willing here (refresh monthly)."""
    _require_gm(gm)
    rng = _dice(rng)
    size = (size or "").strip().lower()
    if size not in rules.AVAILABILITY:
        raise TravelError("Say the settlement's size: village, town or city.")
    counts, faces, parts = {}, [], []
    for kind, expression in rules.AVAILABILITY[size].items():
        total, thrown = roll_dice(expression, rng)
        counts[kind] = total
        faces += thrown
        parts.append(f"{rules.RECRUITS[kind].name} {total}"
                     + (f" ({expression} {thrown})" if thrown else ""))
    room.attributes.add(AVAILABILITY_ATTRIBUTE, {"size": size, "counts": counts})
    line = f"Recruits willing to work in this {size}: " + ", ".join(parts) + "."
    _log("availability", gm, room, faces, line, size=size, counts=counts)
    return Outcome((line,), data={"counts": counts})


def recruits_text(room):
    state = room.attributes.get(AVAILABILITY_ATTRIBUTE) if room else None
    lines = ["Followers for hire (wage a day):"]
    for recruit in rules.RECRUITS.values():
        here = ""
        if state:
            here = f", {state['counts'].get(recruit.key, 0)} here"
        where = "fights, stays out of dungeons" if recruit.fights else "will not fight"
        lines.append(f"  {recruit.key:<10} {recruit.wage:>3} gp  {recruit.examples} "
                     f"({where}{here})")
    if not state:
        lines.append("No one has asked around here yet: a GM rolls who is willing with "
                     "|w+hire/avail <village, town or city>|n.")
    return "\n".join(lines)


@transaction.atomic
def hire(character, room, kind, name):
    """Take on a hireling or mercenary: the first day's wage is paid at once."""
    sheet = og.playing_sheet(character)
    recruit = rules.RECRUITS.get((kind or "").strip().lower())
    if recruit is None:
        raise TravelError("Hire a common, skilled or expert hireling, a swordsman or an "
                          "archer: |w+hire common=Pim|n. |w+hire/list|n shows wages.")
    name = (name or "").strip()[:40] or recruit.name.capitalize()
    state = room.attributes.get(AVAILABILITY_ATTRIBUTE) if room else None
    if not state:
        raise TravelError("No one here has been asked yet: a GM rolls who is willing with "
                          "|w+hire/avail <village, town or city>|n.")
    if state["counts"].get(recruit.key, 0) < 1:
        raise TravelError(f"No {recruit.name} is willing to work here this month.")
    if Follower.objects.filter(employer=character, name__iexact=name).exists():
        raise TravelError(f"You already have a follower called {name}.")
    og._spend(sheet, recruit.wage, f"A day of a {recruit.name}")
    sheet.save(update_fields=["coin"])
    state["counts"][recruit.key] -= 1
    room.attributes.add(AVAILABILITY_ATTRIBUTE, state)
    stats = dict(recruit.stats, attacks=[{"name": recruit.attack[0],
                                          "damage": recruit.attack[1]}])
    follower = Follower.objects.create(
        employer=character, name=name, kind=recruit.key, wage=recruit.wage,
        morale=recruit.stats["morale"], stats=stats, paid_through_day=1)
    note = " (won't fight or take risks)" if not recruit.fights else " (won't enter dungeons)"
    return Outcome((f"{character.key} hires {name}, {with_article(recruit.name)}{note}, for "
                    f"{recruit.wage} gp a day, and pays the first day.",),
                   data={"follower": follower})


@transaction.atomic
def add_companion(gm, character, name, level):
    """A companion, made like a PC; follows only a higher-level adventurer."""
    _require_gm(gm)
    sheet = og.playing_sheet_of(character)
    if not 1 <= level < sheet.level:
        raise TravelError(f"A companion follows only a higher-level adventurer: "
                          f"{character.key} is level {sheet.level}, so the companion's level "
                          f"must be 1 to {sheet.level - 1}.")
    name = (name or "").strip()[:40]
    if not name:
        raise TravelError("Name the companion.")
    follower = Follower.objects.create(employer=character, name=name, kind="companion",
                                       wage=0, morale=None, stats={"level": level})
    return Outcome((f"{name} (level {level}) joins {character.key} as a companion: an equal "
                    "share of treasure, and no morale checks.",), data={"follower": follower})


def follower_named(character, name):
    name = (name or "").strip()
    found = Follower.objects.filter(employer=character, name__iexact=name).first()
    if found is None:
        raise TravelError(f"You have no follower called '{name}' (|w+hire|n lists them).")
    return found


def followers_text(character):
    followers = list(Follower.objects.filter(employer=character))
    if not followers:
        return "You have no followers. |w+hire/list|n shows who can be hired."
    lines = ["Your followers:"]
    for f in followers:
        if f.kind == "companion":
            lines.append(f"  {f.name}: companion, level {f.stats.get('level', 1)}")
            continue
        lines.append(f"  {f.name}: {rules.RECRUITS[f.kind].name}, {f.wage} gp a day, "
                     f"morale {f.morale}{_loyalty(f)}, paid through day {f.paid_through_day}, "
                     f"served {counted(f.days_served, 'day')}")
    return "\n".join(lines)


def _loyalty(follower):
    if not follower.loyalty:
        return ""
    return f" (loyalty {follower.loyalty:+d})"


@transaction.atomic
def pay_wages(character, days):
    """Pay every hired follower `days` days of wages from coin."""
    sheet = og.playing_sheet(character)
    if not 1 <= days <= rules.MAX_DAYS:
        raise TravelError(f"Pay from 1 to {rules.MAX_DAYS} days at a time.")
    hired = list(Follower.objects.filter(employer=character).exclude(kind="companion"))
    if not hired:
        raise TravelError("You have no one on wages.")
    total = sum(f.wage for f in hired) * days
    og._spend(sheet, total, f"{counted(days, 'day')} of wages")
    sheet.save(update_fields=["coin"])
    for follower in hired:
        follower.paid_through_day += days
        follower.days_served += days
        follower.save(update_fields=["paid_through_day", "days_served"])
    return Outcome((f"{character.key} pays {total} gp: {counted(days, 'day')} of wages for "
                    + ", ".join(f.name for f in hired) + f" ({sheet.coin} gp left).",))


@transaction.atomic
def follower_morale(gm, character, name, rng=None):
    """2d6 against the follower's morale plus loyalty; over it, they break."""
    _require_gm(gm)
    rng = _dice(rng)
    follower = follower_named(character, name)
    if follower.morale is None:
        raise TravelError(f"{follower.name} is a companion: companions don't check morale.")
    morale = max(0, follower.morale + follower.loyalty)
    result = dice.morale_check(morale, rng)
    line = f"{follower.name} ({character.key}'s {follower.kind}): {result.render()}."
    if result.breaks:
        line += " They flee, refuse or walk off."
    _log("follower_morale", gm, gm.location, result.dice, line, follower=follower.pk,
         breaks=result.breaks)
    return Outcome((line,), data={"breaks": result.breaks})


@transaction.atomic
def set_loyalty(gm, character, name, change):
    _require_gm(gm)
    follower = follower_named(character, name)
    follower.loyalty = max(-5, min(5, follower.loyalty + change))
    follower.save(update_fields=["loyalty"])
    return Outcome((f"{follower.name}'s loyalty is now {follower.loyalty:+d}.",))


@transaction.atomic
def dismiss(character, name):
    follower = follower_named(character, name)
    follower.delete()
    return Outcome((f"{character.key} parts ways with {follower.name}.",))


# ---------------------------------------------------------------- warfare


def battle_here(room, required=True):
    battle = Battle.objects.filter(room=room).first()
    if battle is None and required:
        raise TravelError("No battle here: a GM starts one with "
                          "|w+war/start <side> <units>=<side> <units>|n.")
    return battle


def _side(name, units, commander=None):
    return {"name": name, "strength": units, "units": units, "lost_rounds": 0,
            "commander": commander.id if commander else None,
            "commander_name": commander.key if commander else "", "speech_used": False,
            "fled": False}


@transaction.atomic
def start_battle(gm, room, first, second):
    """`first`/`second` are (name, units, commander or None)."""
    _require_gm(gm)
    if battle_here(room, required=False):
        raise TravelError("A battle is already fought here (|w+war|n shows it).")
    for name, units, _ in (first, second):
        if not name or not 1 <= units <= rules.MAX_UNITS:
            raise TravelError(f"Each side needs a name and 1 to {rules.MAX_UNITS} units.")
    battle = Battle.objects.create(room=room, sides=[_side(*first), _side(*second)])
    cost = (first[1] + second[1]) * rules.UNIT_COST_PER_MONTH
    return Outcome((f"Battle: {first[0]} ({first[1]} power) against {second[0]} "
                    f"({second[1]} power). Fielding them costs {cost:,} gp a month in all.",),
                   data={"battle": battle})


def _side_named(battle, name):
    name = (name or "").strip().lower()
    for index, side in enumerate(battle.sides):
        if side["name"].lower().startswith(name) and name:
            return index
    raise TravelError("Name a side: " + " or ".join(s["name"] for s in battle.sides) + ".")


@transaction.atomic
def battle_round(gm, room, side_name, advantage=False, disadvantage=False, rng=None):
    """One side checks with its power against 10 + the other's power; the
    loser loses 10% (20% by 10 or more) of its first strength and checks morale."""
    _require_gm(gm)
    rng = _dice(rng)
    battle = battle_here(room)
    if battle.winner:
        raise TravelError(f"The battle is over: {battle.winner} won. |w+war/end|n clears it.")
    sides = [dict(s) for s in battle.sides]
    me = _side_named(battle, side_name)
    them = 1 - me
    power, against = sides[me]["units"], sides[them]["units"]
    difficulty = rules.BATTLE_BASE_DIFFICULTY + against
    check = dice.check(power, difficulty, rng, advantage, disadvantage)
    battle.round += 1
    loser = them if check.success else me
    margin = abs(check.total - difficulty)
    percent = rules.HEAVY_LOSS_PERCENT if margin >= rules.HEAVY_LOSS_MARGIN else (
        rules.LOSS_PERCENT)
    losing = sides[loser]
    lost = min(losing["units"], _percent_up(losing["strength"], percent))
    losing["units"] -= lost
    losing["lost_rounds"] += 1
    lines = [f"Round {battle.round}: {sides[me]['name']} check with power {power} against "
             f"{difficulty}: {check.render()}.",
             f"{losing['name']} lose the round and {lost} unit{'' if lost == 1 else 's'} "
             f"({percent}% of "
             f"{losing['strength']}); {losing['units']} remain."]
    faces = list(check.dice)
    if losing["units"] == 0:
        battle.winner = sides[1 - loser]["name"]
        lines.append(f"{losing['name']} are destroyed. {battle.winner} win the battle.")
    else:
        morale = rules.BATTLE_MORALE_BASE - losing["lost_rounds"]
        result = dice.morale_check(morale, rng)
        faces += list(result.dice)
        lines.append(f"{losing['name']}: {result.render()}.")
        if result.breaks:
            lines += _failed_morale(battle, sides, loser, rng, faces)
    battle.sides = sides
    battle.save()
    _log("battle", gm, room, faces, " ".join(lines), round=battle.round, winner=battle.winner)
    return Outcome(tuple(lines), data={"battle": battle})


def _failed_morale(battle, sides, loser, rng, faces):
    from evennia.objects.models import ObjectDB

    losing = sides[loser]
    commander = ObjectDB.objects.filter(id=losing["commander"]).first() if (
        losing["commander"]) else None
    if commander is not None and not losing["speech_used"]:
        losing["speech_used"] = True
        score = og.score_of(commander, rules.SPEECH_ATTRIBUTE)
        speech = dice.check(score, rules.SPEECH_DIFFICULTY, rng)
        faces += list(speech.dice)
        line = (f"{commander.key} rallies them with a speech, Heart against "
                f"{rules.SPEECH_DIFFICULTY}: {speech.render()}.")
        if speech.success:
            return [line, f"{losing['name']} stand and fight on."]
        lines = [line]
    else:
        lines = []
    losing["fled"] = True
    battle.winner = sides[1 - loser]["name"]
    return lines + [f"{losing['name']} break and flee. {battle.winner} win the battle."]


@transaction.atomic
def withdraw(gm, room, side_name):
    _require_gm(gm)
    battle = battle_here(room)
    sides = [dict(s) for s in battle.sides]
    index = _side_named(battle, side_name)
    sides[index]["fled"] = True
    battle.winner = sides[1 - index]["name"]
    battle.sides = sides
    battle.save()
    return Outcome((f"{sides[index]['name']} withdraw; {battle.winner} hold the field.",))


@transaction.atomic
def end_battle(gm, room):
    _require_gm(gm)
    battle_here(room).delete()
    return Outcome(("The battle is cleared away.",))


def battle_text(battle):
    lines = [f"Battle, round {battle.round}" + (f", won by {battle.winner}"
                                                if battle.winner else "") + ":"]
    for side in battle.sides:
        commander = f", led by {side['commander_name']}" if side["commander_name"] else ""
        lines.append(f"  {side['name']}: {side['units']} of {side['strength']} units, "
                     f"{side['lost_rounds']} rounds lost{commander}")
    return "\n".join(lines)


# ---------------------------------------------------------------- construction


def building_named(text):
    key = (text or "").strip().lower()
    if key not in rules.BUILDINGS:
        raise TravelError(f"'{text}' is not on the list: " + ", ".join(rules.BUILDINGS) + ".")
    return key


def buildings_text():
    lines = ["Buildings (listed cost, days to build; new work costs "
             f"{rules.NEW_BUILD_PERCENT}%, renting {rules.RENT_PERCENT_PER_MONTH}% a month):"]
    for key, (cost, days) in rules.BUILDINGS.items():
        build = _percent_up(cost, rules.NEW_BUILD_PERCENT)
        rent = _percent_up(cost, rules.RENT_PERCENT_PER_MONTH)
        lines.append(f"  {key:<11} {cost:>8,} gp  build {build:>8,} gp in {days:>3} days  "
                     f"rent {rent:>5,} gp")
    return "\n".join(lines)


@transaction.atomic
def build(character, building, name, buy_land=False):
    """Start a new building: 150% of its listed cost (plus 20% for land in a
    settlement), paid now from coin; it takes the listed days."""
    sheet = og.playing_sheet(character)
    key = building_named(building)
    cost, days = rules.BUILDINGS[key]
    price = _percent_up(cost, rules.NEW_BUILD_PERCENT)
    land = _percent_up(cost, rules.LAND_PERCENT) if buy_land else 0
    name = (name or "").strip()[:40] or key.capitalize()
    og._spend(sheet, price + land, f"Building {with_article(key)}")
    sheet.save(update_fields=["coin"])
    work = Construction.objects.create(owner=character, building=key, name=name,
                                       cost=price + land, days=days)
    land_words = f" and {land:,} gp for the land" if land else ""
    return Outcome((f"{character.key} starts building {name} ({key}) for {price:,} gp"
                    f"{land_words}; it takes {counted(days, 'day')}.",), data={"construction": work})


@transaction.atomic
def work_days(gm, character, name, days):
    _require_gm(gm)
    work = Construction.objects.filter(owner=character, name__iexact=(name or "").strip()).first()
    if work is None:
        raise TravelError(f"{character.key} builds nothing called '{name}'.")
    if not 1 <= days <= rules.MAX_DAYS:
        raise TravelError(f"Advance from 1 to {rules.MAX_DAYS} days.")
    work.days_done = min(work.days, work.days_done + days)
    work.save(update_fields=["days_done"])
    state = "finished" if work.finished else f"{work.days_done} of {work.days} days done"
    return Outcome((f"{work.name}: {state}.",))


def constructions_text(character):
    works = list(Construction.objects.filter(owner=character))
    if not works:
        return "You are building nothing. |w+stronghold/list|n shows costs and times."
    return "\n".join(["Your buildings:"] + [
        f"  {w.name} ({w.building}): {'finished' if w.finished else f'{w.days_done}/{w.days} days'}"
        for w in works])


@transaction.atomic
def business_profit(gm, character, investment, rng=None):
    """A year's profit of a smoothly run business: 2d6% of its investment."""
    _require_gm(gm)
    rng = _dice(rng)
    percent, faces = roll_dice(rules.BUSINESS_PROFIT_DICE, rng)
    profit = _percent_up(investment, percent)
    line = (f"{character.key}'s business earns 2d6 {faces} = {percent}% of {investment:,} gp "
            f"this year: {profit:,} gp.")
    _log("profit", gm, gm.location, faces, line, profit=profit)
    return Outcome((line,), data={"profit": profit})


# ---------------------------------------------------------------- cost of living


def living_text():
    lines = ["Cost of living (gp): lodging a night, meals and drink a day:"]
    for key, (lodging, meals) in rules.LIVING.items():
        lines.append(f"  {key:<12} {lodging:>3} + {meals:>3}")
    lines.append("Pay with |w+living modest=7|n (a week), or |w+living/home modest=7|n "
                 "when you own a house.")
    return "\n".join(lines)


@transaction.atomic
def live(character, standard, days, at_home=False):
    sheet = og.playing_sheet(character)
    standard = (standard or "").strip().lower()
    if standard not in rules.LIVING:
        raise TravelError("Choose a standard: " + ", ".join(rules.LIVING) + ".")
    if not 1 <= days <= rules.MAX_DAYS:
        raise TravelError(f"Pay for 1 to {rules.MAX_DAYS} days.")
    lodging, meals = rules.LIVING[standard]
    per_day = meals + (0 if at_home else lodging)
    og._spend(sheet, per_day * days, f"{counted(days, 'day')} of {standard} living")
    sheet.save(update_fields=["coin"])
    where = "at home" if at_home else "with lodging"
    return Outcome((f"{character.key} lives {standard} for {counted(days, 'day')} {where}: "
                    f"{per_day * days} gp ({sheet.coin} gp left).",))
