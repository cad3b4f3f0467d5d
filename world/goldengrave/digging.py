"""
A GM digs the rooms of their own dungeon, so that a player who runs a scene
can build one without staff handing them rooms: `+ggdungeon/dig` makes a new
room joined both ways to the room the GM stands in, owned by the GM (the
control, edit and delete locks Evennia gives what a caller creates), tagged
as the dungeon's and numbered among its rooms. `+ggdungeon/teardown` removes
the dungeon with every room and exit dug for it; until then they are kept,
so companies can come back (a revisit).

Where digging may go (the help states it):
- every dig makes a new room, so nobody digs into a room that is not theirs;
- it starts from a room of the dungeon the GM controls (the rooms they dug
  are theirs), or once, for the dungeon's way in, from its town when the
  town lets them: a room they control, or one whose `gg_dig` lock they pass
  (the game's starting room passes everyone unless staff lock it);
- a player (not staff) digs only while running a scene they started in the
  town or in a room of the dungeon, only for a dungeon they made, and in at
  most `DIG_DUNGEONS_PER_PLAYER` dungeons at once; every dungeon has at most
  `DIG_ROOMS_PER_DUNGEON` dug rooms;
- a new way's name may not be taken by another way out of the room, nor be
  a command's name (an exit called `say` would silence a square).
"""

import re
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from evennia.objects.models import ObjectDB
from evennia.utils.utils import class_from_module

from world.access import is_staff
from world.clearing import move_out
from world.goldengrave import rules
from world.goldengrave.errors import GoldengraveError
from world.goldengrave.models import Company, Dungeon, DungeonRoom
from world.goldengrave.services import add_room, add_treasure, log, require_gm, threats_in
from world.social.scenes import runs_scene
from world.words import counted

_WAY_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 '-]*$")


def dungeon_tag(dungeon):
    return f"gg-dungeon-{dungeon.pk}"


def dug_objects(dungeon):
    """The rooms and exits dug for `dungeon`."""
    return ObjectDB.objects.get_by_tag(dungeon_tag(dungeon), category=rules.DUG_TAG_CATEGORY)


def dug_rooms(dungeon):
    return dug_objects(dungeon).filter(db_location__isnull=True)


def way_in(dungeon):
    """The exit dug from the dungeon's town into it, or None."""
    if dungeon.town_id is None:
        return None
    return dug_objects(dungeon).filter(
        db_location=dungeon.town_id, db_destination__isnull=False
    ).first()


# ---------------------------------------------------------------- names


def room_name(text):
    name = " ".join((text or "").split())
    if not name or len(name) > rules.MAX_ROOM_NAME or not name[0].isalnum() or "|" in name:
        raise GoldengraveError(
            f"Name the new room in 1 to {rules.MAX_ROOM_NAME} characters, starting with a "
            "letter or digit, e.g. |w+ggdungeon/dig Flooded Nave=north,south|n."
        )
    return name


def way_named(text):
    """'north;n' -> ('north', ['n']): a way's name and its aliases."""
    names = [" ".join(part.split()) for part in (text or "").split(";")]
    if (
        not all(names)
        or len(names) > 1 + rules.MAX_WAY_ALIASES
        or not all(len(n) <= rules.MAX_WAY_NAME and _WAY_NAME.match(n) for n in names)
    ):
        raise GoldengraveError(
            f"Name each way in 1 to {rules.MAX_WAY_NAME} letters, digits, spaces, - or ', "
            f"with up to {counted(rules.MAX_WAY_ALIASES, 'short form')} after a ;, "
            "e.g. |w+ggdungeon/dig Flooded Nave=north;n,south;s|n."
        )
    return names[0], names[1:]


def _words(exit_obj):
    return {exit_obj.key.lower(), *(alias.lower() for alias in exit_obj.aliases.all())}


def _command_words(character):
    """Every name and alias of the commands `character` can type (`@dig`
    also as `dig`: Evennia lets its prefixes be left out)."""
    words = set()
    for holder in (character, getattr(character, "account", None)):
        current = holder.cmdset.current if holder is not None else None
        for command in getattr(current, "commands", ()):
            for name in command._keyaliases:
                words.update((name.lower(), name.lower().lstrip(settings.CMD_IGNORE_PREFIXES)))
    return words


def _check_way(character, room, key, aliases, taken_here):
    commands = _command_words(character)
    for word in (key, *aliases):
        lower = word.lower()
        if lower in taken_here:
            raise GoldengraveError(
                f"{room.key} already has a way called '{word}': choose another name."
            )
        if lower in commands:
            raise GoldengraveError(
                f"'{word}' is a command's name, so a way called that would hide the "
                "command: choose another name."
            )


# ---------------------------------------------------------------- who digs where


def _dungeon_here(gm, here, named):
    """The dungeon whose room the GM stands in, or the GM's dungeon whose town
    this is (to dig its way in)."""
    entry = DungeonRoom.objects.filter(room=here).select_related("dungeon").first()
    if entry is not None:
        dungeon = entry.dungeon
        if named and named.lower() != dungeon.name.lower():
            raise GoldengraveError(
                f"{here.key} is a room of {dungeon.name}: walk to a room of {named} "
                "(or its town) to dig for it."
            )
        require_gm(gm, dungeon=dungeon)
        if not (is_staff(gm) or here.access(gm, "control")):
            raise GoldengraveError(
                f"{here.key} is not yours, so you cannot dig from it: dig on from a room "
                "you dug, or from the town for the way in."
            )
        return dungeon
    towns = Dungeon.objects.filter(town=here).order_by("id")
    if not is_staff(gm):
        towns = towns.filter(gm=gm)
    if named:
        towns = towns.filter(name__iexact=named)
    towns = list(towns)
    if not towns:
        raise GoldengraveError(
            "Dig from your dungeon's town (for its way in) or from a room of it you dug; "
            "|w+ggdungeon/new <name>|n makes a dungeon whose town is where you stand."
        )
    candidates = [dungeon for dungeon in towns if way_in(dungeon) is None]
    if not candidates:
        dungeon = towns[0]
        raise GoldengraveError(
            f"{dungeon.name} already has its way in from here, |w{way_in(dungeon).key}|n: "
            "walk in and dig on from a room of it."
        )
    if len(candidates) > 1:
        names = ", ".join(d.name for d in candidates)
        raise GoldengraveError(
            f"Several of your dungeons start here ({names}): name one after a third comma, "
            f"e.g. |w+ggdungeon/dig Gate=in,out,{candidates[0].name}|n."
        )
    dungeon = candidates[0]
    if not is_staff(gm) and not _may_open_town(gm, here):
        raise GoldengraveError(
            f"{here.key} is not yours and staff have not opened it for dungeon ways: "
            "make your dungeon's town the game's starting room or one staff opened "
            "(|w+ggdungeon/town|n there), or ask staff (|w+request|n)."
        )
    return dungeon


def _may_open_town(gm, town):
    start = str(settings.START_LOCATION).lstrip("#")
    return town.access(gm, "control") or town.access(
        gm, rules.DIG_LOCK, default=str(town.id) == start
    )


def _require_scene(gm, dungeon):
    if is_staff(gm):
        return
    rooms = [dungeon.town_id, *dungeon.rooms.values_list("room_id", flat=True)]
    if not runs_scene(getattr(gm, "account", None), rooms):
        town = dungeon.town.key if dungeon.town else "its town"
        raise GoldengraveError(
            f"A player GM digs while running a scene: start one in {town} (or a room of "
            f"{dungeon.name}) with |w+scene/start <title>|n, then dig."
        )


def _require_room_left(gm, dungeon):
    dug = dug_rooms(dungeon).count()
    if dug >= rules.DIG_ROOMS_PER_DUNGEON:
        raise GoldengraveError(
            f"{dungeon.name} has its {rules.DIG_ROOMS_PER_DUNGEON} dug rooms, the most a "
            f"dungeon may have: |w+ggdungeon/teardown {dungeon.name}|n starts over."
        )
    if dug or is_staff(gm):
        return dug
    digging = [d for d in Dungeon.objects.filter(gm=gm) if dug_rooms(d).exists()]
    if len(digging) >= rules.DIG_DUNGEONS_PER_PLAYER:
        names = " and ".join(d.name for d in digging)
        raise GoldengraveError(
            f"You already dig {counted(len(digging), 'dungeon')} ({names}), the most a "
            f"player may: |w+ggdungeon/teardown <dungeon>|n removes one first."
        )
    return dug


# ---------------------------------------------------------------- digging


@dataclass(frozen=True)
class Dug:
    dungeon: Dungeon
    entry: DungeonRoom
    here: object
    way_there: object
    way_back: object
    rooms_left: int


def dig(gm, name, there, back, dungeon_name=None):
    """A new room of the dungeon, joined to the GM's room by `there` and back by `back`."""
    here = gm.location
    if here is None:
        raise GoldengraveError("Stand in the room the new one opens from.")
    name = room_name(name)
    there_key, there_aliases = way_named(there)
    back_key, back_aliases = way_named(back)
    dungeon = _dungeon_here(gm, here, (dungeon_name or "").strip() or None)
    _require_scene(gm, dungeon)
    taken = set().union(*(_words(exit_obj) for exit_obj in here.exits))
    _check_way(gm, here, there_key, there_aliases, taken)
    _check_way(gm, here, back_key, back_aliases, set())
    room_class = class_from_module(settings.BASE_ROOM_TYPECLASS)
    exit_class = class_from_module(settings.BASE_EXIT_TYPECLASS)
    tags = [(dungeon_tag(dungeon), rules.DUG_TAG_CATEGORY)]
    with transaction.atomic():
        dug = _require_room_left(gm, dungeon)
        room, errors = room_class.create(name, caller=gm, method="gg_dig", tags=tags)
        way_there, more = exit_class.create(
            there_key, here, room, caller=gm, aliases=there_aliases, tags=tags, method="gg_dig"
        )
        way_back, most = exit_class.create(
            back_key, room, here, caller=gm, aliases=back_aliases, tags=tags, method="gg_dig"
        )
        if errors or more or most or None in (room, way_there, way_back):
            raise GoldengraveError("The room could not be dug; nothing was made.")
        entry = add_room(gm, dungeon, room)
        log("dig", gm, None, f"{gm.key} digs {name}, room {entry.number} of {dungeon.name}",
            room=here)
    return Dug(dungeon, entry, here, way_there, way_back, rules.DIG_ROOMS_PER_DUNGEON - dug - 1)


# ---------------------------------------------------------------- treasures


def make_treasure(gm, dungeon, name, main=False):
    """A new object called `name` in the GM's room, a treasure of `dungeon`:
    what a GM who cannot create objects puts down for the company to find.
    Tagged as the dungeon's, so a teardown takes it if it is still inside."""
    here = gm.location
    name = " ".join((name or "").split())
    if not name or len(name) > rules.MAX_TREASURE_NAME or "|" in name:
        raise GoldengraveError(
            f"Name the treasure in 1 to {rules.MAX_TREASURE_NAME} characters, e.g. "
            "|w+ggdungeon/treasure silver reliquary=main|n."
        )
    if not DungeonRoom.objects.filter(dungeon=dungeon, room=here).exists():
        raise GoldengraveError(
            f"Treasures lie in the dungeon: stand in a room of {dungeon.name} to put one there."
        )
    require_gm(gm, dungeon=dungeon)
    if dungeon.treasures.count() >= rules.MAX_TREASURES:
        raise GoldengraveError(
            f"{dungeon.name} has {rules.MAX_TREASURES} treasures, the most a dungeon may have."
        )
    thing_class = class_from_module(settings.BASE_OBJECT_TYPECLASS)
    with transaction.atomic():
        thing, errors = thing_class.create(
            name, caller=gm, location=here, method="gg_treasure",
            tags=[(dungeon_tag(dungeon), rules.DUG_TAG_CATEGORY)],
        )
        if errors or thing is None:
            raise GoldengraveError("The treasure could not be made; nothing was changed.")
        return add_treasure(gm, dungeon, thing, main)


# ---------------------------------------------------------------- tearing down


@dataclass(frozen=True)
class TornDown:
    name: str
    rooms: int
    exits: int
    things: int
    moved: tuple
    town: object


def teardown(gm, dungeon):
    """The dungeon goes, with every room and exit dug for it, the monsters and
    traps in those rooms and the treasures made for it still lying in its
    rooms; whoever and whatever else is inside is moved to the town. Rooms
    marked but not dug stay, no longer the dungeon's; a treasure carried out
    stays its finder's."""
    require_gm(gm, dungeon=dungeon)
    delving = list(Company.objects.filter(dungeon=dungeon).order_by("name"))
    if delving:
        company = delving[0]
        raise GoldengraveError(
            f"{company.name} is still in {dungeon.name}: give it its night in town first "
            f"(|w+ggm/night @{company.name}|n). Nothing was removed."
        )
    with transaction.atomic():
        made = list(dug_objects(dungeon))
        rooms = [obj for obj in made if obj.location is None]
        exits = [obj for obj in made if obj.destination is not None]
        room_ids = {room.id for room in rooms}
        inside = set(dungeon.rooms.values_list("room_id", flat=True))
        things = [obj for obj in made if obj.destination is None
                  and obj.location is not None and obj.location.id in inside]
        things += [t for found in threats_in(dungeon).values() for t in found
                   if t.location.id in room_ids and t not in things]
        going = [*things, *exits, *rooms]  # rooms last: they clear what is left in them
        moved = move_out(rooms, {obj.id for obj in going}, dungeon.town)
        for obj in going:
            obj.delete()
        report = TornDown(dungeon.name, len(rooms), len(exits), len(things),
                          tuple(thing.key for thing in moved), dungeon.town)
        log("teardown", gm, None, f"{gm.key} tears down {dungeon.name}: "
            f"{counted(len(rooms), 'dug room')} gone")
        dungeon.delete()
    return report


def teardown_named(gm, name):
    """`teardown` of the dungeon called exactly `name` (no guessing: it cannot be undone)."""
    wanted = " ".join((name or "").split())
    dungeon = Dungeon.objects.filter(name__iexact=wanted).first() if wanted else None
    if dungeon is None:
        raise GoldengraveError(
            "Name the dungeon to tear down in full, e.g. "
            "|w+ggdungeon/teardown The Drowned Chapel|n."
        )
    return teardown(gm, dungeon)

