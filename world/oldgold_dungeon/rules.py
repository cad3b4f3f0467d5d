"""
The dungeon generator's tables: how big a dungeon is, what each unexplored
space turns out to be, corridors, room shapes and contents, doors, hidden
doors and levels.

Marked TEXT are Old Gold's (Milán László, CC BY 4.0): the dice of each roll
(1d6 for the dungeon's size and for each new space, 2d6 x 2m for a corridor
and 1d6 for its course, 2d6 for a room's shape with 2d6 x 2m sides, 1d6 for
what it holds and its six kinds, 1d6 for a door, the yes/no oracle and a
Heart check for a hidden door, a way down in a level's last room). Our copy
lost the tables those dice are read on: every table marked OURS is Delver's
own, written for the dice the text names. Plain data: no Django, no Evennia.
"""

from world.oldgold_travel import rules as travel_rules

# ---------------------------------------------------------------- the dungeon
SIZE_DIE = 6  # TEXT: 1d6 for the dungeon's size
SIZES = {  # OURS: face -> (words, rooms in all, levels)
    1: ("a hideout", 4, 1),
    2: ("a small lair", 6, 1),
    3: ("a modest ruin", 8, 2),
    4: ("a sprawling ruin", 12, 2),
    5: ("a deep complex", 16, 3),
    6: ("a vast underworld", 24, 4),
}
SIZE_WORDS = {"hideout": 1, "small": 2, "modest": 3, "sprawling": 4, "deep": 5,
              "vast": 6}  # OURS: a size a GM may type instead of its face
NAME_MAX = 40
TAG_CATEGORY = "oldgold_crawl"  # every room, exit and monster of a dungeon

# ---------------------------------------------------------------- each new space
SPACE_DIE = 6  # TEXT: 1d6 each time the party enters an unexplored space
SPACES = {1: "corridor", 2: "corridor", 3: "room", 4: "room", 5: "room", 6: "room"}  # OURS

# ---------------------------------------------------------------- corridors
CORRIDOR_LENGTH = (2, 6, 2)  # TEXT: 2d6 x 2m long
COURSE_DIE = 6  # TEXT: 1d6 for its course
COURSES = {  # OURS: face -> (words, ways on beyond the one you came by)
    1: ("runs straight ahead", 1),
    2: ("bends to the left", 1),
    3: ("bends to the right", 1),
    4: ("winds and slopes as it goes", 1),
    5: ("splits in two", 2),
    6: ("ends where two passages cross", 2),
}

# ---------------------------------------------------------------- rooms
SHAPE_DICE = (2, 6)  # TEXT: 2d6 for a room's shape
SHAPES = {  # OURS: total -> (shape, doorways counting the one you came through)
    2: ("round", 1),
    3: ("irregular", 3),
    4: ("rectangular", 2),
    5: ("square", 2),
    6: ("rectangular", 3),
    7: ("rectangular", 2),
    8: ("square", 3),
    9: ("irregular", 2),
    10: ("octagonal", 4),
    11: ("cross-shaped", 4),
    12: ("round", 2),
}
TWO_SIDED = ("rectangular", "irregular")  # TEXT: these roll length and width apart
SIDE = (2, 6, 2)  # TEXT: 2d6 x 2m a side; other shapes roll it once

CONTENTS_DIE = 6  # TEXT: 1d6 for what the room holds
CONTENTS = {1: "structure", 2: "obstacle", 3: "puzzle", 4: "lair", 5: "trap",
            6: "creature"}  # TEXT: the six kinds, in the text's order
DETAIL_DIE = 6  # OURS: 1d6 for what exactly, on the kind's table below
DETAILS = {  # OURS
    "structure": (
        "Stone benches face a cracked altar; the place was a chapel once.",
        "Rotten bunks line the walls, with a guard's tally scratched above one.",
        "A mural of a crowned figure has been chiselled away at the face.",
        "Empty shelves and a cold hearth: a storeroom someone left in a hurry.",
        "Old bones lie sorted into heaps by someone who lives here.",
        "A dry fountain stands in the middle, coins green in its basin.",
    ),
    "obstacle": (
        "Black water fills the far half of the room, how deep no one can say.",
        "The ceiling has come down in a slope of rubble across the way on.",
        "A chasm splits the floor, too wide to step over.",
        "Thick webs, old and sticky, choke the room from wall to wall.",
        "A portcullis, rusted half shut, bars the way beyond.",
        "The floor is a sheet of ice that tilts towards a drop.",
    ),
    "puzzle": (
        "Six levers in the wall, each carved with a different beast.",
        "A statue holds out an empty hand, palm up, towards the door.",
        "Tiles of two colours cover the floor; some sink a finger's width.",
        "A riddle is cut above a sealed door, its last word worn away.",
        "A scale hangs from the ceiling, one pan weighed down with lead.",
        "Mirrors on the walls each show the room a little differently.",
    ),
    "lair": (
        "Nests of rags and straw, and a hoard half buried under them.",
        "Gnawed bones and a rank smell: something eats here and sleeps here.",
        "A ring of stones guards a clutch of eggs in the middle.",
        "Stolen furniture is piled into a throne around a locked chest.",
        "Sleeping hollows are dug into the walls; a shrine sits among them.",
        "Trophies hang from hooks: weapons, helmets, a shield with a crest.",
    ),
    "creature": (  # OURS: why it is out of its lair (see Random Encounters)
        "hunting, and on your scent.",
        "lost, and wanting a way out as badly as you.",
        "running from something deeper down.",
        "walking a patrol walked for years.",
        "scavenging among old leavings.",
        "sent to fetch something from here.",
    ),
}
TRAPS = {  # OURS: face -> (the trap, its warning sign, the fitting hazard)
    1: ("a pit under loose flagstones", "the stones ring hollow", "falling"),
    2: ("needles in a door's handle", "a dark stain on the brass", "poison"),
    3: ("jets of flame from the walls", "soot streaks the ceiling", "burning"),
    4: ("a slab that seals the room and lets in sand", "grit trickles from the cracks",
        "suffocating"),
    5: ("a tilting floor over a drop", "the floor creaks and sags underfoot", "falling"),
    6: ("darts from holes in the walls", "tiny holes at waist height", "poison"),
}
TRAP_FALL_METRES = 6  # OURS: how far a pit or a drop falls
# The creatures of lairs and wandering ones: the travel rules' dungeon
# encounter table (1d6), with the bestiary's number appearing.
CREATURE_DIE = travel_rules.ENCOUNTER_DIE
CREATURES = travel_rules.ENCOUNTERS["dungeon"]
NUMBER_APPEARING = travel_rules.NUMBER_APPEARING
MAX_CREATURES = 3  # OURS: a generated room spawns at most this many; the GM adds more

# ---------------------------------------------------------------- doors
DOOR_DIE = 6  # TEXT: 1d6 the first time a door is tried
DOORS = {  # OURS: face -> (state, words)
    1: ("locked", "is locked"),
    2: ("stuck", "is stuck fast in its frame"),
    3: ("barred", "is barred from the far side"),
    4: ("open", "opens with a groan"),
    5: ("open", "swings open"),
    6: ("open", "is only an empty archway"),
}
DOOR_CHECKS = {"locked": "grace", "stuck": "might", "barred": "might"}  # TEXT
DOOR_DIFFICULTY = 12  # OURS: the text names the checks, not their difficulty
LOCKPICKS = "lockpicks"  # TEXT: without them a lock is picked at disadvantage

# ---------------------------------------------------------------- hidden doors
SEARCH_ATTRIBUTE = "heart"  # TEXT: the yes/no oracle says if one exists, Heart finds it
SEARCH_DIFFICULTY = 12  # OURS

# ---------------------------------------------------------------- finishing a level
FULL_LEVEL_DIE = 6  # OURS: a door on a full level leads to...
FULL_LEVEL = {1: "dead end", 2: "dead end", 3: "dead end", 4: "been", 5: "been", 6: "been"}

# ---------------------------------------------------------------- exits
DIRECTIONS = ("north", "east", "south", "west")
ALIASES = {"north": "n", "east": "e", "south": "s", "west": "w", "down": "d", "up": "u"}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east",
            "down": "up", "up": "down"}
