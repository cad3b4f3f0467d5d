"""
Goldengrave monsters and traps builders can spawn (`spawn gg_cobblemaw`).

The text's one sample monster, the Cobblemaw, is here as data in our own
words; every other entry is ours, spread over the Power range. A monster's
`vulnerable` and `immune` words are matched against how the company says it
attacks (`+ggm/attack <monster>=<how>`).
"""

MONSTER = "typeclasses.goldengrave.GoldengraveMonster"
TRAP = "typeclasses.goldengrave.GoldengraveTrap"


def _monster(key, power, desc, temper="normal", vulnerable=(), immune=(), on_ko="",
             on_kill="", aliases=(), notes=""):
    return {
        "typeclass": MONSTER,
        "key": key,
        "aliases": list(aliases),
        "desc": desc,
        "prototype_tags": ["goldengrave", "monster"],
        "attrs": [
            ("power", power),
            ("start_power", power),
            ("temper", temper),
            ("vulnerable", list(vulnerable)),
            ("immune", list(immune)),
            ("on_ko", on_ko),
            ("on_kill", on_kill),
            ("notes", notes),
        ],
    }


def _trap(key, power, desc, trigger, on_ko="", on_kill=""):
    return {
        "typeclass": TRAP,
        "key": key,
        "desc": desc,
        "prototype_tags": ["goldengrave", "trap"],
        "attrs": [
            ("power", power),
            ("start_power", power),
            ("trigger", trigger),
            ("on_ko", on_ko),
            ("on_kill", on_kill),
        ],
    }


# The text's sample monster (Power 2-4), described in our words.
GG_COBBLEMAW = _monster(
    "Cobblemaw", 3,
    "Lips of mortar and teeth of broken cobbles gape from the stonework. Anyone "
    "who steps across its gaze, or beneath it, meets a tongue as long as a "
    "well-rope. It never speaks; it grinds and rumbles.",
    vulnerable=("spicy", "spoiled", "rotten", "hot", "burning", "freezing", "cold",
                "bitter", "sour", "prickly"),
    aliases=("maw",),
    on_ko="The tongue hauls the fallen PC up between the stone teeth.",
    on_kill="The maw gulps, and the PC is gone into the wall.",
    notes="Power 2 to 4 (3 here). Cutting at the tongue is an ordinary attack; "
    "striking at the maw is a risky one (+ggm/risky). Anything fiery, icy, rotten "
    "or sharp on the tongue hurts it double.",
)

# Our own monsters, from weakest to strongest.
GG_REEDLING = _monster(
    "Reedling", 1,
    "A knee-high thing of wet reeds bound with hair, that hisses and throws mud.",
    temper="craven", vulnerable=("fire", "torch", "lantern"),
)
GG_CRYPT_RATS = _monster(
    "Swarm of Crypt Rats", 2,
    "A squeaking carpet of grey rats, moving as one hungry body.",
    temper="craven", vulnerable=("smoke", "fire"), aliases=("rats", "crypt rats", "swarm"),
    on_ko="The rats swarm the fallen PC and carry off one item of the company's.",
)
GG_ASH_HOUND = _monster(
    "Ash Hound", 3,
    "A lean dog of cinders whose breath smells of a dead hearth.",
    vulnerable=("water", "snow"), immune=("fire", "burning"), aliases=("hound",),
    on_ko="It drags the fallen PC toward its smouldering den.",
)
GG_CELLAR_WIGHT = _monster(
    "Cellar Wight", 4,
    "A grey shape that smells of old wine, guarding barrels nobody will drink.",
    temper="iron-willed", vulnerable=("silver", "fire"), immune=("poison",),
    aliases=("wight",),
    on_kill="The dead PC rises at the next moon as a wight of the cellar.",
)
GG_BONE_CHOIR = _monster(
    "Bone Choir", 5,
    "Five skeletons in rotted surplices who sing one note and march in step.",
    temper="mindless", vulnerable=("hammer", "club", "blunt", "mace"),
    immune=("arrow", "bow", "poison"), aliases=("choir", "skeletons"),
)
GG_RUST_KNIGHT = _monster(
    "Rust Knight", 6,
    "An empty suit of plate that creaks with every step and still keeps its oath.",
    temper="iron-willed", vulnerable=("acid", "water", "oil"),
    immune=("arrow", "bow"), aliases=("knight",),
    on_ko="It stands guard over the fallen PC and will not let anyone near.",
)
GG_MIRE_MOTHER = _monster(
    "Mire Mother", 7,
    "A bloated matron of the swamp, crowned with leeches, who calls every "
    "intruder 'child'.",
    vulnerable=("salt", "fire"), immune=("poison", "drowning"), aliases=("mother",),
    on_ko="She pulls the fallen PC under the black water to keep as her own.",
    on_kill="A leech-crowned copy of the dead PC waits for the company in the mire.",
)
GG_LANTERN_EATER = _monster(
    "Lantern Eater", 8,
    "A moth the size of a cart, drawn to every flame, its wings dusted with soot.",
    temper="mindless", vulnerable=("darkness", "net", "smoke"), immune=("fire",),
    aliases=("moth",),
    on_ko="It snuffs the company's light: every lantern and torch goes out.",
)
GG_GILDED_WARDEN = _monster(
    "Gilded Warden", 10,
    "A statue of gold leaf over black iron, with a keyhole where its heart would be.",
    temper="iron-willed", vulnerable=("lockpick", "key", "keyhole"),
    immune=("poison", "arrow", "bow", "sword"), aliases=("warden", "statue"),
    on_kill="The warden sets the dead PC in an alcove as one more treasure.",
)

GG_DART_TRAP = _trap(
    "Dart Trap", 2,
    "Tiny holes line the walls at knee height; one flagstone sits a finger too high.",
    trigger="stepping on the raised flagstone",
)
GG_SWINGING_BLADE = _trap(
    "Swinging Blade", 3,
    "A rusted blade hangs in a slot of the ceiling, above a taut wire.",
    trigger="breaking the wire across the doorway",
    on_ko="The blade's backswing knocks the fallen PC into the pit beyond.",
)
