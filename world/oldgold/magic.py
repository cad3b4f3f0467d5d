"""
Old Gold magic: casting a spell from a spellbook or invoking a prayer from a
relic (in hand, a usage dot marked, refused when spent), the checks the text
asks for, and the effects that change numbers (damage, healing, direct
damage, conditions with their durations, morale, mending) applied by the
server; the rest is posted for the GM to narrate. The spells and prayers
themselves are data in `world.oldgold.rules`.
"""

from django.db import transaction

from world.dice import oldgold as dice
from world.oldgold import rules
from world.oldgold.combat import (
    _acting_entry,
    _apply_damage,
    _dp,
    _heal,
    _hp,
    _require_able,
    damage_modes,
    refuse_harming_the_charmer,
    undead_or_fiend,
)
from world.oldgold.errors import OldGoldError
from world.oldgold.models import OldGoldSheet
from world.oldgold.reach import require_magic_reach
from world.oldgold.services import (
    CheckRequest,
    Outcome,
    _modes,
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
    own_modes,
    playing_sheet,
    remove_condition,
    score_of,
    sheet_of,
)
from world.words import counted


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
    """Work a spell from a book, or call on a prayer from a relic, held in hand."""
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
        raise OldGoldError(f"{magic.name} reaches at most {counted(cast_bonus, 'target')} "
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
    for target in targets:
        if magic.effect in HARMFUL:
            refuse_harming_the_charmer(caller, target)
        if magic.extra.get("humanoids") and not _humanoid(target):
            raise OldGoldError(f"{magic.name} takes only humanoids and {target.key} is none. "
                               "Nothing was cast.")
    require_magic_reach(encounter, caller, magic, targets, cast_bonus)
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


def _humanoid(obj):
    """PCs are; a bestiary creature is when its kinds say so; a GM's own NPC
    is taken at the GM's word."""
    if not is_npc(obj):
        return True
    kinds = (obj.attributes.get("og_monster") or {}).get("kinds")
    return not kinds or "humanoid" in kinds


# Effects that harm their target: a charmed caster will not aim them at its charmer.
HARMFUL = ("condition", "missiles", "damage", "drain")


def _target_check(caster, sheet, magic, target, rng, rolled):
    """The caster's check against `target` (player-facing: the caster rolls),
    with everything a check of the caster's carries: a hex on the casting
    attribute, a day without rest, a blessing, the Halfkin's reroll of 1s;
    the target's edge turned round (an Elf resisting a mental effect gives
    the caster disadvantage, a target hexed in its resisting attribute
    advantage)."""
    resist = magic.resist or magic.check
    if magic.mental and is_npc(target) and "mental" in npc_stats(target).get("immune", []):
        return None, f"{target.key} is immune to mental effects"
    target_sheet = None if is_npc(target) else OldGoldSheet.objects.filter(
        character=target).first()
    gifts = target_sheet.ancestry_rules.resist_advantage if target_sheet else ()
    hexed = any(c["key"] == "hexed" and c.get("attribute") == resist
                for c in _conditions(target))
    request = CheckRequest(magic.check, their_advantage=magic.mental and "mental" in gifts,
                           their_disadvantage=hexed)
    notes = []
    if request.their_advantage:
        notes.append(f"{target.key} resists mental effects")
    if hexed:
        notes.append(f"{target.key} is hexed in {resist.capitalize()}")
    advantage, disadvantage = _modes(sheet, caster, request, notes)
    reroll_ones = bool(sheet and sheet.ancestry_rules.reroll_ones)  # no sheet: a creature
    difficulty = dice.difficulty_against(score_of(target, resist))
    result = dice.check(score_of(caster, magic.check), difficulty, rng, advantage,
                        disadvantage, reroll_ones)
    if reroll_ones and 1 in result.dice[:-1]:
        notes.append("Halfkin reroll of a 1")
    rolled.extend(result.dice)
    note = f" [{'; '.join(notes)}]" if notes else ""
    return result, (f"{target.key} ({resist.capitalize()} {difficulty}): "
                    f"{result.render()}{note}")


def _damage(caster, magic, target, expression, dp, rng, rolled, direct=False):
    """A spell's or prayer's damage roll against `target`, under the same
    advantage and disadvantage as a weapon's (a touch strikes in melee,
    anything else from range)."""
    notes = []
    advantage, disadvantage = damage_modes(caster, target, magic.reach != rules.TOUCH, notes)
    result = dice.roll_damage(expression, dp, rng, advantage, disadvantage, direct)
    rolled.extend(d for r in result.rolls for d in r.dice)
    return result, f" [{'; '.join(notes)}]" if notes else ""


class _Effects:
    """What the server applies for each kind of spell or prayer."""

    @staticmethod
    def narrate(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        lines.append(f"  {magic.text} (The GM tells what happens.)")

    @staticmethod
    def condition(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled,
                  attribute="", **kw):
        rounds = _duration(magic, cast_bonus)
        how = f" for {counted(rounds, 'round')}" if rounds else ""
        for target in targets:
            _require_combatant_record(target)
            if magic.check:
                result, text = _target_check(caster, sheet, magic, target, rng, rolled)
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
            result, note = _damage(caster, magic, target, magic.dice, 0, rng, rolled, True)
            lines.append(f"  A dart strikes {target.key}: {result.render()}{note}")
            _apply_damage(encounter, target, result.taken, lines)

    @staticmethod
    def damage(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        for target in targets:
            entry = _entry_of(encounter, target) if encounter else None
            result, note = _damage(caster, magic, target, f"{magic.dice}+{cast_bonus}",
                                   _dp(target, entry), rng, rolled)
            lines.append(f"  {target.key}: {result.render()}{note}")
            _apply_damage(encounter, target, result.taken, lines)

    @staticmethod
    def heal(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        target = targets[0] if targets else caster
        notes = []
        advantage, disadvantage = own_modes(sheet, caster, notes)
        result = dice.roll_amount(f"{magic.dice}+{cast_bonus}", rng, advantage, disadvantage)
        rolled.extend(d for r in result.rolls for d in r.dice)
        hp = _heal(target, result.total)
        note = f" [{'; '.join(notes)}]" if notes else ""
        lines.append(f"  {target.key} regains {result.total} HP ({result.render()}): "
                     f"now {hp}.{note}")
        if encounter and (entry := _entry_of(encounter, target)) and entry["out"] == "down":
            entry["out"] = None

    @staticmethod
    def drain(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        target = targets[0]
        result, note = _damage(caster, magic, target, f"{magic.dice}+{cast_bonus}", 0, rng,
                               rolled, direct=True)
        dealt = min(result.taken, _hp(target))
        lines.append(f"  {target.key}: {result.render()}{note}")
        _apply_damage(encounter, target, result.taken, lines)
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
        result, text = _target_check(caster, sheet, magic, targets[0], rng, rolled)
        lines.append("  " + text + (": the spell is undone." if result and result.success
                                    else ": the spell goes on."))

    @staticmethod
    def morale(encounter, caster, sheet, magic, targets, cast_bonus, rng, lines, rolled, **kw):
        for target in targets:
            if not (is_npc(target) and undead_or_fiend(target)):
                lines.append(f"  {target.key} is neither undead nor a fiend: the light "
                             "only warms it.")
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
        lines.append(f"  {item.name} loses {counted(cleared, 'dot')} of wear "
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
