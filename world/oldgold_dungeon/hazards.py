"""
Old Gold's hazards and weather effects (the text's section 9), applied by a
GM to adventurers' sheets: the damage, the checks, and what they leave.

HAZARDS holds the text's numbers; `apply_hazard` rolls one hazard for one
adventurer (or Old Gold creature) and returns an Outcome like every Old
Gold service. Damage the text does not call direct is reduced by DP, as an
attack's is (OURS: the text is silent on armour against hazards).
"""

from dataclasses import dataclass

from django.db import transaction

from world.oldgold.errors import OldGoldError


@dataclass(frozen=True)
class Hazard:
    key: str
    name: str
    summary: str  # our words
    damage: str = ""  # dice per exposure (a watch, a round, a fall...)
    direct: bool = False
    check: str = ""  # the attribute a check to resist uses
    per: str = ""  # what one application is: watch, round (each time it would act), fall


FALL_FREE_METRES = 2  # TEXT: the first 2m do nothing
FALL_STEP_METRES = 2  # TEXT: 1d4 for every further 2m
FALL_DIE = "1d4"
FALL_DEADLY_MAXES = 3  # TEXT: three or more dice on their highest face kill
BREATH_BASE_ROUNDS = 6  # TEXT: 6 + Might Bonus rounds
INTOXICATION_DIFFICULTY = 10  # OURS: the text gives the check, not its difficulty
INTOXICATION_BAD_MARGIN = 5  # TEXT: failing by 5 or more
INTOXICATION_SLEEP = "1d4"  # TEXT: watches unconscious

HAZARDS = {h.key: h for h in (
    Hazard("rain", "Rain", "Hard to see and hear, slow going, mud underfoot; long rain "
           "may flood low ground."),
    Hazard("lightning", "Lightning", "A strike: animals close by become frightened and "
           "anything that burns catches.", damage="2d10", per="strike"),
    Hazard("snow", "Snow", "Hard to see, slow going; deep snow is difficult terrain and "
           "leaves travellers unsure of the way."),
    Hazard("cold", "Extreme cold", "Without the right gear, each watch hurts; a rest "
           "without fire and shelter does nothing.", damage="1d6", direct=True, per="watch"),
    Hazard("fog", "Fog", "Hard to see and easy to get lost: navigation checks even on "
           "known ground."),
    Hazard("wind", "Wind", "Ranged and thrown weapons reach half as far; strong gusts "
           "drown sound, slow movement, topple loose things and carry scents."),
    Hazard("storm", "Storm", "Lashing rain, gales and lightning, all at once.",
           damage="2d10", per="strike"),
    Hazard("heat", "Extreme heat", "Without water and shade, each watch hurts, and a "
           "rest eats one more ration.", damage="1d3", direct=True, per="watch"),
    Hazard("burning", "Burning", "On fire: it hurts as each of the creature's turns begins, "
           "until it drops and rolls (a main action) or the flames are put out.",
           damage="2d6", per="round"),
    Hazard("falling", "Falling", "1d4 for every 2m beyond the first 2; three dice or "
           "more on 4 and the fall kills.", damage=FALL_DIE, per="fall"),
    Hazard("suffocating", "Suffocating", "Breath lasts 6 + Might Bonus rounds; after "
           "that the creature blacks out and is hurt as each of its turns begins.",
           damage="2d6", direct=True, per="round"),
    Hazard("intoxication", "Intoxication", "A Might check after heavy drinking: a "
           "failure gives disadvantage on every roll for a watch; failing by 5 or more "
           "knocks the drinker out for 1d4 watches instead.", check="might"),
    Hazard("poison", "Poison", "Roll Might against the poison's rating; on a failure its "
           "effects take hold (the GM says what they are).", check="might"),
)}


def hazard_named(text):
    wanted = (text or "").strip().lower()
    aliases = {"extreme cold": "cold", "extreme heat": "heat", "fire": "burning",
               "fall": "falling", "drowning": "suffocating", "drown": "suffocating",
               "drink": "intoxication", "drunk": "intoxication"}
    wanted = aliases.get(wanted, wanted)
    found = [key for key in HAZARDS if wanted and key.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError(f"'{text}' is not a hazard: " + ", ".join(HAZARDS) + ".")
    return HAZARDS[found[0]]


def breath_rounds(might_score):
    from world.dice import oldgold as dice

    return BREATH_BASE_ROUNDS + dice.attribute_bonus(might_score)


def _fall_dice(metres):
    return max(0, (metres - FALL_FREE_METRES) // FALL_STEP_METRES)


@transaction.atomic
def apply_hazard(gm, target, hazard_text, rng=None, metres=None, difficulty=None,
                 times=1):
    """Roll `hazard_text` for `target` (`times` exposures: watches, turns,
    strikes). Falling needs `metres`; poison a `difficulty`."""
    from world.dice import expr
    from world.oldgold import combat, services
    from world.oldgold import rules as og_rules

    services._require_gm(gm)
    hazard = hazard_named(hazard_text)
    services._require_combatant_record(target)
    rng = services._dice(rng)
    encounter = services.encounter_here(target.location, required=False)
    lines, rolled = [], []
    if hazard.check:
        if hazard.key == "poison" and difficulty is None:
            raise OldGoldError("Give the poison's difficulty: +hazard poison=Ann, 12.")
        target_number = INTOXICATION_DIFFICULTY if difficulty is None else difficulty
        # The adventurers' check: a dwarf resists poison (drink too) with
        # advantage, a day without rest gives disadvantage, and the rest.
        checked = services.make_check(target, services.CheckRequest(
            hazard.check, target_number, resist="poison"), rng, kind="check")
        result = checked.data["check"]
        rolled += list(result.dice)
        line = f"{target.key} resists {hazard.name.lower()}. {checked.lines[0]}"
        if result.success:
            lines.append(line + ".")
        elif hazard.key == "poison":
            lines.append(line + ": the poison takes hold (the GM tells its effects).")
        elif target_number - result.total >= INTOXICATION_BAD_MARGIN and \
                result.critical != "success":
            sleep = expr.roll(INTOXICATION_SLEEP, rng)
            rolled += list(sleep.dice)
            services.add_condition(target, "unconscious",
                                   sleep.total * og_rules.DURATION_ROUNDS["watch"], "drink")
            lines.append(line + f" by 5 or more: out cold for {sleep.render()} watches.")
        else:
            lines.append(line + ": disadvantage on every roll for a watch.")
    elif hazard.damage:
        if hazard.key == "falling":
            if metres is None or not 0 <= metres <= 1000:
                raise OldGoldError("Say how far the fall is: +hazard falling=Ann, 9 (metres).")
            count = _fall_dice(metres)
            if count == 0:
                return services.Outcome((f"{target.key} drops {metres}m and lands "
                                         "unhurt.",))
            faces = [rng.randint(1, 4) for _ in range(count)]
            rolled += faces
            total = sum(faces)
            highest = sum(1 for f in faces if f == 4)
            head = f"{target.key} falls {metres}m: {count}d4 {faces} = {total}"
            if highest >= FALL_DEADLY_MAXES:
                lines.append(head + f", {highest} dice on 4: killed by the impact.")
                _kill(target, encounter, lines)
                _log(target, hazard, rolled, lines)
                return services.Outcome(tuple(lines))
            amounts = [(head, total)]
        else:
            if not 1 <= times <= 24:
                raise OldGoldError("Apply a hazard from 1 to 24 times at once.")
            amounts = []
            for _ in range(times):
                result = expr.roll(hazard.damage, rng)
                rolled += list(result.dice)
                amounts.append((f"{target.key} suffers {hazard.name.lower()}: "
                                f"{result.render()}", result.total))
        for head, amount in amounts:
            dp = 0 if hazard.direct else combat._dp(target)
            taken = max(0, amount - dp)
            how = "direct" if hazard.direct else f"DP {dp}"
            lines.append(f"{head} ({how}): {taken} taken.")
            combat._apply_damage(encounter, target, taken, lines)
        if hazard.key == "suffocating":
            lines.append(f"{target.key} is unconscious until they can breathe.")
            services.add_condition(target, "unconscious", None, "no air")
    else:
        lines.append(f"{hazard.name}: {hazard.summary}")
    if encounter is not None:
        encounter.save()
    _log(target, hazard, rolled, lines)
    return services.Outcome(tuple(lines))


def _kill(target, encounter, lines):
    from world.oldgold import combat, services

    if services.is_npc(target):
        combat._apply_damage(encounter, target, services.npc_stats(target)["hp"], lines)
        return
    sheet = services.sheet_of(target, target)
    sheet.hp = 0
    sheet.dead = True
    sheet.save(update_fields=["hp", "dead"])
    entry = combat._entry_of(encounter, target) if encounter else None
    if entry is not None:
        entry["out"] = "dead"
        encounter.save()


def _log(target, hazard, rolled, lines):
    from world.oldgold import services

    services._log("hazard", target, target.location, rolled, " ".join(lines),
                  hazard=hazard.key)


def hazard_list():
    lines = ["|wOld Gold hazards|n"]
    for hazard in HAZARDS.values():
        numbers = ""
        if hazard.damage:
            numbers = f" [{hazard.damage}{' direct' if hazard.direct else ''}"
            numbers += f" a {hazard.per}]" if hazard.per else "]"
        elif hazard.check:
            numbers = f" [{hazard.check.capitalize()} check]"
        lines.append(f"|w{hazard.name}|n{numbers}: {hazard.summary}")
    return "\n".join(lines)
