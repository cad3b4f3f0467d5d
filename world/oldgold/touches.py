"""
The chargen's finishing touches, bonds and deities (the text's "Finishing
Touches", "Bonds" and "Deities"): a name, an appearance, a personality, a
background and a motivation rolled or chosen; a bond with each neighbouring
player (invented together, or both roll 1d6 and add); a deity for a relic
(1d12 on each column: name, domain, tenet, or one of your own).

They live in the sheet's `details`; a draft or approved sheet may set them,
a dead one not. Rolls are logged like every other.
"""

from django.db import transaction

from world.oldgold import rules
from world.oldgold.errors import OldGoldError
from world.oldgold.models import OldGoldSheet
from world.oldgold.services import Outcome, _dice, _log, sheet_of
from world.words import with_article

TOUCHES = {
    "name": rules.NAMES,
    "appearance": rules.APPEARANCE,
    "personality": rules.PERSONALITY,
    "background": rules.BACKGROUND,
    "motivation": rules.MOTIVATION,
}
MAX_TOUCH = 60
MAX_BOND = 120
DEITY_PARTS = ("name", "domain", "tenet")


def _living_sheet(character, asker=None):
    sheet = sheet_of(character, asker)
    if sheet.dead:
        if asker is None or asker == character:
            raise OldGoldError("Your adventurer is dead. |w+og/new|n makes the next one.")
        raise OldGoldError(f"{character.key}'s adventurer is dead.")
    return sheet


def touch_named(text):
    wanted = (text or "").strip().lower()
    found = [k for k in TOUCHES if wanted and k.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError(f"'{text}' is not a finishing touch. Choose one of: "
                           + ", ".join(TOUCHES) + ".")
    return found[0]


def _clean(text, limit, what):
    text = " ".join((text or "").split())
    if not text:
        raise OldGoldError(f"Give the {what} in words, e.g. +og/touch name=Wren.")
    if len(text) > limit:
        raise OldGoldError(f"Keep the {what} to {limit} characters (you gave {len(text)}).")
    return text


@transaction.atomic
def set_touch(character, field, text):
    """Choose (or invent) a finishing touch."""
    sheet = _living_sheet(character)
    value = _clean(text, MAX_TOUCH, field)
    sheet.details = {**sheet.details, field: value}
    sheet.save(update_fields=["details"])
    return Outcome((f"{character.key}'s {field} is now: {value}.",))


@transaction.atomic
def roll_touches(character, fields=None, rng=None):
    """Roll the tables: every touch, or only those named."""
    rng = _dice(rng)
    sheet = _living_sheet(character)
    fields = list(fields or TOUCHES)
    details, parts, rolled = dict(sheet.details), [], []
    for field in fields:
        table = TOUCHES[field]
        die = rng.randint(1, len(table))
        rolled.append(die)
        details[field] = table[die - 1]
        parts.append(f"{field} 1d{len(table)} [{die}] {table[die - 1]}")
    sheet.details = details
    sheet.save(update_fields=["details"])
    line = f"{character.key} rolls finishing touches: " + "; ".join(parts) + "."
    _log("touches", character, character.location, rolled, line, fields=fields)
    return Outcome((line,))


def _bonds(sheet):
    return list(sheet.details.get("bonds", []))


@transaction.atomic
def make_bond(character, other, text="", rng=None):
    """A bond between two adventurers, written on both sheets: invented
    together (`text`), or each player rolls 1d6 and the sum reads the table."""
    rng = _dice(rng)
    if other == character:
        raise OldGoldError("A bond is with another player's adventurer: +og/bond <name>.")
    mine = _living_sheet(character)
    theirs = _living_sheet(other, character)
    if any(b.get("id") == other.id for b in _bonds(mine)):
        raise OldGoldError(f"You already share a bond with {other.key} "
                           "(|w+og/unbond " + other.key + "|n clears it first).")
    rolled = []
    if text:
        bond = _clean(text, MAX_BOND, "bond")
        how = "invent a bond"
    else:
        first, second = rng.randint(1, 6), rng.randint(1, 6)
        rolled = [first, second]
        bond = rules.BONDS[first + second]
        how = f"roll 1d6 + 1d6 [{first}] + [{second}] = {first + second}"
    for sheet, partner in ((mine, other), (theirs, character)):
        sheet.details = {**sheet.details, "bonds": _bonds(sheet) + [
            {"id": partner.id, "with": partner.key, "text": bond}]}
        sheet.save(update_fields=["details"])
    line = f"{character.key} and {other.key} {how}: {bond}"
    _log("bond", character, character.location, rolled, line, other=other.key)
    return Outcome((line,))


@transaction.atomic
def clear_bond(character, other):
    mine = _living_sheet(character)
    if not any(b.get("id") == other.id for b in _bonds(mine)):
        raise OldGoldError(f"You share no bond with {other.key}.")
    for sheet, partner in ((mine, other), (OldGoldSheet.objects.filter(
            character=other).first(), character)):
        if sheet is None:
            continue
        sheet.details = {**sheet.details, "bonds": [
            b for b in _bonds(sheet) if b.get("id") != partner.id]}
        sheet.save(update_fields=["details"])
    return Outcome((f"{character.key} and {other.key} no longer share a bond.",))


@transaction.atomic
def set_deity(character, parts=None, rng=None):
    """A deity: 1d12 on each column, or `parts` (name, domain, tenet) of
    your own."""
    rng = _dice(rng)
    sheet = _living_sheet(character)
    rolled = []
    if parts:
        if len(parts) != 3:
            raise OldGoldError("Give a name, a domain and a tenet: "
                               "+og/deity Sella/the rivers/never dam a stream.")
        deity = {k: _clean(v, MAX_TOUCH, k) for k, v in zip(DEITY_PARTS, parts)}
        how = "chooses a deity:"
    else:
        deity = {}
        for part in DEITY_PARTS:
            column = rules.DEITIES[part]
            die = rng.randint(1, len(column))
            rolled.append(die)
            deity[part] = column[die - 1]
        how = "rolls a deity, 1d12 a column " + " ".join(f"[{d}]" for d in rolled) + ":"
    sheet.details = {**sheet.details, "deity": deity}
    sheet.save(update_fields=["details"])
    line = (f"{character.key} {how} {deity['name']}, who watches over "
            f"{deity['domain']}. Tenet: {deity['tenet']}.")
    _log("deity", character, character.location, rolled, line)
    return Outcome((line,))


def describe(sheet):
    """The touches, bonds and deity as lines for the sheet."""
    d = sheet.details
    lines = []
    looks = [d.get(k) for k in ("appearance", "personality", "background", "motivation")]
    if all(looks):
        lines.append(f"{with_article(looks[0]).capitalize()}, {looks[1]} former {looks[2]}, "
                     f"out for {looks[3]}.")
    if d.get("name"):
        lines.append(f"Called {d['name']}.")
    bonds = d.get("bonds") or []
    for bond in bonds:
        lines.append(f"Bond with {bond['with']}: {bond['text']}")
    if d.get("deity"):
        deity = d["deity"]
        lines.append(f"Deity: {deity['name']}, of {deity['domain']} "
                     f"(tenet: {deity['tenet']}).")
    return lines
