"""
Inspiration: "spend it to reroll any roll you make". The roll spent on is
the adventurer's own last recorded roll, whatever kind it was; what it did
is undone and the new roll applied in its place (the new roll stands).

Each kind of roll has a rerolling function here, keyed by the roll log's
`kind`; it reads the details the first roll recorded.
"""

from django.db import transaction

from world.dice import expr
from world.dice import oldgold as dice
from world.oldgold import groups, rules
from world.oldgold.errors import OldGoldError
from world.oldgold.models import OldGoldRoll
from world.oldgold.services import (
    Outcome,
    _dice,
    _entry_of,
    _log,
    encounter_here,
    playing_sheet,
    remove_condition,
    reroll_check,
)


def _again(character, text):
    return f"{character.key} spends Inspiration and rolls again. {text}"


def _attack(character, last, rng):
    from evennia.objects.models import ObjectDB

    from world.oldgold import combat

    d = last.details
    if d.get("blocked") or "damage" not in d:
        raise OldGoldError("That attack rolled no dice (it was blocked): there is nothing "
                           "to roll again. Nothing was spent.")
    if d.get("splintered"):
        raise OldGoldError("A shield already took that blow; there is nothing to roll again.")
    target = ObjectDB.objects.filter(id=d["target_id"]).first()
    if target is None:
        raise OldGoldError("The target of that attack is gone.")
    encounter = encounter_here(last.room, required=False) if last.room else None
    combat.undo_damage(encounter, target, d.get("lost", d["taken"]))
    rolled = combat.roll_attack_damage(d, rng)
    lines = [_again(character, f"Against {target.key}: {rolled.damage.render()}"
                    f" (was {d['taken']} taken).")]
    before = combat._hp(target)
    combat._apply_damage(encounter, target, rolled.taken, lines)
    if encounter is not None:
        encounter.save()
    _log("attack", character, character.location, rolled.dice, lines[0],
         **{**d, "taken": rolled.taken, "lost": before - combat._hp(target), "of": last.pk})
    return Outcome(tuple(lines), data={"taken": rolled.taken})


def _undo_death_outcome(sheet, outcome, entry):
    if outcome == "dies":
        sheet.dead = False
    elif outcome == "recovers":
        sheet.hp = 0
    if entry is not None:
        entry["out"] = "down"


def _death(character, last, rng, kind="death"):
    sheet = playing_sheet_even_dead(character)
    encounter = encounter_here(character.location, required=False)
    entry = _entry_of(encounter, character) if encounter else None
    d = last.details
    _undo_death_outcome(sheet, d.get("outcome"), entry)
    result = dice.death_roll(rng, d.get("advantage", False), d.get("disadvantage", False))
    lines = [_again(character, f"{result.render()} (was: {d.get('outcome')}).")]
    if result.outcome == "dies":
        sheet.dead = True
        lines.append(f"|r{character.key} is dead.|n")
        if entry is not None:
            entry["out"] = "dead"
    elif result.outcome == "recovers":
        sheet.hp = dice.RECOVERED_HP
        remove_condition(character, "prone")
        if entry is not None:
            entry["out"] = None
    sheet.save(update_fields=["dead", "hp"])
    if encounter is not None:
        encounter.save()
    _log(kind, character, character.location, result.dice, lines[0],
         **{**d, "outcome": result.outcome, "of": last.pk})
    return Outcome(tuple(lines), data={"death": result})


def _deprivation(character, last, rng):
    return _death(character, last, rng, kind="deprivation")


def playing_sheet_even_dead(character):
    """A death roll that killed may still be rolled again."""
    from world.oldgold.models import OldGoldSheet

    sheet = OldGoldSheet.objects.filter(character=character,
                                        status=OldGoldSheet.APPROVED).first()
    if sheet is None:
        return playing_sheet(character)
    return sheet


def _level(character, last, rng):
    sheet = playing_sheet(character)
    d = last.details
    old_gain = d["gain"]
    might = rules.HP_PER_MIGHT if d["attribute"] == "might" else 0
    hp = dice.roll_hp(0, rng, advantage=d.get("advantage", False), sides=rules.LEVEL_HP_SIDES)
    gain = hp.total + might
    sheet.max_hp = sheet.max_hp - old_gain + gain
    sheet.hp = max(0, min(sheet.max_hp, sheet.hp - old_gain + gain))
    sheet.save(update_fields=["max_hp", "hp"])
    extra = f" + {might} for Might" if might else ""
    line = _again(character, f"Level {sheet.level} {hp.render()}{extra} "
                  f"(was +{old_gain}): max HP {sheet.max_hp}.")
    _log("level", character, character.location, hp.dice, line, **{**d, "gain": gain,
                                                                     "of": last.pk})
    return Outcome((line,))


def _rest(character, last, rng):
    sheet = playing_sheet(character)
    d = last.details
    die = expr.roll(rules.REST_HP_DIE, rng).total
    before = max(0, sheet.hp - d["healed"])
    sheet.hp = min(sheet.max_hp, before + die)
    sheet.save(update_fields=["hp"])
    line = _again(character, f"Rest {rules.REST_HP_DIE} [{die}] (was [{d['die']}]): HP {before} -> "
                  f"{sheet.hp}.")
    _log("rest", character, character.location, [die], line,
         **{**d, "die": die, "healed": sheet.hp - before, "of": last.pk})
    return Outcome((line,))


def _downtime(character, last, rng):
    d = last.details
    if not d.get("carousing"):
        raise OldGoldError("Spending gold rolled no dice; there is nothing to roll again.")
    die = rng.randint(1, 20)
    line = _again(character, f"Carousing, 1d20 [{die}]: {rules.CAROUSING[die]}")
    _log("downtime", character, character.location, [die], line, **{**d, "of": last.pk})
    return Outcome((line,))


def _defend(character, last, rng):
    encounter = encounter_here(character.location)
    entry = _entry_of(encounter, character)
    if entry is None:
        raise OldGoldError("You are not in this fight.")
    die = expr.roll(rules.DEFEND_DIE, rng).total
    was, entry["defend"] = entry["defend"], die
    encounter.save()
    line = _again(character, f"Defend {rules.DEFEND_DIE} [{die}] (was +{was}): +{die} DP until "
                  "their next turn.")
    _log("defend", character, character.location, [die], line, of=last.pk)
    return Outcome((line,))


def _magic(character, last, rng):
    from evennia.objects.models import ObjectDB

    from world.oldgold import magic as spells

    d = last.details
    chosen = rules.magic_named(d.get("magic", ""))
    if not last.dice:
        raise OldGoldError(f"{chosen.name if chosen else 'That cast'} rolled no dice: there "
                           "is nothing to roll again. Nothing was spent.")
    if "cast_bonus" not in d:
        raise OldGoldError("That cast was made before spells could be rolled again; "
                           "ask the GM to settle it. Nothing was spent.")
    found = {o.id: o for o in ObjectDB.objects.filter(id__in=d["target_ids"])}
    if any(i not in found for i in d["target_ids"]):
        raise OldGoldError(f"A target of {chosen.name} is gone; the GM settles it. "
                           "Nothing was spent.")
    targets = [found[i] for i in d["target_ids"]]
    encounter = encounter_here(character.location, required=False)
    spells.undo_changes(encounter, d["changes"], {**found, character.id: character})
    lines = [_again(character, f"{chosen.name}, with new dice:")]
    rolled, changes = spells.apply_effect(encounter, character, playing_sheet(character),
                                          chosen, targets, rng, lines, d)
    if encounter is not None:
        encounter.save()
    _log("magic", character, character.location, rolled, " ".join(lines),
         **{**d, "changes": changes, "of": last.pk})
    return Outcome(tuple(lines), data={"magic": chosen})


def _escape(character, last, rng):
    from world.oldgold import combat

    outcome = reroll_check(character, last, rng, kind="escape")
    success = outcome.data["check"].success
    lines = [*outcome.lines, *combat.held_after(character, last.details["held"], success)]
    return Outcome(tuple(lines), data=outcome.data)


REROLLS = {
    "check": reroll_check,
    "escape": _escape,
    "reroll": reroll_check,
    "attack": _attack,
    "death": _death,
    "deprivation": _deprivation,
    "level": _level,
    "rest": _rest,
    "downtime": _downtime,
    "defend": _defend,
    "magic": _magic,
    "grouppart": groups.reroll_part,
}


@transaction.atomic
def reroll(character, rng=None, cast=False):
    """Spend Inspiration on the last roll; with `cast`, it must be a spell's."""
    rng = _dice(rng)
    sheet = playing_sheet_even_dead(character)
    if not sheet.inspiration:
        raise OldGoldError("You have no Inspiration to spend. A GM grants it with "
                           "+og/inspire <name>.")
    last = OldGoldRoll.objects.filter(roller=character).first()
    if last is None:
        raise OldGoldError("You have made no roll to roll again. Roll first (a check, "
                           "an attack, a death roll...), then |w+og/reroll|n.")
    if cast and last.kind != "magic":
        raise OldGoldError("Your last roll was no spell or prayer: cast first, then "
                           "|w+og/reroll cast|n (|w+og/reroll|n rolls your last roll "
                           "again, whatever it was). Nothing was spent.")
    again = REROLLS.get(last.kind)
    if again is None:
        raise OldGoldError(
            f"Your last roll ({last.kind}) cannot be rolled again by the server: "
            "ask the GM to settle it. Nothing was spent.")
    outcome = again(character, last, rng)
    sheet.refresh_from_db()
    sheet.inspiration = False
    sheet.save(update_fields=["inspiration"])
    return outcome
