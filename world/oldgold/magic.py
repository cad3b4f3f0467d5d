"""
Old Gold magic: casting a spell from a spellbook or invoking a prayer from a
relic (in hand, a usage dot marked, refused when spent), the checks the text
asks for, and the effects that change numbers (damage, healing, direct
damage, conditions with their durations, morale, mending) applied by the
server; the rest is posted for the GM to narrate. The spells and prayers
themselves are data in `world.oldgold.rules`.
"""

from django.db import transaction

from world.dice import expr
from world.dice import oldgold as dice
from world.oldgold import rules
from world.oldgold.combat import (
    _acting_entry,
    _apply_damage,
    _dp,
    _heal,
    _hp,
    _require_able,
)
from world.oldgold.errors import OldGoldError
from world.oldgold.models import OldGoldSheet
from world.oldgold.services import (
    Outcome,
    _conditions,
    _dice,
    _entry_of,
    _full_refusal,
    _log,
    _new_magic_item,
    _require_combatant_record,
    _require_gm,
    _room_in,
    _save_conditions,
    attribute_named,
    bonus,
    encounter_here,
    has_condition,
    is_npc,
    item_named,
    npc_stats,
    playing_sheet,
    remove_condition,
    score_of,
    sheet_of,
)


def _magic_items(sheet):
    return [i for i in sheet.items.all() if i.kind in ("spellbook", "relic")]


def _book_for(sheet, magic):
    for item in _magic_items(sheet):
        if magic.kind == "spell" and item.details.get("spell") == magic.number:
            return item
        if magic.kind == "prayer" and magic.number in item.details.get("prayers", []):
            return item
    return None


def _duration(magic, cast_bonus):
    if not magic.duration:
        if magic.condition in ("petrified", "restrained", "blessed", "charmed", "asleep"):
            return None
        return 1
    count, unit = magic.duration
    count = cast_bonus if count == "bonus" else count
    return count * rules.DURATION_ROUNDS[unit]


@transaction.atomic
def cast(caller, magic_text, targets=(), rng=None, item_text="", attribute=""):
    """Cast a spell or invoke a prayer from a book or relic in hand."""
    rng = _dice(rng)
    sheet = playing_sheet(caller)
    magic = rules.magic_named(magic_text)
    if magic is None:
        raise OldGoldError(f"'{magic_text}' is no spell or prayer: |w+og/magic|n lists them.")
    book = _book_for(sheet, magic)
    if book is None:
        raise OldGoldError(f"You carry no spellbook or relic with {magic.name}.")
    if book.location != "hands":
        raise OldGoldError(f"{book.name} must be in hand: |w+og/carry {book.name}=hands|n.")
    if book.spent:
        raise OldGoldError(f"{book.name} is spent: its dots clear on a successful rest "
                           "(|w+og/rest|n). Nothing was cast.")
    encounter = encounter_here(caller.location, required=False)
    entry = None
    if encounter is not None and _entry_of(encounter, caller):
        if magic.key == "counterspell":
            entry = _entry_of(encounter, caller)
        else:
            entry = _acting_entry(caller, encounter)
            if entry["main"]:
                raise OldGoldError("You have used your main action this turn.")
        _require_able(entry, caller, "cast")
    elif sheet.hp == 0:
        raise OldGoldError("At 0 HP you can only make your death roll (|w+og/deathroll|n).")
    attribute_key = rules.CASTING_ATTRIBUTE[magic.kind]
    cast_bonus = bonus(sheet.score(attribute_key))
    if magic.targets == "bonus" and len(targets) > cast_bonus and magic.effect != "missiles":
        raise OldGoldError(f"{magic.name} reaches at most {cast_bonus} targets "
                           f"(your {attribute_key.capitalize()} Bonus).")
    if magic.targets == "one" and len(targets) > 1:
        raise OldGoldError(f"{magic.name} has one target.")
    # Light (the morale effect) shines with no undead in sight to check.
    needs_target = magic.effect in ("condition", "missiles", "damage", "heal", "drain",
                                    "check")
    if needs_target and not targets and magic.effect != "heal":
        raise OldGoldError(f"Name the target of {magic.name}: +og/cast {magic.name}=<target>.")
    if magic.effect == "mend" and not item_text:
        raise OldGoldError("Name the item to mend: +og/cast mend=<item>.")
    book.marked += 1
    book.used = True
    book.save(update_fields=["marked", "used"])
    word = "casts" if magic.kind == "spell" else "invokes"
    lines = [f"{caller.key} {word} {magic.name} from {book.name} "
             f"({book.marked}/{book.max_dots} dots)."]
    cast_with = {"magic": magic.key, "target_ids": [t.id for t in targets],
                 "cast_bonus": cast_bonus, "item_text": item_text, "attribute": attribute}
    rolled, changes = apply_effect(encounter, caller, sheet, magic, list(targets), rng, lines,
                                   cast_with)
    if entry is not None and magic.key not in ("counterspell", "smite"):
        entry["main"] = True
    if has_condition(caller, "invisible") and magic.key != "invisibility":
        remove_condition(caller, "invisible")
    if encounter is not None:
        encounter.save()
    _log("magic", caller, caller.location, rolled, " ".join(lines),
         targets=[t.key for t in targets], changes=changes, **cast_with)
    return Outcome(tuple(lines), data={"magic": magic})


def apply_effect(encounter, caster, sheet, magic, targets, rng, lines, cast_with):
    """Roll and apply what `magic` does; returns the dice rolled and what it
    changed on each creature it touched (HP, conditions, standing in the
    fight), so an Inspiration reroll can take exactly that back."""
    touched = [o for o in dict.fromkeys([caster, *targets]) if _has_record(o)]
    before = [_state(encounter, o) for o in touched]
    rolled = []
    effect = getattr(_Effects, magic.effect)
    effect(encounter, caster, sheet, magic, targets, cast_with["cast_bonus"], rng, lines,
           rolled, item_text=cast_with["item_text"], attribute=cast_with["attribute"])
    changes = [_change(was, _state(encounter, o)) for was, o in zip(before, touched)]
    return rolled, [c for c in changes if c]


def _has_record(obj):
    return is_npc(obj) or OldGoldSheet.objects.filter(character=obj).exists()


def _state(encounter, obj):
    entry = _entry_of(encounter, obj) if encounter else None
    # Plain dicts: an NPC's conditions come out of an Attribute as saver dicts.
    return {"id": obj.id, "hp": _hp(obj), "conditions": [dict(c) for c in _conditions(obj)],
            "out": entry["out"] if entry else None}


def _change(before, after):
    """What one creature lost or gained, or None when nothing changed."""
    change = {
        "id": before["id"],
        "hp": after["hp"] - before["hp"],
        "added": [c for c in after["conditions"] if c not in before["conditions"]],
        "removed": [c for c in before["conditions"] if c not in after["conditions"]],
        "out": [before["out"], after["out"]],
    }
    quiet = not (change["hp"] or change["added"] or change["removed"])
    return None if quiet and before["out"] == after["out"] else change


def undo_changes(encounter, changes, creatures):
    """Take back what a cast did (`apply_effect`'s changes), last first;
    `creatures` maps the id of everyone it touched to the object."""
    for change in reversed(changes):
        target = creatures[change["id"]]
        _shift_hp(target, -change["hp"])
        kept = [c for c in _conditions(target) if c not in change["added"]]
        _save_conditions(target, kept + [c for c in change["removed"] if c not in kept])
        entry = _entry_of(encounter, target) if encounter else None
        was, became = change["out"]
        if entry is not None and entry["out"] == became:
            entry["out"] = was
            if became == "dead" and was != "dead":
                encounter.casualties = max(0, encounter.casualties - 1)


def _shift_hp(target, amount):
    if is_npc(target):
        stats = npc_stats(target)
        stats["hp"] = max(0, min(stats["max_hp"], stats["hp"] + amount))
        target.attributes.add("og_stats", stats)
        return
    sheet = sheet_of(target, target)
    sheet.hp = max(0, min(sheet.max_hp, sheet.hp + amount))
    sheet.save(update_fields=["hp"])


def _target_check(caster, magic, target, rng, rolled):
    score = score_of(caster, magic.check)
    resist = magic.resist or magic.check
    difficulty = dice.difficulty_against(score_of(target, resist))
    advantage = False
    if resist in ("heart", "mind") and not is_npc(target):
        target_sheet = OldGoldSheet.objects.filter(character=target).first()
        # The Elf resists mental effects with advantage: the caster rolls with disadvantage.
        gifts = target_sheet.ancestry_rules.resist_advantage if target_sheet else ()
        disadvantage = "mental" in gifts
    else:
        disadvantage = False
    if is_npc(target) and "mental" in npc_stats(target).get("immune", []):
        return None, f"{target.key} is immune"
    result = dice.check(score, difficulty, rng, advantage, disadvantage)
    rolled.extend(result.dice)
    return result, f"{target.key} ({resist.capitalize()} {difficulty}): {result.render()}"


class _Effects:
    """What the server applies for each kind of spell or prayer."""

    @staticmethod
    def narrate(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        lines.append(f"  {magic.text} (The GM tells what happens.)")

    @staticmethod
    def condition(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled,
                  attribute="", **kw):
        rounds = _duration(magic, cast_bonus)
        how = f" for {rounds} rounds" if rounds else ""
        for target in targets:
            _require_combatant_record(target)
            if magic.check:
                result, text = _target_check(caster, magic, target, rng, rolled)
                lines.append("  " + text)
                if result is None or not result.success:
                    continue
            condition = {"key": magic.condition, "rounds": rounds, "source": caster.key}
            if magic.condition == "hexed":
                condition["attribute"] = attribute_named(attribute) if attribute else "might"
            kept = [c for c in _conditions(target) if c["key"] != magic.condition]
            _save_conditions(target, kept + [condition])
            extra = f" ({condition['attribute']} checks)" if magic.condition == "hexed" else ""
            lines.append(f"  {target.key} is {rules.CONDITIONS[magic.condition].name.lower()}"
                         f"{extra}{how}.")

    @staticmethod
    def missiles(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        darts = max(1, cast_bonus)
        aims = list(targets[:darts]) + [targets[0]] * (darts - len(targets[:darts]))
        for target in aims:
            result = expr.roll(magic.dice, rng)
            rolled.extend(result.dice)
            lines.append(f"  A dart strikes {target.key}: {result.render()} direct damage.")
            _apply_damage(encounter, target, result.total, lines)

    @staticmethod
    def damage(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        for target in targets:
            entry = _entry_of(encounter, target) if encounter else None
            result = dice.roll_damage(f"{magic.dice}+{cast_bonus}", _dp(target, entry), rng)
            rolled.extend(d for r in result.rolls for d in r.dice)
            lines.append(f"  {target.key}: {result.render()}")
            _apply_damage(encounter, target, result.taken, lines)

    @staticmethod
    def heal(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        target = targets[0] if targets else caster
        result = expr.roll(f"{magic.dice}+{cast_bonus}", rng)
        rolled.extend(result.dice)
        hp = _heal(target, result.total)
        lines.append(f"  {target.key} regains {result.render()} HP: now {hp}.")
        if encounter and (entry := _entry_of(encounter, target)) and entry["out"] == "down":
            entry["out"] = None

    @staticmethod
    def drain(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        target = targets[0]
        result = expr.roll(f"{magic.dice}+{cast_bonus}", rng)
        rolled.extend(result.dice)
        dealt = min(result.total, _hp(target))
        lines.append(f"  {target.key} takes {result.render()} direct damage.")
        _apply_damage(encounter, target, result.total, lines)
        hp = _heal(caster, dealt)
        lines.append(f"  {caster.key} regains {dealt} HP: now {hp}.")

    @staticmethod
    def smite(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        entry = _entry_of(encounter, caster) if encounter else None
        if entry is None:
            raise OldGoldError("Smite rides on a melee attack in a fight.")
        entry["smite"] = True  # the prayer is part of the attack that follows
        lines.append(f"  {caster.key}'s next melee strike this turn adds "
                     f"1d8 + {cast_bonus} (2d8 + {cast_bonus} to undead and fiends).")

    @staticmethod
    def check(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        result, text = _target_check(caster, magic, targets[0], rng, rolled)
        lines.append("  " + text + (": the spell is undone." if result and result.success
                                    else ": the spell goes on."))

    @staticmethod
    def morale(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        for target in targets:
            if not is_npc(target):
                continue
            result = dice.morale_check(npc_stats(target)["morale"], rng)
            rolled.extend(result.dice)
            text = f"  {target.key}: {result.render()}"
            if result.breaks and encounter and (entry := _entry_of(encounter, target)):
                entry["out"] = "fled"
                text += ", and flee."
            lines.append(text)

    @staticmethod
    def mend(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled,
             item_text="", **kw):
        item = item_named(sheet, item_text)
        cleared = min(item.marked, cast_bonus)
        item.marked -= cleared
        item.save(update_fields=["marked"])
        lines.append(f"  {item.name} loses {cleared} dots of wear "
                     f"({item.marked}/{item.max_dots}).")


@transaction.atomic
def learn(gm, character, magic_text):
    """A GM gives a character a spellbook, or adds a prayer to their relic."""
    _require_gm(gm)
    sheet = sheet_of(character, gm)
    magic = rules.magic_named(magic_text)
    if magic is None:
        raise OldGoldError(f"'{magic_text}' is no spell or prayer.")
    relic = next((i for i in _magic_items(sheet) if i.kind == "relic"), None)
    if magic.kind == "prayer" and relic is not None:
        prayers = relic.details.get("prayers", [])
        if magic.number in prayers:
            raise OldGoldError(f"{character.key}'s relic already grants {magic.name}.")
        relic.details["prayers"] = prayers + [magic.number]
        relic.save(update_fields=["details"])
        return Outcome((f"{character.key}'s relic now grants {magic.name}.",))
    if _room_in(sheet, 1) is None:
        raise _full_refusal(sheet, "a spellbook")
    item = _new_magic_item(sheet, magic, _room_in(sheet, 1))
    return Outcome((f"{character.key} receives {item.name}.",))
