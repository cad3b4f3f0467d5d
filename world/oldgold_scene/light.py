"""
Light sources on Old Gold sheets: lighting and dousing them, refilling a
lantern, and burning them as the scene clock runs; magic lights too.

A light is an item of kind "light" from the adventurers' gear table
(torch, candle, lantern). Once lit it has a `Flame`; every full period it
burns (an hour for a torch or candle, a watch for a lantern) marks one of
its usage dots. When the last dot fills it goes dark: a torch or candle is
burned away and leaves the sheet, a lantern stays, empty, until oil refills
it.

A magic light (`rules.MAGIC_LIGHTS`: the flaming blade, the shadow
lantern) marks one of its own dots each time it is lit and then burns for
its while before it goes out; its dots refill when its bearer rests, and
no wear touches them (they are kept in the item's details, apart from the
wear dots of an ordinary weapon). The Light prayer's holy light is a
`Glow` around the one who prayed, for an hour of the clock.

Functions return lines for the room; they never write to a player.
"""

from django.db import transaction
from django.utils import timezone

from world.oldgold import services as og
from world.oldgold.models import Item, OldGoldRoll, OldGoldSheet
from world.oldgold_scene import rules
from world.oldgold_scene.errors import SceneError
from world.oldgold_scene.models import Flame, Glow


def magic_of(item):
    """The MagicLight an item is, or None."""
    return rules.MAGIC_LIGHTS.get(item.details.get("magic_light", ""))


def period_of(item):
    return rules.LIGHT_PERIOD_ROUNDS.get(item.gear)


def is_light(item):
    if magic_of(item) is not None:
        return True
    return item.kind == rules.LIGHT_KIND and period_of(item) is not None


def is_lit(item):
    flame = Flame.objects.filter(item=item).first()
    return bool(flame and flame.lit)


def _dots(item):
    magic = magic_of(item)
    if magic is not None:
        return f"{charges_marked(item)}/{magic.dots} dots"
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
        if not want_lit and magic_of(found[0]) is not None:
            raise SceneError(f"Your {name.lower()} is already burning (|w+light/out "
                             f"{name.lower()}|n puts it out).")
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
    if magic_of(item) is not None:
        return _kindle(character, item)
    Flame.objects.update_or_create(item=item, defaults={"lit": True})
    return (f"{character.key} lights a {item.name.lower()} ({_dots(item)} marked).",)


def _kindle(character, item):
    """Light a magic light: one of its dots, and it burns for its while."""
    magic = magic_of(item)
    marked = charges_marked(item)
    if marked >= magic.dots:
        raise SceneError(f"Your {item.name.lower()} has no dots left to spend; they come "
                         "back when you rest (|w+og/rest|n).")
    item.details = {**item.details, "charges_marked": marked + 1,
                    "marked_at": timezone.now().isoformat()}
    if magic.fire:
        item.details["damage"] = f"{magic.damage}+{magic.fire}"
    item.save(update_fields=["details"])
    Flame.objects.update_or_create(item=item, defaults={"lit": True, "burned_rounds": 0})
    lasts = rules.UNIT_ROUNDS[magic.burns]
    from world.oldgold_scene.clock import duration_words

    return (f"{character.key}'s {item.name.lower()} kindles at a word ({_dots(item)} "
            f"marked): {magic.radius} of light for {duration_words(lasts)}, and "
            f"{magic.note}.",)


def charges_marked(item):
    """The dots a magic light has spent. They refill on a rest (TEXT): any
    rest its bearer has taken since the last was marked, whichever command
    rested them, clears them."""
    marked, marked_at = item.details.get("charges_marked", 0), item.details.get("marked_at")
    if marked and marked_at and OldGoldRoll.objects.filter(
            kind="rest", roller=item.sheet.character, created_at__gt=marked_at).exists():
        return 0
    return marked


def _put_out_magic(flame):
    """A magic light's while is over (or it is put out): its flame stops
    adding to strikes."""
    item, magic = flame.item, magic_of(flame.item)
    if magic.fire:
        item.details = {**item.details, "damage": magic.damage}
        item.save(update_fields=["details"])
    flame.lit = False
    flame.burned_rounds = 0
    flame.save(update_fields=["lit", "burned_rounds"])


@transaction.atomic
def give_magic(gm, character, text):
    """A GM hands an adventurer a magic light from the text."""
    wanted = " ".join((text or "").lower().split())
    magic = rules.MAGIC_LIGHTS.get(wanted)
    if magic is None:
        raise SceneError("Magic lights: " + " or ".join(rules.MAGIC_LIGHTS) + " (like "
                         "+light/give Ann=flaming blade).")
    given = og.give_item(gm, character, magic.name)
    item = given.data["item"]
    item.kind = magic.kind
    # "magic": no wear, and no mundane steel for what shrugs that off (TEXT).
    item.details = {"magic_light": magic.key, "charges_marked": 0, "magic": True}
    if magic.kind == "weapon":
        item.details.update(damage=magic.damage, bonus=rules.MAGIC_ITEM_BONUS,
                            ranged=False, thrown=False)
    else:
        item.max_dots = 0  # its one dot is its magic, kept in its details
    item.save(update_fields=["kind", "details", "max_dots"])
    return (f"{character.key} now carries a {magic.name.lower()} ({item.location}): "
            f"{magic.note}.",)


@transaction.atomic
def douse(character, text):
    sheet = og.playing_sheet(character)
    item = _pick(sheet, text, want_lit=True)
    flame = Flame.objects.get(item=item)
    if magic_of(item) is not None:
        _put_out_magic(flame)
    else:
        flame.lit = False
        flame.save(update_fields=["lit"])
    return (f"{character.key} puts out a {item.name.lower()} ({_dots(item)} marked).",)


@transaction.atomic
def fill(character, text):
    """Pour oil into a lantern: its dots clear and the oil is used up."""
    sheet = og.playing_sheet(character)
    found = [i for i in _lights_named(sheet, text)
             if i.gear in rules.REFILLS and magic_of(i) is None]
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
        lines.append(f"{owner}'s {item.name.lower()} burns lower ({_dots(item)} marked).")
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
    """`rounds` of burning for every light `characters` carry or shed; returns
    lines."""
    lines = []
    for flame in lit_flames(characters):
        magic = magic_of(flame.item)
        flame.burned_rounds += rounds
        if magic is not None:
            if flame.burned_rounds >= rules.UNIT_ROUNDS[magic.burns]:
                _put_out_magic(flame)
                lines.append(f"{flame.item.sheet.character.key}'s "
                             f"{flame.item.name.lower()} goes out: its magic is spent "
                             "for now.")
            else:
                flame.save(update_fields=["burned_rounds"])
            continue
        period = period_of(flame.item)
        dots, flame.burned_rounds = divmod(flame.burned_rounds, period)
        flame.save(update_fields=["burned_rounds"])
        if dots:
            _mark(flame, dots, lines)
    for glow in glows_of(characters):
        glow.burned_rounds += rounds
        if glow.burned_rounds >= rules.HOLY_LIGHT_ROUNDS:
            lines.append(f"The holy light around {glow.bearer.key} fades.")
            glow.delete()
        else:
            glow.save(update_fields=["burned_rounds"])
    return lines


def glows_of(characters):
    return list(Glow.objects.select_related("bearer").filter(bearer__in=characters))


def any_light(characters):
    """Whether anything lights the way for `characters`."""
    return bool(lit_flames(characters) or glows_of(characters))


def gust(characters):
    """A draught: every lit flame marks one dot at once. Magic fire and holy
    light do not gutter."""
    lines = []
    for flame in lit_flames(characters):
        if magic_of(flame.item) is None:
            _mark(flame, 1, lines)
    return lines


@transaction.atomic
def holy_light(character, targets=(), rng=None):
    """The Light prayer, cast by the adventurers' rules (a relic in hand, a
    dot marked), with every undead and fiend here checking morale unless
    `targets` names them; its light then shines around the caster for an
    hour of the scene clock."""
    from world.oldgold import magic

    room = character.location
    targets = list(targets) or [
        obj for obj in (room.contents if room else [])
        if og.is_npc(obj) and any(obj.tags.has(kind, category="oldgold")
                                  for kind in rules.HOLY_LIGHT_FEAR_KINDS)]
    cast = magic.cast(character, rules.HOLY_LIGHT, targets, rng=rng)
    heart = og.bonus(og.playing_sheet(character).heart)
    radius = heart * rules.HOLY_LIGHT_METRES_PER_BONUS
    Glow.objects.update_or_create(bearer=character,
                                  defaults={"radius": radius, "burned_rounds": 0})
    return cast.lines + (f"Holy light shines {radius}m around {character.key} for an "
                         "hour.",)


DARK_TAG = ("dark", "oldgold")  # a builder's mark on a room with no light of its own


def is_dark_place(room):
    """A place with no light but what people bring: a generated dungeon's
    rooms, or a room a builder tagged dark (tag here = dark:oldgold)."""
    return bool(room is not None and (getattr(room, "unlit", False)
                                      or room.tags.has(DARK_TAG[0], category=DARK_TAG[1])))


def darkness_line(room):
    return (f"|xDarkness falls in {room.key}:|n no one here carries a light "
            f"({rules.DARKNESS_NOTE}).")


def lights_text(room):
    """Who carries what light in a room, and the dots or time left."""
    flames = lit_in(room)
    people = [o for o in room.contents if OldGoldSheet.objects.filter(character=o).exists()]
    glows = glows_of(people)
    lines = [f"|wLight in {room.key}|n"]
    for flame in flames:
        item = flame.item
        magic = magic_of(item)
        if magic is not None:
            left = rules.UNIT_ROUNDS[magic.burns] - flame.burned_rounds
            when = f"it goes out in {_rough(left)}"
        else:
            when = f"the next dot in {_rough(period_of(item) - flame.burned_rounds)}"
        lines.append(f"  {item.sheet.character.key}: {item.name} burning "
                     f"({_dots(item)} marked; {when}).")
    for glow in glows:
        left = rules.HOLY_LIGHT_ROUNDS - glow.burned_rounds
        lines.append(f"  {glow.bearer.key}: holy light, {glow.radius}m around "
                     f"(it fades in {_rough(left)}).")
    if not flames and not glows and is_dark_place(room):
        lines.append(f"  No light burns here: {rules.DARKNESS_NOTE}.")
    elif not flames and not glows:
        lines.append("  No one here carries a light.")
    lit = {flame.item_id for flame in flames}
    spare = []
    for item in Item.objects.filter(sheet__character__in=people).select_related(
            "sheet__character"):
        if item.pk in lit or not is_light(item):
            continue
        spare.append(f"{item.sheet.character.key}'s {item.name.lower()} ({_dots(item)} "
                     "marked)")
    if spare:
        lines.append("  Unlit: " + ", ".join(spare) + ".")
    return "\n".join(lines)


def _rough(rounds):
    from world.oldgold_scene.clock import duration_words

    # Round up to whole turns: nobody counts the rounds a torch has left.
    turns = -(-rounds // rules.ROUNDS_PER_TURN)
    return duration_words(turns * rules.ROUNDS_PER_TURN)
