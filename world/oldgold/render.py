"""
How Old Gold looks to players: the sheet, the shop, the spells and prayers.
Every function only builds text (at most 78 columns).
"""

import re

from world.dice.oldgold import attribute_bonus
from world.oldgold import rules
from world.words import counted

WIDTH = 78


def dots(item):
    if not item.max_dots:
        return ""
    return "[" + "x" * item.marked + "o" * (item.max_dots - item.marked) + "]"


def item_note(item):
    d = item.details
    parts = []
    if d.get("damage"):
        parts.append(f"{d['damage']} + {(d.get('bonus') or 'might').capitalize()} Bonus"
                     + _reach(d.get("ranged"), d.get("reach")))
    if d.get("dp"):
        parts.append(f"+{d['dp']} DP")
    if d.get("spell"):
        parts.append(rules.SPELLS[d["spell"]].name)
    if d.get("prayers"):
        parts.append(", ".join(rules.PRAYERS[n].name for n in d["prayers"]))
    if d.get("silvered"):
        parts.append("silvered")
    if item.bulky:
        parts.append("bulky")
    if item.spent:
        parts.append("spent")
    return "; ".join(parts)


def _reach(ranged, metres):
    """', range 40m' for what shoots, ', reach 4m' for a long melee weapon;
    nothing for the common reach."""
    if ranged and metres:
        return f", range {metres}m"
    if metres and metres > rules.MELEE_REACH:
        return f", reach {metres}m"
    return ""


def sheet(sheet, items, dp, used, pouches):
    """The whole sheet as text."""
    character = sheet.character
    lineage = rules.ANCESTRIES[sheet.ancestry]
    status = dict(sheet.STATUSES)[sheet.status]
    head = f"|wOld Gold: {character.key}|n, level {sheet.level} {lineage.name}"
    if sheet.dead:
        head += " |r(dead)|n"
    lines = [head, f"Sheet: {status}. Speed {lineage.speed}m. Languages: "
             + ", ".join(sheet.languages) + "."]
    from world.oldgold.touches import describe

    lines += describe(sheet)
    lines.append("  ".join(
        f"{a.capitalize()} {sheet.score(a)} (+{attribute_bonus(sheet.score(a))})"
        for a in rules.ATTRIBUTES))
    nxt = rules.XP_REQUIRED.get(sheet.level + 1)
    xp = f"XP {sheet.xp}" + (f"/{nxt}" if nxt else "")
    lines.append(f"HP {sheet.hp}/{sheet.max_hp}  DP {dp}  {xp}  Inspiration "
                 f"{'yes' if sheet.inspiration else 'no'}")
    conditions = ", ".join(
        rules.CONDITIONS[c["key"]].name
        + (f" ({counted(c['rounds'], 'round')})" if c["rounds"] else "")
        for c in sheet.conditions) or "none"
    lines.append(f"Conditions: {conditions}")
    flags = []
    if sheet.unrested:
        flags.append("a day without rest: disadvantage on all rolls")
    if sheet.level_ready:
        flags.append("ready to level: +og/level <attribute>")
    if flags:
        lines.append("Note: " + "; ".join(flags))
    total = sum(used.values())
    lines.append(f"Inventory ({total}/{rules.SLOTS} slots):")
    for place in rules.LOCATION_ORDER:
        lines.append(f"  |c{place.capitalize()}|n {used[place]}/{rules.LOCATIONS[place]}")
        for item in (i for i in items if i.location == place):
            note = item_note(item)
            text = f"    {item.name} {dots(item)}" + (f" ({note})" if note else "")
            lines.append(text[:WIDTH])
        if place == rules.POUCH_LOCATION and pouches:
            lines.append(f"    Coin pouch x{pouches}")
    lines.append(f"Coin {sheet.coin} gp (first {rules.FREE_COIN} free, then a pouch per "
                 f"{rules.POUCH_SIZE}); bank {sheet.bank} gp.")
    lines.append("Carried free: " + ", ".join(sheet.details.get("free_kit", rules.FREE_KIT)) + ".")
    # The site's menu is full: the sheet says where its page is.
    lines.append(f"On the web (logged in): /oldgold/sheets/{character.id}/")
    return wrap_text("\n".join(lines))


def shop():
    lines = ["|wOld Gold wares|n (prices are the game's own table):"]
    kinds = (("weapon", "Weapons"), ("armour", "Armour"), ("shield", "Shields"),
             ("light", "Light"), ("gear", "Gear"), ("consumable", "Consumables"),
             ("ration", "Food"))
    for kind, title in kinds:
        entries = []
        for gear in rules.SHOP.values():
            if gear.kind != kind:
                continue
            notes = [gear.damage + (_reach(gear.ranged, gear.reach) if gear.damage else "")
                     or (f"{gear.dp} DP" if gear.dp else ""), "bulky" if gear.bulky else ""]
            note = ", ".join(n for n in notes if n)
            entries.append(f"{gear.key} {gear.price}gp" + (f" ({note})" if note else ""))
        lines.append(f"|c{title}|n: " + ", ".join(entries))
    lines.append(f"|cMade better|n: a silvered weapon costs {rules.SILVERED_PRICE} times as "
                 f"much and deals {-rules.SILVERED_DAMAGE} less damage but harms what plain "
                 f"steel cannot; masterwork costs {rules.MASTERWORK_PRICE} times as much for "
                 f"+{rules.MASTERWORK_DAMAGE} damage or +{rules.MASTERWORK_DP} DP "
                 "(|w+og/buy masterwork sword|n).")
    return "\n".join(_wrap(line) for line in lines)


_MARKUP = re.compile(r"\|[a-zA-Z]|\|\[?[0-5]{3}|\|\[?=[a-z]|\|\[[a-zA-Z]")


def visible_len(text):
    """Length on screen: Evennia's |x colour codes take no room."""
    return len(_MARKUP.sub("", text.replace("||", "|")))


def _wrap(text, width=None, indent="  "):
    """Wrap one line at spaces to `width` visible columns, keeping its
    leading spaces; the lines after the first get `indent` more."""
    width = width or WIDTH
    lead = text[:len(text) - len(text.lstrip(" "))]
    words, lines, current = text.lstrip(" ").split(" "), [], lead
    follow = lead + indent
    for word in words:
        if current.strip() and visible_len(current) + 1 + visible_len(word) > width:
            lines.append(current)
            current = follow + word
        else:
            current = f"{current} {word}" if current.strip() else current + word
    lines.append(current)
    return "\n".join(lines)


def wrap_text(text, width=None):
    """Every line of `text` wrapped to `width` visible columns (WIDTH)."""
    width = width or WIDTH
    return "\n".join(_wrap(line, width) if visible_len(line) > width else line
                     for line in str(text).split("\n"))


def distances(table):
    """How far apart a fight's creatures stand: (name, [(other, metres)])
    rows, one line each."""
    lines = ["Distances in the fight (metres; a melee blow reaches "
             f"{rules.MELEE_REACH}m):"]
    for name, others in table:
        lines.append(_wrap(f"  {name}: " + ", ".join(f"{other} {far}m" for other, far in others),
                           indent="    "))
    return "\n".join(lines)


def magic_list():
    lines = ["|wSpells|n (1d20, cast with Mind):"]
    for m in rules.SPELLS.values():
        lines.append(_wrap(f"{m.number:>2}. {m.name}: {m.text}", indent="    "))
    lines.append("|wPrayers|n (1d20, invoked with Heart):")
    for m in rules.PRAYERS.values():
        lines.append(_wrap(f"{m.number:>2}. {m.name}: {m.text}", indent="    "))
    return "\n".join(lines)
