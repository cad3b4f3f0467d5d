"""
Light sources on Old Gold sheets: lighting and dousing them, refilling a
lantern, and burning them as the scene clock runs.

A light is an item of kind "light" from the adventurers' gear table
(torch, candle, lantern). Once lit it has a `Flame`; every full period it
burns (an hour for a torch or candle, a watch for a lantern) marks one of
its usage dots. When the last dot fills it goes dark: a torch or candle is
burned away and leaves the sheet, a lantern stays, empty, until oil refills
it. Functions return lines for the room; they never write to a player.
"""

from django.db import transaction

from world.oldgold import services as og
from world.oldgold.models import Item, OldGoldSheet
from world.oldgold_scene import rules
from world.oldgold_scene.errors import SceneError
from world.oldgold_scene.models import Flame


def period_of(item):
    return rules.LIGHT_PERIOD_ROUNDS.get(item.gear)


def is_light(item):
    return item.kind == rules.LIGHT_KIND and period_of(item) is not None


def is_lit(item):
    flame = Flame.objects.filter(item=item).first()
    return bool(flame and flame.lit)


def _dots(item):
    return f"{item.marked}/{item.max_dots} dots"


def _lights_named(sheet, text):
    wanted = " ".join((text or "").lower().split())
    lights = [item for item in sheet.items.all() if is_light(item)]
    if not wanted:
        return lights
    exact = [i for i in lights if i.name.lower() == wanted or i.gear == wanted]
    return exact or [i for i in lights if i.name.lower().startswith(wanted)
                     or wanted in i.name.lower()]


def _pick(sheet, text, want_lit):
    found = _lights_named(sheet, text)
    if not found:
        raise SceneError(f"You carry no light called '{text}'. Lights are torches, candles "
                         "and lanterns (|w+og/buy torch|n).")
    lit = {flame.item_id for flame in Flame.objects.filter(item__in=found, lit=True)}
    fitting = [i for i in found if (i.pk in lit) == want_lit and (want_lit or not i.spent)]
    if not fitting:
        name = found[0].name
        if want_lit:
            raise SceneError(f"Your {name} is not lit. |w+light {name.lower()}|n lights it.")
        unlit = [i for i in found if i.pk not in lit]
        if unlit and all(i.spent for i in unlit):
            raise SceneError(f"Your {name} is spent and will not light"
                             + (": |w+light/fill lantern|n pours in oil." if
                                found[0].gear in rules.REFILLS else "."))
        raise SceneError(f"Your {name} is already lit (|w+light/out {name.lower()}|n puts "
                         "it out).")
    return fitting[0]


@transaction.atomic
def light(character, text):
    sheet = og.playing_sheet(character)
    item = _pick(sheet, text, want_lit=False)
    Flame.objects.update_or_create(item=item, defaults={"lit": True})
    return (f"{character.key} lights a {item.name.lower()} ({_dots(item)} marked).",)


@transaction.atomic
def douse(character, text):
    sheet = og.playing_sheet(character)
    item = _pick(sheet, text, want_lit=True)
    Flame.objects.filter(item=item).update(lit=False)
    return (f"{character.key} puts out a {item.name.lower()} ({_dots(item)} marked).",)


@transaction.atomic
def fill(character, text):
    """Pour oil into a lantern: its dots clear and the oil is used up."""
    sheet = og.playing_sheet(character)
    found = [i for i in _lights_named(sheet, text) if i.gear in rules.REFILLS]
    if not found:
        raise SceneError("Only a lantern takes oil: |w+light/fill lantern|n.")
    lamp = max(found, key=lambda i: i.marked)
    oil_key = rules.REFILLS[lamp.gear]
    oil = next((i for i in sheet.items.all() if i.gear == oil_key and not i.spent), None)
    if oil is None:
        raise SceneError(f"You have no {oil_key}: |w+og/buy {oil_key}|n.")
    if lamp.marked == 0:
        raise SceneError(f"Your {lamp.name.lower()} is full already; keep the oil.")
    lamp.marked = 0
    lamp.save(update_fields=["marked"])
    oil.delete()
    return (f"{character.key} fills a {lamp.name.lower()} with oil: its dots clear.",)


def lit_flames(characters):
    """The lit Flames carried by `characters`, with their items and sheets."""
    return list(Flame.objects.select_related("item__sheet__character").filter(
        lit=True, item__sheet__character__in=characters, item__sheet__dead=False))


def lit_in(room):
    people = [obj for obj in room.contents]
    return lit_flames(people)


def _mark(flame, count, lines):
    """Mark up to `count` dots on a burning light; put it out when spent."""
    item = flame.item
    owner = item.sheet.character.key
    item.marked = min(item.max_dots, item.marked + count)
    item.used = True
    if not item.spent:
        item.save(update_fields=["marked", "used"])
        return
    if item.gear in rules.REFILLS:
        item.save(update_fields=["marked", "used"])
        flame.lit = False
        flame.burned_rounds = 0
        flame.save(update_fields=["lit", "burned_rounds"])
        lines.append(f"{owner}'s {item.name.lower()} gutters out: it is dry "
                     f"and dark until oil refills it.")
    else:
        lines.append(f"{owner}'s {item.name.lower()} burns down to nothing and goes dark.")
        item.delete()


def burn(characters, rounds):
    """`rounds` of burning for every lit light `characters` carry; returns lines."""
    lines = []
    for flame in lit_flames(characters):
        period = period_of(flame.item)
        flame.burned_rounds += rounds
        dots, flame.burned_rounds = divmod(flame.burned_rounds, period)
        if dots:
            flame.save(update_fields=["burned_rounds"])
            _mark(flame, dots, lines)
        else:
            flame.save(update_fields=["burned_rounds"])
    return lines


def gust(characters):
    """A draught: every lit light marks one dot at once."""
    lines = []
    for flame in lit_flames(characters):
        _mark(flame, 1, lines)
    return lines


def darkness_line(room):
    return (f"|xDarkness falls in {room.key}:|n no one here carries a light "
            f"({rules.DARKNESS_NOTE}).")


def lights_text(room):
    """Who carries what light in a room, and the dots left."""
    flames = lit_in(room)
    people = [o for o in room.contents if OldGoldSheet.objects.filter(character=o).exists()]
    lines = [f"|wLight in {room.key}|n"]
    if flames:
        for flame in flames:
            item = flame.item
            left = period_of(item) - flame.burned_rounds
            lines.append(f"  {item.sheet.character.key}: {item.name} burning "
                         f"({_dots(item)} marked; the next dot in "
                         f"{_rough(left)}).")
    else:
        lines.append(f"  No light burns here: {rules.DARKNESS_NOTE}.")
    unlit = Item.objects.filter(sheet__character__in=people, kind=rules.LIGHT_KIND).exclude(
        flame__lit=True)
    spare = [f"{i.sheet.character.key}'s {i.name.lower()} ({_dots(i)})" for i in unlit
             if is_light(i)]
    if spare:
        lines.append("  Unlit: " + ", ".join(spare) + ".")
    return "\n".join(lines)


def _rough(rounds):
    from world.oldgold_scene.clock import duration_words

    # Round up to whole turns: nobody counts the rounds a torch has left.
    turns = -(-rounds // rules.ROUNDS_PER_TURN)
    return duration_words(turns * rules.ROUNDS_PER_TURN)
