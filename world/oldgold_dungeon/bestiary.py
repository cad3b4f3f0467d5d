"""
Old Gold's bestiary as data, and the one way a monster of it enters a room.

MONSTERS maps a slug to the creature's numbers (TEXT: hit points, defence,
attributes, movement, morale, each attack's damage and how far it reaches,
how many turn up) and our own words for what it is and how a GM plays it. The
abilities the server runs in a fight (regeneration, rising again, recharging
powers, several attacks a turn, innate magic) are named in "abilities" and
live in `world.oldgold.abilities.ROUND_HOOKS`; everything else a GM reads in
"notes".

All 25 creatures of the text are here (the Red Dragon is the file's last
line, which has no newline after it). Every slug the travel encounter tables
use is here.
"""

import re
from copy import deepcopy

from world.words import counted, with_article

NPC_TYPECLASS = "typeclasses.oldgold.OldGoldNpc"
NPC_TAG = ("oldgold_npc", "oldgold")
BESTIARY_TAG = ("bestiary", "oldgold")
PROTOTYPE_PREFIX = "oldgold_"

# TEXT (19.2): a spent power that recharges is ready again on a 2 in 6,
# rolled at the start of the monster's turn; other innate magic needs a rest.
RECHARGE_CHANCE = (2, 6)
# TEXT (Zombie): struck down, it gets up on a 3 in 6 at 1 HP, never after fire.
RISE_CHANCE = (3, 6)
RISE_HP = 1
# TEXT (Troll): heals 1d6 at the start of its turn, but not in sunlight.
REGENERATION = "1d6"
# TEXT (Red Dragon): a breath weapon that must recharge; its dice and the
# shape it fills.
FIRE_BREATH = "4d10"
FIRE_BREATH_REACH = "10m cone"


def _atk(name, damage, reach, ranged=False, direct=False):
    attack = {"name": name, "damage": damage, "reach": reach}
    if ranged:
        attack["ranged"] = True
    if direct:
        attack["direct"] = True
    return attack


def _m(name, hp, dp, might, grace, mind, heart, speed, morale, attacks, na, notes,
       abilities=(), powers=(), recharge=(), kinds=(), immune=(), source="TEXT"):
    return {"name": name, "hp": hp, "dp": dp, "might": might, "grace": grace,
            "mind": mind, "heart": heart, "speed": speed, "morale": morale,
            "attacks": list(attacks), "na": na, "notes": notes,
            "abilities": list(abilities), "powers": list(powers), "recharge": list(recharge),
            "kinds": list(kinds), "immune": list(immune), "source": source}


_UNTOUCHED = ("poison", "mental")

MONSTERS = {
    "rat_swarm": _m(
        "Rat Swarm", 9, 0, 1, 3, 0, 0, "10m", 4, [_atk("bites", "1d4+1", "2m")], "1d3",
        "A carpet of rats that acts as one body. Attacks aimed at a single target do "
        "only half damage to it. It sees without light.", kinds=("beast",)),
    "goblin": _m(
        "Goblin", 7, 0, 1, 3, 1, 1, "10m", 4,
        [_atk("dagger", "1d6+1", "2m"), _atk("sling", "1d4+2", "20m", ranged=True)], "2d6",
        "Small, sly and quick to run when a fight turns. Can see in the dark.",
        kinds=("humanoid",)),
    "skeleton": _m(
        "Skeleton", 7, 1, 1, 1, 0, 0, "10m", 11, [_atk("claws", "1d4+1", "2m")], "2d6",
        "Bones that walk with no will of their own. Poison and anything working on the "
        "mind do nothing to it. Can see in the dark.",
        kinds=("undead",), immune=_UNTOUCHED),
    "wolf": _m(
        "Wolf", 10, 0, 3, 3, 0, 0, "14m", 6, [_atk("bite", "1d6+2", "2m")], "2d4",
        "Runs with its pack. Its damage roll has advantage while a second wolf stands "
        "within 2m of its prey (the GM gives it: +og/attack ...=adv).", kinds=("beast",)),
    "zombie": _m(
        "Zombie", 12, 0, 2, 0, 0, 0, "6m", 12, [_atk("slam", "1d6+1", "2m")], "2d6",
        "A corpse that keeps coming. Poison and anything working on the mind do nothing "
        "to it. When it is killed it may get up again with 1 HP (3 in 6), unless fire "
        "finished it (the GM tags it: +bestiary/burned). Can see in the dark.",
        abilities=("rises_again",), kinds=("undead",), immune=_UNTOUCHED),
    "bandit": _m(
        "Bandit", 8, 1, 2, 2, 1, 1, "10m", 5,
        [_atk("sword", "1d6+1", "2m"), _atk("bow", "1d6+1", "60m", ranged=True)], "2d6",
        "Prefers to strike from hiding on a road it knows.", kinds=("humanoid",)),
    "giant_spider": _m(
        "Giant Spider", 10, 0, 2, 5, 1, 1, "12m", 6, [_atk("bite", "1d6+1", "2m")], "1d4",
        "Waits in webs above its prey and drops on it. Whoever its bite hurts resists a "
        "paralysing poison (Might check). Innate magic: Web, once until it rests.",
        abilities=("innate_magic",), powers=("web",), kinds=("beast",)),
    "harpy": _m(
        "Harpy", 8, 0, 1, 3, 3, 3, "8m (16m flying)", 6, [_atk("claws", "1d6+1", "2m")],
        "1d4",
        "A winged hunter; whoever hears its song is drawn toward it. Innate magic: "
        "Charm, once until it rests.",
        abilities=("innate_magic",), powers=("charm",), kinds=("monstrosity",)),
    "blink_dog": _m(
        "Blink Dog", 12, 0, 2, 4, 2, 2, "12m", 7, [_atk("bite", "1d6+1", "2m")], "1d4",
        "A hound with fey blood. Before or after its attack it can vanish and reappear "
        "up to 10m away.", kinds=("fey",)),
    "bandit_leader": _m(
        "Bandit Leader", 12, 2, 3, 2, 2, 2, "10m", 9, [_atk("greatsword", "1d10+2", "2m")],
        "1",
        "Gives orders from behind the front rank. Bandits close by check morale against "
        "the leader's 9 instead of their own.", kinds=("humanoid",)),
    "orc_warrior": _m(
        "Orc Warrior", 12, 2, 3, 1, 1, 1, "10m", 8,
        [_atk("axe", "1d8+2", "2m"), _atk("javelin", "1d4+2", "12m", ranged=True)], "2d4",
        "Hot-tempered and fierce about its ground.", kinds=("humanoid",)),
    "stone_golem": _m(
        "Stone Golem", 16, 3, 5, 0, 0, 0, "8m", 12, [_atk("slam", "1d8+3", "2m")], "1",
        "A shaped figure of rock that obeys. Poison and anything working on the mind do "
        "nothing to it.", kinds=("construct",), immune=_UNTOUCHED),
    "mimic": _m(
        "Mimic", 14, 2, 3, 1, 1, 1, "4m", 8, [_atk("bite", "1d8+2", "2m")], "1",
        "Passes for a chest, a door or a piece of furniture. If nobody has spotted it, "
        "its first attack comes as a surprise (start the fight with the victims "
        "surprised).", kinds=("monstrosity",)),
    "ogre": _m(
        "Ogre", 20, 1, 5, 1, 0, 0, "10m", 7,
        [_atk("greatclub", "1d10+3", "2m"), _atk("boulder", "1d8+3", "30m", ranged=True)],
        "1d3", "Huge, slow of thought and cruel.", kinds=("giant",)),
    "werewolf": _m(
        "Werewolf", 18, 1, 4, 3, 2, 2, "12m", 9, [_atk("claws", "1d8+2", "2m")], "1d3",
        "As a beast, ordinary weapons cannot hurt it. Brought to 0 HP it turns back "
        "into a person and lies senseless rather than dying.",
        kinds=("shapechanger",), immune=("mundane weapons",)),
    "ghost": _m(
        "Ghost", 8, 0, 1, 1, 3, 4, "10m", 10, [_atk("touch", "1d6", "2m", direct=True)], "1",
        "Ordinary weapons cannot hurt it, and walls do not stop it. Its touch does "
        "direct damage. Can see in the dark.",
        kinds=("undead",), immune=("mundane weapons",)),
    "living_armor": _m(
        "Living Armor", 16, 3, 4, 1, 1, 1, "6m", 12, [_atk("halberd", "1d6+2", "4m")], "1d4",
        "An empty suit bound together by a spell; it clanks with every step. Poison and "
        "anything working on the mind do nothing to it.",
        kinds=("construct",), immune=_UNTOUCHED),
    "gelatinous_cube": _m(
        "Gelatinous Cube", 22, 0, 3, 0, 0, 0, "4m", 12, [_atk("engulf", "1d6", "2m")], "1",
        "A clear block of slime. Poison, the mind, and piercing weapons (spears, "
        "arrows) do nothing to it. Whom it engulfs is restrained inside and takes 1d6 "
        "each time they would act.",
        kinds=("ooze",), immune=("poison", "mental", "piercing")),
    "brain_flayer": _m(
        "Brain Flayer", 16, 1, 3, 2, 7, 3, "10m", 8,
        [_atk("tentacles", "1d6+2", "2m", )], "1d3",
        "A psionic thing from far below; sees in the dark. Its tentacles grapple. "
        "Psychic blast (recharge): all within 6m make a Mind check or are stunned 2 "
        "rounds. A victim both grappled and stunned has its brain drawn out and dies in "
        "2 rounds unless pulled free.",
        abilities=("recharge",), powers=("psychic_blast",), recharge=("psychic_blast",),
        kinds=("aberration",)),
    "basilisk": _m(
        "Basilisk", 14, 2, 3, 1, 4, 1, "8m", 7, [_atk("bite", "1d6+2", "2m")], "1d2",
        "A reptile on many legs whose stare turns flesh to stone. Innate magic: "
        "Petrify, once until it rests.",
        abilities=("innate_magic",), powers=("petrify",), kinds=("monstrosity",)),
    "troll": _m(
        "Troll", 24, 1, 5, 2, 1, 1, "12m", 9, [_atk("claws", "1d8+3", "2m")], "1d2",
        "Its wounds close by 1d6 HP as each of its turns begins, unless it stands in sunlight (the GM tags it: "
        "+bestiary/sunlit). Can see in the dark.",
        abilities=("regeneration",), kinds=("giant",)),
    "demon": _m(
        "Demon", 22, 2, 5, 3, 3, 2, "10m (20m flying)", 10,
        [_atk("claws", "1d8+3", "2m"), _atk("tail", "1d6+3", "2m")], "1d2",
        "A fiend from the planes below, cloaked in flame; fire does not harm it. It "
        "strikes with claws and tail on every turn. Can see in the dark. Innate magic: "
        "Fireball, once until it rests.",
        abilities=("multiple_attacks", "innate_magic"), powers=("fireball",),
        kinds=("fiend",), immune=("fire",)),
    "vampire": _m(
        "Vampire", 40, 2, 5, 5, 5, 6, "12m", 11,
        [_atk("claws", "1d8+3", "2m"), _atk("bite", "1d6+3", "2m")], "1",
        "A lord among the undead that uses claws and bite on every turn. Destroyed, it "
        "re-forms in its coffin 1d4 days later, unless sunlight or a stake through "
        "the heart ended it. Can see in the dark. Innate magic: "
        "Charm and Drain, each once until it rests.",
        abilities=("multiple_attacks", "innate_magic"), powers=("charm", "drain"),
        kinds=("undead",)),
    "lich": _m(
        "Lich", 30, 2, 2, 2, 8, 6, "10m", 12,
        [_atk("touch", "1d8", "2m", direct=True)], "1",
        "A dead wizard who will not stay dead while its phylactery survives. It carries "
        "3 spellbooks and casts from them as an adventurer does. Can see in the dark.",
        kinds=("undead",)),
    "red_dragon": _m(
        "Red Dragon", 100, 3, 8, 5, 6, 5, "12m (24m flying)", 11,
        [_atk("claws", "2d6+4", "2m"), _atk("bite", "2d8+4", "2m")], "1",
        "A great red wyrm that tears with claws and teeth on every turn; fire does "
        "not harm it. It guards its gold jealously and warms to flattery. Its fiery "
        "breath, once ready again, fills a 10m cone: all caught in it take 4d10.",
        abilities=("multiple_attacks", "recharge"), powers=("fire_breath",),
        recharge=("fire_breath",), kinds=("dragon",), immune=("fire",)),
}

# Spells and prayers the bestiary's innate magic names, with the attribute it
# is cast with (TEXT 19.2: the creature's normal attribute for that magic).
POWER_NAMES = {"web": "Web", "charm": "Charm", "petrify": "Petrify",
               "fireball": "Fireball", "drain": "Drain", "psychic_blast": "Psychic blast",
               "fire_breath": "Fire breath"}


def monster(slug):
    """A copy of one entry (None when there is no such monster)."""
    data = MONSTERS.get(slug)
    return deepcopy(data) if data is not None else None


def slug_for(text):
    """The slug a typed name means: exact slug, name, or a unique prefix."""
    wanted = (text or "").strip().lower().replace(" ", "_").replace("-", "_")
    if not wanted:
        return None
    if wanted in MONSTERS:
        return wanted
    found = [slug for slug in MONSTERS if slug.startswith(wanted)]
    return found[0] if len(found) == 1 else None


def og_stats(data):
    """The NPC contract's og_stats for an entry (full HP, powers ready)."""
    stats = {attribute: int(data[attribute]) for attribute in ("might", "grace", "mind", "heart")}
    stats["wits"] = stats["mind"]
    stats["max_hp"] = stats["hp"] = int(data["hp"])
    stats["dp"] = int(data["dp"])
    stats["morale"] = int(data["morale"])
    stats["attacks"] = deepcopy(data["attacks"])
    stats["abilities"] = list(data.get("abilities", []))
    stats["powers"] = {power: True for power in data.get("powers", [])}
    stats["recharge"] = list(data.get("recharge", []))
    stats["immune"] = list(data.get("immune", []))
    stats["conditions"] = []
    stats["bestiary"] = data.get("slug", "")
    return stats


def prototype(slug, data=None, key=None):
    """An Evennia prototype dict for an entry (the bestiary's, or `data`)."""
    data = deepcopy(data if data is not None else MONSTERS[slug])
    data["slug"] = slug
    tags = [NPC_TAG, BESTIARY_TAG] + [(kind, "oldgold") for kind in data.get("kinds", [])]
    return {
        "prototype_key": key or PROTOTYPE_PREFIX + slug,
        "prototype_desc": f"Old Gold bestiary: {data['name']}",
        "prototype_tags": ["oldgold", "bestiary"],
        "prototype_locks": "spawn:all();edit:perm(Builder)",
        "typeclass": NPC_TYPECLASS,
        "key": data["name"],
        "desc": data["notes"],
        "tags": tags,
        "attrs": [("og_stats", og_stats(data)), ("og_monster", data)],
        "locks": "get:false()",
    }


def spawn_monster(slug, location, key=None):
    """Make one `slug` in `location` (called `key`, if given), ready to join
    an Old Gold fight."""
    from evennia.prototypes import spawner

    if slug not in MONSTERS:
        raise KeyError(f"No bestiary monster '{slug}'.")
    proto = prototype(slug)
    proto.pop("prototype_key")
    proto["location"] = location
    proto["home"] = location
    if key:
        proto["key"] = key
    made = spawner.spawn(proto)
    return made[0]


def numbered_names(location, name, count):
    """Keys for `count` new creatures called `name` in `location`: the name
    alone for a lone one, else 'Goblin 1', 'Goblin 2'... after the numbers
    already used there, so players can tell them apart (and in the order
    of a fight 'Goblin 2 3' is the second goblin, Grace 3)."""
    pattern = re.compile(rf"{re.escape(name)}(?: (\d+))?", re.IGNORECASE)
    used = [found for obj in (location.contents if location else [])
            if (found := pattern.fullmatch(obj.key))]
    if count == 1 and not used:
        return [name]
    start = max((int(found.group(1) or 1) for found in used), default=0)
    return [f"{name} {start + number}" for number in range(1, count + 1)]


def arrival_words(made, name):
    """'A Goblin appears.', 'Goblin 4 appears.' or '3 Goblins appear (Goblin 1
    to Goblin 3).'"""
    if len(made) == 1 and made[0].key != name:
        return f"{made[0].key} appears."  # numbered: one more of those here
    if len(made) == 1:
        named = with_article(name)
        return f"{named[0].upper()}{named[1:]} appears."
    return f"{counted(len(made), name)} appear ({made[0].key} to {made[-1].key})."


# ---------------------------------------------------------------- in a fight
# ROUND_HOOKS (world.oldgold.abilities) calls these as hook(encounter, npc)
# when the NPC's turn comes; each returns a line for the room or None. They
# change the encounter and og_stats in place: the fight saves both after.


def _rng():
    from world.oldgold import services

    return services._dice(None)


def _save_stats(npc, stats):
    npc.attributes.add("og_stats", stats)


def _log(kind, npc, text, dice_list, **details):
    from world.oldgold import services

    services._log(kind, npc, npc.location, dice_list, text, **details)


def sunlit(npc):
    """Sunlight on the creature or its room (a GM's tag) stops regeneration."""
    room = npc.location
    return npc.tags.has("sunlit", category="oldgold") or bool(
        room and room.tags.has("sunlit", category="oldgold"))


def regeneration(encounter, npc):
    from world.dice import expr
    from world.oldgold import combat, services

    stats = services.npc_stats(npc)
    if stats["hp"] <= 0 or stats["hp"] >= stats["max_hp"]:
        return None
    if sunlit(npc):
        return f"{npc.key} stands in sunlight and does not regenerate."
    rolled = expr.roll(REGENERATION, _rng())
    before = stats["hp"]
    after = combat._heal(npc, rolled.total)
    line = (f"{npc.key} regenerates {REGENERATION} [{rolled.total}]: "
            f"HP {before} -> {after}/{stats['max_hp']}.")
    _log("ability", npc, line, list(rolled.dice), ability="regeneration", healed=after - before)
    return line


def rises_again(encounter, npc):
    """Every fallen creature of the fight that may rise rolls once per death
    (3 in 6, unless burned) when a riser's turn comes."""
    from world.dice import oldgold as dice
    from world.oldgold import combat, services

    lines = []
    for entry in encounter.combatants:
        if entry["pc"] or entry["out"] != "dead":
            continue
        fallen = combat._obj(entry)
        if fallen is None:
            continue
        stats = services.npc_stats(fallen)
        if "rises_again" not in stats["abilities"] or stats["hp"] > 0 or stats.get("rise_rolled"):
            continue
        stats["rise_rolled"] = True
        _save_stats(fallen, stats)
        if fallen.tags.has("burned", category="oldgold"):
            line = f"{fallen.key} was burned and stays down."
            _log("ability", fallen, line, [], ability="rises_again", rises=False)
            lines.append(line)
            continue
        die, rises = dice.chance(*RISE_CHANCE, _rng())
        if rises:
            combat.undo_damage(encounter, fallen, RISE_HP)
            stats = services.npc_stats(fallen)
            stats["rise_rolled"] = False
            _save_stats(fallen, stats)
            line = f"{fallen.key} rises again (1d6: {die}) with {RISE_HP} HP!"
        else:
            line = f"{fallen.key} stays down (1d6: {die})."
        _log("ability", fallen, line, [die], ability="rises_again", rises=rises)
        lines.append(line)
    return " ".join(lines) or None


def recharge(encounter, npc):
    """Each spent (recharge) power comes back on 2 in 6."""
    from world.dice import oldgold as dice
    from world.oldgold import services

    stats = services.npc_stats(npc)
    powers = stats.get("powers", {})
    spent = [p for p in stats.get("recharge", []) if p in powers and not powers[p]]
    if not spent or stats["hp"] <= 0:
        return None
    lines, rolled = [], []
    for power in spent:
        die, back = dice.chance(*RECHARGE_CHANCE, _rng())
        rolled.append(die)
        name = POWER_NAMES.get(power, power)
        if back:
            powers[power] = True
            lines.append(f"{npc.key}'s {name} recharges (1d6: {die}).")
        else:
            lines.append(f"{npc.key}'s {name} is still spent (1d6: {die}).")
    stats["powers"] = powers
    _save_stats(npc, stats)
    line = " ".join(lines)
    _log("ability", npc, line, rolled, ability="recharge")
    return line


def innate_magic(encounter, npc):
    """Reminds the GM which powers are ready (each is spent by use)."""
    from world.oldgold import services

    from world.oldgold import combat

    stats = services.npc_stats(npc)
    ready = [POWER_NAMES.get(p, p) for p, up in stats.get("powers", {}).items() if up]
    entry = combat._entry_of(encounter, npc)
    if not ready or stats["hp"] <= 0 or (entry is not None and entry["main"]):
        return None
    return (f"{npc.key} can use {', '.join(ready)} "
            f"(|w+bestiary/power {npc.key}=<power>[, <target>...]|n).")


def _foe(encounter, npc, stats):
    """Whom a creature with several attacks strikes: the foe the GM set, or
    the last one who attacked it, or the first PC standing in the order."""
    from world.oldgold.models import OldGoldRoll

    standing = [e for e in encounter.combatants
                if e["out"] is None and e["id"] != npc.id and e["pc"]]
    if not standing:
        return None
    by_id = {e["id"]: e for e in standing}
    if stats.get("foe") in by_id:
        return by_id[stats["foe"]]
    last = (OldGoldRoll.objects.filter(kind="attack", room=npc.location,
                                       details__target=npc.key,
                                       roller_id__in=list(by_id))
            .values_list("roller_id", flat=True).first())
    return by_id.get(last, standing[0])


def multiple_attacks(encounter, npc):
    """The creature makes every one of its attacks, each against DP, as its
    main action."""
    from world.oldgold import combat, rules, services

    stats = services.npc_stats(npc)
    entry = combat._entry_of(encounter, npc)
    if entry is None or stats["hp"] <= 0 or stats.get("hold") or services._cannot_act(npc):
        return None
    foe_entry = _foe(encounter, npc, stats)
    if foe_entry is None:
        return None
    target = combat._obj(foe_entry)
    lines = []
    for attack in stats["attacks"]:
        if foe_entry["out"] is not None:
            break
        advantage = disadvantage = False
        for condition in services._conditions(npc):
            if rules.CONDITIONS[condition["key"]].damage_disadvantage:
                disadvantage = True
        if services.frightened_of(npc, target):
            disadvantage = True
        for condition in services._conditions(target):
            rule = rules.CONDITIONS[condition["key"]]
            if rule.melee_against_advantage and not attack.get("ranged"):
                advantage = True
            if rule.ranged_against_disadvantage and attack.get("ranged"):
                disadvantage = True
            if condition["key"] == "invisible":
                disadvantage = True
        spec = {"target_id": target.id, "damage": attack["damage"], "second_damage": "",
                "dp": combat._dp(target, foe_entry), "advantage": advantage,
                "disadvantage": disadvantage, "direct": bool(attack.get("direct")),
                "smite": ""}
        rolled = combat.roll_attack_damage(spec, _rng())
        line = (f"{npc.key} attacks {target.key} with {attack['name']}: "
                f"{rolled.damage.render()}")
        line = line.replace(f": {rolled.damage.taken} taken", f": {rolled.taken} taken")
        lines.append(line)
        combat._apply_damage(encounter, target, rolled.taken, lines)
        services._log("attack", npc, npc.location, rolled.dice, line, target=target.key,
                      taken=rolled.taken, **spec)
    entry["main"] = True
    return " ".join(lines)


FIGHT_HOOKS = {
    "regeneration": regeneration,
    "rises_again": rises_again,
    "recharge": recharge,
    "innate_magic": innate_magic,
    "multiple_attacks": multiple_attacks,
}


# ---------------------------------------------------------------- GM services
# Each checks first, changes inside a transaction and returns an Outcome
# (world.oldgold.services), as the rest of Old Gold does.

MAX_SPAWN = 12
PSYCHIC_BLAST_ROUNDS = 2  # TEXT (Brain Flayer): stunned for 2 rounds


def find_entry(text):
    """(prototype key, entry) for a bestiary slug or name, or a made monster."""
    from world.oldgold.errors import OldGoldError
    from world.oldgold_dungeon import monster_making

    slug = slug_for(text)
    if slug:
        data = monster(slug)
        data["slug"] = slug
        return PROTOTYPE_PREFIX + slug, data
    key = monster_making.key_for(text)
    proto = monster_making.made_prototype(key)
    if proto is not None:
        return key, monster_making.monster_of(proto)
    raise OldGoldError(f"'{text}' is no monster of the bestiary: |w+bestiary|n lists them.")


def spawn(gm, text, count=1):
    from django.db import transaction
    from evennia.prototypes import spawner

    from world.oldgold import services
    from world.oldgold.errors import OldGoldError

    services._require_gm(gm)
    key, data = find_entry(text)
    if not 1 <= count <= MAX_SPAWN:
        raise OldGoldError(f"Spawn from 1 to {MAX_SPAWN} at a time.")
    if gm.location is None:
        raise OldGoldError("Stand in the room the monsters should appear in.")
    with transaction.atomic():
        made = spawner.spawn(*[{"prototype_parent": key, "location": gm.location,
                                "home": gm.location, "key": name}
                               for name in numbered_names(gm.location, data["name"], count)])
    lines = [f"{arrival_words(made, data['name'])[:-1]}: HP {data['hp']}, DP {data['dp']}, "
             f"Morale {data['morale']}."]
    if services.encounter_here(gm.location, required=False):
        lines.append(f"A fight is on: |w+og/join {made[0].key}|n brings each in.")
    return services.Outcome(tuple(lines), data={"spawned": made})


def _npc_turn(gm, npc):
    """The fight entry when it is npc's turn (None outside a fight)."""
    from world.oldgold import combat, services
    from world.oldgold.errors import OldGoldError

    encounter = services.encounter_here(npc.location, required=False)
    if encounter is None or combat._entry_of(encounter, npc) is None:
        return None, None
    entry = combat._acting_entry(gm, encounter)
    if entry["id"] != npc.id:
        raise OldGoldError(f"It is {entry['name']}'s turn, not {npc.key}'s.")
    if entry["main"]:
        raise OldGoldError(f"{npc.key} has used its main action: |w+og/next|n moves on.")
    combat._require_able(entry, npc, "use a power")
    return encounter, entry


def _psychic_blast(encounter, npc, stats, targets, rng, lines, rolled):
    """Each target's Mind check against the creature's Mind, or stunned."""
    from world.dice import oldgold as dice
    from world.oldgold import services

    difficulty = dice.difficulty_against(stats["mind"])
    for target in targets:
        result = dice.check(services.score_of(target, "mind"), difficulty, rng)
        rolled.extend(result.dice)
        text = f"  {target.key} (Mind vs {difficulty}): {result.render()}"
        if not result.success:
            services.add_condition(target, "stunned", PSYCHIC_BLAST_ROUNDS, npc.key)
            text += f": stunned for {PSYCHIC_BLAST_ROUNDS} rounds"
        lines.append(text + ".")


def _fire_breath(encounter, npc, stats, targets, rng, lines, rolled):
    """FIRE_BREATH against each target's DP; whatever is immune to fire is
    untouched."""
    from world.dice import oldgold as dice
    from world.oldgold import combat, services

    for target in targets:
        if services.is_npc(target) and "fire" in services.npc_stats(target).get("immune", []):
            lines.append(f"  {target.key} is immune to fire.")
            continue
        entry = combat._entry_of(encounter, target) if encounter else None
        result = dice.roll_damage(FIRE_BREATH, combat._dp(target, entry), rng)
        rolled.extend(d for r in result.rolls for d in r.dice)
        lines.append(f"  {target.key}: {result.render()}")
        combat._apply_damage(encounter, target, result.taken, lines)


# Powers that reach everyone in an area (the GM names who stands in it):
# power -> (where they stand, what it does to them).
AREA_POWERS = {"psychic_blast": ("within 6m", _psychic_blast),
               "fire_breath": (f"in the {FIRE_BREATH_REACH}", _fire_breath)}


def use_power(gm, npc, power_text, targets=(), rng=None):
    """The creature spends one of its innate powers on `targets`."""
    from django.db import transaction

    from world.dice import oldgold as dice
    from world.oldgold import magic, rules, services
    from world.oldgold.errors import OldGoldError

    services._require_gm(gm)
    if not services.is_npc(npc):
        raise OldGoldError(f"{npc.key} is not an Old Gold creature.")
    stats = services.npc_stats(npc)
    powers = stats.get("powers", {})
    wanted = (power_text or "").strip().lower().replace(" ", "_")
    found = [p for p in powers if wanted and p.startswith(wanted)]
    if len(found) != 1:
        have = ", ".join(POWER_NAMES.get(p, p) for p in powers) or "none"
        raise OldGoldError(f"{npc.key}'s powers: {have}.")
    power = found[0]
    name = POWER_NAMES.get(power, power)
    if not powers[power]:
        back = "may come back each turn (2 in 6)" if power in stats.get("recharge", []) \
            else "comes back with a rest (|w+bestiary/rest|n)"
        raise OldGoldError(f"{npc.key} has spent {name}; it {back}.")
    rng = services._dice(rng)
    with transaction.atomic():
        encounter, entry = _npc_turn(gm, npc)
        lines, rolled = [f"{npc.key} uses {name}."], []
        if power in AREA_POWERS:
            where, area = AREA_POWERS[power]
            if not targets:
                raise OldGoldError(f"Name everyone {where}: +bestiary/power "
                                   f"{npc.key}={name.lower()}, <name>, <name>.")
            area(encounter, npc, stats, targets, rng, lines, rolled)
        else:
            spell = rules.magic_named(power.replace("_", " "))
            needs = spell.effect in ("condition", "missiles", "damage", "drain", "check",
                                     "morale")
            if needs and not targets:
                raise OldGoldError(f"Name the target: +bestiary/power {npc.key}={name}, "
                                   "<target>.")
            cast_bonus = dice.attribute_bonus(stats[rules.CASTING_ATTRIBUTE[spell.kind]])
            effect = getattr(magic._Effects, spell.effect)
            effect(encounter, npc, None, spell, list(targets), cast_bonus, rng, lines, rolled)
        stats = services.npc_stats(npc)
        stats["powers"][power] = False
        _save_stats(npc, stats)
        if entry is not None:
            entry["main"] = True
            encounter.save()
        services._log("power", npc, npc.location, rolled, " ".join(lines), power=power,
                      targets=[t.key for t in targets])
    return services.Outcome(tuple(lines))


def rest(gm, npc):
    """A rest brings every spent power back."""
    from world.oldgold import services
    from world.oldgold.errors import OldGoldError

    services._require_gm(gm)
    stats = services.npc_stats(npc)
    if not stats.get("powers"):
        raise OldGoldError(f"{npc.key} has no innate powers to restore.")
    stats["powers"] = {power: True for power in stats["powers"]}
    _save_stats(npc, stats)
    return services.Outcome((f"{npc.key} rests: its powers are ready again.",))


def toggle(gm, npc, tag):
    """Sunlight on a regenerator, fire on a riser: the GM's call."""
    from world.oldgold import services

    services._require_gm(gm)
    if npc.tags.has(tag, category="oldgold"):
        npc.tags.remove(tag, category="oldgold")
        word = {"sunlit": "is out of the sunlight", "burned": "is no longer burned"}[tag]
    else:
        npc.tags.add(tag, category="oldgold")
        word = {"sunlit": "stands in sunlight", "burned": "has been burned"}[tag]
    return services.Outcome((f"{npc.key} {word}.",))


def set_foe(gm, npc, foe=None, hold=False):
    """Whom a creature with several attacks strikes on its turn (or hold)."""
    from world.oldgold import services
    from world.oldgold.errors import OldGoldError

    services._require_gm(gm)
    stats = services.npc_stats(npc)
    if "multiple_attacks" not in stats.get("abilities", []):
        raise OldGoldError(f"{npc.key} makes one attack a turn: play it with +og/attack.")
    stats["hold"] = hold
    stats["foe"] = foe.id if foe is not None else None
    _save_stats(npc, stats)
    if hold:
        line = f"{npc.key} holds its attacks (the GM plays its turns with +og)."
    elif foe is not None:
        line = f"{npc.key} will strike at {foe.key} on its turns."
    else:
        line = f"{npc.key} strikes whoever last hurt it, or the first adventurer in the order."
    return services.Outcome((line,))


# ---------------------------------------------------------------- how it looks


def _attack_text(attack):
    direct = " direct" if attack.get("direct") else ""
    return f"{attack['name']} {attack['damage']}{direct} ({attack.get('reach', '2m')})"


def render_list(made=()):
    from world.text_table import text_table

    rows = []
    for slug, data in sorted(MONSTERS.items(), key=lambda item: (item[1]["hp"], item[0])):
        rows.append(_row(data))
    text = text_table(["Monster", "HP", "DP", "Mig", "Gra", "Min", "Hea", "Mor", "NA"], rows)
    parts = ["|wOld Gold bestiary|n (Old Gold by Milán László, CC BY 4.0)", text]
    if made:
        parts += ["", "|wMade by GMs|n",
                  text_table(["Monster", "HP", "DP", "Mig", "Gra", "Min", "Hea", "Mor", "NA"],
                             [_row(data) for _key, data in made])]
    parts.append("|w+bestiary <monster>|n shows one.")
    return "\n".join(parts)


def _row(data):
    return [data["name"], data["hp"], data["dp"], data["might"], data["grace"],
            data["mind"], data["heart"], data["morale"], data["na"]]


def render_entry(key, data):
    attacks = " or ".join(_attack_text(a) for a in data["attacks"])
    if "multiple_attacks" in data.get("abilities", []):
        attacks = " and ".join(_attack_text(a) for a in data["attacks"]) + ", every turn"
    lines = [
        f"|w{data['name']}|n  (spawn {key})",
        f"HP {data['hp']}  DP {data['dp']}  Might {data['might']}  Grace {data['grace']}  "
        f"Mind {data['mind']}  Heart {data['heart']}",
        f"Speed {data['speed']}  Morale {data['morale']}  NA {data['na']}",
        f"Attacks: {attacks}",
    ]
    if data.get("immune"):
        lines.append("Immune to: " + ", ".join(data["immune"]) + ".")
    if data.get("powers"):
        lines.append("Powers: " + ", ".join(
            POWER_NAMES.get(p, p) + (" (recharge)" if p in data.get("recharge", []) else "")
            for p in data["powers"]) + ".")
    if data.get("abilities"):
        lines.append("The server runs: " + ", ".join(
            a.replace("_", " ") for a in data["abilities"]) + ".")
    lines.append(data["notes"])
    if data.get("source") == "OURS":
        origin = data.get("adapted_from")
        lines.append("Made by a GM" + (f", adapted from {origin}." if origin else "."))
    return "\n".join(lines)
