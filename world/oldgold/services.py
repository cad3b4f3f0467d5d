"""
What the Old Gold commands do: make and review sheets, carry items and coin,
roll checks, rest, shop and level (fights are in `world.oldgold.combat`,
magic in `world.oldgold.magic`; both build on the helpers here).
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
import re
from dataclasses import dataclass, field

from django.db import transaction

from world.access import STAFF_LOCK, is_staff  # noqa: F401 (commands read them here too)
from world.dice import expr
from world.dice import oldgold as dice
from world.oldgold import rules
from world.oldgold.errors import OldGoldError
from world.oldgold.models import Encounter, Item, OldGoldRoll, OldGoldSheet
from world.prepared import Prepared
from world.words import counted

default_rng = random.SystemRandom()

NPC_TAG = ("oldgold_npc", "oldgold")
GM_TAG = ("oldgold_gm", "oldgold")
GM_LOCK = f"{STAFF_LOCK} or tag({GM_TAG[0]}, {GM_TAG[1]})"  # staff, or a player staff made GM


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


# Every Old Gold command looks up its sheet: Django writes this SQL once.
_sheet_of_character = Prepared(lambda character: OldGoldSheet.objects.filter(character_id=character))


def sheet_of(character, asker=None):
    sheet = _sheet_of_character.first(character.id)
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
    # Asked by category: Evennia caches a category's tags after one look-up,
    # but asks the database again each time a tag key is missing (every PC).
    return bool(obj) and NPC_TAG[0] in obj.tags.get(category=NPC_TAG[1], return_list=True) and bool(
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
    numbered = re.fullmatch(r"(.+?)-(\d+)", name)
    if numbered and not starting:
        # Evennia's own habit for look-alikes: goblin-2 is the second goblin.
        same = [o for o in candidates if o.key.lower().startswith(numbered.group(1).lower())]
        index = int(numbered.group(2)) - 1
        if 0 <= index < len(same):
            return same[index]
    if starting:
        raise OldGoldError(f"'{name}' could be any of: {', '.join(o.key for o in starting)}. "
                           f"Pick one by number: {name}-1 to {name}-{len(starting)}.")
    raise OldGoldError(f"There is no one called '{name}' {error_word}.")


# ---------------------------------------------------------------- chargen


def roll_ancestry(rng=None):
    die = _dice(rng).randint(1, len(rules.ANCESTRY_DIE))
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


def extra_language(text):
    """A language's name as typed ('' for 'none'); refuses what is no name."""
    name = " ".join((text or "").split())
    if name.lower() in ("", "none", "no", "-"):
        return ""
    if len(name) > rules.MAX_LANGUAGE or not all(part.isalpha() for part in name.split()):
        raise OldGoldError(f"Type a language's name in letters (at most {rules.MAX_LANGUAGE}), "
                           "e.g. Goblin, or none.")
    return name.title()


@transaction.atomic
def learn_language(gm, character, text):
    """A language learned in downtime, as the GM allows."""
    _require_gm(gm)
    sheet = sheet_of(character, gm)
    name = extra_language(text)
    if not name:
        raise OldGoldError("Name the language: +og/learn <name>=language Goblin.")
    if name.lower() in (known.lower() for known in sheet.languages):
        raise OldGoldError(f"{character.key} already speaks {name}.")
    sheet.languages = [*sheet.languages, name]
    sheet.save(update_fields=["languages"])
    return Outcome((f"{character.key} now speaks {name}.",))


@transaction.atomic
def create_sheet(character, ancestry, scores, weapon, second, rng=None, method="points",
                 name_details=None, attribute_dice=(), language=""):
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
                      advantage=lineage.hp_advantage, sides=rules.LEVEL_HP_SIDES)
    gold = expr.roll(rules.STARTING_GP[1], rng)
    coin = rules.STARTING_GP[0] + gold.total
    sheet = OldGoldSheet.objects.create(
        character=character, ancestry=ancestry, level=1, xp=0, hp=hp.total, max_hp=hp.total,
        coin=coin, status=OldGoldSheet.PENDING,
        languages=list(dict.fromkeys([*lineage.languages, *filter(None, [language])])),
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
    for key, location in rules.STARTING_EXTRAS:
        _new_item(sheet, key, location=location)
    _log("chargen", character, character.location,
         list(attribute_dice) + list(hp.dice) + list(gold.dice) + magic_dice,
         " ".join(lines), ancestry=ancestry, method=method, scores=scores)
    return Outcome(tuple(lines), data={"sheet": sheet, "hp": hp, "coin": coin})


def _new_item(sheet, key, location=None, name=None):
    gear = rules.GEAR[key]
    details = {}
    if gear.damage:
        details.update(damage=gear.damage, bonus=gear.bonus, ranged=gear.ranged,
                       thrown=gear.thrown, reach=gear.reach)
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
        "(|w+og/drop <item>|n), or carry it elsewhere (|w+og/carry <item>=<hands, body or "
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


def _wares(text):
    """(Gear, qualities) for 'sword', 'masterwork sword', 'silvered axe'..."""
    words = (text or "").strip().lower().split()
    qualities = tuple(q for q in rules.QUALITY_KINDS if q in words)
    gear = rules.SHOP.get(" ".join(w for w in words if w not in qualities))
    if gear is None:
        raise OldGoldError(f"'{text}' is not for sale here: |w+og/shop|n lists the wares.")
    for quality in qualities:
        if gear.kind not in rules.QUALITY_KINDS[quality]:
            raise OldGoldError("Only weapons come silvered; weapons, armour and shields "
                               f"come masterwork. Try |w+og/buy {gear.key}|n.")
    return gear, qualities


def _made_as(item, gear, qualities):
    """A bought item silvered or masterwork: its price, name and numbers."""
    item.price = gear.price * math.prod(
        {"silvered": rules.SILVERED_PRICE, "masterwork": rules.MASTERWORK_PRICE}[q]
        for q in qualities)
    name = " ".join([*qualities, gear.name.lower()])[:60]
    item.name = name[0].upper() + name[1:]
    change = sum({"silvered": rules.SILVERED_DAMAGE,
                  "masterwork": rules.MASTERWORK_DAMAGE}[q] for q in qualities)
    if gear.damage and change:
        item.details["damage"] = f"{gear.damage}{change:+d}"
    if gear.dp and "masterwork" in qualities:
        item.details["dp"] = gear.dp + rules.MASTERWORK_DP
    if "silvered" in qualities:
        item.details["silvered"] = True  # harms what shrugs off mundane steel
    item.save(update_fields=["price", "name", "details"])


@transaction.atomic
def buy(character, key):
    """Buy from the game's price list; a weapon may come silvered, a weapon,
    armour or shield masterwork (+og/buy masterwork sword)."""
    sheet = playing_sheet(character)
    gear, qualities = _wares(key)
    place = _room_in(sheet, rules.BULKY_SLOTS if gear.bulky else 1, None)
    if place is None:
        raise _full_refusal(sheet, gear.name)
    item = _new_item(sheet, gear.key, place)
    if qualities:
        _made_as(item, gear, qualities)
    _spend(sheet, item.price, item.name)
    sheet.save(update_fields=["coin"])
    worn = {"weapon": "hands", "shield": "hands", "armour": "body"}.get(gear.kind)
    use = (f"To use it, carry it: |w+og/carry {item.name.lower()}={worn}|n.",
           ) if worn and worn != place else ()
    return Outcome((f"{character.key} buys {item.name} for {item.price} gp ({place}); "
                    f"{sheet.coin} gp left.",), private=use, data={"item": item})


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


def add_condition(obj, key, rounds=None, source="", **extra):
    """`extra` rides on the condition: `of` (an object id) and `of_name` name
    what a frightened creature fears."""
    conditions = [c for c in _conditions(obj) if c["key"] != key]
    conditions.append({"key": key, "rounds": rounds, "source": source, **extra})
    _save_conditions(obj, conditions)


def frightened_of(obj, other):
    """Whether `obj` is frightened of `other` now: only while the source of
    the fear is in sight (same place, `obj` not blinded, `other` not
    invisible). A fear set without a source counts against everyone."""
    if other is None or other == obj:
        return False
    fear = next((c for c in _conditions(obj) if c["key"] == "frightened"), None)
    if fear is None:
        return False
    if fear.get("of") is not None and fear["of"] != other.id:
        return False
    if other.location != obj.location or has_condition(obj, "blinded"):
        return False
    return not has_condition(other, "invisible")


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
def set_condition(gm, target, key, rounds=None, of=None):
    """`of` is the source of a fear (frightened only)."""
    _require_gm(gm)
    _require_combatant_record(target)
    if of is not None and key != "frightened":
        raise OldGoldError("Only a fear has a source: +og/cond <target>=frightened of <name>.")
    if key == "frightened" and of is None:
        raise OldGoldError("Say what they fear: +og/cond <target>=frightened of <name>"
                           "[ <number> rounds]. Nothing was changed.")
    if of is not None and of == target:
        raise OldGoldError(f"{target.key} cannot be frightened of themselves.")
    extra = {"of": of.id, "of_name": of.key} if of is not None else {}
    add_condition(target, key, rounds, source=gm.key, **extra)
    how = f" for {counted(rounds, 'round')}" if rounds else " until the fight ends or it is cleared"
    name = rules.CONDITIONS[key].name.lower()
    fear = f" of {of.key}" if of is not None else ""
    return Outcome((f"{target.key} is {name}{fear}{how}.",))


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
    sight: bool = False  # a check that needs the eyes (blinded: disadvantage)


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
    if sheet is not None and request.resist in sheet.ancestry_rules.resist_advantage:
        advantage = True
        notes.append(f"{sheet.ancestry_rules.name} resists {request.resist}")
    for condition in _conditions(obj):
        if condition["key"] == "hexed" and condition.get("attribute") == request.attribute:
            disadvantage = True
            notes.append("hexed")
        if condition["key"] == "restrained" and request.attribute == "grace":
            disadvantage = True
            notes.append("restrained")
        if condition["key"] == "blinded" and request.sight:
            disadvantage = True
            notes.append("blinded")
    return own_modes(sheet, obj, notes, advantage, disadvantage)


def own_modes(sheet, obj, notes, advantage=False, disadvantage=False):
    """What every roll of `obj` carries, on top of `advantage` and
    `disadvantage`: a day without rest (disadvantage on all rolls) and a
    blessing (advantage on one roll, spent only where it changes the roll)."""
    if sheet is not None and sheet.unrested:
        disadvantage = True
        notes.append("a day without rest")
    if has_condition(obj, "blessed") and not (advantage and not disadvantage):
        remove_condition(obj, "blessed")
        advantage = True
        notes.append("blessed")
    return advantage, disadvantage


@transaction.atomic
def make_check(character, request, rng=None, kind="check", **logged):
    """A check by a PC (or a GM for an NPC); posts the dice to the room.
    `kind` and `logged` say what the check was for in the roll log."""
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
         success=result.success, **logged)
    return Outcome((line,), data={"check": result})


def reroll(character, rng=None, cast=False):
    """Spend Inspiration to roll your last roll again, whatever it was (a
    check, an attack's damage, a spell's dice, a death roll, a level's
    HP...); the new roll stands. With `cast`, only a spell or prayer just
    cast is rolled again. See `world.oldgold.inspiration`."""
    from world.oldgold import inspiration

    return inspiration.reroll(character, rng, cast=cast)


def reroll_check(character, last, rng, kind="reroll"):
    d = last.details
    result = dice.check(d["score"], d["difficulty"], rng, d["advantage"], d["disadvantage"],
                        reroll_ones=d["reroll_ones"])
    line = (f"{character.key} spends Inspiration and rolls {d['attribute'].capitalize()} "
            f"again: {result.render()}")
    _log(kind, character, character.location, result.dice, line,
         **{**d, "success": result.success, "of": last.pk})
    return Outcome((line,), data={"check": result})


@transaction.atomic
def grant_inspiration(gm, character, deed=""):
    """The GM inspires an adventurer for something bold or inventive they
    did (`deed`, said to the room): at chargen, a bond, a fight, anywhere."""
    _require_gm(gm)
    sheet = sheet_of(character, gm)
    if sheet.inspiration:
        raise OldGoldError(f"{character.key} is already inspired (it does not stack).")
    sheet.inspiration = True
    sheet.save(update_fields=["inspiration"])
    why = f" ({' '.join(deed.split())[:80]})" if deed.strip() else ""
    return Outcome((f"{character.key} is inspired{why}: |w+og/reroll|n spends it on a "
                    "roll, until their next rest.",))


@dataclass(frozen=True)
class MemberRoll:
    """One member's roll in a group check, with what went into it."""

    result: object  # dice.Check
    notes: tuple
    advantage: bool
    disadvantage: bool
    reroll_ones: bool

    def render(self):
        note = f" [{'; '.join(self.notes)}]" if self.notes else ""
        return self.result.render() + note

    def details(self):
        """What the roll log keeps, so Inspiration can roll it again."""
        return {"score": self.result.score, "difficulty": self.result.difficulty,
                "advantage": self.advantage, "disadvantage": self.disadvantage,
                "reroll_ones": self.reroll_ones, "success": self.result.success}


def roll_member(member, request, rng):
    """A group member's own roll of `request` (attribute and difficulty),
    with their own advantages and disadvantages and the Halfkin's gift."""
    sheet = None if is_npc(member) else playing_sheet_of(member)
    notes = []
    adv, dis = _modes(sheet, member, request, notes)
    reroll_ones = bool(sheet and sheet.ancestry_rules.reroll_ones)
    result = dice.check(score_of(member, request.attribute), request.difficulty, rng, adv, dis,
                        reroll_ones)
    if reroll_ones and 1 in result.dice[:-1]:
        notes.append("Halfkin reroll of a 1")
    return MemberRoll(result, tuple(notes), adv, dis, reroll_ones)


def playing_sheet_of(character):
    sheet = sheet_of(character, character)
    if sheet.dead or sheet.status != OldGoldSheet.APPROVED:
        raise OldGoldError(f"{character.key}'s adventurer cannot play now.")
    return sheet


# ---------------------------------------------------------------- fights (look-ups)

def encounter_here(room, required=True):
    encounter = Encounter.objects.filter(room=room, active=True).first()
    if encounter is None and required:
        raise OldGoldError("There is no fight here. A GM starts one with |w+og/fight|n.")
    return encounter


def _entry_of(encounter, obj):
    return next((e for e in encounter.combatants if e["id"] == obj.id), None)


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
    die = expr.roll(rules.REST_HP_DIE, rng).total
    before = sheet.hp
    sheet.hp = min(sheet.max_hp, sheet.hp + die)
    sheet.rested_today = True
    sheet.unrested = False
    lost = sheet.inspiration
    sheet.inspiration = False
    # A watch asleep outlasts any condition timed to end within it.
    watch = rules.DURATION_ROUNDS["watch"]
    faded = [c for c in sheet.conditions if c["rounds"] is not None and c["rounds"] <= watch]
    sheet.conditions = [c for c in sheet.conditions if c not in faded]
    needed = next_level_xp(sheet)
    if needed is not None and sheet.xp >= needed and sheet.level < rules.MAX_LEVEL:
        sheet.level_ready = True
    sheet.save()
    cleared = sheet.items.filter(kind__in=("spellbook", "relic")).update(marked=0)
    lines = [f"{character.key} rests a watch and eats a ration: {rules.REST_HP_DIE} [{die}], "
             f"HP {before} -> {sheet.hp}."]
    if cleared:
        lines.append("Spellbook and relic dots clear.")
    if lost:
        lines.append("Their Inspiration fades with the rest.")
    if faded:
        lines.append("No longer " + ", ".join(rules.CONDITIONS[c["key"]].name.lower()
                                                for c in faded) + ".")
    if sheet.level_ready:
        lines.append(f"{character.key} has the XP for level {sheet.level + 1}: "
                     "|w+og/level <attribute>|n.")
    _log("rest", character, character.location, [die], " ".join(lines), die=die,
         healed=sheet.hp - before)
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
        if sheet.xp >= needed:
            raise OldGoldError(f"You have the {needed} XP for level {sheet.level + 1}: a "
                               "successful rest readies it (|w+og/rest|n).")
        raise OldGoldError(f"Level {sheet.level + 1} needs {needed} XP (you have {sheet.xp}) "
                           "and a successful rest after you have it.")
    score = sheet.score(attribute)
    if score >= rules.ATTRIBUTE_RANGE[1]:
        raise OldGoldError(f"{attribute.capitalize()} is {score}: no attribute goes above "
                           f"{rules.ATTRIBUTE_RANGE[1]}. Choose another.")
    hp = dice.roll_hp(0, rng, advantage=sheet.ancestry_rules.hp_advantage,
                      sides=rules.LEVEL_HP_SIDES)
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
            + (f", + {rules.HP_PER_MIGHT} for Might" if attribute == "might" else "")
            + f"; max HP {sheet.max_hp}.")
    _log("level", character, character.location, hp.dice, line, attribute=attribute,
         gain=gain, advantage=sheet.ancestry_rules.hp_advantage)
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
    _log("downtime", character, character.location, rolled, " ".join(lines), gp=amount,
         carousing=bool(carousing))
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
    """Dawn, called by a GM: who did not rest yesterday has disadvantage
    until they do."""
    _require_gm(gm)
    return begin_day(characters)


@transaction.atomic
def begin_day(characters):
    """Dawn for `characters` (a GM's +og/day, or a party's camp on the road)."""
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
    _log("deprivation", character, character.location, result.dice, line,
         outcome=result.outcome, disadvantage=sheet.unrested)
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
    """A blacksmith mends the item fully; each dot costs 10% of its price."""
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
    return Outcome((f"A blacksmith mends {counted(dots_cleared, 'dot')} on {item.name} for "
                    f"{cost} gp.",))
