"""
The numbers and tables for running an Old Gold scene: the calendar of the
scene clock, how long each light burns per dot, and the oracles.

Numbers marked TEXT are Old Gold's (Milán László, CC BY 4.0): the time units
and the dice of each oracle. Our copy of the text lost the oracle tables and
the delving oracle; every table marked OURS is Delver's own, written for the
dice the text names. Rounds, turns and watches come from the adventurers'
rules table so the two never disagree; the seasons from the travel table.
"""

from dataclasses import dataclass

from world.oldgold import rules as og_rules
from world.oldgold_travel import rules as travel_rules

# ---------------------------------------------------------------- the calendar (TEXT)
ROUNDS_PER_MINUTE = og_rules.ROUNDS_PER_MINUTE  # 6
MINUTES_PER_TURN = og_rules.MINUTES_PER_TURN  # 10, so 6 turns make an hour
TURNS_PER_HOUR = og_rules.TURNS_PER_HOUR  # 6
WATCHES_PER_DAY = og_rules.WATCHES_PER_DAY  # 4
HOURS_PER_DAY = 24
HOURS_PER_WATCH = HOURS_PER_DAY // WATCHES_PER_DAY  # 6
DAYS_PER_WEEK = 7
WEEKS_PER_MONTH = 4  # a moon's cycle
DAYS_PER_MONTH = DAYS_PER_WEEK * WEEKS_PER_MONTH  # 28
MONTHS_PER_SEASON = 3
SEASONS = travel_rules.SEASONS  # spring, summer, autumn, winter
MONTHS_PER_YEAR = MONTHS_PER_SEASON * len(SEASONS)  # 12

ROUNDS_PER_TURN = og_rules.ROUNDS_PER_TURN  # 60
ROUNDS_PER_HOUR = og_rules.ROUNDS_PER_HOUR  # 360
ROUNDS_PER_WATCH = ROUNDS_PER_HOUR * HOURS_PER_WATCH  # 2160
ROUNDS_PER_DAY = ROUNDS_PER_WATCH * WATCHES_PER_DAY  # 8640
ROUNDS_PER_MONTH = ROUNDS_PER_DAY * DAYS_PER_MONTH
ROUNDS_PER_YEAR = ROUNDS_PER_MONTH * MONTHS_PER_YEAR

UNIT_ROUNDS = {
    "round": 1,
    "minute": ROUNDS_PER_MINUTE,
    "turn": ROUNDS_PER_TURN,
    "hour": ROUNDS_PER_HOUR,
    "watch": ROUNDS_PER_WATCH,
    "day": ROUNDS_PER_DAY,
    "week": ROUNDS_PER_DAY * DAYS_PER_WEEK,
    "month": ROUNDS_PER_MONTH,
}
UNIT_PLURALS = {(unit + "es" if unit.endswith("ch") else unit + "s"): unit for unit in UNIT_ROUNDS}
# OURS: the four watches of a day, by when they fall.
WATCH_NAMES = ("night", "morning", "afternoon", "evening")
# OURS: the months, three to a season.
MONTH_NAMES = ("Thawmoon", "Seedmoon", "Blossommoon", "Sunmoon", "Haymoon", "Ripemoon",
               "Leafmoon", "Mistmoon", "Frostmoon", "Darkmoon", "Icemoon", "Wolfmoon")
MAX_ADVANCE_DAYS = 366  # one command moves the clock at most about a year
CLOCK_KEY_MAX = 40

# ---------------------------------------------------------------- sleep (TEXT)
# Long without sleep: at the start of each watch, a 1-in-6 chance to fall
# asleep for 1d4 watches.
SLEEP_LOSS_CHANCE = (1, 6)
SLEEP_LOSS_WATCHES = 4  # 1d4
SLEEP_LOSS_SOURCE = "lack of sleep"  # the asleep condition's source

# ---------------------------------------------------------------- light (OURS periods)
# The adventurers' table says how long one dot of each light lasts ("an
# hour", "a watch"); a dot is marked for each full period it burns.
LIGHT_KIND = "light"
LIGHT_PERIOD_ROUNDS = {
    key: og_rules.DURATION_ROUNDS[gear.burns.split()[-1]]
    for key, gear in og_rules.GEAR.items() if gear.kind == LIGHT_KIND and gear.burns
}
REFILLS = {"lantern": "lantern oil"}  # a light that clears its dots instead of burning away

@dataclass(frozen=True)
class MagicLight:
    """A magic item that gives light (TEXT, 4.2 Magic items): lit on command,
    it marks one of its dots and burns for a while, then goes out; its dots
    refill on a rest, and it never wears."""

    key: str
    name: str
    kind: str  # the item's kind on a sheet: weapon or light
    dots: int  # TEXT
    burns: str  # TEXT: how long it burns once lit
    radius: str  # how far its light reaches
    note: str  # OURS: what a player reads about it
    damage: str = ""  # a weapon's own dice (OURS: a sword's)
    fire: str = ""  # TEXT: dice the flame adds to every strike


MAGIC_LIGHTS = {
    "flaming blade": MagicLight(
        "flaming blade", "Flaming blade", "weapon", 3, "hour", "4m",
        "a sword that bursts into flame on a word, adding 1d4 to each strike",
        damage="1d6", fire="1d4"),
    "shadow lantern": MagicLight(
        "shadow lantern", "Shadow lantern", "light", 1, "hour", "6m",  # OURS: a lantern's
        "in its glow, shadows act out what happened here in the past day"),
}
MAGIC_ITEM_BONUS = "might"  # the flaming blade is a melee weapon (TEXT)
# TEXT (the Light prayer): holy light around the one who prays, Heart Bonus
# x 4 metres, for an hour; undead and fiends in it check morale.
HOLY_LIGHT = "light"  # the prayer's key in the adventurers' magic table
HOLY_LIGHT_METRES_PER_BONUS = 4
HOLY_LIGHT_ROUNDS = og_rules.DURATION_ROUNDS["hour"]
HOLY_LIGHT_FEAR_KINDS = ("undead", "fiend")

# OURS: without light a creature halves its Speed, is surprised, springs
# every trap, cannot map and makes every check with disadvantage (TEXT).
DARKNESS_NOTE = ("half Speed, surprised by every encounter, sets off every trap, "
                 "cannot map, and every check at disadvantage")

# ---------------------------------------------------------------- yes/no oracle
YES_NO_DIE = 6  # TEXT: 1d6; advantage when yes seems probable, disadvantage when not
YES_NO = {  # OURS
    1: "No, and worse: the answer goes against you and then some.",
    2: "No.",
    3: "No, but something softens it.",
    4: "Yes, but it comes with a cost or a catch.",
    5: "Yes.",
    6: "Yes, and better: more than you hoped for.",
}

# ---------------------------------------------------------------- solo d6 oracle
SOLO_DIE = 6  # TEXT: 1d6 on the column your question needs; advantage leans high
SOLO_COLUMNS = {  # OURS: six columns, low (1) to high (6)
    "amount": ("none at all", "a single one", "a couple", "a handful", "a crowd",
               "more than can be counted"),
    "size": ("tiny", "small", "about a person's size", "large", "huge", "colossal"),
    "difficulty": ("trivial", "easy", "fair", "tricky", "hard", "all but impossible"),
    "quality": ("ruined", "shoddy", "plain", "sound", "fine", "masterful"),
    "distance": ("within reach", "a few steps", "across the room", "down the corridor",
                 "out of earshot", "far beyond sight"),
    "attitude": ("murderous", "hostile", "cold", "indifferent", "warm", "devoted"),
}
SOLO_ALIASES = {"how many": "amount", "many": "amount", "number": "amount", "big": "size",
                "hard": "difficulty", "good": "quality", "far": "distance",
                "mood": "attitude", "reaction": "attitude"}

# ---------------------------------------------------------------- action and theme
ACTION_THEME_DIE = 12  # TEXT: 1d12 twice, once for each
ACTIONS = ("seek", "guard", "betray", "flee", "bargain", "destroy", "hide", "summon",
           "follow", "repair", "steal", "reveal")  # OURS
THEMES = ("gold", "kin", "hunger", "a secret", "faith", "a debt", "the dead", "power",
          "freedom", "a rival", "the past", "a map")  # OURS

# ---------------------------------------------------------------- adventure seeds
SEED_DIE = 20  # TEXT: 1d20 on each column
SEED_COLUMNS = ("patron", "task", "target", "catch")
SEEDS = {  # OURS
    "patron": (
        "a widowed miller", "the temple's youngest acolyte", "a retired sellsword",
        "a travelling tinker", "the village elder", "a nervous noble heir",
        "a guild of chandlers", "a one-eyed ferryman", "an exiled wizard",
        "a dwarven brewer", "a frightened shepherd child", "the reeve of a border fort",
        "a fortune teller", "a rich widow of the town", "a band of pilgrims",
        "a retired cartographer", "the local thieves' guild", "a halfkin innkeeper",
        "an elven envoy", "a dying knight",
    ),
    "task": (
        "bring back", "destroy", "escort someone to", "map", "clear the vermin from",
        "find the lost heir near", "spy on", "recover the bones from", "seal",
        "carry a sealed letter to", "buy the silence of", "rescue the prisoners of",
        "steal the idol from", "guard a caravan bound for", "break the curse on",
        "collect a debt from", "learn the secret of", "bury the dead of",
        "smuggle goods past", "win back the deed to",
    ),
    "target": (
        "a drowned chapel", "the old salt mine", "a hill fort of the orcs",
        "the bandits' camp in the pines", "a witch's tower", "the barrow on the moor",
        "a goblin warren", "the flooded crypts", "a ruined abbey", "the toll bridge",
        "an abandoned dwarf hold", "the sunless grotto", "a manor gone quiet",
        "the troll's ford", "a lighthouse on the cliffs", "the plague village",
        "a giant spider's ravine", "the duke's hunting lodge", "a sealed library",
        "a shrine of a forgotten god",
    ),
    "catch": (
        "and a rival party wants it first", "but the patron is lying",
        "and it must be done by the new moon", "but the place is cursed",
        "and the locals must not know", "but the pay is half what was promised",
        "and a guide will betray them", "but something else already took it",
        "and the law is hunting the patron", "but the weather turns foul",
        "and it is guarded by the undead", "but the map is wrong",
        "and the reward is a share, not coin", "but the patron's kin object",
        "and a dragon is said to roost nearby", "but they must not kill anyone",
        "and a storm floods the roads", "but a spy follows them",
        "and the last party never came back", "but the prize is not what it seems",
    ),
}

# ---------------------------------------------------------------- names
NAME_DIE = 12  # TEXT: 1d12 for a prefix, 1d12 for a suffix
SETTLEMENT_PREFIXES = ("Ash", "Black", "Cold", "Elder", "Fox", "Gold", "High", "Iron",
                       "Oak", "Raven", "Stone", "Wolf")  # OURS
SETTLEMENT_SUFFIXES = ("ford", "holm", "wick", "stead", "mere", "gate", "ton", "by",
                       "hollow", "reach", "well", "barrow")  # OURS
KIN_NAME_DIE = 6  # OURS: dwarves and elves name their homes their own way
KIN_NAMES = {  # OURS: 1d6 prefix, 1d6 suffix
    "dwarf": (("Khaz", "Dur", "Brun", "Thar", "Gor", "Bal"),
              ("-dun", "-grim", "-zad", "-hold", "-mar", "-drum")),
    "elf": (("Ael", "Sil", "Ith", "Lor", "Cael", "Ny"),
            ("-wen", "-ariel", "-thil", "-ondë", "-lassë", "-vyr")),
}
DUNGEON_DIE = 8  # TEXT: 1d8 three times
DUNGEON_DESCRIPTORS = ("Drowned", "Burning", "Hollow", "Weeping", "Shattered", "Silent",
                       "Crimson", "Frozen")  # OURS
DUNGEON_SITES = ("Crypt", "Tower", "Warren", "Keep", "Chapel", "Pit", "Halls",
                 "Barrow")  # OURS
DUNGEON_NAMESAKES = ("Mad Baron", "Serpent", "Lost Legion", "Pale Witch", "Hungry God",
                     "Last Dwarf", "Iron Bishop", "Thousand Rats")  # OURS

# ---------------------------------------------------------------- the delving oracle
DELVING_DIE = 6  # OURS: 1d6 each turn the party lingers or backtracks
DELVING = {  # OURS: (what, words)
    1: ("encounter", "Something finds you: a wandering creature comes."),
    2: ("sign", "A sign of what lives here: tracks, droppings, a distant sound."),
    3: ("light", "A draught gusts through: every lit flame burns a dot faster."),
    4: ("shift", "The place shifts around you: water drips in, a stone settles, a "
                 "door that was open is shut."),
    5: ("quiet", "The turn passes in quiet."),
    6: ("quiet", "The turn passes in quiet."),
}
DELVING_ENCOUNTER_GROUP = "dungeon"  # the travel rules' dungeon encounter table
MAX_DELVE_TURNS = 6  # one command plays at most an hour of turns
RUNNING_ROOMS_PER_TURN = 6  # TEXT: a running party covers up to 6 rooms a turn
