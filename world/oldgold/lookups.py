"""
What the Old Gold web pages may show: a sheet to its player, to GMs and to
staff; to anyone else it is as if it did not exist (NotShown -> 404).
"""

from dataclasses import dataclass

from evennia.objects.models import ObjectDB

from world.dice.oldgold import attribute_bonus
from world.oldgold import render, rules, services
from world.oldgold.models import OldGoldSheet


class NotShown(Exception):
    pass


@dataclass(frozen=True)
class ItemRow:
    name: str
    dots: str
    note: str
    slots: int


@dataclass(frozen=True)
class SheetPage:
    character: object
    sheet: OldGoldSheet
    ancestry: object
    attributes: tuple  # (name, score, bonus)
    dp: int
    next_xp: int | None
    locations: tuple  # (name, used, size, [ItemRow])
    pouches: int
    conditions: tuple
    touches: tuple = ()
    slots_used: int = 0
    slots: int = rules.SLOTS


def _may_see(account, character):
    if not account or not account.is_authenticated:
        return False
    if character in account.characters.all():
        return True
    return services.is_staff(account) or any(services.is_gm(c) for c in account.characters.all())


def own_sheets(account):
    return [sheet_page(account, c.id) for c in account.characters.all()
            if OldGoldSheet.objects.filter(character=c).exists()]


def sheet_page(account, character_id):
    character = ObjectDB.objects.filter(pk=character_id).first()
    sheet = OldGoldSheet.objects.filter(character=character).first() if character else None
    if sheet is None or not _may_see(account, character):
        raise NotShown
    items = list(sheet.items.all())
    used = services.slots_used(sheet, items)
    locations = tuple(
        (place.capitalize(), used[place], rules.LOCATIONS[place],
         [ItemRow(i.name, render.dots(i), render.item_note(i), i.slots)
          for i in items if i.location == place])
        for place in rules.LOCATION_ORDER
    )
    return SheetPage(
        character=character, sheet=sheet, ancestry=rules.ANCESTRIES[sheet.ancestry],
        attributes=tuple((a.capitalize(), sheet.score(a), attribute_bonus(sheet.score(a)))
                         for a in rules.ATTRIBUTES),
        dp=services.dp_of(sheet), next_xp=rules.XP_REQUIRED.get(sheet.level + 1),
        locations=locations, pouches=services.pouches_needed(sheet.coin),
        conditions=tuple(rules.CONDITIONS[c["key"]].name for c in sheet.conditions),
        touches=tuple(_touch_lines(sheet)), slots_used=sum(used.values()),
    )


def _touch_lines(sheet):
    from world.oldgold.touches import describe

    return describe(sheet)
