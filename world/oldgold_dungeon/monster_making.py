"""
Making and adapting Old Gold monsters (the text's 19.1-19.3), saved as
Evennia db prototypes a GM spawns like the bestiary's own.

TEXT: the guides (attribute bands, HP bands, natural attack dice plus Might
Bonus, Speed, Morale by temperament, number appearing). OURS: the threat
tiers that put those guides together, and which tier each level calls for.
A made monster's prototype is keyed "oldgold_<slug>" and tagged "made".
"""

import re
from copy import deepcopy

from world.oldgold.errors import OldGoldError
from world.oldgold_dungeon import bestiary

MADE_TAG = "made"
MAX_NAME = 40
ATTRIBUTES = ("might", "grace", "mind", "heart")

# TEXT (19.1) guides.
ATTRIBUTE_BANDS = {"weak": 0, "ordinary": 2, "capable": 4, "exceptional": 6,
                   "extraordinary": 9}
HP_BANDS = {"fragile": 5, "ordinary": 10, "tough": 20, "formidable": 40, "dragon": 80}
NATURAL_ATTACKS = {"small": "1d4", "serious": "1d6", "crushing": "1d8", "heavy": "1d10"}
SPEEDS = {"slow": "6m", "ordinary": "10m", "swift": "14m"}
MORALE = {"timid": 4, "uncertain": 7, "determined": 9, "unbreaking": 12}
NUMBER_APPEARING = {"alone": "1", "group": "1d4", "pack": "2d6"}

# OURS: a threat puts one band of each guide together. prime is the score of
# the attribute the creature leans on; the others get `rest`.
THREATS = {
    "fragile": {"hp": 5, "dp": 0, "prime": 1, "rest": 0, "attack": "1d4", "morale": 4,
                "na": "2d6"},
    "ordinary": {"hp": 10, "dp": 0, "prime": 2, "rest": 1, "attack": "1d6", "morale": 7,
                 "na": "1d4"},
    "tough": {"hp": 20, "dp": 1, "prime": 4, "rest": 1, "attack": "1d8", "morale": 9,
              "na": "1d4"},
    "formidable": {"hp": 40, "dp": 2, "prime": 6, "rest": 2, "attack": "1d10", "morale": 9,
                   "na": "1"},
    "legendary": {"hp": 80, "dp": 3, "prime": 8, "rest": 4, "attack": "2d10", "morale": 12,
                  "na": "1"},
}
# OURS: the threat a party of that level meets as a fair fight.
LEVEL_THREAT = {1: "fragile", 2: "ordinary", 3: "ordinary", 4: "tough", 5: "tough",
                6: "formidable", 7: "formidable", 8: "formidable", 9: "legendary",
                10: "legendary"}

ADAPTABLE = ("name", "hp", "dp", *ATTRIBUTES, "morale", "na", "speed", "attack",
             "ability", "notes")
_NA = re.compile(r"^(\d{1,2}|\d?d\d{1,2})$")
_DAMAGE = re.compile(r"^\d{1,2}d\d{1,3}([+-]\d{1,2})?$")


def bonus(score):
    """Half the score, rounded up (as for adventurers)."""
    return -(-score // 2)


def slugify(name):
    slug = re.sub(r"[^a-z0-9]+", "_", (name or "").strip().lower()).strip("_")
    return slug[:MAX_NAME]


def _clean_name(name):
    name = " ".join((name or "").split())
    if not name or len(name) > MAX_NAME or not slugify(name):
        raise OldGoldError(f"Give the monster a name of 1 to {MAX_NAME} letters.")
    return name


def threat_for(text):
    """'tough' or a level '4' -> the threat's key."""
    wanted = (text or "").strip().lower()
    if wanted.isdigit():
        level = int(wanted)
        if level not in LEVEL_THREAT:
            raise OldGoldError(f"A level goes from 1 to {max(LEVEL_THREAT)}.")
        return LEVEL_THREAT[level]
    found = [key for key in THREATS if wanted and key.startswith(wanted)]
    if len(found) != 1:
        raise OldGoldError("Give a level (1-10) or a threat: " + ", ".join(THREATS) + ".")
    return found[0]


def make(name, threat_text, prime="might", attack_name="claws"):
    """A new entry from a threat (or level), leaning on `prime`."""
    name = _clean_name(name)
    threat = threat_for(threat_text)
    if prime not in ATTRIBUTES:
        raise OldGoldError("A monster leans on Might, Grace, Mind or Heart.")
    tier = THREATS[threat]
    scores = {attribute: tier["rest"] for attribute in ATTRIBUTES}
    scores[prime] = tier["prime"]
    attribute = "grace" if prime == "grace" else "might"
    damage = f"{tier['attack']}+{bonus(scores[attribute])}"
    if damage.endswith("+0"):
        damage = damage[:-2]
    return {
        "name": name, "hp": tier["hp"], "dp": tier["dp"], **scores, "speed": "10m",
        "morale": tier["morale"], "attacks": [{"name": attack_name, "damage": damage,
                                               "reach": "2m"}],
        "na": tier["na"], "abilities": [], "powers": [], "recharge": [], "kinds": [],
        "immune": [],
        "notes": f"A {threat} creature made by a GM: give it a want and a weakness.",
        "source": "OURS", "threat": threat,
    }


def _number(value, low, high, what):
    if not re.fullmatch(r"\d{1,3}", value or ""):
        raise OldGoldError(f"{what} is a whole number from {low} to {high}.")
    number = int(value)
    if not low <= number <= high:
        raise OldGoldError(f"{what} is a whole number from {low} to {high}.")
    return number


def _shift_attacks(data, attribute, old_score, new_score):
    """Attacks whose flat bonus is the old Bonus of `attribute` (melee on
    Might, ranged on Grace) follow the new score."""
    old, new = bonus(old_score), bonus(new_score)
    for attack in data["attacks"]:
        if bool(attack.get("ranged")) != (attribute == "grace") or attack.get("direct"):
            continue
        die, sign, flat = re.match(r"^(\d*d\d+)(?:([+-])(\d+))?$", attack["damage"]).groups()
        current = int(flat) * (-1 if sign == "-" else 1) if flat else 0
        if current != old or (not flat and old != 0):
            continue
        attack["damage"] = die + (f"+{new}" if new > 0 else (f"{new}" if new < 0 else ""))


def adapt(data, changes):
    """Apply `changes` ([(field, value)]) to a copy of an entry."""
    data = deepcopy(data)
    data["source"] = "OURS"
    data["adapted_from"] = data.get("slug") or data.get("adapted_from") or ""
    if not changes:
        raise OldGoldError("Say what changes: hp 12, might 3, attack bite 1d8+2, ...")
    from world.oldgold.abilities import ROUND_HOOKS
    from world.oldgold import rules

    for field, value in changes:
        if field not in ADAPTABLE:
            raise OldGoldError(f"'{field}' cannot be changed; choose from "
                               + ", ".join(ADAPTABLE) + ".")
        if field == "name":
            data["name"] = _clean_name(value)
        elif field == "hp":
            data["hp"] = _number(value, 1, rules.MAX_NPC_HP, "HP")
        elif field == "dp":
            data["dp"] = _number(value, 0, 20, "DP")
        elif field in ATTRIBUTES:
            score = _number(value, 0, rules.MAX_NPC_ATTRIBUTE, field.capitalize())
            if field in ("might", "grace"):
                _shift_attacks(data, field, data[field], score)
            data[field] = score
        elif field == "morale":
            data["morale"] = _number(value, 2, 12, "Morale")
        elif field == "na":
            if not _NA.match(value):
                raise OldGoldError("Number appearing is a number or dice: 1, 1d4, 2d6.")
            data["na"] = value
        elif field == "speed":
            data["speed"] = value[:20]
        elif field == "attack":
            attack_name, _, damage = value.rpartition(" ")
            attack_name = " ".join(attack_name.split())[:30]
            if not attack_name or not _DAMAGE.match(damage):
                raise OldGoldError("An attack is a name and damage: attack bite 1d8+2.")
            kept = [a for a in data["attacks"] if a["name"].lower() != attack_name.lower()]
            data["attacks"] = kept + [{"name": attack_name, "damage": damage, "reach": "2m"}]
        elif field == "ability":
            removing = value.startswith("-")
            ability = value.lstrip("-+ ").replace(" ", "_")
            if ability not in ROUND_HOOKS:
                raise OldGoldError(f"'{ability}' is not an ability the server runs: "
                                   + ", ".join(sorted(ROUND_HOOKS)) + ".")
            abilities = [a for a in data["abilities"] if a != ability]
            data["abilities"] = abilities if removing else abilities + [ability]
        elif field == "notes":
            data["notes"] = value[:600]
    return data


def parse_changes(text):
    """'hp 12, might 3, attack bite 1d8+2' -> [('hp', '12'), ...]."""
    changes = []
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        field, _, value = part.partition(" ")
        if not value.strip():
            raise OldGoldError(f"'{part}' needs a value, like hp 12.")
        changes.append((field.lower(), value.strip()))
    return changes


# ---------------------------------------------------------------- prototypes


def key_for(name):
    return bestiary.PROTOTYPE_PREFIX + slugify(name)


def _exact(key, tags=None):
    """Prototypes keyed exactly `key` (Evennia's search also matches parts)."""
    from evennia.prototypes import prototypes

    found = prototypes.search_prototype(key=key, tags=tags) or []
    return [p for p in found if p.get("prototype_key", "").lower() == key.lower()]


def made_prototype(key):
    found = _exact(key, tags=MADE_TAG)
    return found[0] if found else None


def any_prototype(key):
    found = _exact(key)
    return found[0] if found else None


def save(caller, data):
    """Save `data` as a db prototype; refuses a key the bestiary or another
    made monster already holds."""
    from evennia.prototypes import prototypes

    from world.oldgold.combat import make_npc_stats

    slug = slugify(data["name"])
    key = key_for(data["name"])
    if slug in bestiary.MONSTERS or any_prototype(key):
        raise OldGoldError(f"There is already a monster {key}: choose another name "
                           f"(or |w+bestiary/unmake {slug}|n first).")
    make_npc_stats({a: data[a] for a in (*ATTRIBUTES, "hp", "dp", "morale")},
                   data["attacks"])
    proto = bestiary.prototype(slug, data, key=key)
    proto["prototype_tags"] = ["oldgold", "bestiary", MADE_TAG]
    proto["prototype_desc"] = f"Old Gold monster made by {caller.key}: {data['name']}"[:200]
    proto["prototype_locks"] = "spawn:all();edit:perm(Builder) or tag(oldgold_gm, oldgold)"
    prototypes.save_prototype(proto)
    return key


def unmake(key):
    from evennia.prototypes import prototypes

    if made_prototype(key) is None:
        raise OldGoldError(f"No made monster is called {key} (|w+bestiary/made|n lists them).")
    prototypes.delete_prototype(key)


def made_monsters():
    """[(key, data)] of every made monster, by key."""
    from evennia.prototypes import prototypes

    found = prototypes.search_prototype(tags=MADE_TAG) or []
    result = []
    for proto in found:
        data = monster_of(proto)
        if data:
            result.append((proto["prototype_key"], data))
    return sorted(result)


def monster_of(proto):
    """The bestiary entry a prototype carries (its og_monster Attribute)."""
    for attr in proto.get("attrs") or ():
        if attr[0] == "og_monster":
            return deepcopy(attr[1])
    return None


# ---------------------------------------------------------------- help

_T = {k: v for k, v in THREATS.items()}

MONSTER_HELP = [
    {
        "key": "old gold monsters",
        "aliases": ["making monsters", "old gold hazards"],
        "category": "Old Gold scenes",
        "text": f"""
            |wOld Gold monsters and hazards, for GMs|n

            Read any monster with |w+bestiary <name>|n; bring them in with
            |w+bestiary/spawn goblin=4|n (or a builder's |wspawn oldgold_goblin|n),
            then |w+og/fight|n. On a creature's turn the server regenerates
            trolls, lets fallen zombies rise, recharges powers and makes a
            demon's or vampire's every attack; spend innate magic with
            |w+bestiary/power basilisk=petrify, Ann|n.

            |wMaking one|n: |w+bestiary/make Cave Bear=tough, might, maul|n.
            Threats (ours) from the text's guides:
              fragile     HP {_T['fragile']['hp']}, scores {_T['fragile']['prime']}/{_T['fragile']['rest']}, {_T['fragile']['attack']}, Morale {_T['fragile']['morale']}, NA {_T['fragile']['na']}
              ordinary    HP {_T['ordinary']['hp']}, scores {_T['ordinary']['prime']}/{_T['ordinary']['rest']}, {_T['ordinary']['attack']}, Morale {_T['ordinary']['morale']}, NA {_T['ordinary']['na']}
              tough       HP {_T['tough']['hp']}, scores {_T['tough']['prime']}/{_T['tough']['rest']}, {_T['tough']['attack']}, Morale {_T['tough']['morale']}, NA {_T['tough']['na']}
              formidable  HP {_T['formidable']['hp']}, scores {_T['formidable']['prime']}/{_T['formidable']['rest']}, {_T['formidable']['attack']}, Morale {_T['formidable']['morale']}, NA {_T['formidable']['na']}
              legendary   HP {_T['legendary']['hp']}, scores {_T['legendary']['prime']}/{_T['legendary']['rest']}, {_T['legendary']['attack']}, Morale {_T['legendary']['morale']}, NA {_T['legendary']['na']}
            A level picks a threat: 1 fragile, 2-3 ordinary, 4-5 tough,
            6-8 formidable, 9-10 legendary. Attacks add the Might Bonus
            (Grace for a creature that leans on Grace).

            |wAdapting one|n:
              |w+bestiary/adapt goblin as goblin chief=hp 12, might 3|n
            Attacks that add the old Bonus follow the new score.
            Tell the players what changed before they choose to fight.

            |wHazards|n: |w+hazard|n lists them; |w+hazard falling=Ann, 9|n rolls
            one onto a sheet.

            Old Gold is by Milán László (CC BY 4.0).
        """,
    },
]
