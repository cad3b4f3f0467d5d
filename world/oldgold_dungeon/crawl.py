"""
What `+crawl` and the generated exits do: open a dungeon (its entrance and
first ways on), build each new space the first time the party goes through
an unexplored exit, roll doors and force them, search for hidden doors,
keep a dungeon or tear it down with every room, exit and monster it made.

Each function checks first, changes the database inside a transaction,
records its dice in Old Gold's roll log and returns an `Outcome`; it never
writes to a player. Every refusal is a `CrawlError`. Dice come from `rng`,
defaulting to Old Gold's `default_rng` (which tests replace).
"""

from dataclasses import replace

from django.db import transaction
from evennia.utils import create, search

from world.clearing import move_out
from world.oldgold import render as og_render
from world.oldgold import services as og
from world.oldgold.services import CheckRequest, Outcome
from world.oldgold_dungeon import bestiary, generator, rules
from world.oldgold_dungeon.errors import CrawlError
from world.oldgold_dungeon.models import CrawlDungeon, CrawlSpace, CrawlWay
from world.oldgold_scene import clock, light, oracles
from world.oldgold_scene.services import sheets_here
from world.words import counted, with_article

ROOM_TYPECLASS = "typeclasses.oldgold_crawl.OldGoldCrawlRoom"
EXIT_TYPECLASS = "typeclasses.oldgold_crawl.OldGoldCrawlExit"
ENTRANCE_ALIAS = "dungeon"


# ---------------------------------------------------------------- finding things


def dungeon_named(name):
    wanted = " ".join((name or "").split())
    if not wanted:
        raise CrawlError("Name the dungeon (|w+crawl/list|n names them).")
    found = CrawlDungeon.objects.filter(name__iexact=wanted).first()
    if found is None:
        raise CrawlError(f"There is no generated dungeon called '{wanted}' "
                         "(|w+crawl/list|n names them).")
    return found


def space_of(room):
    if room is None:
        return None
    return CrawlSpace.objects.select_related("dungeon").filter(room_id=room.id).first()


def size_named(text):
    """A size face from '1'-'6' or a size word; None (roll it) when blank."""
    word = (text or "").strip().lower()
    if not word or word == "roll":
        return None
    if word.isdigit() and int(word) in rules.SIZES:
        return int(word)
    if word in rules.SIZE_WORDS:
        return rules.SIZE_WORDS[word]
    sizes = ", ".join(f"{face} {word}" for word, face in rules.SIZE_WORDS.items())
    raise CrawlError(f"'{text.strip()}' is not a dungeon size: give 1 to 6 ({sizes}), "
                     "or 'roll' for 1d6.")


def _free_directions(room):
    used = {exit_obj.key.lower() for exit_obj in room.exits}
    return [d for d in rules.DIRECTIONS if d not in used]


def _rooms_on(dungeon, level):
    return sum(1 for space in dungeon.spaces.filter(level=level) if space.counts_as_room)


def _log(who, room, dice_list, text, **details):
    og._log("crawl", who, room, dice_list, text, **details)


# ---------------------------------------------------------------- building


def _make_room(dungeon, space_result, level, kind, key, came_from=None):
    room = create.create_object(ROOM_TYPECLASS, key=key,
                                tags=[(dungeon.tag, rules.TAG_CATEGORY)])
    room.db.desc = og_render.wrap_text(space_result.description)
    space = CrawlSpace.objects.create(
        dungeon=dungeon, room=room, number=dungeon.spaces.count() + 1, level=level,
        kind=kind, rolls=space_result.rolls, dice=list(space_result.dice))
    followed = clock.clock_of_room(came_from) if came_from is not None else None
    if followed is not None:
        clock.start(room, followed.key)  # the new room keeps the party's time
    return space


def _make_way(dungeon, space, location, direction, leads, destination=None, hidden=False,
              key=None, aliases=None):
    exit_obj = create.create_object(
        EXIT_TYPECLASS, key=key or direction, location=location,
        destination=destination or location,
        aliases=aliases if aliases is not None else [rules.ALIASES[direction]],
        tags=[(dungeon.tag, rules.TAG_CATEGORY)])
    return CrawlWay.objects.create(dungeon=dungeon, exit=exit_obj, space=space, leads=leads,
                                   explored=destination is not None, hidden=hidden)


def _open_ways(dungeon, space, count, level):
    """`count` unexplored ways out of the new space, in free directions; a
    level's last room adds a way down while more levels remain (TEXT), and
    a level short of its rooms never runs out of ways on (OURS)."""
    room = space.room
    free = _free_directions(room)
    if count == 0 and space.kind != CrawlSpace.DEAD_END and free:
        still_open = dungeon.ways.filter(explored=False, space__level=level).exists()
        if not still_open and _rooms_on(dungeon, level) < dungeon.per_level:
            count = 1
    for direction in free[:count]:
        _make_way(dungeon, space, room, direction, CrawlWay.ONWARD)
    if (space.counts_as_room and level < dungeon.levels
            and _rooms_on(dungeon, level) >= dungeon.per_level
            and not dungeon.ways.filter(leads=CrawlWay.DOWN, space__level=level).exists()):
        _make_way(dungeon, space, room, "down", CrawlWay.DOWN)
        return True
    return False


def _spawn(dungeon, space_result, room):
    if not space_result.creature:
        return []
    name = bestiary.MONSTERS[space_result.creature]["name"]
    made = []
    for key in bestiary.numbered_names(room, name, space_result.count):
        monster = bestiary.spawn_monster(space_result.creature, room, key=key)
        monster.tags.add(dungeon.tag, category=rules.TAG_CATEGORY)
        made.append(monster)
    return made


@transaction.atomic
def new_dungeon(gm, name, size_face=None, rng=None):
    """The GM opens a dungeon: its size, the entrance room (an exit in from the
    GM's room, 'out' back) and the entrance's unexplored ways on."""
    og._require_gm(gm)
    rng = og._dice(rng)
    name = " ".join((name or "").split())
    outside = gm.location
    if not name or len(name) > rules.NAME_MAX:
        raise CrawlError(f"Name the dungeon in 1 to {rules.NAME_MAX} characters: "
                         "+crawl/new Sunken Vault=3.")
    if outside is None:
        raise CrawlError("Stand in the room the dungeon opens from.")
    if CrawlDungeon.objects.filter(name__iexact=name).exists():
        raise CrawlError(f"There is already a dungeon called {name} (|w+crawl/list|n); "
                         "choose another name.")
    size = generator.size_of(size_face) if size_face else generator.roll_size(rng)
    dungeon = CrawlDungeon.objects.create(name=name, size_face=size.face,
                                          rooms_wanted=size.rooms, levels=size.levels,
                                          gm=gm, outside=outside)
    entrance = generator.roll_room(rng, contents="structure")
    space = _make_room(dungeon, entrance, 1, CrawlSpace.ENTRANCE, f"{name}: the entrance",
                       came_from=outside)
    # The short name 'dungeon' goes to the first way in from a room only, so
    # typing it is never a question of which.
    taken = any(ENTRANCE_ALIAS in [a.lower() for a in e.aliases.all()] for e in outside.exits)
    _make_way(dungeon, None, outside, "in", CrawlWay.IN, destination=space.room, key=name,
              aliases=[] if taken else [ENTRANCE_ALIAS])
    _make_way(dungeon, space, space.room, "out", CrawlWay.OUT, destination=outside,
              key="out", aliases=["o"])
    _open_ways(dungeon, space, entrance.ways_on, 1)
    rolled = f"size 1d6 [{size.face}]" if size_face is None else "size chosen"
    also = "" if taken else f" (or |w{ENTRANCE_ALIAS}|n)"
    line = (f"{gm.key} opens the dungeon {name}: {size.words}, {size.rooms} rooms on "
            f"{size.levels} level{'s' if size.levels > 1 else ''} ({rolled}). The way in is "
            f"here: |w{name}|n{also}.")
    dice_list = ([size.face] if size_face is None else []) + list(entrance.dice)
    _log(gm, outside, dice_list, f"{line} Entrance: {entrance.rolls}", dungeon=name)
    return Outcome((line,), data={"dungeon": dungeon, "entrance": space})


def walk(traveller, exit_obj, rng=None):
    """Someone goes through an exit of a dungeon. An explored one just leads
    on. The first time, a way out of a room rolls its door; a way out of a
    corridor rolls what lies beyond, and where it is a room the door where
    they meet is rolled too (TEXT). Once through, the space beyond is built.
    A shut door refuses the walk."""
    way = CrawlWay.objects.select_related("dungeon", "space").filter(exit_id=exit_obj.id).first()
    if way is None or way.explored:
        return Outcome()
    rng = og._dice(rng)
    lines, face = [], None
    if not way.door and way.leads == CrawlWay.ONWARD and way.space is not None:
        if way.space.counts_as_room:
            lines.append(_roll_door(traveller, way, exit_obj, rng))
        elif way.space.kind == CrawlSpace.CORRIDOR and not _level_full(way):
            face = generator.roll_space_face(rng)
            if rules.SPACES[face] == "room":
                lines.append(_roll_door(traveller, way, exit_obj, rng, face))
                face = None  # the room is rolled once the door is passed
    if way.door in rules.DOOR_CHECKS:
        attribute = rules.DOOR_CHECKS[way.door]
        shut = " ".join(lines) or f"The door {exit_obj.key} is {way.door}."
        raise CrawlError(f"{shut} It will not open: force it with |w+crawl/force "
                         f"{exit_obj.key}|n ({attribute.capitalize()} check).")
    with transaction.atomic():
        lines += _explore(traveller, way, exit_obj, rng, face)
    return Outcome(tuple(lines))


def _roll_door(traveller, way, exit_obj, rng, space_face=None):
    """Roll the door on `way` the first time it is tried (`space_face`: the
    1d6 that found a room at the end of a corridor). Returns the line."""
    door = generator.roll_door(rng)
    with transaction.atomic():
        way.door = door.state
        way.save(update_fields=["door"])
    if space_face is None:
        line = f"The door {exit_obj.key} {door.words} (1d6 [{door.face}])."
        dice_list = [door.face]
    else:
        line = (f"The corridor {exit_obj.key} meets a room (1d6 [{space_face}]), and its "
                f"door {door.words} (1d6 [{door.face}]).")
        dice_list = [space_face, door.face]
    _log(traveller, exit_obj.location, dice_list, line, door=door.state)
    return line


def _level_full(way):
    return _rooms_on(way.dungeon, way.space.level) >= way.dungeon.per_level


def _explore(traveller, way, exit_obj, rng, face=None):
    """Build the space beyond `way` (`face`: its 1d6, when walk rolled it)."""
    dungeon, here = way.dungeon, way.space
    level = here.level + {CrawlWay.DOWN: 1, CrawlWay.UP: -1}.get(way.leads, 0)
    if _rooms_on(dungeon, level) >= dungeon.per_level:
        face, where = generator.roll_full_level(rng)
        if where == "been":
            target = _somewhere_been(dungeon, level, here)
            if target is not None:
                return _link(traveller, way, exit_obj, target, face)
        result = generator.dead_end(rng)
        result = replace(result, dice=(face,) + result.dice,
                         rolls=f"Full level 1d6 [{face}]: {where}. {result.rolls}")
        kind = CrawlSpace.DEAD_END
    elif here.kind == CrawlSpace.CORRIDOR and way.door:
        result = generator.roll_room(rng)  # the room its door was rolled for
        result = replace(result, rolls=f"A room, behind the corridor's door. {result.rolls}")
        kind = CrawlSpace.ROOM
    else:
        result = generator.roll_space(rng, face)
        kind = CrawlSpace.ROOM if result.kind == "room" else CrawlSpace.CORRIDOR
    space = _make_room(dungeon, result, level, kind, result.title.capitalize(),
                       came_from=here.room)
    _lead_to(way, exit_obj, space.room)
    back = rules.OPPOSITE.get(exit_obj.key.lower(), "back")
    back_leads = {CrawlWay.DOWN: CrawlWay.UP, CrawlWay.UP: CrawlWay.DOWN}.get(
        way.leads, CrawlWay.BACK)
    _make_way(dungeon, space, space.room, back, back_leads, destination=here.room,
              aliases=[rules.ALIASES[back]] if back in rules.ALIASES else [])
    stairs = _open_ways(dungeon, space, result.ways_on, level)
    monsters = _spawn(dungeon, result, space.room)
    line = f"{traveller.key} explores {exit_obj.key}: {with_article(result.title)}."
    if stairs:
        line += f" A way down to level {level + 1} opens from it."
    if monsters:
        line += " Something is waiting there."
    _log(traveller, here.room, result.dice, f"{line} {result.rolls}", dungeon=dungeon.name,
         space=space.number, level=level, creature=result.creature, count=len(monsters),
         hazard=result.hazard)
    return [line]


def _lead_to(way, exit_obj, room):
    exit_obj.destination = room
    way.explored = True
    way.save(update_fields=["explored"])


def _somewhere_been(dungeon, level, here):
    """An explored room of the level (not this one) with a wall free for a door."""
    for space in dungeon.spaces.filter(level=level).exclude(pk=here.pk).order_by("number"):
        if space.counts_as_room and _free_directions(space.room):
            return space
    return None


def _link(traveller, way, exit_obj, target, face):
    """A door on a full level opens on a room already explored (TEXT)."""
    free = _free_directions(target.room)
    back = rules.OPPOSITE.get(exit_obj.key.lower())
    back = back if back in free else free[0]
    _make_way(way.dungeon, target, target.room, back, CrawlWay.BACK, destination=way.space.room)
    _lead_to(way, exit_obj, target.room)
    line = (f"{traveller.key} explores {exit_obj.key} and comes out somewhere already "
            f"known: {target.room.key} (full level 1d6 [{face}]).")
    _log(traveller, way.space.room, [face], line, dungeon=way.dungeon.name,
         space=target.number)
    return [line]


# ---------------------------------------------------------------- doors and searching

DARK_NOTE = "(In the dark: every check at disadvantage; |w+light torch|n lights one.)"


def in_the_dark(character):
    """No light where `character` stands in the dungeon (TEXT: checks in the
    dark are made with disadvantage)."""
    room = character.location
    return light.is_dark_place(room) and not light.any_light(sheets_here(room))



def _way_here(character, name):
    space = _require_space(character)
    wanted = (name or "").strip().lower()
    if not wanted:
        raise CrawlError("Name the way: +crawl/force north.")
    for way in space.ways.select_related("exit"):
        exit_obj = way.exit
        if exit_obj.key.lower() == wanted or wanted in [a.lower() for a in exit_obj.aliases.all()]:
            return space, way, exit_obj
    raise CrawlError(f"There is no way '{name.strip()}' out of here; look shows the exits.")


def _require_space(character):
    space = space_of(character.location)
    if space is None:
        raise CrawlError("You are not in a generated dungeon. A GM opens one with "
                         "|w+crawl/new <name>|n; go in by the exit named after it.")
    return space


@transaction.atomic
def force_door(character, name, rng=None):
    """A Might check forces a stuck or barred door, a Grace check picks a lock
    (at disadvantage without lockpicks)."""
    space, way, exit_obj = _way_here(character, name)
    if way.door not in rules.DOOR_CHECKS:
        raise CrawlError(f"The way {exit_obj.key} is not shut: walk through it.")
    attribute = rules.DOOR_CHECKS[way.door]
    disadvantage = False
    if way.door == "locked":
        sheet = og.playing_sheet(character)
        disadvantage = not sheet.items.filter(gear=rules.LOCKPICKS).exists()
    dark = in_the_dark(character)
    request = CheckRequest(attribute=attribute, difficulty=rules.DOOR_DIFFICULTY,
                           disadvantage=disadvantage or dark)
    checked = og.make_check(character, request, rng, kind="check")
    lines = list(checked.lines)
    if disadvantage:
        lines.append("(No lockpicks: improvised tools, at disadvantage.)")
    if dark:
        lines.append(DARK_NOTE)
    if checked.data["check"].success:
        way.door = "open"
        way.save(update_fields=["door"])
        lines.append(f"The door {exit_obj.key} gives way: it is open now.")
    else:
        lines.append(f"The door {exit_obj.key} holds.")
    return Outcome(tuple(lines))


@transaction.atomic
def search_here(character, rng=None, advantage=False, disadvantage=False):
    """Is there a hidden door? The yes/no oracle says, then a Heart check finds
    it (TEXT). A space is searched once."""
    rng = og._dice(rng)
    space = _require_space(character)
    if space.searched:
        raise CrawlError("This place has been searched already; whatever is hidden here "
                         "stays hidden.")
    og.playing_sheet(character)
    space.searched = True
    space.save(update_fields=["searched"])
    free = _free_directions(space.room)
    asked = oracles.yes_no(rng, advantage, disadvantage, question="a hidden door here?")
    lines = [f"{character.key} searches the walls. {asked.render()}"]
    _log(character, space.room, asked.dice, lines[0], oracle="yesno", outcome=asked.outcome)
    if asked.outcome != "yes" or not free:
        lines.append("There is no hidden door here.")
        return Outcome(tuple(lines))
    dark = in_the_dark(character)
    request = CheckRequest(attribute=rules.SEARCH_ATTRIBUTE, difficulty=rules.SEARCH_DIFFICULTY,
                           disadvantage=dark)
    checked = og.make_check(character, request, rng, kind="check")
    lines += checked.lines
    if dark:
        lines.append(DARK_NOTE)
    if not checked.data["check"].success:
        lines.append("Nothing turns up, though something may still be there.")
        return Outcome(tuple(lines))
    _make_way(space.dungeon, space, space.room, free[0], CrawlWay.ONWARD, hidden=True)
    lines.append(f"{character.key} finds a hidden door: a way {free[0]} opens.")
    return Outcome(tuple(lines))


# ---------------------------------------------------------------- the GM's dungeon list


def tagged(dungeon):
    return list(search.search_tag(dungeon.tag, category=rules.TAG_CATEGORY))


@transaction.atomic
def toggle_keep(gm, name):
    og._require_gm(gm)
    dungeon = dungeon_named(name)
    dungeon.kept = not dungeon.kept
    dungeon.save(update_fields=["kept"])
    if dungeon.kept:
        line = (f"{dungeon.name} is kept: +crawl/teardown refuses it until "
                f"|w+crawl/keep {dungeon.name}|n lets it go.")
    else:
        line = f"{dungeon.name} is no longer kept: +crawl/teardown may remove it."
    return Outcome((line,), data={"dungeon": dungeon})


@transaction.atomic
def teardown(gm, name):
    """Every room, exit and monster of the dungeon goes (monsters a GM spawned
    inside too), and its records. Anyone else inside (adventurers, things
    they dropped) is moved out first."""
    og._require_gm(gm)
    dungeon = dungeon_named(name)
    if dungeon.kept:
        raise CrawlError(f"{dungeon.name} is kept: |w+crawl/keep {dungeon.name}|n lets it "
                         "go first. Nothing was removed.")
    objects = tagged(dungeon)
    rooms = [obj for obj in objects if obj.location is None]
    objects += [thing for room in rooms for thing in room.contents
                if og.is_npc(thing) and thing not in objects]
    moved = move_out(rooms, {obj.id for obj in objects}, dungeon.outside)
    removed = len(objects)
    counts = (counted(len(rooms), "room"),
              counted(sum(1 for o in objects if o.destination is not None), "exit"),
              counted(sum(1 for o in objects if og.is_npc(o)), "monster"))
    for obj in sorted(objects, key=lambda o: o.location is None):  # rooms last
        obj.delete()
    name = dungeon.name
    dungeon.delete()
    line = f"{gm.key} tears down {name}: {', '.join(counts[:2])} and {counts[2]} are gone."
    if moved:
        line += " Moved out: " + ", ".join(thing.key for thing in moved) + "."
    return Outcome((line,), data={"removed": removed, "moved": moved})


def where(character):
    """What +crawl shows: (space, its ways, rooms on its level, rooms in all)."""
    space = _require_space(character)
    dungeon = space.dungeon
    ways = list(space.ways.select_related("exit"))
    rooms = sum(1 for s in dungeon.spaces.all() if s.counts_as_room)
    return space, ways, _rooms_on(dungeon, space.level), rooms


def list_rows(gm):
    """The GM's list: (dungeon, spaces made, rooms made, objects tagged)."""
    og._require_gm(gm)
    rows = []
    for dungeon in CrawlDungeon.objects.prefetch_related("spaces"):
        spaces = list(dungeon.spaces.all())
        rows.append((dungeon, len(spaces), sum(1 for s in spaces if s.counts_as_room),
                     len(tagged(dungeon))))
    return rows
