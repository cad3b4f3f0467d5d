"""
The dungeon generator as plain functions: each takes a random source
(anything with `randint`) and returns a frozen result recording every die
and the words read off `world.oldgold_dungeon.rules`. Building rooms and
exits from the results is `world.oldgold_dungeon.crawl`'s work.
"""

from dataclasses import dataclass, replace

from world.oldgold_dungeon import rules
from world.words import counted, plural, with_article


@dataclass(frozen=True)
class Size:
    face: int  # 0 when the GM chose it
    words: str
    rooms: int
    levels: int

    @property
    def per_level(self):
        """A level's rough share of the rooms (the last level may get fewer)."""
        return -(-self.rooms // self.levels)


@dataclass(frozen=True)
class Space:
    kind: str  # corridor, room or dead end
    dice: tuple  # every die rolled, in order
    ways_on: int  # new ways out beyond the one the party came by
    description: str  # what a player reads on looking
    rolls: str  # the dice and what they gave, for the GM and the log
    contents: str = ""  # a room's kind of contents (rules.CONTENTS)
    creature: str = ""  # a bestiary slug to spawn, or ""
    count: int = 0
    hazard: str = ""  # the hazard a trap applies
    title: str = ""  # what the room is called: "square room", "corridor"


@dataclass(frozen=True)
class Door:
    face: int
    state: str  # open, locked, stuck or barred
    words: str


def _d(rng, sides):
    return rng.randint(1, sides)


def _nd(rng, count, sides):
    return tuple(rng.randint(1, sides) for _ in range(count))


def _faces(faces):
    return "[" + ", ".join(str(face) for face in faces) + "]"


def size_of(face):
    words, rooms, levels = rules.SIZES[face]
    return Size(face, words, rooms, levels)


def roll_size(rng):
    return size_of(_d(rng, rules.SIZE_DIE))


def roll_space_face(rng):
    """The 1d6 that says whether the next space is a corridor or a room."""
    return _d(rng, rules.SPACE_DIE)


def roll_space(rng, face=None):
    """The next unexplored space: a corridor or a room (1d6, unless its face
    was rolled already, as where a corridor meets a door)."""
    face = face or roll_space_face(rng)
    kind = rules.SPACES[face]
    space = roll_room(rng) if kind == "room" else roll_corridor(rng)
    return replace(space, dice=(face,) + space.dice,
                   rolls=f"Space 1d6 [{face}]: {kind}. {space.rolls}")


def roll_corridor(rng):
    count, sides, step = rules.CORRIDOR_LENGTH
    length_faces = _nd(rng, count, sides)
    length = sum(length_faces) * step
    course_face = _d(rng, rules.COURSE_DIE)
    course, ways_on = rules.COURSES[course_face]
    description = f"A corridor {length}m long {course}."
    rolls = (f"Length 2d6 {_faces(length_faces)} x {step}m = {length}m; "
             f"course 1d6 [{course_face}]: {course}.")
    return Space("corridor", length_faces + (course_face,), ways_on, description, rolls,
                 title="corridor")


def dead_end(rng):
    """A way on a full level that leads nowhere new: a short dead end."""
    count, sides, step = rules.CORRIDOR_LENGTH
    faces = _nd(rng, count, sides)
    length = sum(faces) * step
    return Space("dead end", faces, 0, f"A passage {length}m long that ends in bare stone.",
                 f"Dead end, 2d6 {_faces(faces)} x {step}m = {length}m.", title="dead end")


def roll_room(rng, contents=None):
    """A room: shape and doorways (2d6), its size, and what it holds (1d6,
    unless `contents` is given, as for an entrance)."""
    shape_faces = _nd(rng, *rules.SHAPE_DICE)
    shape, doorways = rules.SHAPES[sum(shape_faces)]
    count, sides, step = rules.SIDE
    length_faces = _nd(rng, count, sides)
    length = sum(length_faces) * step
    dice = shape_faces + length_faces
    if shape in rules.TWO_SIDED:
        width_faces = _nd(rng, count, sides)
        width = sum(width_faces) * step
        dice += width_faces
        size = f"{length}m by {width}m"
        size_rolls = (f"2d6 {_faces(length_faces)} x {step}m by 2d6 {_faces(width_faces)} "
                      f"x {step}m")
    else:
        size = f"{length}m across"
        size_rolls = f"2d6 {_faces(length_faces)} x {step}m"
    rolls = (f"Shape 2d6 {_faces(shape_faces)} = {sum(shape_faces)}: {shape}, "
             f"{doorways} doorway{'s' if doorways != 1 else ''}; {size} ({size_rolls}).")
    if contents is None:
        contents_face = _d(rng, rules.CONTENTS_DIE)
        contents = rules.CONTENTS[contents_face]
        dice += (contents_face,)
        rolls += f" Holds 1d6 [{contents_face}]: {contents}."
    held = _roll_contents(rng, contents)
    description = f"{with_article(shape).capitalize()} room, {size}. {held.description}"
    return Space("room", dice + held.dice, doorways - 1, description,
                 f"{rolls} {held.rolls}", contents, held.creature, held.count, held.hazard,
                 title=f"{shape} room")


def _roll_contents(rng, contents):
    if contents == "trap":
        face = _d(rng, len(rules.TRAPS))
        trap, sign, hazard = rules.TRAPS[face]
        return Space("", (face,), 0,
                     f"{sign.capitalize()}: the warning of {trap}. There is more than "
                     "one way past it.",
                     f"Trap 1d6 [{face}]: {trap} ({hazard}).", hazard=hazard)
    face = _d(rng, rules.DETAIL_DIE)
    detail = rules.DETAILS[contents][face - 1]
    rolls = f"{contents.capitalize()} 1d6 [{face}]."
    if contents not in ("lair", "creature"):
        return Space("", (face,), 0, detail, rolls)
    slug, count, faces = roll_creature(rng)
    name = slug.replace("_", " ")
    rolls += f" {creature_rolls(slug, count, faces)}"
    if contents == "lair":
        text = f"{detail} This is the lair of the {plural(name) if count > 1 else name}."
    elif count > 1:
        text = f"{counted(count, name).capitalize()} are here, out of their lair, {detail}"
    else:
        text = f"{with_article(name).capitalize()} is here, out of its lair, {detail}"
    return Space("", (face,) + faces, 0, text, rolls, creature=slug, count=count)


def roll_creature(rng):
    """(slug, how many spawn, every die): the dungeon encounter table (1d6) and
    the creature's number appearing, at most rules.MAX_CREATURES."""
    face = _d(rng, rules.CREATURE_DIE)
    slug = rules.CREATURES[face]
    number, na_faces = roll_number(rules.NUMBER_APPEARING.get(slug, "1"), rng)
    return slug, max(1, min(number, rules.MAX_CREATURES)), (face,) + na_faces


def creature_rolls(slug, count, faces):
    na = rules.NUMBER_APPEARING.get(slug, "1")
    rolled = f" {_faces(faces[1:])}" if len(faces) > 1 else ""
    return (f"Creature 1d6 [{faces[0]}]: {slug.replace('_', ' ')}, NA {na}{rolled}, "
            f"{count} here.")


def roll_number(text, rng):
    """'2d6' -> (total, faces); a plain number rolls nothing."""
    count, _, sides = text.partition("d")
    if not sides:
        return int(text), ()
    faces = _nd(rng, int(count or 1), int(sides))
    return sum(faces), faces


def roll_door(rng):
    face = _d(rng, rules.DOOR_DIE)
    state, words = rules.DOORS[face]
    return Door(face, state, words)


def roll_full_level(rng):
    """(face, 'dead end' or 'been'): where a door on a full level leads."""
    face = _d(rng, rules.FULL_LEVEL_DIE)
    return face, rules.FULL_LEVEL[face]
