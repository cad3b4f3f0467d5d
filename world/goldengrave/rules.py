"""
Every number of a Goldengrave delve in one place: the company's stats, damage
and Power, skill checks, Supply's item tiers, Sway's prices, wandering
monsters, Rank and Glory, revisits and wars. The dice mechanics' own
constants live with the engine in `world.dice.goldengrave` and are
re-exported here, so the app (and its help) reads every number from this
module.

Two name columns (Bittermarch, Elsewhere) are blank in our copy of the
text: `HOUSE_NAMES` holds columns of our own for them, marked as ours.
"""

from world.dice.goldengrave import (  # noqa: F401
    DAMAGE_IGNORED_FROM,
    GLORY_BY_RANK,
    PACES,
    SKILL_FACTOR,
    SKILL_TARGET,
    STAT_BASE,
    STAT_CAP,
    STAT_POINTS,
    SWAY_PRICES,
    TEMPERS,
    WAR_VICTORY_GLORY,
)
from world.dice.goldengrave_tables import NAME_COLUMNS_MISSING, NAMES, REGIONS, _column

STATS = ("stamina", "supply", "sway")
"""The company's three stats, in the text's order."""
ARMY = "army"
ARMY_START = 0
"""The optional fourth stat starts at 0 and only Glory raises it."""
GLORY_PER_POINT = 1
"""1 Glory raises one stat's maximum (or Army) by 1."""
GLORY_RAISES_CURRENT = True
"""Ours (the text is silent): the point bought is ready at once, not only
after the next night in town."""

# Power lost to one round of the company's attack.
POWER_LOSS_NORMAL = 1
POWER_LOSS_VULNERABLE = 2
POWER_LOSS_IMMUNE = 0
POWER_LOSS_RISKY_SUCCESS = 2
POWER_LOSS_RISKY_FAILURE = 0

MAX_POWER = 40
"""The largest Power a GM may give a monster, trap or army (the text's sample has 2-4)."""
MAX_GROUP = 12
"""Monsters that may be joined into one group."""

# Supply: what an item costs by its tier, with the text's suggestions.
SUPPLY_TIERS = {
    "basic": 0,
    "common": 1,
    "unusual": 3,
    "specialist": 6,
}
SUPPLY_SUGGESTIONS = {  # OURS: examples for each tier, in our own words
    "basic": (
        "coil of rope", "belt knife", "hooded lamp", "day's rations", "spade",
        "flint and steel", "sleeping roll", "water flask",
    ),
    "common": (
        "crowbar", "grapnel", "picklocks", "bag of iron pitons", "small mirror",
        "bag of caltrops", "three arrows", "folding 10-foot pole",
    ),
    "unusual": (
        "magnifying lens", "tools for woodwork", "pot of glue (washes off)",
        "shackles and key", "fishing line and rod", "writing set",
        "greasy oil that will not catch fire",
    ),
    "specialist": (
        "cure for most poisons", "makeup and false beard", "keg of blasting powder",
        "lamp oil that burns hot", "one killing dose of poison", "smoke pot",
        "flask of acid that eats most things",
    ),
}
MAX_ITEM_NAME = 60

# Sway: the three situations where the GM may set a price.
SWAY_SITUATIONS = {
    "meeting": "the first meeting with a monster",
    "half": "a monster first brought to half its starting Power or less",
    "information": "asking a monster for what it knows",
}
SWAY_OUTCOMES = {
    "meeting": ("{monster} is curious and greets the company like new neighbours.",
                "{monster} is wary and treats the company as trespassers."),
    "half": ("{monster} gives up the fight: it flees or yields.",
             "{monster} will not yield, and the fight goes on."),
    "information": ("{monster} tells what the company wants to know.",
                    "{monster} keeps what it knows to itself."),
    "war": ("The enemy army falls back before the company's name.",
            "The enemy army holds its ground."),
}
"""(paid, refused) for each situation, in our words; {monster} is its name."""

SPARK_DICE = 2
"""2d6 for each spark."""
TRAIT_DICE = 3
"""3d6 for physique, personality and flaw (triples rerolled)."""

PACE_WORDS = {"cautious": "cautiously", "quick": "quickly"}

MAP_NOTE_LINES = 20
MAP_NOTE_WIDTH = 70
"""The mapper's own map (Hard dungeons): lines, and columns in a line."""

DIFFICULTIES = ("easy", "normal", "hard")
"""How much of the map the players see: all unlabelled, as explored, none."""

WANDERING_QUICK_MONSTER = (1,)
WANDERING_CAUTIOUS_MONSTER = (1, 2, 3)
WANDERING_CAUTIOUS_OMEN = (4, 5, 6)
"""A starred room's d6 by pace (the engine rolls it; these are for the help)."""

REVISIT_MAIN_STOLEN = (1,)
REVISIT_SIDES_STOLEN = (2, 3)
"""The revisit d6: what rivals took of the treasures not yet found."""

RANKS = tuple(GLORY_BY_RANK)
RANK_MEANING = {
    "S": "main prize plus all the lesser ones",
    "A": "main prize plus one lesser one or more",
    "B": "main prize only",
    "C": "all the lesser prizes, not the main one",
    "D": "one lesser prize or more",
    "F": "no treasure",
}
RANK_NIGHT = {
    "S": "The company hires the grandest hall in town and feasts like royalty.",
    "A": "The whole town gets a festival of food and music, on the company.",
    "B": "Every drinker in the tavern raises a cup the company paid for.",
    "C": "A few rounds, then warm beds at the inn.",
    "D": "A quiet, comfortable night at the inn.",
    "F": "A hayloft, a doorway, whatever kindness the town offers.",
}
"""What the night looks like, in our words."""

DIG_ROOMS_PER_DUNGEON = 10
"""Ours: the rooms `+ggdungeon/dig` makes for one dungeon, at most."""
DIG_DUNGEONS_PER_PLAYER = 2
"""Ours: the dungeons with dug rooms a player GM (not staff) holds at once."""
DIG_LOCK = "gg_dig"
"""Ours: the lock type of a room a player GM may dig a dungeon's way in
from. A room without it lets nobody, except the game's starting room, which
lets everyone; staff change either with `lock here = gg_dig:all()` (or
`false()`)."""
DUG_TAG_CATEGORY = "goldengrave dug"
"""The tag category of the rooms and exits dug for a dungeon."""
MAX_TREASURES = 8
"""Ours: the treasures (main and side) one dungeon may have."""
MAX_TREASURE_NAME = 60
MAX_ROOM_NAME = 50
MAX_WAY_NAME = 20
MAX_WAY_ALIASES = 3

MAX_COMPANY_NAME = 60
MAX_NOTE = 300
MAX_WAR_NAME = 60
LOG_SHOWN = 15
"""Rolls the log command and the web page list."""

# fmt: off
HOUSE_NAMES = {
    "Bittermarch": _column(
        "Ashby", "Brack", "Carrow", "Dunmore", "Edda", "Fenn",
        "Garth", "Hesk", "Ivo", "Jory", "Kell", "Lark",
        "Morrow", "Nell", "Oakes", "Pell", "Rook", "Sable",
        "Tamsin", "Ulf", "Vade", "Wren", "Yarrow", "Zell",
        "Burr", "Cinder", "Dross", "Flint", "Gorse", "Holt",
        "Kestrel", "Mire", "Nettle", "Rusk", "Thorne", "Wicke",
    ),
    "Elsewhere": _column(
        "Amaru", "Bexa", "Corra", "Daxin", "Eshel", "Farou",
        "Gwyl", "Hanno", "Ilse", "Jomo", "Kaito", "Liesl",
        "Mirza", "Noor", "Oyelu", "Pavla", "Quillon", "Rasmi",
        "Saoirse", "Tenzin", "Umaya", "Vikram", "Wanjiru", "Xiomar",
        "Yara", "Zoltan", "Anouk", "Bolat", "Chidi", "Dagny",
        "Emeka", "Freya", "Goran", "Hoshi", "Ines", "Juno",
    ),
}
# fmt: on
"""Ours, not the text's: name columns for the regions our copy lost."""

NAME_COLUMNS = {**NAMES, **HOUSE_NAMES}
"""(d6, d6) -> name for every region: the text's two, and our two."""
HOUSE_COLUMNS = tuple(HOUSE_NAMES)
assert HOUSE_COLUMNS == NAME_COLUMNS_MISSING and set(NAME_COLUMNS) == set(REGIONS)
