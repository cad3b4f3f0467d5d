"""
What the Old Gold commands do: make and review sheets, carry items and coin,
roll checks, run a room's combat round by round, cast, rest, shop and level.
Each function checks first, changes the database inside one transaction,
records its dice and returns an `Outcome` (the lines the room or the caller
reads); it never writes to a player. Every refusal is an `OldGoldError`
raised before anything changed.

Dice come from `rng` (anything with `randint`), defaulting to this module's
`default_rng`, which tests replace with scripted dice.

Combatants are PCs (characters with an approved sheet) and NPCs: any Object
tagged ("oldgold_npc", "oldgold") with an Attribute `og_stats` (might, grace,
mind or wits, heart, hp, max_hp, dp, morale, attacks=[{name, damage,
direct?, ranged?}], conditions, abilities). Their per-round abilities come
from `world.oldgold.abilities.ROUND_HOOKS`.
"""

import math
import random
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from world.dice import expr
from world.dice import oldgold as dice
from world.oldgold import rules
from world.oldgold.errors import OldGoldError
from world.oldgold.models import Encounter, Item, OldGoldRoll, OldGoldSheet

default_rng = random.SystemRandom()

NPC_TAG = ("oldgold_npc", "oldgold")
GM_TAG = ("oldgold_gm", "oldgold")
GM_LOCK = "perm(Builder) or tag(oldgold_gm, oldgold)"
STAFF_LOCK = "perm(Builder)"


def _dice(rng):
    return default_rng if rng is None else rng


@dataclass(frozen=True)
class Outcome:
    """What a service did: `lines` for the room (or the caller), `private`
    lines for the caller alone, and anything a test may want in `data`."""

    lines: tuple = ()
    private: tuple = ()
    data: dict = field(default_factory=dict)

    @property
    def text(self):
        return "\n".join(self.lines)


def is_gm(who):
    return bool(who) and who.locks.check_lockstring(who, GM_LOCK)


def is_staff(who):
    return bool(who) and who.locks.check_lockstring(who, STAFF_LOCK)


def _require_gm(who):
    if not is_gm(who):
        raise OldGoldError("Only a game master can do that (staff, or a player staff made GM).")


def _log(kind, roller, room, dice_list, text, **details):
    OldGoldRoll.objects.create(
        kind=kind, roller=roller, room=room, dice=list(dice_list), details=details, text=text
    )


# ---------------------------------------------------------------- look-ups


def attribute_named(text):
    """'mig', 'Grace', 'wits' -> the attribute key; refuses anything else."""
    wanted = (text or "").strip().lower()
    wanted = rules.ATTRIBUTE_ALIASES.get(wanted, wanted)
    found = [a for a in rules.ATTRIBUTES if wanted and a.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError(
            f"'{text}' is not an Old Gold attribute. Choose Might, Grace, Mind or Heart."
        )
    return found[0]


def bonus(score):
    return dice.attribute_bonus(score)


def sheet_of(character, asker=None):
    sheet = OldGoldSheet.objects.filter(character=character).first()
    if sheet is None:
        if asker is None or asker == character:
            raise OldGoldError("You have no Old Gold adventurer yet: |w+og/new|n makes one.")
        raise OldGoldError(f"{character.key} has no Old Gold adventurer yet.")
    return sheet


def playing_sheet(character):
    """The sheet that may roll: approved and alive."""
    sheet = sheet_of(character)
    if sheet.dead:
        raise OldGoldError("Your adventurer is dead. |w+og/new|n makes the next one.")
    if sheet.status != OldGoldSheet.APPROVED:
        raise OldGoldError(
            "Your sheet waits for a GM's review before play (|w+og/sheet|n shows it; "
            "a GM approves it with +og/approve)."
        )
    return sheet


def is_npc(obj):
    return bool(obj) and obj.tags.has(NPC_TAG[0], category=NPC_TAG[1]) and bool(
        obj.attributes.get("og_stats")
    )


def npc_stats(obj):
    stats = dict(obj.attributes.get("og_stats") or {})
    if "mind" not in stats and "wits" in stats:
        stats["mind"] = stats["wits"]
    for attribute in rules.ATTRIBUTES:
        stats.setdefault(attribute, 0)
    stats.setdefault("max_hp", stats.get("hp", 1))
    stats.setdefault("hp", stats["max_hp"])
    stats.setdefault("dp", 0)
    stats.setdefault("morale", 7)
    stats.setdefault("attacks", [])
    stats.setdefault("conditions", [])
    return stats


def find_here(caller, name, error_word="here"):
    """A character or NPC in the caller's room called `name`."""
    name = (name or "").strip()
    if not name:
        raise OldGoldError("Name someone here.")
    location = caller.location
    candidates = [caller] + [o for o in location.contents if o != caller] if location else [caller]
    exact = [o for o in candidates if o.key.lower() == name.lower()]
    if len(exact) == 1:
        return exact[0]
    starting = [o for o in candidates if o.key.lower().startswith(name.lower())]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise OldGoldError(f"'{name}' could be any of: {', '.join(o.key for o in starting)}.")
    raise OldGoldError(f"There is no one called '{name}' {error_word}.")


# ---------------------------------------------------------------- chargen


def roll_ancestry(rng=None):
    die = _dice(rng).randint(1, 4)
    return die, rules.ANCESTRY_DIE[die]


def validate_points(ancestry, scores):
    """Distributed points: all of the ancestry's points, none above 4."""
    points = rules.ANCESTRIES[ancestry].points
    for attribute, value in scores.items():
        if value < 0 or value > rules.CREATION_CAP:
            raise OldGoldError(
                f"{attribute.capitalize()} {value} is too high: no attribute may exceed "
                f"{rules.CREATION_CAP} at creation."
            )
    if sum(scores.values()) != points:
        raise OldGoldError(
            f"Distribute exactly {points} points (you gave {sum(scores.values())})."
        )
    return {a: scores.get(a, 0) for a in rules.ATTRIBUTES}


def roll_scores(ancestry, rng=None):
    points = rules.ANCESTRIES[ancestry].points
    result = dice.roll_attributes(points, rules.CREATION_CAP, _dice(rng))
    faces = [rules.ATTRIBUTE_DIE[face] for face in range(1, 5)]
    return dict(zip(faces, result.scores)), result


@transaction.atomic
def create_sheet(character, ancestry, scores, weapon, second, rng=None, method="points",
                 name_details=None, attribute_dice=()):
    """Write the adventurer: HP, kit, coin and (for a spellbook or relic) a
    random spell or prayer. The sheet waits for review (status pending)."""
    rng = _dice(rng)
    if ancestry not in rules.ANCESTRIES:
        raise OldGoldError("Choose an ancestry: Dwarf, Elf, Halfkin or Human.")
    if method == "points":
        scores = validate_points(ancestry, scores)
    if weapon not in rules.STARTING_WEAPONS or second not in rules.STARTING_SECOND:
        raise OldGoldError("Choose a starting weapon and an armour, spellbook or relic.")
    old = OldGoldSheet.objects.filter(character=character).first()
    if old is not None and not old.dead and old.status == OldGoldSheet.APPROVED:
        raise OldGoldError("You already have an approved Old Gold adventurer.")
    if old is not None:
        old.delete()
    lineage = rules.ANCESTRIES[ancestry]
    hp = dice.roll_hp(rules.BASE_HP + rules.HP_PER_MIGHT * scores["might"], rng,
                      advantage=lineage.hp_advantage)
    gold = expr.roll(rules.STARTING_GP[1], rng)
    coin = rules.STARTING_GP[0] + gold.total
    sheet = OldGoldSheet.objects.create(
        character=character, ancestry=ancestry, level=1, xp=0, hp=hp.total, max_hp=hp.total,
        coin=coin, status=OldGoldSheet.PENDING, languages=list(lineage.languages),
        details={"free_kit": list(rules.FREE_KIT), **(name_details or {})}, **scores,
    )
    lines = [
        f"{character.key} is a level 1 {lineage.name}: "
        + ", ".join(f"{a.capitalize()} {scores[a]}" for a in rules.ATTRIBUTES) + ".",
        f"{hp.render()}; coin {rules.STARTING_GP[0]} + 2d20 "
        f"{list(gold.dice)} = {coin} gp.",
    ]
    _new_item(sheet, weapon, location="hands")
    magic_dice = []
    if second in ("spellbook", "relic"):
        die = rng.randint(1, rules.MAGIC_DIE)
        magic_dice.append(die)
        table = rules.SPELLS if second == "spellbook" else rules.PRAYERS
        magic = table[die]
        _new_magic_item(sheet, magic, location="hands")
        lines.append(f"Your {second} holds {magic.name} (1d20: {die}).")
    else:
        _new_item(sheet, second, location="body")
    _new_item(sheet, "rations", location="pack")
    _new_item(sheet, "torch", location="pack")
    _log("chargen", character, character.location,
         list(attribute_dice) + list(hp.dice) + list(gold.dice) + magic_dice,
         " ".join(lines), ancestry=ancestry, method=method, scores=scores)
    return Outcome(tuple(lines), data={"sheet": sheet, "hp": hp, "coin": coin})


def _new_item(sheet, key, location=None, name=None):
    gear = rules.GEAR[key]
    details = {}
    if gear.damage:
        details.update(damage=gear.damage, bonus=gear.bonus, ranged=gear.ranged,
                       thrown=gear.thrown)
    if gear.dp:
        details["dp"] = gear.dp
    return Item.objects.create(
        sheet=sheet, name=name or gear.name, gear=key, kind=gear.kind, bulky=gear.bulky,
        max_dots=gear.dots, price=gear.price, location=location or "pack", details=details,
    )


def _new_magic_item(sheet, magic, location="pack"):
    if magic.kind == "spell":
        return Item.objects.create(
            sheet=sheet, name=f"Spellbook of {magic.name}", gear="spellbook", kind="spellbook",
            location=location, details={"spell": magic.number},
        )
    return Item.objects.create(
        sheet=sheet, name="Relic", gear="relic", kind="relic", location=location,
        details={"prayers": [magic.number]},
    )


@transaction.atomic
def approve(staff, character):
    _require_gm(staff)
    sheet = sheet_of(character, staff)
    if sheet.status == OldGoldSheet.APPROVED:
        raise OldGoldError(f"{character.key}'s sheet is already approved.")
    sheet.status = OldGoldSheet.APPROVED
    sheet.save(update_fields=["status"])
    return Outcome((f"{character.key}'s Old Gold sheet is approved: they may play.",))


ADJUSTABLE = ("might", "grace", "mind", "heart", "level", "xp", "hp", "max_hp", "coin",
              "bank")


@transaction.atomic
def adjust(staff, character, what, value):
    if not is_staff(staff):
        raise OldGoldError("Only staff can adjust an Old Gold sheet.")
    sheet = sheet_of(character, staff)
    what = what.strip().lower()
    if what in rules.ATTRIBUTE_ALIASES:
        what = rules.ATTRIBUTE_ALIASES[what]
    if what not in ADJUSTABLE:
        raise OldGoldError(f"Staff may adjust: {', '.join(ADJUSTABLE)}.")
    limits = {"level": (1, rules.MAX_LEVEL), "hp": (0, sheet.max_hp), "max_hp": (1, 999),
              **{a: rules.ATTRIBUTE_RANGE for a in rules.ATTRIBUTES}}
    low, high = limits.get(what, (0, rules.MAX_GP))
    if not low <= value <= high:
        raise OldGoldError(f"{what} must be from {low} to {high}.")
    if what == "coin":
        _check_coin_room(sheet, value)
    setattr(sheet, what, value)
    if what == "max_hp" and sheet.hp > value:
        sheet.hp = value
    sheet.save()
    return Outcome((f"{character.key}'s {what} is now {value}.",))


# ---------------------------------------------------------------- inventory and coin


def pouches_needed(coin):
    return math.ceil(max(0, coin - rules.FREE_COIN) / rules.POUCH_SIZE)


def slots_used(sheet, items=None, coin=None, without=None):
    """{location: slots used}, pouches counted in the pack."""
    items = list(sheet.items.all()) if items is None else items
    used = {location: 0 for location in rules.LOCATION_ORDER}
    for item in items:
        if without is not None and item.pk == without:
            continue
        used[item.location] = used.get(item.location, 0) + item.slots
    used[rules.POUCH_LOCATION] += pouches_needed(sheet.coin if coin is None else coin)
    return used


def _room_in(sheet, slots, location=None, coin=None, without=None):
    used = slots_used(sheet, coin=coin, without=without)
    order = [location] if location else ["pack", "body", "hands"]
    for place in order:
        if used[place] + slots <= rules.LOCATIONS[place]:
            return place
    return None


def _full_refusal(sheet, what, location=None):
    where = f"your {location}" if location else "your 12 slots"
    return OldGoldError(
        f"There is no room for {what} in {where}. Drop or sell something first "
        "(|w+og/drop <item>|n), or carry it elsewhere (|w+og/move <item>=<hands, body or "
        "pack>|n)."
    )


def _pouches(count):
    return f"{count} pouch" if count == 1 else f"{count} pouches"


def _check_coin_room(sheet, coin):
    used = slots_used(sheet, coin=coin)
    if used[rules.POUCH_LOCATION] > rules.LOCATIONS[rules.POUCH_LOCATION]:
        raise OldGoldError(
            f"{coin} gp needs {_pouches(pouches_needed(coin))} in your pack and there is "
            "no room: drop something or bank the coin (|w+og/deposit <gp>|n)."
        )


def item_named(sheet, text):
    wanted = (text or "").strip().lower()
    items = list(sheet.items.all())
    exact = [i for i in items if i.name.lower() == wanted or i.gear == wanted]
    if exact:
        return exact[0]
    starts = [i for i in items if wanted and i.name.lower().startswith(wanted)]
    inside = [i for i in items if wanted and wanted in i.name.lower()]
    found = starts or inside
    if len(found) == 1 or (found and len({i.name for i in found}) == 1):
        return found[0]
    if found:
        raise OldGoldError(f"'{text}' could be any of: {', '.join(i.name for i in found)}.")
    raise OldGoldError(f"You carry nothing called '{text}' (|w+og/sheet|n lists your items).")


def location_named(text):
    wanted = (text or "").strip().lower()
    found = [place for place in rules.LOCATION_ORDER if wanted and place.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError("Carry it in your hands, on your body or in your pack.")
    return found[0]


@transaction.atomic
def give_item(gm, character, key, location=None, name=None):
    """A GM hands a character an item (from the tables, or any named thing)."""
    _require_gm(gm)
    sheet = sheet_of(character, gm)
    gear = rules.GEAR.get(key.lower())
    slots = rules.BULKY_SLOTS if gear and gear.bulky else 1
    place = _room_in(sheet, slots, location)
    if place is None:
        raise _full_refusal(sheet, name or key, location)
    if gear is None:
        item = Item.objects.create(sheet=sheet, name=(name or key)[:60], location=place)
    else:
        item = _new_item(sheet, gear.key, place, name)
    return Outcome((f"{character.key} now carries {item.name} ({place}).",), data={"item": item})


@transaction.atomic
def move_item(character, item_text, location_text):
    sheet = sheet_of(character)
    item = item_named(sheet, item_text)
    place = location_named(location_text)
    if _room_in(sheet, item.slots, place, without=item.pk) is None:
        raise _full_refusal(sheet, item.name, place)
    item.location = place
    item.save(update_fields=["location"])
    return Outcome((f"You carry {item.name} in your {place} now.",))


@transaction.atomic
def drop_item(character, item_text):
    sheet = sheet_of(character)
    item = item_named(sheet, item_text)
    item.delete()
    return Outcome((f"{character.key} leaves {item.name} behind.",))


@transaction.atomic
def mark_dot(character, item_text, count=1):
    sheet = sheet_of(character)
    item = item_named(sheet, item_text)
    if item.max_dots == 0:
        raise OldGoldError(f"{item.name} has no usage dots.")
    if item.spent:
        raise OldGoldError(f"{item.name} is already spent.")
    item.marked = min(item.max_dots, item.marked + count)
    item.used = True
    item.save(update_fields=["marked", "used"])
    tail = " It is spent." if item.spent else ""
    return Outcome((f"{character.key} marks a dot on {item.name} "
                    f"({item.marked}/{item.max_dots}).{tail}",))


@transaction.atomic
def give_coin(gm, character, amount):
    """A GM pays (or, negative, takes) coin."""
    _require_gm(gm)
    sheet = sheet_of(character, gm)
    coin = sheet.coin + amount
    if coin < 0:
        raise OldGoldError(f"{character.key} has only {sheet.coin} gp.")
    _check_coin_room(sheet, coin)
    sheet.coin = coin
    sheet.save(update_fields=["coin"])
    return Outcome((f"{character.key} now has {coin} gp.",))


def _spend(sheet, amount, what):
    if amount > sheet.coin:
        raise OldGoldError(
            f"{what} costs {amount} gp and you have {sheet.coin} gp. Nothing was spent."
        )
    sheet.coin -= amount


@transaction.atomic
def buy(character, key):
    sheet = playing_sheet(character)
    gear = rules.SHOP.get((key or "").strip().lower())
    if gear is None:
        raise OldGoldError(f"'{key}' is not for sale here: |w+og/shop|n lists the wares.")
    place = _room_in(sheet, rules.BULKY_SLOTS if gear.bulky else 1, None)
    if place is None:
        raise _full_refusal(sheet, gear.name)
    _spend(sheet, gear.price, gear.name)
    if pouches_needed(sheet.coin) and slots_used(sheet)["pack"] > rules.LOCATIONS["pack"]:
        raise _full_refusal(sheet, gear.name)
    sheet.save(update_fields=["coin"])
    item = _new_item(sheet, gear.key, place)
    return Outcome((f"{character.key} buys {gear.name} for {gear.price} gp ({place}); "
                    f"{sheet.coin} gp left.",), data={"item": item})


def sale_price(item):
    if item.spent:
        return 0
    if item.used or item.marked:
        return math.floor(item.price * rules.SELL_USED_FRACTION)
    return item.price


@transaction.atomic
def sell(character, item_text):
    sheet = playing_sheet(character)
    item = item_named(sheet, item_text)
    price = sale_price(item)
    coin = sheet.coin + price
    used = slots_used(sheet, coin=coin, without=item.pk)
    if used["pack"] > rules.LOCATIONS["pack"]:
        raise OldGoldError("You would need another pouch for that coin and have no room.")
    item.delete()
    sheet.coin = coin
    sheet.save(update_fields=["coin"])
    state = "used" if price < item.price else "unused"
    return Outcome((f"{character.key} sells {item.name} ({state}) for {price} gp.",))


@transaction.atomic
def deposit(character, amount):
    sheet = playing_sheet(character)
    _spend(sheet, amount, "That deposit")
    sheet.bank += amount
    sheet.save(update_fields=["coin", "bank"])
    return Outcome((f"You store {amount} gp: {sheet.bank} gp in the bank, {sheet.coin} on you.",))


def bank_fee(amount):
    return math.ceil(amount * rules.BANK_FEE_PERCENT / 100)


@transaction.atomic
def withdraw(character, amount):
    sheet = playing_sheet(character)
    fee = bank_fee(amount)
    if amount + fee > sheet.bank:
        raise OldGoldError(
            f"Taking out {amount} gp costs {fee} gp more ({rules.BANK_FEE_PERCENT}%) and "
            f"the bank holds {sheet.bank} gp for you. Nothing was taken."
        )
    _check_coin_room(sheet, sheet.coin + amount)
    sheet.bank -= amount + fee
    sheet.coin += amount
    sheet.save(update_fields=["coin", "bank"])
    return Outcome((f"You take out {amount} gp (fee {fee} gp): {sheet.bank} gp stay banked.",))


def dp_of(sheet):
    """Worn armour on the body and shields in hand, unless spent."""
    total = rules.BASE_DP
    for item in sheet.items.all():
        if item.spent:
            continue
        if item.kind == "armour" and item.location == "body":
            total += item.details.get("dp", 0)
        if item.kind == "shield" and item.location == "hands":
            total += item.details.get("dp", 0)
    return total


# ---------------------------------------------------------------- conditions


def _conditions(obj):
    if is_npc(obj):
        return list(npc_stats(obj)["conditions"])
    sheet = OldGoldSheet.objects.filter(character=obj).first()
    return list(sheet.conditions) if sheet else []


def _save_conditions(obj, conditions):
    if is_npc(obj):
        stats = npc_stats(obj)
        stats["conditions"] = conditions
        obj.attributes.add("og_stats", stats)
    else:
        OldGoldSheet.objects.filter(character=obj).update(conditions=conditions)


def has_condition(obj, key):
    return any(c["key"] == key for c in _conditions(obj))


def add_condition(obj, key, rounds=None, source=""):
    conditions = [c for c in _conditions(obj) if c["key"] != key]
    conditions.append({"key": key, "rounds": rounds, "source": source})
    _save_conditions(obj, conditions)


def remove_condition(obj, key):
    conditions = _conditions(obj)
    kept = [c for c in conditions if c["key"] != key]
    _save_conditions(obj, kept)
    return len(kept) != len(conditions)


def condition_named(text):
    wanted = (text or "").strip().lower()
    found = [k for k in rules.CONDITIONS if wanted and k.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError(
            "Conditions: " + ", ".join(rules.CONDITIONS) + "."
        )
    return found[0]


def duration_rounds(text):
    """'3', '3 rounds', '2 turns', '1 hour' -> rounds; '' -> None (until the fight ends)."""
    words = (text or "").split()
    if not words:
        return None
    from world.numbers import whole_number

    count = whole_number(words[0], 1, 1000)
    unit = (words[1] if len(words) > 1 else "round").lower().rstrip("s")
    if count is None or unit not in rules.DURATION_ROUNDS or len(words) > 2:
        raise OldGoldError("Give a duration like 3 rounds, 2 turns or 1 hour.")
    return count * rules.DURATION_ROUNDS[unit]


def _cannot_act(obj):
    return next((rules.CONDITIONS[c["key"]].name for c in _conditions(obj)
                 if rules.CONDITIONS[c["key"]].cannot_act), None)


@transaction.atomic
def set_condition(gm, target, key, rounds=None):
    _require_gm(gm)
    _require_combatant_record(target)
    add_condition(target, key, rounds, source=gm.key)
    how = f" for {rounds} rounds" if rounds else " until the fight ends or it is cleared"
    return Outcome((f"{target.key} is {rules.CONDITIONS[key].name.lower()}{how}.",))


@transaction.atomic
def clear_condition(gm, target, key):
    _require_gm(gm)
    if not remove_condition(target, key):
        raise OldGoldError(f"{target.key} is not {key}.")
    return Outcome((f"{target.key} is no longer {key}.",))


def _require_combatant_record(obj):
    if not is_npc(obj) and not OldGoldSheet.objects.filter(character=obj).exists():
        raise OldGoldError(f"{obj.key} has no Old Gold sheet or NPC stats.")


# ---------------------------------------------------------------- checks


def score_of(obj, attribute):
    if is_npc(obj):
        return npc_stats(obj)[attribute]
    return sheet_of(obj, obj).score(attribute)


@dataclass(frozen=True)
class CheckRequest:
    attribute: str
    difficulty: int | None = None
    opponent: object = None
    opponent_attribute: str = ""
    advantage: bool = False
    disadvantage: bool = False
    their_advantage: bool = False
    their_disadvantage: bool = False
    helpers: tuple = ()
    resist: str = ""  # 'poison' or 'mental' for the ancestries' gifts


def _modes(sheet, obj, request, notes):
    """Advantage and disadvantage from every source: they cancel, never stack."""
    advantage, disadvantage = request.advantage, request.disadvantage
    if request.helpers:
        advantage = True
        notes.append("helped by " + ", ".join(h.key for h in request.helpers))
    # Player-facing: the opponent's advantage is the player's disadvantage.
    if request.their_advantage:
        disadvantage = True
    if request.their_disadvantage:
        advantage = True
    if sheet is not None:
        if request.resist and request.resist in sheet.ancestry_rules.resist_advantage:
            advantage = True
            notes.append(f"{sheet.ancestry_rules.name} resists {request.resist}")
        if sheet.unrested:
            disadvantage = True
            notes.append("a day without rest")
    for condition in _conditions(obj):
        if condition["key"] == "hexed" and condition.get("attribute") == request.attribute:
            disadvantage = True
            notes.append("hexed")
        if condition["key"] == "restrained" and request.attribute == "grace":
            disadvantage = True
            notes.append("restrained")
    if has_condition(obj, "blessed") and not (advantage and not disadvantage):
        remove_condition(obj, "blessed")
        advantage = True
        notes.append("blessed")
    return advantage, disadvantage


@transaction.atomic
def make_check(character, request, rng=None, kind="check"):
    """A check by a PC (or a GM for an NPC); posts the dice to the room."""
    rng = _dice(rng)
    npc = is_npc(character)
    sheet = None if npc else playing_sheet(character)
    if sheet is not None and sheet.hp == 0:
        raise OldGoldError("At 0 HP you can only make your death roll (|w+og/deathroll|n).")
    score = score_of(character, request.attribute)
    if request.opponent is not None:
        resisting = request.opponent_attribute or request.attribute
        difficulty = dice.difficulty_against(score_of(request.opponent, resisting))
        against = f"{request.opponent.key}'s {resisting.capitalize()} ({difficulty})"
    else:
        difficulty = request.difficulty
        against = str(difficulty)
    notes = []
    advantage, disadvantage = _modes(sheet, character, request, notes)
    halfkin = bool(sheet and sheet.ancestry_rules.reroll_ones)
    result = dice.check(score, difficulty, rng, advantage, disadvantage, reroll_ones=halfkin)
    if halfkin and 1 in result.dice[:-1]:
        notes.append("Halfkin reroll of a 1")
    note = f" [{'; '.join(notes)}]" if notes else ""
    line = (f"{character.key} checks {request.attribute.capitalize()} against {against}: "
            f"{result.render()}{note}")
    _log(kind, character, character.location, result.dice, line,
         attribute=request.attribute, difficulty=difficulty, score=score,
         advantage=advantage, disadvantage=disadvantage, reroll_ones=halfkin,
         success=result.success)
    return Outcome((line,), data={"check": result})


@transaction.atomic
def reroll(character, rng=None):
    """Spend Inspiration to roll your last check again; the new roll stands."""
    rng = _dice(rng)
    sheet = playing_sheet(character)
    if not sheet.inspiration:
        raise OldGoldError("You have no Inspiration to spend. A GM grants it with +og/inspire.")
    last = OldGoldRoll.objects.filter(roller=character, kind__in=("check", "reroll")).first()
    if last is None:
        raise OldGoldError("You have made no check to roll again.")
    d = last.details
    result = dice.check(d["score"], d["difficulty"], rng, d["advantage"], d["disadvantage"],
                        reroll_ones=d["reroll_ones"])
    sheet.inspiration = False
    sheet.save(update_fields=["inspiration"])
    line = (f"{character.key} spends Inspiration and rolls {d['attribute'].capitalize()} "
            f"again: {result.render()}")
    _log("reroll", character, character.location, result.dice, line,
         **{**d, "success": result.success, "of": last.pk})
    return Outcome((line,), data={"check": result})


@transaction.atomic
def grant_inspiration(gm, character):
    _require_gm(gm)
    sheet = sheet_of(character, gm)
    if sheet.inspiration:
        raise OldGoldError(f"{character.key} is already inspired (it does not stack).")
    sheet.inspiration = True
    sheet.save(update_fields=["inspiration"])
    return Outcome((f"{character.key} is inspired: |w+og/reroll|n spends it on a roll.",))


@transaction.atomic
def group_check(gm, members, attribute, difficulty, rng=None, advantage=False,
                disadvantage=False):
    """Each member rolls; the group succeeds if at least half succeed."""
    _require_gm(gm)
    rng = _dice(rng)
    if not members:
        raise OldGoldError("Name the members of the group.")
    lines, results = [], []
    for member in members:
        sheet = None if is_npc(member) else playing_sheet_of(member)
        score = score_of(member, attribute)
        notes = []
        adv, dis = _modes(sheet, member, CheckRequest(attribute, difficulty, advantage=advantage,
                                                      disadvantage=disadvantage), notes)
        reroll_ones = bool(sheet and sheet.ancestry_rules.reroll_ones)
        result = dice.check(score, difficulty, rng, adv, dis, reroll_ones)
        results.append(result)
        lines.append(f"  {member.key}: {result.render()}")
    group = dice.GroupCheck(tuple(results))
    head = (f"Group check of {attribute.capitalize()} against {difficulty}: "
            f"{group.successes} of {len(results)} succeed, so the group "
            f"{'succeeds' if group.success else 'fails'}.")
    _log("group", gm, gm.location, [d for r in results for d in r.dice], head,
         attribute=attribute, difficulty=difficulty, success=group.success)
    return Outcome((head, *lines), data={"group": group})


def playing_sheet_of(character):
    sheet = sheet_of(character, character)
    if sheet.dead or sheet.status != OldGoldSheet.APPROVED:
        raise OldGoldError(f"{character.key}'s adventurer cannot play now.")
    return sheet


# ---------------------------------------------------------------- combat


def encounter_here(room, required=True):
    encounter = Encounter.objects.filter(room=room, active=True).first()
    if encounter is None and required:
        raise OldGoldError("There is no fight here. A GM starts one with |w+og/fight|n.")
    return encounter


def _entry(obj):
    npc = is_npc(obj)
    grace = npc_stats(obj)["grace"] if npc else sheet_of(obj, obj).grace
    return {"id": obj.id, "pc": not npc, "name": obj.key, "grace": grace, "defend": 0,
            "moved": False, "main": False, "oa_round": 0, "out": None, "thrown": {},
            "smite": False, "surprised": False}


def _order(entries):
    combatants = [dice.Combatant(e["name"], e["grace"], e["pc"]) for e in entries]
    by_name = {}
    for entry in entries:
        by_name.setdefault(entry["name"], []).append(entry)
    order = dice.initiative_order(combatants)
    return [by_name[c.name].pop(0) for c in order.order]


def _obj(entry):
    from evennia.objects.models import ObjectDB

    return ObjectDB.objects.filter(id=entry["id"]).first()


@transaction.atomic
def start_fight(gm, room, surprised=()):
    """Everyone here with an approved sheet and every Old Gold NPC here joins,
    in order of Grace, PCs first on ties."""
    _require_gm(gm)
    if encounter_here(room, required=False):
        raise OldGoldError("A fight is already on here: |w+og/order|n shows it.")
    entries = []
    for obj in room.contents:
        if is_npc(obj):
            if npc_stats(obj)["hp"] > 0:
                entries.append(_entry(obj))
            continue
        sheet = OldGoldSheet.objects.filter(character=obj).first()
        if sheet and sheet.status == OldGoldSheet.APPROVED and not sheet.dead:
            entries.append(_entry(obj))
    if not entries:
        raise OldGoldError("No one here can fight: PCs need an approved Old Gold sheet, "
                           "NPCs og_stats (|w+og/npc|n makes one).")
    for entry in entries:
        if entry["name"] in surprised:
            entry["surprised"] = True
    encounter = Encounter.objects.create(room=room, gm=gm, combatants=_order(entries))
    lines = ["|wA fight begins.|n " + _order_line(encounter)]
    lines += _begin_turn(encounter)
    encounter.save()
    return Outcome(tuple(lines), data={"encounter": encounter})


def _order_line(encounter):
    parts = []
    for index, e in enumerate(encounter.combatants):
        mark = ">" if index == encounter.turn else ""
        state = f" ({e['out']})" if e["out"] else ""
        parts.append(f"{mark}{e['name']} {e['grace']}{state}")
    return f"Round {encounter.round}. Order: " + ", ".join(parts) + "."


def order(room):
    encounter = encounter_here(room)
    return Outcome((_order_line(encounter),), data={"encounter": encounter})


@transaction.atomic
def join_fight(gm, obj):
    _require_gm(gm)
    encounter = encounter_here(gm.location)
    if any(e["id"] == obj.id for e in encounter.combatants):
        raise OldGoldError(f"{obj.key} is already in the fight.")
    _require_combatant_record(obj)
    if not is_npc(obj):
        playing_sheet_of(obj)
    current = encounter.combatants[encounter.turn]
    entries = _order(encounter.combatants + [_entry(obj)])
    encounter.combatants = entries
    encounter.turn = next(i for i, e in enumerate(entries) if e is current)
    encounter.save()
    return Outcome((f"{obj.key} joins the fight. " + _order_line(encounter),))


def _current(encounter):
    return encounter.combatants[encounter.turn]


def _acting_entry(caller, encounter):
    """The combatant the caller acts as now: their own turn, or the GM for
    the NPC whose turn it is. Refuses anyone else."""
    current = _current(encounter)
    if current["id"] == caller.id:
        return current
    if not current["pc"] and (is_gm(caller) and (encounter.gm_id in (caller.id, None)
                                                 or is_staff(caller))):
        return current
    raise OldGoldError(
        f"It is {current['name']}'s turn, not yours. Wait for your turn "
        "(|w+og/order|n shows the order)."
    )


def _require_able(entry, obj, action="act"):
    if entry["out"] == "down" or (entry["pc"] and _hp(obj) == 0):
        raise OldGoldError(
            "At 0 HP you cannot act: make your death roll with |w+og/deathroll|n."
        )
    blocked = _cannot_act(obj)
    if blocked:
        raise OldGoldError(f"{obj.key} is {blocked.lower()} and cannot {action}.")


def _hp(obj):
    if is_npc(obj):
        return npc_stats(obj)["hp"]
    return sheet_of(obj, obj).hp


def _dp(obj, entry=None):
    base = npc_stats(obj)["dp"] if is_npc(obj) else dp_of(sheet_of(obj, obj))
    return base + (entry["defend"] if entry else 0)


def _entry_of(encounter, obj):
    return next((e for e in encounter.combatants if e["id"] == obj.id), None)


def _apply_damage(encounter, target, amount, lines):
    """Take `amount` off target's HP; PCs at 0 fall prone and dying, NPCs die."""
    if amount <= 0:
        return
    if has_condition(target, "asleep"):
        remove_condition(target, "asleep")
        lines.append(f"{target.key} wakes up.")
    if has_condition(target, "invisible"):
        remove_condition(target, "invisible")
    entry = _entry_of(encounter, target) if encounter else None
    if is_npc(target):
        stats = npc_stats(target)
        stats["hp"] = max(0, stats["hp"] - amount)
        target.attributes.add("og_stats", stats)
        if stats["hp"] == 0:
            lines.append(f"|r{target.key} falls and dies.|n")
            if entry is not None:
                entry["out"] = "dead"
                encounter.casualties += 1
                if encounter.casualties == 1:
                    lines.append("A first casualty: the GM may call for morale (+og/morale).")
        return
    sheet = sheet_of(target, target)
    sheet.hp = max(0, sheet.hp - amount)
    sheet.save(update_fields=["hp"])
    if sheet.hp == 0:
        add_condition(target, "prone", None, "0 HP")
        lines.append(f"|r{target.key} drops to 0 HP and falls prone, dying.|n "
                     "On each turn: |w+og/deathroll|n.")
        if entry is not None:
            entry["out"] = "down"


def _heal(target, amount):
    if is_npc(target):
        stats = npc_stats(target)
        stats["hp"] = min(stats["max_hp"], stats["hp"] + amount)
        target.attributes.add("og_stats", stats)
        return stats["hp"]
    sheet = sheet_of(target, target)
    sheet.hp = min(sheet.max_hp, sheet.hp + amount)
    sheet.save(update_fields=["hp"])
    return sheet.hp


@dataclass(frozen=True)
class AttackRequest:
    target: object
    weapon: str = ""  # item name, NPC attack name, 'unarmed' or 'improvised'
    second: str = ""  # a second weapon for dual-wielding
    cover: str = ""  # '', 'partial' or 'full'
    advantage: bool = False
    disadvantage: bool = False
    into_melee: bool = False
    opportunity: bool = False


def _weapon_profile(attacker, text, rng_notes):
    """(name, damage expression, ranged, thrown item or None, direct) of a weapon."""
    text = (text or "").strip().lower()
    if is_npc(attacker):
        attacks = npc_stats(attacker)["attacks"]
        if not attacks:
            return ("fists", f"{rules.UNARMED_DAMAGE}", False, None, False)
        chosen = next((a for a in attacks if a["name"].lower().startswith(text)), None)
        if chosen is None:
            raise OldGoldError(f"{attacker.key} attacks with: "
                               + ", ".join(a["name"] for a in attacks) + ".")
        return (chosen["name"], chosen["damage"], bool(chosen.get("ranged")), None,
                bool(chosen.get("direct")))
    sheet = sheet_of(attacker, attacker)
    might = bonus(sheet.might)
    if text in ("unarmed", "fists", "fist"):
        return ("fists", f"{rules.UNARMED_DAMAGE}+{might}", False, None, False)
    if text == "improvised":
        return ("an improvised weapon", f"{rules.IMPROVISED_DAMAGE}+{might}", False, None, False)
    weapons = [i for i in sheet.items.all() if i.kind == "weapon" and i.location == "hands"]
    if text:
        named = item_named(sheet, text)
        if named.kind != "weapon":
            raise OldGoldError(f"{named.name} is not a weapon.")
        if named.location != "hands":
            raise OldGoldError(f"{named.name} is not in your hands: "
                               f"|w+og/move {named.name}=hands|n first (a free action).")
        weapon = named
    elif weapons:
        weapon = weapons[0]
    else:
        return ("fists", f"{rules.UNARMED_DAMAGE}+{might}", False, None, False)
    if weapon.spent:
        raise OldGoldError(f"{weapon.name} is spent: nothing left to strike with.")
    score = sheet.score(weapon.details.get("bonus") or "might")
    damage = weapon.details.get("damage", rules.IMPROVISED_DAMAGE)
    thrown = weapon if weapon.details.get("thrown") else None
    return (weapon.name, f"{damage}+{bonus(score)}", bool(weapon.details.get("ranged")),
            thrown, False)


@transaction.atomic
def attack(caller, request, rng=None):
    rng = _dice(rng)
    encounter = encounter_here(caller.location)
    if request.opportunity:
        attacker = caller if not is_gm(caller) or _entry_of(encounter, caller) else None
        entry = _entry_of(encounter, caller) if attacker else None
        if entry is None:
            raise OldGoldError("Only a combatant in this fight can make an opportunity attack.")
        if entry["oa_round"] == encounter.round:
            raise OldGoldError("You have made your one opportunity attack this round.")
    else:
        entry = _acting_entry(caller, encounter)
        if entry["main"]:
            raise OldGoldError("You have used your main action this turn: |w+og/done|n ends it.")
    attacker = _obj(entry)
    _require_able(entry, attacker, "attack")
    target = request.target
    target_entry = _entry_of(encounter, target)
    if target_entry is None or target_entry["out"] in ("dead", "fled"):
        raise OldGoldError(f"{target.key} is not standing in this fight.")
    if target == attacker:
        raise OldGoldError("Choose someone other than yourself to attack.")
    notes = []
    name, damage, ranged, thrown, direct = _weapon_profile(attacker, request.weapon, notes)
    if thrown is not None and thrown.spent:
        raise OldGoldError(f"You have no {thrown.name} left to throw.")
    lines = []
    if request.cover == "full":
        line = f"{attacker.key} attacks {target.key}, who is behind full cover: blocked."
        lines.append(line)
        _log("attack", attacker, caller.location, [], line, blocked=True)
        _use_main(encounter, entry, request)
        encounter.save()
        return Outcome(tuple(lines))
    if request.into_melee and ranged:
        die, strays = dice.chance(*rules.ALLY_HIT_CHANCE, rng)
        allies = [e for e in encounter.combatants
                  if e["pc"] == entry["pc"] and e["id"] not in (entry["id"], target.id)
                  and not e["out"]]
        if strays and allies:
            ally = allies[rng.randint(1, len(allies)) - 1] if len(allies) > 1 else allies[0]
            lines.append(f"Shooting into the melee (1d6: {die}): the shot strikes "
                         f"{ally['name']} instead!")
            target, target_entry = _obj(ally), ally
        else:
            notes.append(f"into melee, 1d6: {die}")
    advantage, disadvantage = request.advantage, request.disadvantage
    for condition in _conditions(attacker):
        rule = rules.CONDITIONS[condition["key"]]
        if rule.damage_disadvantage:
            disadvantage = True
            notes.append(rule.name.lower())
        if condition["key"] == "invisible":
            advantage = True
            notes.append("unseen")
    for condition in _conditions(target):
        rule = rules.CONDITIONS[condition["key"]]
        if rule.melee_against_advantage and not ranged:
            advantage = True
            notes.append(f"target {rule.name.lower()}")
        if rule.ranged_against_disadvantage and ranged:
            disadvantage = True
            notes.append(f"target {rule.name.lower()}")
        if condition["key"] == "invisible":
            disadvantage = True
            notes.append("target unseen")
    if has_condition(attacker, "blessed"):
        remove_condition(attacker, "blessed")
        advantage = True
        notes.append("blessed")
    dp = _dp(target, target_entry)
    if request.cover == "partial":
        dp += rules.COVER_DP
        notes.append(f"cover +{rules.COVER_DP} DP")
    if request.second:
        second_name, second_damage, *_ = _weapon_profile(attacker, request.second, notes)
        kept, other = dice.roll_dual_damage(damage, second_damage, dp, rng, advantage,
                                            disadvantage, direct)
        notes.append(f"dual-wielding, kept the higher of {kept.rolled} and {other.rolled}")
        result = kept
        rolled_dice = [d for r in (*kept.rolls, *other.rolls) for d in r.dice]
        name = f"{name} and {second_name}"
    else:
        result = dice.roll_damage(damage, dp, rng, advantage, disadvantage, direct)
        rolled_dice = [d for r in result.rolls for d in r.dice]
    taken = result.taken
    extra = ""
    if entry.get("smite") and not ranged:
        undead = target.tags.has("undead", category="oldgold") or target.tags.has(
            "fiend", category="oldgold")
        smite_dice = "2d8" if undead else "1d8"
        heart = bonus(score_of(attacker, "heart"))
        smite = expr.roll(f"{smite_dice}+{heart}", rng)
        rolled_dice += list(smite.dice)
        taken = dice.damage_after_dp(result.rolled + smite.total, dp, direct)
        extra = f" Smite adds {smite.render()}."
        entry["smite"] = False
    note = f" [{'; '.join(notes)}]" if notes else ""
    kind = "opportunity attack" if request.opportunity else "attack"
    line = (f"{attacker.key} makes an {kind} on {target.key} with {name}: "
            f"{result.render()}{extra}{note}").replace(f": {result.taken} taken",
                                                      f": {taken} taken")
    lines.append(line)
    if thrown is not None:
        thrown.marked += 1
        thrown.used = True
        thrown.save(update_fields=["marked", "used"])
        key = str(thrown.pk)
        entry["thrown"][key] = entry["thrown"].get(key, 0) + 1
    _apply_damage(encounter, target, taken, lines)
    if has_condition(attacker, "invisible"):
        remove_condition(attacker, "invisible")
    _log("attack", attacker, caller.location, rolled_dice, line, target=target.key,
         taken=taken, dp=dp)
    _use_main(encounter, entry, request)
    encounter.save()
    return Outcome(tuple(lines), data={"taken": taken, "damage": result})


def _use_main(encounter, entry, request=None):
    if request is not None and request.opportunity:
        entry["oa_round"] = encounter.round
    else:
        entry["main"] = True


@transaction.atomic
def simple_action(caller, action, rng=None):
    """move, sprint, defend, disengage on your turn."""
    rng = _dice(rng)
    encounter = encounter_here(caller.location)
    entry = _acting_entry(caller, encounter)
    obj = _obj(entry)
    _require_able(entry, obj, action)
    speed_zero = next((rules.CONDITIONS[c["key"]].name for c in _conditions(obj)
                       if rules.CONDITIONS[c["key"]].speed_zero), None)
    if action in ("move", "sprint", "disengage") and speed_zero:
        raise OldGoldError(f"{obj.key} is {speed_zero.lower()}: their Speed is 0.")
    if action == "move":
        if entry["moved"]:
            raise OldGoldError("You have moved this turn; sprinting (|w+og/sprint|n) moves "
                               "again as your main action.")
        entry["moved"] = True
        encounter.save()
        if has_condition(obj, "prone"):
            remove_condition(obj, "prone")
            return Outcome((f"{obj.key} stands up (that takes the move).",))
        return Outcome((f"{obj.key} moves.",))
    if entry["main"]:
        raise OldGoldError("You have used your main action this turn: |w+og/done|n ends it.")
    entry["main"] = True
    if action == "defend":
        die = rng.randint(1, 4)
        entry["defend"] = die
        line = f"{obj.key} defends: 1d4 [{die}], +{die} DP until their next turn."
        _log("defend", obj, caller.location, [die], line)
    elif action == "sprint":
        line = f"{obj.key} sprints, moving their Speed again."
    else:
        entry["disengage"] = True
        line = f"{obj.key} disengages: moving away draws no opportunity attacks."
    encounter.save()
    return Outcome((line,))


@transaction.atomic
def end_turn(caller, rng=None):
    encounter = encounter_here(caller.location)
    entry = _acting_entry(caller, encounter)
    if entry["out"] == "down" and not entry.get("rolled_death"):
        raise OldGoldError("You are dying: make your death roll first (|w+og/deathroll|n).")
    lines = [f"{entry['name']} ends their turn."]
    lines += _advance(encounter, rng)
    encounter.save()
    return Outcome(tuple(lines), data={"encounter": encounter})


@transaction.atomic
def gm_next(gm, rng=None):
    """The GM moves the fight on (an NPC's turn done, or a player away)."""
    _require_gm(gm)
    encounter = encounter_here(gm.location)
    lines = [f"The GM ends {_current(encounter)['name']}'s turn."]
    lines += _advance(encounter, rng)
    encounter.save()
    return Outcome(tuple(lines), data={"encounter": encounter})


def _standing(encounter):
    return [e for e in encounter.combatants if e["out"] not in ("dead", "fled")]


def _advance(encounter, rng=None):
    lines = []
    for _ in range(len(encounter.combatants) * 2 + 2):
        encounter.turn += 1
        if encounter.turn >= len(encounter.combatants):
            encounter.turn = 0
            encounter.round += 1
            lines += _tick(encounter)
            lines.append(_order_line(encounter))
        current = _current(encounter)
        if current["out"] in ("dead", "fled"):
            continue
        obj = _obj(current)
        if obj is None:
            current["out"] = "fled"
            continue
        if current.get("surprised") and encounter.round == 1:
            lines.append(f"{current['name']} is surprised and cannot act in the first round.")
            continue
        current["surprised"] = False
        blocked = _cannot_act(obj) if current["out"] != "down" else None
        if blocked:
            lines.append(f"{current['name']} is {blocked.lower()} and loses the turn.")
            continue
        lines += _begin_turn(encounter, rng)
        return lines
    lines.append("No one is left who can act. The GM ends the fight with |w+og/end|n.")
    return lines


def _begin_turn(encounter, rng=None):
    current = _current(encounter)
    current.update(defend=0, moved=False, main=False, rolled_death=False, disengage=False)
    obj = _obj(current)
    lines = []
    if current["out"] == "down":
        lines.append(f"|w{current['name']}'s turn|n: at 0 HP, roll |w+og/deathroll|n.")
        return lines
    lines.append(f"|w{current['name']}'s turn.|n")
    if obj is not None and not current["pc"]:
        from world.oldgold.abilities import ROUND_HOOKS

        for ability in npc_stats(obj).get("abilities", []):
            hook = ROUND_HOOKS.get(ability)
            if hook:
                said = hook(encounter, obj)
                if said:
                    lines.append(said)
    return lines


def _tick(encounter):
    """A round has passed: every timed condition loses one round; expired ones end."""
    lines = []
    for entry in encounter.combatants:
        obj = _obj(entry)
        if obj is None:
            continue
        conditions, kept = _conditions(obj), []
        for condition in conditions:
            if condition["rounds"] is not None:
                condition["rounds"] -= 1
                if condition["rounds"] <= 0:
                    name = rules.CONDITIONS[condition["key"]].name.lower()
                    lines.append(f"{obj.key} is no longer {name}.")
                    continue
            kept.append(condition)
        if kept != conditions or any(c["rounds"] is not None for c in kept):
            _save_conditions(obj, kept)
    return lines


@transaction.atomic
def death_roll(caller, rng=None):
    rng = _dice(rng)
    encounter = encounter_here(caller.location, required=False)
    if encounter is not None and _entry_of(encounter, caller):
        entry = _acting_entry(caller, encounter)
    else:
        entry = None
    sheet = playing_sheet(caller)
    if sheet.hp > 0:
        raise OldGoldError("You are not dying: death rolls are for 0 HP.")
    if entry is not None and entry.get("rolled_death"):
        raise OldGoldError("You have made this turn's death roll: |w+og/done|n ends it.")
    result = dice.death_roll(rng, disadvantage=sheet.unrested)
    lines = [f"{caller.key}'s {result.render()}."]
    if result.outcome == "dies":
        sheet.dead = True
        sheet.save(update_fields=["dead"])
        lines.append(f"|r{caller.key} is dead.|n")
        if entry is not None:
            entry["out"] = "dead"
    elif result.outcome == "recovers":
        sheet.hp = dice.RECOVERED_HP
        sheet.save(update_fields=["hp"])
        if entry is not None:
            entry["out"] = None
    _log("death", caller, caller.location, result.dice, lines[0], outcome=result.outcome)
    if entry is not None:
        entry["rolled_death"] = True
        lines += _advance(encounter, rng) if result.outcome != "recovers" else []
        encounter.save()
    return Outcome(tuple(lines), data={"death": result})


@transaction.atomic
def morale(gm, targets=(), rng=None):
    """NPCs check morale: 2d6 over their morale and they flee."""
    _require_gm(gm)
    rng = _dice(rng)
    encounter = encounter_here(gm.location)
    entries = [e for e in encounter.combatants if not e["pc"] and not e["out"]]
    if targets:
        ids = {t.id for t in targets}
        entries = [e for e in entries if e["id"] in ids]
    if not entries:
        raise OldGoldError("No NPC here is left to check morale.")
    lines = []
    for entry in entries:
        obj = _obj(entry)
        result = dice.morale_check(npc_stats(obj)["morale"], rng)
        line = f"{obj.key}: {result.render()}"
        if result.breaks:
            entry["out"] = "fled"
            line += ", and flee."
        lines.append(line)
        _log("morale", obj, gm.location, result.dice, line, breaks=result.breaks)
    if _current(encounter)["out"] == "fled":
        lines += _advance(encounter, rng)
    encounter.save()
    return Outcome(tuple(lines))


@transaction.atomic
def end_fight(gm, rng=None):
    """The fight is over: wear on weapons, armour and shields (1-in-6 a dot),
    thrown weapons found again (5-in-6 each), conditions of the fight end."""
    _require_gm(gm)
    rng = _dice(rng)
    encounter = encounter_here(gm.location)
    lines = ["|wThe fight is over.|n"]
    for entry in encounter.combatants:
        obj = _obj(entry)
        if obj is None:
            continue
        if entry["pc"]:
            sheet = OldGoldSheet.objects.filter(character=obj).first()
            if sheet is None or sheet.dead:
                continue
            for key, count in entry["thrown"].items():
                item = Item.objects.filter(pk=int(key), sheet=sheet).first()
                if item is None:
                    continue
                found = 0
                for _ in range(count):
                    die, back = dice.chance(*rules.THROWN_RECOVERY, rng)
                    found += back
                item.marked = max(0, item.marked - found)
                item.save(update_fields=["marked"])
                lines.append(f"{obj.key} finds {found} of {count} {item.name} thrown.")
            worn = [i for i in sheet.items.all()
                    if i.kind in ("weapon", "armour", "shield") and not i.spent
                    and not i.details.get("thrown")
                    and (i.location == "hands" or (i.kind == "armour" and i.location == "body"))]
            for item in worn:
                die, wears = dice.chance(*rules.WEAR_CHANCE, rng)
                if wears:
                    item.marked += 1
                    item.used = True
                    item.save(update_fields=["marked", "used"])
                    lines.append(f"{obj.key}'s {item.name} wears (1d6: {die}): "
                                 f"{item.marked}/{item.max_dots} dots.")
        conditions = [c for c in _conditions(obj)
                      if c["rounds"] is not None or c["key"] == "petrified"
                      or (c["key"] == "prone" and _hp(obj) == 0)]
        _save_conditions(obj, conditions)
    encounter.active = False
    encounter.ended_at = timezone.now()
    encounter.save()
    _log("end", gm, gm.location, [], " ".join(lines))
    return Outcome(tuple(lines))


@transaction.atomic
def splinter_shield(caller):
    """Mark all of your shield's dots to undo the last damage you took."""
    sheet = playing_sheet(caller)
    shield = next((i for i in sheet.items.all() if i.kind == "shield" and
                   i.location == "hands" and not i.spent), None)
    if shield is None:
        raise OldGoldError("You hold no whole shield to splinter.")
    last = OldGoldRoll.objects.filter(kind__in=("attack", "magic"),
                                      details__target=caller.key).first()
    if last is None or not last.details.get("taken"):
        raise OldGoldError("No attack has hurt you to ignore.")
    if last.details.get("splintered"):
        raise OldGoldError("You have already splintered a shield against that attack.")
    shield.marked = shield.max_dots
    shield.save(update_fields=["marked"])
    sheet.hp = min(sheet.max_hp, sheet.hp + last.details["taken"])
    sheet.save(update_fields=["hp"])
    last.details["splintered"] = True
    last.save(update_fields=["details"])
    encounter = encounter_here(caller.location, required=False)
    if encounter and (entry := _entry_of(encounter, caller)) and entry["out"] == "down":
        entry["out"] = None
        remove_condition(caller, "prone")
        encounter.save()
    return Outcome((f"{caller.key}'s shield splinters and takes the blow: "
                    f"{last.details['taken']} damage ignored.",))


# ---------------------------------------------------------------- NPCs


def make_npc_stats(values, attacks):
    stats = {attribute: values.get(attribute, 1) for attribute in rules.ATTRIBUTES}
    stats["max_hp"] = values.get("hp", 5)
    stats["hp"] = stats["max_hp"]
    stats["dp"] = values.get("dp", 0)
    stats["morale"] = values.get("morale", 7)
    stats["attacks"] = attacks or [{"name": "claws", "damage": "1d4"}]
    stats["conditions"] = []
    for attribute in rules.ATTRIBUTES:
        if not 0 <= stats[attribute] <= rules.MAX_NPC_ATTRIBUTE:
            raise OldGoldError(f"An NPC's {attribute} goes from 0 to {rules.MAX_NPC_ATTRIBUTE}.")
    if not 1 <= stats["max_hp"] <= rules.MAX_NPC_HP:
        raise OldGoldError(f"An NPC's HP goes from 1 to {rules.MAX_NPC_HP}.")
    for entry in stats["attacks"]:
        try:
            expr.parse(entry["damage"])
        except Exception:
            raise OldGoldError(f"'{entry['damage']}' is not a damage roll like 1d6+1.") from None
    return stats


@transaction.atomic
def create_npc(gm, name, stats):
    _require_gm(gm)
    from evennia.utils import create

    npc = create.create_object("typeclasses.oldgold.OldGoldNpc", key=name[:40],
                               location=gm.location, home=gm.location)
    npc.attributes.add("og_stats", stats)
    encounter = encounter_here(gm.location, required=False)
    lines = [f"{npc.key} appears: HP {stats['hp']}, DP {stats['dp']}, "
             + ", ".join(f"{a.capitalize()} {stats[a]}" for a in rules.ATTRIBUTES)
             + f", Morale {stats['morale']}."]
    if encounter:
        lines.append("It is not yet in the fight: |w+og/join " + npc.key + "|n.")
    return Outcome(tuple(lines), data={"npc": npc})


# ---------------------------------------------------------------- magic


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
        raise OldGoldError(f"{book.name} must be in hand: |w+og/move {book.name}=hands|n.")
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
    needs_target = magic.effect in ("condition", "missiles", "damage", "heal", "drain",
                                    "check", "morale")
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
    rolled = []
    effect = getattr(_Effects, magic.effect)
    effect(encounter, caller, sheet, magic, list(targets), cast_bonus, rng, lines, rolled,
           item_text=item_text, attribute=attribute)
    if entry is not None and magic.key not in ("counterspell", "smite"):
        entry["main"] = True
    if has_condition(caller, "invisible") and magic.key != "invisibility":
        remove_condition(caller, "invisible")
    if encounter is not None:
        encounter.save()
    _log("magic", caller, caller.location, rolled, " ".join(lines), magic=magic.key,
         targets=[t.key for t in targets])
    return Outcome(tuple(lines), data={"magic": magic})


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


# ---------------------------------------------------------------- between adventures


def next_level_xp(sheet):
    return rules.XP_REQUIRED.get(sheet.level + 1)


@transaction.atomic
def rest(character, rng=None):
    """A watch's sleep and a ration: 1d6 HP, spellbooks and relics clear,
    Inspiration is lost; once a day. With enough XP, a level is ready."""
    rng = _dice(rng)
    sheet = playing_sheet(character)
    if encounter_here(character.location, required=False) and _entry_of(
            encounter_here(character.location), character):
        raise OldGoldError("You cannot rest in the middle of a fight.")
    if sheet.rested_today:
        raise OldGoldError("You have rested today already; one rest a day helps "
                           "(a GM starts a new day with +og/day).")
    rations = next((i for i in sheet.items.all() if i.kind == "ration" and not i.spent), None)
    if rations is None:
        raise OldGoldError("Resting needs a ration and you have none: |w+og/buy rations|n.")
    rations.marked += 1
    rations.save(update_fields=["marked"])
    if rations.spent:
        rations.delete()
    die = rng.randint(1, 6)
    before = sheet.hp
    sheet.hp = min(sheet.max_hp, sheet.hp + die)
    sheet.rested_today = True
    sheet.unrested = False
    lost = sheet.inspiration
    sheet.inspiration = False
    needed = next_level_xp(sheet)
    if needed is not None and sheet.xp >= needed and sheet.level < rules.MAX_LEVEL:
        sheet.level_ready = True
    sheet.save()
    cleared = sheet.items.filter(kind__in=("spellbook", "relic")).update(marked=0)
    lines = [f"{character.key} rests a watch and eats a ration: 1d6 [{die}], "
             f"HP {before} -> {sheet.hp}."]
    if cleared:
        lines.append("Spellbook and relic dots clear.")
    if lost:
        lines.append("Their Inspiration fades with the rest.")
    if sheet.level_ready:
        lines.append("They have the XP for a new level: |w+og/level <attribute>|n.")
    _log("rest", character, character.location, [die], " ".join(lines))
    return Outcome(tuple(lines))


@transaction.atomic
def level_up(character, attribute, rng=None):
    rng = _dice(rng)
    sheet = playing_sheet(character)
    if sheet.level >= rules.MAX_LEVEL:
        raise OldGoldError(f"Level {rules.MAX_LEVEL} is as far as anyone goes: spend gold on "
                           "strongholds and ships instead.")
    if not sheet.level_ready:
        needed = next_level_xp(sheet)
        raise OldGoldError(f"Level {sheet.level + 1} needs {needed} XP (you have {sheet.xp}) "
                           "and a successful rest after you have it.")
    score = sheet.score(attribute)
    if score >= rules.ATTRIBUTE_RANGE[1]:
        raise OldGoldError(f"{attribute.capitalize()} is {score}: no attribute goes above "
                           f"{rules.ATTRIBUTE_RANGE[1]}. Choose another.")
    hp = dice.roll_hp(0, rng, advantage=sheet.ancestry_rules.hp_advantage)
    gain = hp.total + (rules.HP_PER_MIGHT if attribute == "might" else 0)
    setattr(sheet, attribute, score + 1)
    sheet.xp -= next_level_xp(sheet)
    sheet.level += 1
    sheet.max_hp += gain
    sheet.hp += gain
    sheet.level_ready = False
    sheet.save()
    line = (f"{character.key} reaches level {sheet.level}: {attribute.capitalize()} "
            f"{score} -> {score + 1}; {hp.render()}"
            + (f" + {rules.HP_PER_MIGHT} for Might" if attribute == "might" else "")
            + f"; max HP {sheet.max_hp}.")
    _log("level", character, character.location, hp.dice, line, attribute=attribute)
    return Outcome((line,))


@transaction.atomic
def downtime(character, amount, activity, rng=None, carousing=False):
    """Spend gold between adventures: 1 XP per gp (none past level 10)."""
    rng = _dice(rng)
    sheet = playing_sheet(character)
    if amount <= 0:
        raise OldGoldError("Spend at least 1 gp.")
    _spend(sheet, amount, activity.capitalize())
    gained = 0 if sheet.level >= rules.MAX_LEVEL else amount * rules.XP_PER_GP
    sheet.xp += gained
    sheet.save(update_fields=["coin", "xp"])
    lines = [f"{character.key} spends {amount} gp on {activity}: +{gained} XP "
             f"({sheet.xp} XP, {sheet.coin} gp left)."]
    rolled = []
    if carousing:
        die = rng.randint(1, 20)
        rolled.append(die)
        lines.append(f"Carousing, 1d20 [{die}]: {rules.CAROUSING[die]}")
    needed = next_level_xp(sheet)
    if needed and sheet.xp >= needed:
        lines.append(f"That is enough for level {sheet.level + 1}: rest to advance.")
    _log("downtime", character, character.location, rolled, " ".join(lines), gp=amount)
    return Outcome(tuple(lines))


@transaction.atomic
def week_of_downtime(character):
    sheet = playing_sheet(character)
    sheet.hp = sheet.max_hp
    sheet.unrested = False
    sheet.save(update_fields=["hp", "unrested"])
    return Outcome((f"{character.key} spends a week in a safe haven: back to {sheet.hp} HP.",))


@transaction.atomic
def new_day(gm, characters):
    """Dawn: who did not rest yesterday has disadvantage until they do."""
    _require_gm(gm)
    lines = ["A new day dawns."]
    for character in characters:
        sheet = OldGoldSheet.objects.filter(character=character, dead=False).first()
        if sheet is None:
            continue
        if not sheet.rested_today:
            sheet.unrested = True
            lines.append(f"{character.key} went a day without rest: disadvantage on all "
                         "rolls until they rest.")
        sheet.rested_today = False
        sheet.save(update_fields=["rested_today", "unrested"])
    return Outcome(tuple(lines))


@transaction.atomic
def deprivation(gm, character, rng=None):
    """Long without food or water: a death roll at the start of the day."""
    _require_gm(gm)
    rng = _dice(rng)
    sheet = playing_sheet_of(character)
    result = dice.death_roll(rng, disadvantage=sheet.unrested)
    line = f"{character.key} suffers deprivation. {result.render()}."
    if result.outcome == "dies":
        sheet.dead = True
        sheet.save(update_fields=["dead"])
        line += f" |r{character.key} dies of want.|n"
    _log("deprivation", character, character.location, result.dice, line)
    return Outcome((line,))


# ---------------------------------------------------------------- viewing


def may_view(viewer, character):
    """The owner, a GM and staff see a sheet."""
    return viewer == character or is_gm(viewer)


def sheet_text(viewer, character):
    from world.oldgold import render

    if not may_view(viewer, character):
        raise OldGoldError("You can see your own Old Gold sheet; a GM or staff may see any.")
    sheet = sheet_of(character, viewer)
    items = list(sheet.items.all())
    return render.sheet(sheet, items, dp_of(sheet), slots_used(sheet, items),
                        pouches_needed(sheet.coin))


def find_anyone(caller, name):
    from world import access

    if (name or "").strip().lower() in ("me", "self"):
        return caller
    return access.find_character(caller, name, anywhere=True, error=OldGoldError)


@transaction.atomic
def toggle_gm(staff, character):
    if not is_staff(staff):
        raise OldGoldError("Only staff can make Old Gold GMs.")
    if character.tags.has(GM_TAG[0], category=GM_TAG[1]):
        character.tags.remove(GM_TAG[0], category=GM_TAG[1])
        return Outcome((f"{character.key} is no longer an Old Gold GM.",))
    character.tags.add(GM_TAG[0], category=GM_TAG[1])
    return Outcome((f"{character.key} is now an Old Gold GM.",))


@transaction.atomic
def repair(character, item_text):
    """A blacksmith clears every marked dot for 10% of the item's price each."""
    sheet = playing_sheet(character)
    item = item_named(sheet, item_text)
    if item.kind not in ("weapon", "armour", "shield") or not item.marked:
        raise OldGoldError(f"{item.name} has no wear a blacksmith can mend.")
    per_dot = max(1, math.ceil(item.price * rules.REPAIR_PERCENT / 100))
    cost = per_dot * item.marked
    _spend(sheet, cost, f"Mending {item.name}")
    sheet.save(update_fields=["coin"])
    dots_cleared, item.marked = item.marked, 0
    item.save(update_fields=["marked"])
    return Outcome((f"A blacksmith mends {dots_cleared} dots on {item.name} for {cost} gp.",))
