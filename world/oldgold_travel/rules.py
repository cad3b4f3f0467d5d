"""
The one table of numbers for Old Gold's overland travel, encounters,
treasure, recruiting, warfare, construction and cost of living.

Numbers marked TEXT are Old Gold's (Milán László, CC BY 4.0). Our copy of
the text lost many tables; every table marked OURS is Delver's own, built
on the dice and structure the text gives (2d6 terrain, 1d8 hexes, 1d6
landmark column/row/type, 2d6 weather, the reaction oracle, shares of XP
Required for treasure, availability by settlement size, building costs and
times, living standards). All player-facing texts are written for Delver.
"""

from dataclasses import dataclass

from world.oldgold_dungeon.bestiary import MONSTERS

# ---------------------------------------------------------------- the map (TEXT)
HEX_KM = 10
SHEET_COLUMNS = 6  # a 36-hex map sheet
SHEET_ROWS = 6
COLUMN_LETTERS = "ABCDEF"

# Time (TEXT): 4 watches a day; 2 of travel, 1 camp/explore/forage, 1 rest.
WATCHES_PER_DAY = 4
TRAVEL_WATCHES_PER_DAY = 2
FORCED_MARCH_WATCH = 3  # a third watch of travel counts as a day without rest

# Progress is counted in sixths of a watch so every speed is a whole number.
SIXTHS = 6
COST_OPEN = 6  # a hex takes a watch
COST_DIFFICULT = 12  # difficult terrain: 2 watches
COST_ROAD = 3  # roads: 2 hexes a watch
COST_ROAD_DIFFICULT = 6  # or 1 through difficult terrain
COST_SHIP = 2  # ships and airships: 3 hexes a watch
MODES = ("foot", "mounted", "ship", "airship")
CREWED_MODES = ("ship", "airship")  # TEXT: vehicles needing crew won't move without them

# Directions on a sheet of flat-topped hexes, columns offset ("odd-q").
DIRECTIONS = ("n", "ne", "se", "s", "sw", "nw")
DIRECTION_NAMES = {"n": "north", "ne": "north-east", "se": "south-east", "s": "south",
                   "sw": "south-west", "nw": "north-west"}
# (dcol, drow) for an even column, then for an odd column.
NEIGHBOURS_EVEN = {"n": (0, -1), "ne": (1, -1), "se": (1, 0), "s": (0, 1), "sw": (-1, 0),
                   "nw": (-1, -1)}
NEIGHBOURS_ODD = {"n": (0, -1), "ne": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1),
                  "nw": (-1, 0)}


@dataclass(frozen=True)
class Terrain:
    key: str
    name: str
    letter: str
    difficult: bool = False
    featureless: bool = False  # navigation check in any weather
    water: bool = False  # ships sail only here
    forage: int = 12  # OURS: foraging difficulty


# OURS: the 2d6 terrain table (the text gives the dice; the entries are ours).
TERRAINS = {t.key: t for t in (
    Terrain("sea", "open sea", "~", featureless=True, water=True, forage=14),
    Terrain("lake", "lake", "o", water=True, forage=10),
    Terrain("plains", "plains", ".", forage=10),
    Terrain("grassland", "grassland", ",", forage=10),
    Terrain("farmland", "farmland", "=", forage=8),
    Terrain("hills", "hills", "n", forage=12),
    Terrain("forest", "forest", "f"),
    Terrain("deep_forest", "dense forest", "F", difficult=True, forage=10),
    Terrain("swamp", "swamp", "%", difficult=True, forage=14),
    Terrain("mountains", "mountains", "M", difficult=True, forage=16),
    Terrain("desert", "deep desert", ":", featureless=True, forage=18),
    Terrain("tundra", "tundra", "_", forage=16),
)}
TERRAIN_ROLL = {  # OURS: 2d6 -> terrain
    2: "mountains", 3: "swamp", 4: "hills", 5: "forest", 6: "plains", 7: "grassland",
    8: "forest", 9: "farmland", 10: "deep_forest", 11: "hills", 12: "lake",
}
TERRAIN_SPREAD_DIE = 8  # TEXT: 1d8 hexes of each rolled terrain
# TEXT: terrain changes to suit the climate. OURS: which changes.
CLIMATE_SWAPS = {"arid": {"farmland": "desert", "swamp": "desert", "lake": "desert"},
                 "polar": {"farmland": "tundra", "grassland": "tundra", "swamp": "tundra"}}
CLIMATES = ("temperate", "arid", "polar", "tropical")
HARSH_CLIMATES = ("arid", "polar")
SEASONS = ("spring", "summer", "autumn", "winter")
HARSH_SEASONS = {"temperate": ("winter",), "arid": ("summer",), "polar": ("winter", "autumn"),
                 "tropical": ("summer",)}

# OURS: 1d6 landmark types (TEXT: 1d6 column, 1d6 row, 1d6 what).
LANDMARKS = {1: "ruin", 2: "lair", 3: "shrine", 4: "tower", 5: "cave", 6: "monument"}
SETTLEMENTS = ("village", "town")

# ---------------------------------------------------------------- weather
@dataclass(frozen=True)
class Weather:
    name: str
    text: str
    bad: bool = False  # storms, fog, blizzards: navigation checks
    favourable: bool = False  # advantage on foraging and navigation
    extreme: bool = False  # passes sooner
    hazard: str = ""  # the hazard it may bring


WEATHER_DICE = "2d6"  # TEXT; rolled at disadvantage where climate or season is harsh
WEATHER_HOLDS_WATCHES = 8  # OURS: "a couple of days"
EXTREME_WEATHER_WATCHES = 4  # OURS: extreme weather passes sooner
# OURS: 2d6 -> weather, read for the climate and season.
WEATHER = {
    2: Weather("storm", "A storm breaks: rain in sheets, wind and lightning.", bad=True,
               extreme=True, hazard="storm"),
    3: Weather("fog", "Thick fog sits on the land; nothing is seen past a stone's throw.",
               bad=True, hazard="fog"),
    4: Weather("heavy rain or snow", "Rain or snow falls hard and the ground turns bad.",
               bad=True, hazard="rain or snow"),
    5: Weather("wind", "A hard wind blows and carries every smell.", hazard="wind"),
    6: Weather("overcast", "Grey skies, a cool and quiet day."),
    7: Weather("fair", "Fair weather for the season."),
    8: Weather("fair", "Fair weather for the season."),
    9: Weather("light showers", "Passing showers, sun between them."),
    10: Weather("clear", "Clear skies and good going.", favourable=True),
    11: Weather("clear", "Clear skies and good going.", favourable=True),
    12: Weather("perfect", "A perfect day: clear, mild, with a helping breeze.",
                favourable=True),
}
# TEXT: heavy snow counts as difficult terrain. OURS: a 4 falls as snow in
# winter, and in every season of a polar climate.
SNOW_ROLL = 4
SNOW_SEASONS = ("winter",)
SNOW_CLIMATES = ("polar",)
SEASON_EXTREMES = {"winter": "extreme cold", "summer": "extreme heat"}  # OURS: on a storm

# ---------------------------------------------------------------- travel oracle
TRAVEL_ORACLE_DIE = 6  # OURS: 1d6 once a watch in untamed lands
TRAVEL_ORACLE = {
    1: ("encounter", "Something crosses your path: roll an encounter."),
    2: ("sign", "Tracks, spoor or a sound ahead: something lives near here."),
    3: ("hazard", "The land turns against you: a washed-out ford, a rockfall, a bad slope."),
    4: ("discovery", "You glimpse something off the path worth exploring."),
    5: ("quiet", "The watch passes quietly."),
    6: ("quiet", "The watch passes quietly."),
}

# ---------------------------------------------------------------- navigation and foraging
NAVIGATION_ATTRIBUTE = "heart"  # TEXT
NAVIGATION_DIFFICULTY = 12  # OURS
FORAGE_ATTRIBUTES = {"gather": "heart", "hunt": "grace"}  # TEXT
FORAGE_RATIONS_DIE = 4  # TEXT: 1d4 rations on a success

# ---------------------------------------------------------------- encounters
DISTANCE_DICE = "2d6"  # TEXT
DISTANCE_STEP = {"dungeon": 2, "wilderness": 20}  # TEXT: x 2m / x 20m
REACTION_DICE = "2d6"  # OURS: the reaction oracle
REACTION = {  # OURS
    2: "hostile: it attacks at once",
    3: "hostile: it means harm",
    4: "unfriendly: it threatens and warns you off",
    5: "unfriendly: it threatens and warns you off",
    6: "wary: it keeps its distance and watches",
    7: "wary: it keeps its distance and watches",
    8: "curious: it comes closer to see what you are",
    9: "open to talk, for a price",
    10: "open to talk, for a price",
    11: "friendly: it means you no harm",
    12: "helpful: it offers aid or news",
}
ENCOUNTER_DIE = 6  # OURS: 1d6 -> bestiary slug, by terrain group
ENCOUNTERS = {  # OURS
    "open": {1: "bandit", 2: "wolf", 3: "goblin", 4: "orc_warrior", 5: "bandit_leader",
             6: "ogre"},
    "forest": {1: "wolf", 2: "giant_spider", 3: "goblin", 4: "werewolf", 5: "blink_dog",
               6: "bandit"},
    "rough": {1: "harpy", 2: "ogre", 3: "troll", 4: "orc_warrior", 5: "goblin", 6: "basilisk"},
    "wet": {1: "zombie", 2: "giant_spider", 3: "troll", 4: "rat_swarm", 5: "harpy", 6: "ghost"},
    "dungeon": {1: "rat_swarm", 2: "skeleton", 3: "goblin", 4: "zombie", 5: "gelatinous_cube",
                6: "mimic"},
}
TERRAIN_GROUP = {"plains": "open", "grassland": "open", "farmland": "open", "desert": "open",
                 "tundra": "open", "forest": "forest", "deep_forest": "forest",
                 "hills": "rough", "mountains": "rough", "swamp": "wet", "lake": "wet",
                 "sea": "wet"}
# TEXT (Bestiary): each monster's number appearing, read off the bestiary.
NUMBER_APPEARING = {slug: data["na"] for slug, data in MONSTERS.items()}
PROTOTYPE_PREFIX = "oldgold_"

# ---------------------------------------------------------------- treasure
# TEXT: the share of the party's summed XP Required is the treasure's worth
# in gp. OURS: the shares (the text's table was lost; it assumes Difficult,
# session-length adventures).
TREASURE_SHARE = {"normal": (1, 4), "difficult": (1, 2), "brutal": (1, 1)}
TREASURE_LENGTH = {"scene": (1, 4), "session": (1, 1), "long": (2, 1)}
SACK_OF_VALUABLES = "Sack of valuables"  # TEXT: a sackful fills one slot

# ---------------------------------------------------------------- recruiting (TEXT)
@dataclass(frozen=True)
class Recruit:
    key: str
    name: str
    wage: int  # gp a day
    stats: dict
    attack: tuple
    na: str
    fights: bool
    dungeons: bool
    examples: str


_HIRELING = {"hp": 6, "dp": 0, "might": 1, "grace": 1, "mind": 1, "heart": 1, "morale": 5}
RECRUITS = {r.key: r for r in (
    Recruit("common", "common hireling", 10, _HIRELING, ("punch", "1d2+1"), "2d4", False, True,
            "torch-bearers, cooks, labourers"),
    Recruit("skilled", "skilled hireling", 20, _HIRELING, ("punch", "1d2+1"), "2d4", False,
            True, "hunters, smiths, herb-wives"),
    Recruit("expert", "expert hireling", 40, _HIRELING, ("punch", "1d2+1"), "2d4", False,
            True, "alchemists, translators, spies"),
    Recruit("swordsman", "swordsman", 30,
            {"hp": 12, "dp": 2, "might": 3, "grace": 1, "mind": 1, "heart": 1, "morale": 8},
            ("sword", "1d6+2"), "1d4", True, False, "blades for hire"),
    Recruit("archer", "archer", 30,
            {"hp": 8, "dp": 1, "might": 1, "grace": 3, "mind": 1, "heart": 1, "morale": 8},
            ("longbow", "1d6+2"), "1d4", True, False, "steady bowmen"),
)}
# OURS: how many of each are present and willing, by settlement size (dice,
# refreshed monthly, TEXT).
AVAILABILITY = {
    "village": {"common": "1d4", "skilled": "1d2", "expert": "0", "swordsman": "1d2",
                "archer": "1d2"},
    "town": {"common": "2d6", "skilled": "1d6", "expert": "1d3", "swordsman": "2d4",
             "archer": "2d4"},
    "city": {"common": "4d6", "skilled": "2d6", "expert": "1d6", "swordsman": "3d6",
             "archer": "3d6"},
}
AVAILABILITY_REFRESH_DAYS = 28  # TEXT: monthly (a month is four weeks)
COMPANION_MORALE = None  # TEXT: companions don't check morale

# ---------------------------------------------------------------- warfare (TEXT)
UNIT_COST_PER_MONTH = 100_000
UNIT_SIZE = {"untrained foot": 200, "archers": 100, "cavalry": 25, "battle clerics": 5,
             "archmage": 1}  # TEXT: how many of each make one unit
BATTLE_BASE_DIFFICULTY = 10
LOSS_PERCENT = 10
HEAVY_LOSS_PERCENT = 20
HEAVY_LOSS_MARGIN = 10
BATTLE_MORALE_BASE = 10  # morale against 10 minus rounds lost

# ---------------------------------------------------------------- construction
NEW_BUILD_PERCENT = 150  # TEXT
RENT_PERCENT_PER_MONTH = 1  # TEXT
LAND_PERCENT = 20  # TEXT
BUSINESS_PROFIT_DICE = "2d6"  # TEXT: % of the investment a year
BUILDINGS = {  # OURS: listed cost (gp) and time (days)
    "cottage": (1_000, 14), "shop": (4_000, 30), "inn": (12_000, 60),
    "watchtower": (15_000, 60), "temple": (40_000, 120), "keep": (75_000, 180),
    "castle": (250_000, 365), "fortress": (600_000, 730), "ship": (20_000, 90),
}

# ---------------------------------------------------------------- cost of living (OURS)
LIVING = {  # standard -> (lodging a night, meals and drink a day), gp
    "poor": (1, 2), "modest": (3, 5), "comfortable": (8, 10), "wealthy": (20, 25),
    "lavish": (60, 50),
}

MAX_DAYS = 365
MAX_UNITS = 1000
SPEECH_ATTRIBUTE = "heart"  # TEXT: a commander's inspiring speech
SPEECH_DIFFICULTY = 12  # OURS
AVAILABILITY_SIZES = tuple(AVAILABILITY)
