"""
Old Gold's numbers in one place: ancestries, attributes, HP, inventory,
coin, advancement, conditions, equipment with prices, and the 20 spells and
20 prayers as data.

Source: Old Gold by Milán László (CC BY 4.0); the numbers the text gives are
kept exactly. Our copy of the text lost several tables; the ones marked
`OURS` below are authored by Delver, consistent with the numbers the text
does give (weapon classes and bestiary dice, 10 gp a day's labour, the 250 gp
pouch, doubling XP). Every description is written in Delver's own words.
"""

from dataclasses import dataclass, field

SOURCE = "Old Gold by Milán László (CC BY 4.0, creativecommons.org/licenses/by/4.0)"

# ---------------------------------------------------------------- time
ROUNDS_PER_MINUTE = 6
MINUTES_PER_TURN = 10  # 6 turns make an hour
TURNS_PER_HOUR = 6
WATCHES_PER_DAY = 4
ROUNDS_PER_TURN = ROUNDS_PER_MINUTE * MINUTES_PER_TURN
ROUNDS_PER_HOUR = ROUNDS_PER_TURN * TURNS_PER_HOUR
DURATION_ROUNDS = {
    "round": 1,
    "minute": ROUNDS_PER_MINUTE,
    "turn": ROUNDS_PER_TURN,
    "hour": ROUNDS_PER_HOUR,
    "watch": ROUNDS_PER_HOUR * 6,  # a day's quarter
}

# ---------------------------------------------------------------- attributes
ATTRIBUTES = ("might", "grace", "mind", "heart")
ATTRIBUTE_ALIASES = {"wits": "mind"}  # the world issue's og_stats may say wits
ATTRIBUTE_RANGE = (0, 9)
CREATION_CAP = 4
CREATION_POINTS = 6
HUMAN_POINTS = 7

# OURS: the 6d4 attribute table (each d4 adds +1 to the attribute it names).
ATTRIBUTE_DIE = {1: "might", 2: "grace", 3: "mind", 4: "heart"}


@dataclass(frozen=True)
class Ancestry:
    key: str
    name: str
    speed: int
    languages: tuple
    points: int = CREATION_POINTS
    hp_advantage: bool = False
    resist_advantage: tuple = ()
    reroll_ones: bool = False
    blurb: str = ""


ANCESTRIES = {
    "dwarf": Ancestry(
        "dwarf", "Dwarf", 8, ("Common", "Dwarvish"), hp_advantage=True,
        resist_advantage=("poison",),
        blurb="HP rolled with advantage; resists poison with advantage.",
    ),
    "elf": Ancestry(
        "elf", "Elf", 12, ("Common", "Sylvan"), resist_advantage=("mental",),
        blurb="Resists charms and mental effects with advantage.",
    ),
    "halfkin": Ancestry(
        "halfkin", "Halfkin", 8, ("Common",), reroll_ones=True,
        blurb="May roll again a natural 1 on a check.",
    ),
    "human": Ancestry(
        "human", "Human", 10, ("Common",), points=HUMAN_POINTS,
        blurb="7 points (or 7d4) for attributes instead of 6.",
    ),
}
ANCESTRY_DIE = {1: "dwarf", 2: "elf", 3: "halfkin", 4: "human"}

# ---------------------------------------------------------------- HP, DP
BASE_HP = 6
HP_PER_MIGHT = 3
LEVEL_HP_SIDES = 6  # 1d6 a level (the first included)
REST_HP_DIE = "1d6"
BASE_DP = 0
COVER_DP = 2
DEFEND_DIE = "1d4"
UNARMED_DAMAGE = "1d2"
IMPROVISED_DAMAGE = "1d4"

# ---------------------------------------------------------------- distances in a fight
# The bestiary's melee attacks reach 2m; ranged and thrown weapons cannot
# target creatures within melee reach or beyond their range (TEXT).
MELEE_REACH = 2
# Speed of a creature whose entry gives none: 10m is "ordinary" (TEXT).
NPC_SPEED = 10
# Where a fight's two sides stand when the GM gives no distance: within
# reach of each other (OURS; the text's random encounters roll 2d6 x 2m in a
# dungeon and 2d6 x 20m in the wild, and the GM may start a fight at those).
OPENING_DISTANCE = MELEE_REACH
MAX_DISTANCE = 10_000

# ---------------------------------------------------------------- advancement
MAX_LEVEL = 10
# OURS: XP needed to reach each level; it doubles every level, as the text
# says of its lost table.
XP_REQUIRED = {2: 200, 3: 400, 4: 800, 5: 1600, 6: 3200, 7: 6400, 8: 12800, 9: 25600, 10: 51200}
XP_PER_GP = 1
DOWNTIME_ACTIVITIES = ("carousing", "training", "research", "donation", "honouring the dead")
WEEK_OF_DOWNTIME_RESTORES_ALL = True

# ---------------------------------------------------------------- inventory, coin
SLOTS = 12
# OURS: how the 12 slots split over the three locations.
LOCATIONS = {"hands": 2, "body": 4, "pack": 6}
LOCATION_ORDER = ("hands", "body", "pack")
BULKY_SLOTS = 2
DEFAULT_DOTS = 3
FREE_COIN = 250
POUCH_SIZE = 250
POUCH_LOCATION = "pack"
DAY_LABOUR_GP = 10
STARTING_GP = (20, "2d20")
SELL_USED_FRACTION = 0.5
BANK_FEE_PERCENT = 1
REPAIR_PERCENT = 10
WEAR_CHANCE = (1, 6)  # after combat, a 1 on 1d6 marks a dot on worn gear
THROWN_RECOVERY = (5, 6)  # a thrown weapon comes back on 1-5 of 1d6
ALLY_HIT_CHANCE = (1, 6)  # shooting into melee: a 1 hits a random ally
# Silvered weapons: double the price, 1 less damage, and they count as not
# mundane. Masterwork: ten times the price, +1 damage or +1 DP (TEXT).
SILVERED_PRICE = 2
SILVERED_DAMAGE = -1
MASTERWORK_PRICE = 10
MASTERWORK_DAMAGE = 1
MASTERWORK_DP = 1
QUALITY_KINDS = {"silvered": ("weapon",), "masterwork": ("weapon", "armour", "shield")}

# ---------------------------------------------------------------- checks, combat
MORALE_DICE = "2d6"
DEATH_ROLL_DIE = 6


@dataclass(frozen=True)
class Condition:
    key: str
    name: str
    cannot_act: bool = False
    speed_zero: bool = False
    damage_disadvantage: bool = False  # damage rolls this creature makes
    melee_against_advantage: bool = False
    ranged_against_disadvantage: bool = False
    summary: str = ""


CONDITIONS = {
    c.key: c
    for c in (
        Condition("blinded", "Blinded", damage_disadvantage=True,
                  summary="damage and sight checks with disadvantage"),
        Condition("prone", "Prone", melee_against_advantage=True,
                  ranged_against_disadvantage=True,
                  summary="crawl at half speed; melee hits it with advantage, "
                  "ranged with disadvantage"),
        Condition("grappled", "Grappled", speed_zero=True,
                  summary="speed 0; may still act; a check breaks free"),
        Condition("restrained", "Restrained", speed_zero=True, damage_disadvantage=True,
                  summary="cannot move; its damage rolls and Grace checks are at disadvantage"),
        Condition("paralyzed", "Paralyzed", cannot_act=True, speed_zero=True,
                  summary="cannot move, act or speak"),
        Condition("stunned", "Stunned", cannot_act=True, speed_zero=True,
                  summary="cannot move, act or speak"),
        Condition("petrified", "Petrified", cannot_act=True, speed_zero=True,
                  summary="stone and unaware until cured"),
        Condition("unconscious", "Unconscious", cannot_act=True, speed_zero=True,
                  melee_against_advantage=True, ranged_against_disadvantage=True,
                  summary="prone and out; a shout will not wake it"),
        Condition("charmed", "Charmed",
                  summary="treats the source as a friend and will not harm it"),
        # Its damage disadvantage is against the source only (services.frightened_of).
        Condition("frightened", "Frightened",
                  summary="while it can see what scared it: will not go nearer, and its "
                  "damage rolls against that are at disadvantage"),
        # Effects of spells kept with the conditions so they tick the same way.
        Condition("asleep", "Asleep", cannot_act=True, speed_zero=True,
                  melee_against_advantage=True, ranged_against_disadvantage=True,
                  summary="sleeping: damage or noise wakes it"),
        Condition("invisible", "Invisible",
                  summary="cannot be seen: damage rolled at it is at disadvantage, its own "
                  "damage rolls at advantage"),
        Condition("hexed", "Hexed", summary="disadvantage on checks with the named attribute"),
        Condition("blessed", "Blessed", summary="advantage on its next roll"),
    )
}
TEXT_CONDITIONS = ("blinded", "prone", "grappled", "restrained", "paralyzed", "stunned",
                   "petrified", "unconscious", "charmed", "frightened")

# ---------------------------------------------------------------- equipment (OURS)


@dataclass(frozen=True)
class Gear:
    key: str
    name: str
    kind: str  # weapon, armour, shield, light, gear, consumable, ration, spellbook, relic
    price: int
    damage: str = ""
    bonus: str = ""  # attribute whose bonus adds to damage
    dp: int = 0
    bulky: bool = False
    dots: int = DEFAULT_DOTS
    thrown: bool = False
    ranged: bool = False
    reach: int = MELEE_REACH  # metres: melee reach, or a ranged weapon's range
    piercing: bool = False  # spears and arrows (a Gelatinous Cube is immune to them)
    burns: str = ""  # light: how long one dot lasts
    note: str = ""


def _gear(*items):
    return {item.key: item for item in items}


# OURS: weapons. Damage dice follow the classes the text's bestiary uses
# (light d4, one-handed d6, heavy one-handed d8, two-handed d10).
WEAPONS = _gear(
    Gear("dagger", "Dagger", "weapon", 5, "1d4", "might", note="finesse; may be thrown 6m"),
    Gear("club", "Club", "weapon", 2, "1d4", "might"),
    Gear("sword", "Sword", "weapon", 30, "1d6", "might"),
    Gear("spear", "Spear", "weapon", 10, "1d6", "might", reach=4, piercing=True),
    Gear("mace", "Mace", "weapon", 20, "1d6", "might"),
    Gear("axe", "Axe", "weapon", 25, "1d8", "might"),
    Gear("warhammer", "Warhammer", "weapon", 30, "1d8", "might"),
    Gear("halberd", "Halberd", "weapon", 40, "1d6", "might", bulky=True, reach=4),
    Gear("greatsword", "Greatsword", "weapon", 60, "1d10", "might", bulky=True),
    Gear("greatclub", "Greatclub", "weapon", 15, "1d10", "might", bulky=True),
    Gear("javelins", "Javelins", "weapon", 6, "1d4", "might", thrown=True, ranged=True,
         reach=12, piercing=True, note="a slot holds three"),
    Gear("throwing knives", "Throwing knives", "weapon", 9, "1d4", "grace", thrown=True,
         ranged=True, reach=10, note="a slot holds three"),
    Gear("sling", "Sling", "weapon", 3, "1d4", "grace", ranged=True, reach=20),
    Gear("shortbow", "Shortbow", "weapon", 25, "1d6", "grace", ranged=True, reach=40,
         piercing=True),
    Gear("longbow", "Longbow", "weapon", 50, "1d6", "grace", bulky=True, ranged=True,
         reach=60, piercing=True),
    Gear("crossbow", "Crossbow", "weapon", 60, "1d8", "grace", bulky=True, ranged=True,
         reach=50, piercing=True),
)
# OURS: armour and shields (light 1 DP, medium 2, heavy 3 and bulky).
ARMOUR = _gear(
    Gear("light armour", "Light armour (leather)", "armour", 20, dp=1),
    Gear("medium armour", "Medium armour (mail)", "armour", 60, dp=2),
    Gear("heavy armour", "Heavy armour (plate)", "armour", 200, dp=3, bulky=True),
    Gear("shield", "Shield", "shield", 15, dp=1, note="splinter it to ignore one attack"),
)
# OURS: light sources; every period spent burning costs one usage dot.
LIGHTS = _gear(
    Gear("torch", "Torch", "light", 1, burns="an hour", note="4m of light"),
    Gear("candle", "Candle", "light", 1, dots=1, burns="an hour", note="1m of light"),
    Gear("lantern", "Lantern", "light", 10, burns="a watch", note="6m; refill with oil"),
    Gear("lantern oil", "Lantern oil", "consumable", 2, dots=1, note="clears a lantern's dots"),
)
# OURS: gear, consumables and rations.
GOODS = _gear(
    Gear("rations", "Rations", "ration", 3, note="three to a slot; one per rest"),
    Gear("rope", "Rope, 15m", "gear", 5),
    Gear("lockpicks", "Lockpicks", "gear", 25),
    Gear("crowbar", "Crowbar", "gear", 5),
    Gear("grappling hook", "Grappling hook", "gear", 10),
    Gear("healing potion", "Healing potion", "consumable", 50, dots=1, note="restores 1d6 HP"),
    Gear("antidote", "Antidote", "consumable", 25, dots=1, note="ends a poison"),
    Gear("poison", "Poison", "consumable", 40, note="a dot coats one strike or drink"),
    Gear("holy water", "Holy water", "consumable", 25, dots=1, note="2d6 to undead"),
    Gear("chalk", "Chalk", "gear", 1),
    Gear("mirror", "Hand mirror", "gear", 10),
    Gear("tent", "Tent", "gear", 15, bulky=True),
    Gear("pouch", "Coin pouch", "pouch", 1, dots=0, note="holds 250 gp"),
)
MAGIC_ITEMS = _gear(
    Gear("spellbook", "Spellbook", "spellbook", 0, note="one spell; price is bargained"),
    Gear("relic", "Relic", "relic", 0, note="prayers of its deity; price is bargained"),
)
GEAR = {**WEAPONS, **ARMOUR, **LIGHTS, **GOODS, **MAGIC_ITEMS}
SHOP = {key: item for key, item in GEAR.items() if item.kind not in ("spellbook", "relic", "pouch")}
FREE_KIT = ("waterskin", "bedroll", "flint & steel", "basic clothing")  # take no slots
# OURS: what the Referee hands every new adventurer on top (the text leaves the
# kit to the table): a ration for the first rest and a torch, in the pack.
STARTING_EXTRAS = (("rations", "pack"), ("torch", "pack"))
STARTING_WEAPONS = ("dagger", "club", "sword", "spear", "mace", "axe", "shortbow", "sling")
STARTING_SECOND = ("light armour", "medium armour", "spellbook", "relic")

# ---------------------------------------------------------------- magic
# Unless stated otherwise, magic reaches 60m (TEXT); a touch reaches as far
# as a hand, the melee reach.
SPELL_RANGE = 60
TOUCH = "touch"


@dataclass(frozen=True)
class Magic:
    number: int
    key: str
    name: str
    kind: str  # spell or prayer
    text: str
    effect: str = "narrate"  # what the server applies: see magic.cast
    dice: str = ""
    check: str = ""  # attribute the caster checks with
    resist: str = ""  # attribute the target resists with ("" = same)
    condition: str = ""
    duration: tuple = ()  # (count, unit); count "bonus" = the casting bonus
    targets: str = "one"  # one, bonus (up to the casting bonus), any, self
    extra: dict = field(default_factory=dict)
    reach: object = SPELL_RANGE  # metres to a target; TOUCH; or ("bonus", n): n x the casting bonus
    mental: bool = False  # a mental effect (the Elf resists it, the mindless are immune)


def _m(number, kind, name, text, **kw):
    return Magic(number, name.lower(), name, kind, text, **kw)


SPELLS = {
    m.number: m
    for m in (
        _m(1, "spell", "Charm", "Up to Mind Bonus humanoids must beat your Mind with their "
           "Heart or take you for a trusted friend for an hour.", effect="condition",
           check="mind", resist="heart", condition="charmed", duration=(1, "hour"),
           targets="bonus", mental=True, extra={"humanoids": True}),
        _m(2, "spell", "Sleep", "Up to Mind Bonus creatures you out-think drop asleep for an "
           "hour; a blow or a shake wakes them.", effect="condition", check="mind",
           condition="asleep", duration=(1, "hour"), targets="bonus", mental=True),
        _m(3, "spell", "Petrify", "One creature that meets your eye turns to stone unless its "
           "Grace beats your Mind.", effect="condition", check="mind", resist="grace",
           condition="petrified", targets="one"),
        _m(4, "spell", "Counterspell", "Cast out of turn, as a free action, against a spell "
           "being cast: a Mind check against the caster ends it.", effect="check",
           check="mind", targets="one"),
        _m(5, "spell", "Detect magic", "A few minutes' focus shows the magic nearby; a Mind "
           "check reads what an aura is for.", effect="narrate"),
        _m(6, "spell", "Fly", "A willing creature flies at its Speed for Mind Bonus minutes.",
           effect="narrate", duration=("bonus", "minute")),
        _m(7, "spell", "Invisibility", "A willing creature vanishes for Mind Bonus turns, until "
           "it takes a main action or is hurt.", effect="condition", condition="invisible",
           duration=("bonus", "turn"), targets="one"),
        _m(8, "spell", "Mirror image", "Two phantom doubles of you move as you will; each pops "
           "when hurt or out of sight, or after a watch.", effect="narrate"),
        _m(9, "spell", "Magic missile", "Mind Bonus darts of pale fire, 1d4 direct damage "
           "each, spread over targets as you like.", effect="missiles", dice="1d4",
           targets="bonus"),
        _m(10, "spell", "Fireball", "Fire bursts at a point in sight: everything within 4m "
           "takes 2d6 + Mind Bonus damage.", effect="damage", dice="2d6", targets="any"),
        _m(11, "spell", "Elemental wall", "A wall of fire (1d8 to those who pass) or of ice "
           "(10 HP, blocks sight), 30m long, for Mind Bonus rounds.", effect="narrate",
           dice="1d8", duration=("bonus", "round")),
        _m(12, "spell", "Web", "Sticky, burnable strands fill a 6m cube; whoever is inside "
           "is restrained until it burns or is cut.", effect="condition",
           condition="restrained", targets="any"),
        _m(13, "spell", "Telekinesis", "Move one object up to 6m a round for Mind Bonus "
           "rounds; tearing it from an unwilling holder takes a Mind check.",
           effect="narrate", duration=("bonus", "round")),
        _m(14, "spell", "Mirrorwalk", "A mirror you touch opens onto another you touched "
           "today, for a day.", effect="narrate"),
        _m(15, "spell", "Message", "Mind Bonus x 10 words reach a creature you have met, "
           "however far.", effect="narrate"),
        _m(16, "spell", "Golem", "A Stone Golem climbs out of the ground and serves you for "
           "Mind Bonus hours; only one at a time.", effect="narrate"),
        _m(17, "spell", "Arcane eye", "A floating eye you see through, moving 10m a round, "
           "for Mind Bonus turns.", effect="narrate"),
        _m(18, "spell", "Shape stone", "Ordinary stone, up to a person's bulk, goes soft as "
           "clay under your hands; it stays so Mind Bonus minutes.", effect="narrate"),
        _m(19, "spell", "Silence", "A still 4m sphere of silence for Mind Bonus turns; no "
           "spoken magic works inside.", effect="narrate"),
        _m(20, "spell", "Shrink", "A plain object you touch shrinks to palm size for Mind "
           "Bonus hours, contents and all.", effect="narrate"),
    )
}

PRAYERS = {
    m.number: m
    for m in (
        _m(1, "prayer", "Commune", "Ask your deity one question; any answer comes in Heart "
           "Bonus x 2 words or fewer.", effect="narrate"),
        _m(2, "prayer", "Aura of courage", "For a day, allies within sight or earshot gain "
           "your Heart Bonus on morale and have advantage against fear.", effect="narrate"),
        _m(3, "prayer", "Smite", "Called with a melee blow: it deals 1d8 + Heart Bonus more "
           "(2d8 + Heart Bonus to undead and fiends).", effect="smite", dice="1d8",
           extra={"undead_dice": "2d8"}, targets="self"),
        _m(4, "prayer", "Lay on hands", "Your touch restores 1d6 + Heart Bonus HP to one being.",
           effect="heal", dice="1d6", targets="one", reach=TOUCH),
        _m(5, "prayer", "Purify", "Ends a poison, disease or ordinary ailment; a magical one "
           "needs a Heart check.", effect="narrate"),
        _m(6, "prayer", "Light", "Sacred radiance reaches Heart Bonus x 4 metres and lasts an "
           "hour; any undead or fiend within it tests its morale.", effect="morale", targets="any",
           reach=("bonus", 4)),
        _m(7, "prayer", "Truth sense", "You can tell when someone lies to you on purpose; "
           "the gift lasts Heart Bonus hours.", effect="narrate"),
        _m(8, "prayer", "Ward", "You draw a silver ring 4m across; as long as you stay "
           "within, as many beings or things as your Heart Bonus, named by you, cannot pass it.", effect="narrate"),
        _m(9, "prayer", "Bless", "Allies within earshot, as many as your Heart Bonus, may "
           "each make one roll with advantage before the fight is over.", effect="condition", condition="blessed",
           targets="bonus"),
        _m(10, "prayer", "Speak with animals", "For a watch you talk with beasts; they owe "
           "you nothing.", effect="narrate"),
        _m(11, "prayer", "Wild shape", "Take the shape of an animal you have met before; it "
           "lasts Heart Bonus hours and you keep your Mind and Heart.", effect="narrate"),
        _m(12, "prayer", "Lightning", "A 10m line of lightning: 2d8 + Heart Bonus damage to "
           "everyone in it.", effect="damage", dice="2d8", targets="any", reach=10),
        _m(13, "prayer", "Drain", "Your touch deals 1d6 + Heart Bonus direct damage and heals "
           "you by as much.", effect="drain", dice="1d6", targets="one", reach=TOUCH),
        _m(14, "prayer", "Hex", "Beat a creature's Heart with yours: for Heart Bonus minutes "
           "it has disadvantage on checks with an attribute you name.", effect="condition",
           check="heart", condition="hexed", duration=("bonus", "minute"), targets="one"),
        _m(15, "prayer", "Speak with dead", "A corpse's spirit answers Heart Bonus questions "
           "truthfully.", effect="narrate"),
        _m(16, "prayer", "Mend", "A plain object you touch loses up to Heart Bonus dots of "
           "wear or damage.", effect="mend", targets="self", reach=TOUCH),
        _m(17, "prayer", "Bounty", "One meal feeds Heart Bonus creatures for a day, the "
           "ration for a rest included.", effect="narrate"),
        _m(18, "prayer", "Call weather", "A turn of prayer under the sky brings the weather "
           "you name within the hour, for Heart Bonus watches.", effect="narrate"),
        _m(19, "prayer", "Oath", "Two who swear on your relic will know if the other breaks "
           "the oath, and the breaker is marked.", effect="narrate"),
        _m(20, "prayer", "Part waters", "A dry path through water, Heart Bonus x 10m long, "
           "for Heart Bonus turns.", effect="narrate"),
    )
}
CASTING_ATTRIBUTE = {"spell": "mind", "prayer": "heart"}
MAGIC_DIE = 20


def magic_named(text, kind=None):
    """The spell or prayer called `text` (name or unique start), or None."""
    wanted = " ".join((text or "").lower().split())
    pool = [m for m in (*SPELLS.values(), *PRAYERS.values()) if kind in (None, m.kind)]
    exact = [m for m in pool if m.key == wanted]
    if exact:
        return exact[0]
    starts = [m for m in pool if wanted and m.key.startswith(wanted)]
    return starts[0] if len(starts) == 1 else None


# ---------------------------------------------------------------- carousing (OURS)
CAROUSING = {
    1: "You wake in a ditch with no memory of the night and 1d6 gp fewer.",
    2: "You insulted someone important; they will remember.",
    3: "You wagered your boots, and lost.",
    4: "A rival saw you at your worst and tells everyone.",
    5: "The watch fined you for the brawl you started.",
    6: "You promised to marry someone. They took it seriously.",
    7: "You bought a round for the whole house, twice.",
    8: "A stranger talked you into a map that may be fake.",
    9: "You joined a secret society whose name you forget.",
    10: "A quiet night; a good one.",
    11: "You learned a rumour worth following.",
    12: "A bard now sings an embarrassing song about you.",
    13: "You made a friend among the town's guards.",
    14: "You won a small animal at dice; it follows you now.",
    15: "A local merchant owes you a favour.",
    16: "You heard where an old tomb lies.",
    17: "You won a toast-off; the town knows your name.",
    18: "A mentor offered to teach you, for a price.",
    19: "A noble invited you to dinner next week.",
    20: "Fortune smiled: you won back twice what you spent at cards.",
}

# ---------------------------------------------------------------- finishing touches (OURS)
NAMES = ("Aldric", "Brenna", "Corvin", "Dalla", "Edwyn", "Fenna", "Garrick", "Hesper",
         "Ivo", "Junia", "Kestrel", "Lorcan", "Marra", "Niall", "Orla", "Pell", "Quill",
         "Rowan", "Sable", "Tamsin")
APPEARANCE = ("scarred", "freckled", "tall and thin", "broad-shouldered", "one-eyed", "tattooed")
PERSONALITY = ("cheerful", "grim", "curious", "greedy", "kind", "reckless")
BACKGROUND = ("farmhand", "soldier", "acolyte", "thief", "scribe", "sailor")
MOTIVATION = ("wealth", "revenge", "knowledge", "faith", "fame", "a debt to repay")
BONDS = {
    2: "You owe each other your lives.",
    3: "You grew up in the same village.",
    4: "One of you once robbed the other.",
    5: "You served under the same captain.",
    6: "You are cousins, on one side or the other.",
    7: "You met last week over a card game.",
    8: "You share a secret you both keep.",
    9: "You loved the same person.",
    10: "You survived the same disaster.",
    11: "You swore an oath before the same god.",
    12: "One of you saved the other from the gallows.",
}
DEITIES = {  # OURS: 1d12 name / domain / tenet
    "name": ("Aurel", "Brana", "Coros", "Dun", "Elsa", "Faen", "Gorm", "Hale", "Ise",
             "Joren", "Kell", "Lume"),
    "domain": ("the sun", "the harvest", "the sea", "the forge", "the dead", "the hunt",
               "storms", "healing", "secrets", "war", "roads", "the moon"),
    "tenet": ("never refuse a guest", "repay every debt", "spare the beaten", "tell no lie",
              "bury the dead", "waste nothing", "keep your word", "fear no dark",
              "share your bread", "strike first", "honour the old", "walk on"),
}

# ---------------------------------------------------------------- treasure
# TEXT: a treasure is worth, in gold, a share (set by how dangerous the
# adventure is) of the party's summed XP Required for the level above each
# member's own; a level 10 member counts level 10's figure.
# OURS: the share table itself (lost in our copy), percent for a
# session-length adventure; a short one halves it, a long one doubles it.
TREASURE_SHARE_PERCENT = {"normal": 25, "difficult": 50, "brutal": 100}
TREASURE_LENGTH_FACTOR = {"short": 0.5, "session": 1, "long": 2}

# ---------------------------------------------------------------- limits on input
MAX_DIFFICULTY = 60
MAX_GP = 10_000_000
MAX_NPC_HP = 500
MAX_NPC_ATTRIBUTE = 20
MAX_LANGUAGE = 24
