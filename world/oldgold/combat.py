"""
Old Gold fights in a room, round by round: initiative by Grace (PCs first on
ties), the turn's move, main and free actions, attacks and damage against DP,
conditions ticking by round, NPC morale, death rolls at 0 HP, and the wear
and thrown-weapon rolls when the fight ends. GM-made NPCs (`+og/npc`) and the
world's monsters (the NPC contract in `world.oldgold.services`) fight in the
same order.

The state of a fight is an `Encounter` row saved after every change, so a
reload or a restart picks it up where it was. Like every service, these
check first, change inside a transaction and return an `Outcome`; dice come
from `services.default_rng` unless an `rng` is given.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from world.dice import expr
from world.dice import oldgold as dice
from world.oldgold import rules
from world.oldgold.errors import OldGoldError
from world.oldgold.models import Encounter, Item, OldGoldRoll, OldGoldSheet
from world.oldgold.reach import (
    allies_in_melee_with,
    between,
    in_reach,
    melee_reach_of,
    metres,
    require_weapon_reach,
    speed_of,
    step,
    weapon_reach,
)
from world.oldgold.services import (
    Outcome,
    _cannot_act,
    _conditions,
    _dice,
    _entry_of,
    _log,
    _require_combatant_record,
    _require_gm,
    _save_conditions,
    add_condition,
    bonus,
    dp_of,
    encounter_here,
    frightened_of,
    has_condition,
    is_gm,
    is_npc,
    is_staff,
    item_named,
    make_check,
    npc_stats,
    own_modes,
    playing_sheet,
    playing_sheet_of,
    remove_condition,
    score_of,
    sheet_of,
)


def _entry(obj):
    npc = is_npc(obj)
    grace = npc_stats(obj)["grace"] if npc else sheet_of(obj, obj).grace
    return {"id": obj.id, "pc": not npc, "name": obj.key, "grace": grace, "defend": 0,
            "moved": False, "main": False, "oa_round": 0, "out": None, "thrown": {},
            "smite": False, "surprised": False}


def _order(entries):
    combatants = [dice.Combatant(e["name"], e["grace"], e["pc"]) for e in entries]
    by_name = {}
    for entry in entries:
        by_name.setdefault(entry["name"], []).append(entry)
    order = dice.initiative_order(combatants)
    return [by_name[c.name].pop(0) for c in order.order]


def _obj(entry):
    from evennia.objects.models import ObjectDB

    return ObjectDB.objects.filter(id=entry["id"]).first()


@transaction.atomic
def start_fight(gm, room, surprised=(), opening=None):
    """Everyone here with an approved sheet and every Old Gold NPC here joins,
    in order of Grace, PCs first on ties; the two sides stand `opening`
    metres apart (within reach when not given)."""
    _require_gm(gm)
    opening = rules.OPENING_DISTANCE if opening is None else opening
    if not 0 <= opening <= rules.MAX_DISTANCE:
        raise OldGoldError(f"Give the distance as metres from 0 to {rules.MAX_DISTANCE}.")
    if encounter_here(room, required=False):
        raise OldGoldError("A fight is already on here: |w+og/order|n shows it.")
    entries = []
    for obj in room.contents:
        if is_npc(obj):
            if npc_stats(obj)["hp"] > 0:
                entries.append(_entry(obj))
            continue
        sheet = OldGoldSheet.objects.filter(character=obj).first()
        if sheet and sheet.status == OldGoldSheet.APPROVED and not sheet.dead:
            entries.append(_entry(obj))
    if not entries:
        raise OldGoldError("No one here can fight: PCs need an approved Old Gold sheet, "
                           "NPCs og_stats (|w+og/npc|n makes one).")
    for entry in entries:
        if entry["name"] in surprised:
            entry["surprised"] = True
    encounter = Encounter.objects.create(room=room, gm=gm, combatants=_order(entries),
                                         opening=opening)
    apart = (f"{opening}m apart" if opening > rules.MELEE_REACH
             else "within reach of each other")
    lines = ["|wA fight begins.|n " + _order_line(encounter),
             f"The two sides stand {apart} (|w+og/distance|n shows how far everyone is)."]
    lines += _begin_turn(encounter)
    encounter.save()
    return Outcome(tuple(lines), data={"encounter": encounter})


def _order_line(encounter):
    parts = []
    for index, e in enumerate(encounter.combatants):
        mark = ">" if index == encounter.turn else ""
        state = f" ({e['out']})" if e["out"] else ""
        parts.append(f"{mark}{e['name']} {e['grace']}{state}")
    return f"Round {encounter.round}. Order: " + ", ".join(parts) + "."


def order(room):
    encounter = encounter_here(room)
    return Outcome((_order_line(encounter),), data={"encounter": encounter})


@transaction.atomic
def join_fight(gm, obj):
    _require_gm(gm)
    encounter = encounter_here(gm.location)
    if any(e["id"] == obj.id for e in encounter.combatants):
        raise OldGoldError(f"{obj.key} is already in the fight.")
    _require_combatant_record(obj)
    if not is_npc(obj):
        playing_sheet_of(obj)
    current = encounter.combatants[encounter.turn]
    entries = _order(encounter.combatants + [_entry(obj)])
    encounter.combatants = entries
    encounter.turn = next(i for i, e in enumerate(entries) if e is current)
    encounter.save()
    return Outcome((f"{obj.key} joins the fight. " + _order_line(encounter),))


def _current(encounter):
    return encounter.combatants[encounter.turn]


@transaction.atomic
def swap(caller, other):
    """PCs who share a Grace score choose their order among themselves: two
    of them trade places, before the first of the two has acted this round."""
    encounter = encounter_here(caller.location)
    mine, theirs = _entry_of(encounter, caller), _entry_of(encounter, other)
    if mine is None or theirs is None or other == caller:
        raise OldGoldError("Trade places with another PC in this fight: +og/swap <name>.")
    if not (mine["pc"] and theirs["pc"]) or mine["grace"] != theirs["grace"]:
        raise OldGoldError(f"Only PCs who share a Grace score choose their order: "
                           f"{caller.key} has {mine['grace']}, {other.key} "
                           f"{theirs['grace']}. Nothing changed.")
    order = encounter.combatants
    first, second = sorted((order.index(mine), order.index(theirs)))
    started = encounter.turn == first and (order[first]["moved"] or order[first]["main"])
    if encounter.turn > first or started:
        raise OldGoldError(f"{order[first]['name']} has already acted this round: trade "
                           "places next round, before either of you acts. Nothing changed.")
    order[first], order[second] = order[second], order[first]
    lines = [f"{caller.key} and {other.key} trade places. " + _order_line(encounter)]
    if encounter.turn == first:
        lines += _begin_turn(encounter)
    encounter.save()
    return Outcome(tuple(lines))


def _acting_entry(caller, encounter):
    """The combatant the caller acts as now: their own turn, or the GM for
    the NPC whose turn it is. Refuses anyone else."""
    current = _current(encounter)
    if current["id"] == caller.id:
        return current
    if not current["pc"] and (is_gm(caller) and (encounter.gm_id in (caller.id, None)
                                                 or is_staff(caller))):
        return current
    if current["pc"] and is_gm(caller) and _entry_of(encounter, caller) is None:
        raise OldGoldError(
            f"It is {current['name']}'s turn, a player's: the GM acts on a foe's turn. "
            "|w+og/next|n ends this turn if the player is away.")
    raise OldGoldError(
        f"It is {current['name']}'s turn, not yours. Wait for your turn "
        "(|w+og/order|n shows the order)."
    )


def _require_able(entry, obj, action="act"):
    if entry["out"] == "down" or (entry["pc"] and _hp(obj) == 0):
        raise OldGoldError(
            "At 0 HP you cannot act: make your death roll with |w+og/deathroll|n."
        )
    blocked = _cannot_act(obj)
    if blocked:
        raise OldGoldError(f"{obj.key} is {blocked.lower()} and cannot {action}.")


def _hp(obj):
    if is_npc(obj):
        return npc_stats(obj)["hp"]
    return sheet_of(obj, obj).hp


def _dp(obj, entry=None):
    base = npc_stats(obj)["dp"] if is_npc(obj) else dp_of(sheet_of(obj, obj))
    return base + (entry["defend"] if entry else 0)




def _apply_damage(encounter, target, amount, lines):
    """Take `amount` off target's HP; PCs at 0 fall prone and dying, NPCs die."""
    if amount <= 0:
        return
    if has_condition(target, "asleep"):
        remove_condition(target, "asleep")
        lines.append(f"{target.key} wakes up.")
    if has_condition(target, "invisible"):
        remove_condition(target, "invisible")
    entry = _entry_of(encounter, target) if encounter else None
    if is_npc(target):
        stats = npc_stats(target)
        stats["hp"] = max(0, stats["hp"] - amount)
        target.attributes.add("og_stats", stats)
        if stats["hp"] == 0:
            lines.append(f"|r{target.key} falls and dies.|n")
            if entry is not None:
                entry["out"] = "dead"
                encounter.casualties += 1
                lines.extend(_breaking_point(encounter) or _no_foe_left(encounter))
        return
    sheet = sheet_of(target, target)
    sheet.hp = max(0, sheet.hp - amount)
    sheet.save(update_fields=["hp"])
    if sheet.hp == 0:
        add_condition(target, "prone", None, "0 HP")
        lines.append(f"|r{target.key} drops to 0 HP and falls prone, dying.|n "
                     "On each turn: |w+og/deathroll|n.")
        if entry is not None:
            entry["out"] = "down"


def _no_foe_left(encounter):
    """When the last NPC is dead or gone, say how the fight ends."""
    npcs = [e for e in encounter.combatants if not e["pc"]]
    if npcs and all(e["out"] in ("dead", "fled") for e in npcs):
        return ["No foe is left standing: the GM ends the fight with |w+og/end|n."]
    return []


def _breaking_point(encounter):
    """The text's moments for morale that the server can see: the first
    casualty, and half of the NPCs dead."""
    npcs = [e for e in encounter.combatants if not e["pc"]]
    dead = sum(1 for e in npcs if e["out"] == "dead")
    if encounter.casualties == 1:
        return ["A first casualty: the GM may call for morale (|w+og/morale|n)."]
    if len(npcs) > 1 and dead * 2 >= len(npcs) and (dead - 1) * 2 < len(npcs):
        return ["Half of them have fallen: the GM may call for morale (|w+og/morale|n)."]
    return []


def _heal(target, amount):
    if is_npc(target):
        stats = npc_stats(target)
        stats["hp"] = min(stats["max_hp"], stats["hp"] + amount)
        target.attributes.add("og_stats", stats)
        return stats["hp"]
    sheet = sheet_of(target, target)
    sheet.hp = min(sheet.max_hp, sheet.hp + amount)
    sheet.save(update_fields=["hp"])
    return sheet.hp


@dataclass(frozen=True)
class AttackRequest:
    target: object
    weapon: str = ""  # item name, NPC attack name, 'unarmed' or 'improvised'
    second: str = ""  # a second weapon for dual-wielding
    cover: str = ""  # '', 'partial' or 'full'
    advantage: bool = False
    disadvantage: bool = False
    opportunity: bool = False
    by: object = None  # the NPC a GM makes an opportunity attack with


@dataclass(frozen=True)
class Weapon:
    """What an attack strikes with: its damage roll (die + bonus), whether it
    shoots, the thrown item it spends, and its reach or range in metres."""

    name: str
    damage: str
    ranged: bool = False
    thrown: object = None
    direct: bool = False
    reach: int = rules.MELEE_REACH
    mundane: bool = False  # plain steel (or fists): no harm to what shrugs it off
    piercing: bool = False


def _weapon_profile(attacker, text, distance=None):
    """The Weapon `attacker` strikes with when it names `text` ('' for what
    is in hand, the first that reaches `distance`; 'unarmed' or
    'improvised')."""
    text = (text or "").strip().lower()
    if is_npc(attacker):
        attacks = npc_stats(attacker)["attacks"]
        if not attacks:
            return Weapon("fists", rules.UNARMED_DAMAGE)
        if not text and distance is not None:
            attacks = sorted(attacks, key=lambda a: not in_reach(
                distance, metres(a.get("reach"), rules.MELEE_REACH), a.get("ranged")))
        chosen = next((a for a in attacks if a["name"].lower().startswith(text)), None)
        if chosen is None:
            raise OldGoldError(f"{attacker.key} has no attack called '{text}'; it attacks "
                               "with: " + ", ".join(a["name"] for a in attacks) + ".")
        return Weapon(chosen["name"], chosen["damage"], bool(chosen.get("ranged")), None,
                      bool(chosen.get("direct")), metres(chosen.get("reach"), rules.MELEE_REACH))
    sheet = sheet_of(attacker, attacker)
    might = bonus(sheet.might)
    if text in ("unarmed", "fists", "fist"):
        return Weapon("fists", f"{rules.UNARMED_DAMAGE}+{might}", mundane=True)
    if text == "improvised":
        return Weapon("an improvised weapon", f"{rules.IMPROVISED_DAMAGE}+{might}",
                      mundane=True)
    weapons = [i for i in sheet.items.all() if i.kind == "weapon" and i.location == "hands"]
    if text:
        named = item_named(sheet, text)
        if named.kind != "weapon":
            raise OldGoldError(f"{named.name} is not a weapon.")
        if named.location != "hands":
            raise OldGoldError(f"{named.name} is not in your hands: "
                               f"|w+og/carry {named.name}=hands|n first (a free action).")
        weapon = named
    elif weapons:
        fitting = [w for w in weapons if distance is not None and not w.spent
                   and in_reach(distance, weapon_reach(w), w.details.get("ranged"))]
        weapon = (fitting or weapons)[0]
    else:
        return Weapon("fists", f"{rules.UNARMED_DAMAGE}+{might}", mundane=True)
    if weapon.spent:
        raise OldGoldError(f"{weapon.name} is spent: nothing left to strike with.")
    score = sheet.score(weapon.details.get("bonus") or "might")
    damage = weapon.details.get("damage", rules.IMPROVISED_DAMAGE)
    thrown = weapon if weapon.details.get("thrown") else None
    gear = rules.GEAR.get(weapon.gear)
    return Weapon(weapon.name, f"{damage}+{bonus(score)}", bool(weapon.details.get("ranged")),
                  thrown, False, weapon_reach(weapon),
                  # silvered steel and magic (the magic lights) are not mundane (TEXT)
                  mundane=not (weapon.details.get("silvered") or weapon.details.get("magic")),
                  piercing=bool(gear and gear.piercing))


def damage_modes(attacker, target, ranged, notes, advantage=False, disadvantage=False):
    """Advantage and disadvantage on a damage roll `attacker` makes against
    `target`, a weapon's or a spell's: the attacker's conditions, a fear of
    the target, the target's conditions (prone: melee with advantage, at
    range with disadvantage; unseen: disadvantage), then what every roll
    carries (a day without rest, a blessing). They cancel, never stack."""
    for condition in _conditions(attacker):
        rule = rules.CONDITIONS[condition["key"]]
        if rule.damage_disadvantage:
            disadvantage = True
            notes.append(rule.name.lower())
        if condition["key"] == "invisible":
            advantage = True
            notes.append("unseen")
    if frightened_of(attacker, target):
        disadvantage = True
        notes.append(f"frightened of {target.key}")
    for condition in _conditions(target):
        rule = rules.CONDITIONS[condition["key"]]
        if rule.melee_against_advantage and not ranged:
            advantage = True
            notes.append(f"target {rule.name.lower()}")
        if rule.ranged_against_disadvantage and ranged:
            disadvantage = True
            notes.append(f"target {rule.name.lower()}")
        if condition["key"] == "invisible":
            disadvantage = True
            notes.append("target unseen")
    sheet = None if is_npc(attacker) else sheet_of(attacker, attacker)
    return own_modes(sheet, attacker, notes, advantage, disadvantage)


def _shrugs_off(target, weapon):
    """Why `target` takes no harm from `weapon` (a bestiary immunity), or ''."""
    immune = npc_stats(target).get("immune", []) if is_npc(target) else []
    if weapon.mundane and "mundane weapons" in immune:
        return (f"{target.key} shrugs off mundane weapons. Silver or magic harms it "
                "(|w+og/buy silvered <weapon>|n).")
    if weapon.piercing and "piercing" in immune:
        return f"{target.key} shrugs off piercing weapons such as spears and arrows."
    return ""


def undead_or_fiend(obj):
    """Smite strikes these harder and holy Light shakes their nerve."""
    return any(obj.tags.has(kind, category="oldgold") for kind in ("undead", "fiend"))


def refuse_harming_the_charmer(attacker, target):
    """A charmed creature will not knowingly harm its charmer."""
    if any(c["key"] == "charmed" and c.get("source") == target.key
           for c in _conditions(attacker)):
        raise OldGoldError(f"{attacker.key} is charmed by {target.key} and will not harm "
                           "them: choose another target. Nothing was used.")


def _opportunity_entry(caller, encounter, request):
    """Who strikes out of turn: the caller, or the NPC a GM names (`by`)."""
    striker = request.by if request.by is not None else caller
    if request.by is not None and not (is_gm(caller) and is_npc(striker)):
        raise OldGoldError("Only a GM strikes for an NPC: +og/oa <target>=by <NPC>.")
    entry = _entry_of(encounter, striker)
    if entry is None:
        raise OldGoldError("Only a combatant in this fight can make an opportunity attack "
                           "(a GM names the NPC: |w+og/oa <target>=by <NPC>|n).")
    if entry["oa_round"] == encounter.round:
        raise OldGoldError(f"{striker.key} has made their one opportunity attack this round.")
    return entry


@transaction.atomic
def attack(caller, request, rng=None):
    rng = _dice(rng)
    encounter = encounter_here(caller.location)
    if request.opportunity:
        entry = _opportunity_entry(caller, encounter, request)
    else:
        entry = _acting_entry(caller, encounter)
        if entry["main"]:
            raise OldGoldError("You have used your main action this turn: |w+og/done|n ends it.")
    attacker = _obj(entry)
    _require_able(entry, attacker, "attack")
    target = request.target
    target_entry = _entry_of(encounter, target)
    if target_entry is None or target_entry["out"] in ("dead", "fled"):
        raise OldGoldError(f"{target.key} is not standing in this fight.")
    if target == attacker:
        raise OldGoldError("Choose someone other than yourself to attack.")
    refuse_harming_the_charmer(attacker, target)
    distance = between(encounter, entry, target_entry)
    weapon = _weapon_profile(attacker, request.weapon,
                             rules.MELEE_REACH if request.opportunity else distance)
    if weapon.thrown is not None and weapon.thrown.spent:
        raise OldGoldError(f"You have no {weapon.thrown.name} left to throw.")
    if request.opportunity and weapon.ranged:
        raise OldGoldError("An opportunity attack is a blow in melee: strike with a melee "
                           "weapon (|w+og/oa <target> with <weapon>|n).")
    if not request.opportunity:
        require_weapon_reach(distance, weapon.reach, weapon.ranged, target, weapon.name)
    notes, lines = [], []
    shrugs = _shrugs_off(target, weapon)
    if shrugs:
        line = f"{attacker.key} strikes {target.key} with {weapon.name}: {shrugs}"
        _log("attack", attacker, caller.location, [], line, blocked=True)
        _use_main(encounter, entry, request)
        encounter.save()
        return Outcome((line,))
    if request.cover == "full":
        line = f"{attacker.key} attacks {target.key}, who is behind full cover: blocked."
        lines.append(line)
        _log("attack", attacker, caller.location, [], line, blocked=True)
        _use_main(encounter, entry, request)
        encounter.save()
        return Outcome(tuple(lines))
    allies = allies_in_melee_with(encounter, entry, target_entry) if weapon.ranged else []
    if allies:
        die, strays = dice.chance(*rules.ALLY_HIT_CHANCE, rng)
        if strays:
            ally = allies[rng.randint(1, len(allies)) - 1] if len(allies) > 1 else allies[0]
            lines.append(f"Shooting into the melee (1d6: {die}): the shot strikes "
                         f"{ally['name']} instead!")
            target, target_entry = _obj(ally), ally
        else:
            notes.append(f"into melee, 1d6: {die}")
    advantage, disadvantage = damage_modes(attacker, target, weapon.ranged, notes,
                                           request.advantage, request.disadvantage)
    dp = _dp(target, target_entry)
    if request.cover == "partial":
        dp += rules.COVER_DP
        notes.append(f"cover +{rules.COVER_DP} DP")
    spec = {"target_id": target.id, "damage": weapon.damage, "second_damage": "", "dp": dp,
            "advantage": advantage, "disadvantage": disadvantage, "direct": weapon.direct,
            "smite": ""}
    name = weapon.name
    if request.second:
        second = _weapon_profile(attacker, request.second)
        spec["second_damage"] = second.damage
        name = f"{name} and {second.name}"
    if entry.get("smite") and not weapon.ranged:
        heart = bonus(score_of(attacker, "heart"))
        spec["smite"] = f"{'2d8' if undead_or_fiend(target) else '1d8'}+{heart}"
        entry["smite"] = False
        notes.append(f"Smite adds {spec['smite']} to the roll")
    rolled = roll_attack_damage(spec, rng)
    if rolled.dual_note:
        notes.append(rolled.dual_note)
    note = f" [{'; '.join(notes)}]" if notes else ""
    kind = "opportunity attack" if request.opportunity else "attack"
    line = (f"{attacker.key} makes an {kind} on {target.key} with {name}: "
            f"{rolled.damage.render()}{note}")
    lines.append(line)
    if weapon.thrown is not None:
        thrown = weapon.thrown
        thrown.marked += 1
        thrown.used = True
        thrown.save(update_fields=["marked", "used"])
        key = str(thrown.pk)
        entry["thrown"][key] = entry["thrown"].get(key, 0) + 1
    before = _hp(target)
    _apply_damage(encounter, target, rolled.taken, lines)
    if has_condition(attacker, "invisible"):
        remove_condition(attacker, "invisible")
    # `lost` is what HP can give back: no more than the target had.
    _log("attack", attacker, caller.location, rolled.dice, line, target=target.key,
         taken=rolled.taken, lost=before - _hp(target), **spec)
    _use_main(encounter, entry, request)
    encounter.save()
    return Outcome(tuple(lines), data={"taken": rolled.taken, "damage": rolled.damage})


@dataclass(frozen=True)
class AttackDamage:
    damage: object  # the dice.Damage that counts
    taken: int
    dice: list
    dual_note: str = ""


def roll_attack_damage(spec, rng):
    """The damage of one attack from its recorded spec (weapon dice, a second
    weapon, DP, advantage, direct, a smite): used by the attack and again by
    an Inspiration reroll of it. A smite's dice join the blow's roll, so
    advantage or disadvantage on the blow is on them too."""
    dp, direct = spec["dp"], spec["direct"]
    adv, dis = spec["advantage"], spec["disadvantage"]
    smite = f"+{spec['smite']}" if spec.get("smite") else ""
    note = ""
    if spec.get("second_damage"):
        kept, other = dice.roll_dual_damage(spec["damage"] + smite, spec["second_damage"] + smite,
                                            dp, rng, adv, dis, direct)
        note = f"dual-wielding, kept the higher of {kept.rolled} and {other.rolled}"
        result = kept
        rolled_dice = [d for r in (*kept.rolls, *other.rolls) for d in r.dice]
    else:
        result = dice.roll_damage(spec["damage"] + smite, dp, rng, adv, dis, direct)
        rolled_dice = [d for r in result.rolls for d in r.dice]
    return AttackDamage(result, result.taken, rolled_dice, note)


def undo_damage(encounter, target, amount):
    """Give back `amount` HP an attack took (an Inspiration reroll of that
    attack): a PC or NPC it dropped stands in the fight again."""
    if amount <= 0:
        return
    entry = _entry_of(encounter, target) if encounter else None
    if is_npc(target):
        stats = npc_stats(target)
        was_dead = stats["hp"] == 0
        stats["hp"] = min(stats["max_hp"], stats["hp"] + amount)
        target.attributes.add("og_stats", stats)
        if was_dead and entry is not None and entry["out"] == "dead":
            entry["out"] = None
            encounter.casualties = max(0, encounter.casualties - 1)
        return
    sheet = sheet_of(target, target)
    was_down = sheet.hp == 0
    sheet.hp = min(sheet.max_hp, sheet.hp + amount)
    sheet.save(update_fields=["hp"])
    if was_down:
        remove_condition(target, "prone")
        if entry is not None and entry["out"] == "down":
            entry["out"] = None


def _use_main(encounter, entry, request=None):
    if request is not None and request.opportunity:
        entry["oa_round"] = encounter.round
    else:
        entry["main"] = True


@transaction.atomic
def simple_action(caller, action, rng=None, toward=None, away=None):
    """move, sprint, defend, disengage on your turn. A move or a sprint
    goes your Speed in metres `toward` someone (no nearer than within reach)
    or `away` from them; toward someone you fear it is refused, and leaving
    a foe's reach without disengaging tells the foe it may strike."""
    rng = _dice(rng)
    encounter = encounter_here(caller.location)
    entry = _acting_entry(caller, encounter)
    obj = _obj(entry)
    _require_able(entry, obj, action)
    speed_zero = next((rules.CONDITIONS[c["key"]].name for c in _conditions(obj)
                       if rules.CONDITIONS[c["key"]].speed_zero), None)
    if action in ("move", "sprint", "disengage") and speed_zero:
        raise OldGoldError(f"{obj.key} is {speed_zero.lower()}: their Speed is 0.")
    if action in ("move", "sprint") and frightened_of(obj, toward):
        raise OldGoldError(f"{obj.key} is frightened of {toward.key} and cannot move toward "
                           f"them while {toward.key} is in sight. Move another way "
                           f"(|w+og/move away from {toward.key}|n) or act where you stand. "
                           "Nothing was used.")
    other = toward if toward is not None else away
    other_entry = _entry_of(encounter, other) if other is not None else None
    if other is not None and (other_entry is None or other == obj):
        raise OldGoldError(f"Move toward or away from someone else in this fight "
                           f"({other.key} is not in it): +og/move toward <name>.")
    if action == "move":
        if entry["moved"]:
            raise OldGoldError("You have moved this turn; sprinting (|w+og/sprint|n) moves "
                               "again as your main action.")
        entry["moved"] = True
        if has_condition(obj, "prone"):
            remove_condition(obj, "prone")
            encounter.save()
            return Outcome((f"{obj.key} stands up (that takes the move).",))
        line = _moved(encounter, entry, obj, other, other_entry, toward is not None, "moves")
        encounter.save()
        return Outcome((line,))
    if entry["main"]:
        raise OldGoldError("You have used your main action this turn: |w+og/done|n ends it.")
    entry["main"] = True
    if action == "defend":
        die = expr.roll(rules.DEFEND_DIE, rng).total
        entry["defend"] = die
        line = (f"{obj.key} defends: {rules.DEFEND_DIE} [{die}], +{die} DP until their "
                "next turn.")
        _log("defend", obj, caller.location, [die], line)
    elif action == "sprint":
        line = _moved(encounter, entry, obj, other, other_entry, toward is not None,
                      "sprints", " as their main action")
    else:
        entry["disengage"] = True
        line = f"{obj.key} disengages: moving away draws no opportunity attacks."
    encounter.save()
    return Outcome((line,))


def _moved(encounter, entry, obj, other, other_entry, toward, verb, how=""):
    """The line of a move (or sprint) of `obj`, and its step toward or away
    from `other` when one is named."""
    if other is None:
        return f"{obj.key} {verb}{how}, up to {speed_of(obj)}m."
    before, after = step(encounter, entry, other_entry, speed_of(obj), toward)
    way = "toward" if toward else "away from"
    line = f"{obj.key} {verb} {way} {other.key}{how}: {before}m apart, now {after}m."
    foe_reach = melee_reach_of(other)
    if (not toward and before <= foe_reach < after and not entry.get("disengage")
            and other_entry["pc"] != entry["pc"] and not other_entry["out"]):
        strike = (f"|w+og/oa {obj.key}|n" if other_entry["pc"]
                  else f"the GM: |w+og/oa {obj.key}=by {other.key}|n")
        line += (f" Leaving {other.key}'s reach, {obj.key} provokes an opportunity "
                 f"attack ({strike}).")
    return line


HOLDS = ("grappled", "restrained")


@transaction.atomic
def escape(caller, request, rng=None):
    """Break free of a grapple or of bonds: a check (`request`), as the main
    action in a fight; on a success the holds end."""
    held = [c for c in _conditions(caller) if c["key"] in HOLDS]
    if not held:
        raise OldGoldError("You are neither grappled nor restrained: there is nothing to "
                           "break free of.")
    encounter = encounter_here(caller.location, required=False)
    entry = _entry_of(encounter, caller) if encounter else None
    if entry is not None:
        entry = _acting_entry(caller, encounter)
        _require_able(entry, caller, "break free")
        if entry["main"]:
            raise OldGoldError("You have used your main action this turn: |w+og/done|n ends it.")
    outcome = make_check(caller, request, rng, kind="escape", held=held)
    lines = list(outcome.lines) + held_after(caller, held, outcome.data["check"].success)
    if entry is not None:
        entry["main"] = True
        encounter.save()
    return Outcome(tuple(lines), data=outcome.data)


def held_after(obj, held, success):
    """Set the holds by an escape's result (again, when Inspiration rolls it
    anew): gone on a success, back as they were on a failure."""
    names = " or ".join(rules.CONDITIONS[c["key"]].name.lower() for c in held)
    kept = [c for c in _conditions(obj) if c["key"] not in HOLDS]
    _save_conditions(obj, kept if success else kept + held)
    if success:
        return [f"{obj.key} breaks free: no longer {names}."]
    return [f"{obj.key} is still {names}."]


@transaction.atomic
def end_turn(caller, rng=None):
    encounter = encounter_here(caller.location)
    entry = _acting_entry(caller, encounter)
    if entry["out"] == "down" and not entry.get("rolled_death"):
        raise OldGoldError("You are dying: make your death roll first (|w+og/deathroll|n).")
    lines = [f"{entry['name']} ends their turn."]
    lines += _advance(encounter, rng)
    encounter.save()
    return Outcome(tuple(lines), data={"encounter": encounter})


@transaction.atomic
def gm_next(gm, rng=None):
    """The GM moves the fight on (an NPC's turn done, or a player away)."""
    _require_gm(gm)
    encounter = encounter_here(gm.location)
    lines = [f"The GM ends {_current(encounter)['name']}'s turn."]
    lines += _advance(encounter, rng)
    encounter.save()
    return Outcome(tuple(lines), data={"encounter": encounter})


def _standing(encounter):
    return [e for e in encounter.combatants if e["out"] not in ("dead", "fled")]


def _advance(encounter, rng=None):
    lines = []
    order_at = None  # where a new round's order line goes, once its first actor is known
    for _ in range(len(encounter.combatants) * 2 + 2):
        encounter.turn += 1
        if encounter.turn >= len(encounter.combatants):
            encounter.turn = 0
            encounter.round += 1
            lines += _tick(encounter)
            order_at = len(lines)
        current = _current(encounter)
        if current["out"] == "dead" and not current["pc"]:
            # A fallen creature's hooks still run in its slot: a lone zombie
            # rises again only on its own turn (it acts from the next round).
            obj = _obj(current)
            lines += _round_hooks(encounter, obj) if obj is not None else []
            continue
        if current["out"] in ("dead", "fled"):
            continue
        obj = _obj(current)
        if obj is None:
            current["out"] = "fled"
            continue
        if current.get("surprised") and encounter.round == 1:
            lines.append(f"{current['name']} is surprised and cannot act in the first round.")
            continue
        current["surprised"] = False
        blocked = _cannot_act(obj) if current["out"] != "down" else None
        if blocked:
            lines.append(f"{current['name']} is {blocked.lower()} and loses the turn.")
            continue
        if order_at is not None:
            lines.insert(order_at, _order_line(encounter))
        lines += _begin_turn(encounter, rng)
        return lines
    if order_at is not None:
        lines.insert(order_at, _order_line(encounter))
    lines.append("No one is left who can act. The GM ends the fight with |w+og/end|n.")
    return lines


def _begin_turn(encounter, rng=None):
    current = _current(encounter)
    current.update(defend=0, moved=False, main=False, rolled_death=False, disengage=False)
    obj = _obj(current)
    lines = []
    if current["out"] == "down":
        lines.append(f"|w{current['name']}'s turn|n: at 0 HP, roll |w+og/deathroll|n.")
        return lines
    lines.append(f"|w{current['name']}'s turn.|n")
    if obj is not None and not current["pc"]:
        lines += _round_hooks(encounter, obj)
    return lines


def _round_hooks(encounter, npc):
    """The lines of the NPC's per-round abilities (world.oldgold.abilities)."""
    from world.oldgold.abilities import ROUND_HOOKS

    lines = []
    for ability in npc_stats(npc).get("abilities", []):
        hook = ROUND_HOOKS.get(ability)
        said = hook(encounter, npc) if hook else None
        if said:
            lines.append(said)
    return lines


def _tick(encounter):
    """A round has passed: every timed condition loses one round; expired ones end."""
    lines = []
    for entry in encounter.combatants:
        obj = _obj(entry)
        if obj is None:
            continue
        conditions, kept = _conditions(obj), []
        for condition in conditions:
            if condition["rounds"] is not None:
                condition["rounds"] -= 1
                if condition["rounds"] <= 0:
                    name = rules.CONDITIONS[condition["key"]].name.lower()
                    lines.append(f"{obj.key} is no longer {name}.")
                    continue
            kept.append(condition)
        if kept != conditions or any(c["rounds"] is not None for c in kept):
            _save_conditions(obj, kept)
    return lines


@transaction.atomic
def death_roll(caller, rng=None):
    rng = _dice(rng)
    encounter = encounter_here(caller.location, required=False)
    if encounter is not None and _entry_of(encounter, caller):
        entry = _acting_entry(caller, encounter)
    else:
        entry = None
    sheet = playing_sheet(caller)
    if sheet.hp > 0:
        raise OldGoldError("You are not dying: death rolls are for 0 HP.")
    if entry is not None and entry.get("rolled_death"):
        raise OldGoldError("You have made this turn's death roll: |w+og/done|n ends it.")
    notes = []
    advantage, disadvantage = own_modes(sheet, caller, notes)
    result = dice.death_roll(rng, advantage, disadvantage)
    note = f" [{'; '.join(notes)}]" if notes else ""
    said = result.render()
    lines = [f"{caller.key}'s {said[0].lower()}{said[1:]}.{note}"]
    if result.outcome == "dies":
        sheet.dead = True
        sheet.save(update_fields=["dead"])
        lines.append(f"|r{caller.key} is dead.|n")
        if entry is not None:
            entry["out"] = "dead"
    elif result.outcome == "recovers":
        sheet.hp = dice.RECOVERED_HP
        sheet.save(update_fields=["hp"])
        if entry is not None:
            entry["out"] = None
    _log("death", caller, caller.location, result.dice, lines[0], outcome=result.outcome,
         advantage=advantage, disadvantage=disadvantage)
    if entry is not None:
        entry["rolled_death"] = True
        lines += _advance(encounter, rng) if result.outcome != "recovers" else []
        encounter.save()
    return Outcome(tuple(lines), data={"death": result})


@transaction.atomic
def morale(gm, targets=(), rng=None):
    """NPCs check morale: 2d6 over their morale and they flee."""
    _require_gm(gm)
    rng = _dice(rng)
    encounter = encounter_here(gm.location)
    entries = [e for e in encounter.combatants if not e["pc"] and not e["out"]]
    if targets:
        ids = {t.id for t in targets}
        entries = [e for e in entries if e["id"] in ids]
    if not entries:
        raise OldGoldError("No NPC here is left to check morale.")
    lines = []
    for entry in entries:
        obj = _obj(entry)
        result = dice.morale_check(npc_stats(obj)["morale"], rng)
        line = f"{obj.key}: {result.render()}"
        if result.breaks:
            entry["out"] = "fled"
        line += " and flee." if result.breaks else "."
        lines.append(line)
        _log("morale", obj, gm.location, result.dice, line, breaks=result.breaks)
    lines += _no_foe_left(encounter)
    if _current(encounter)["out"] == "fled":
        lines += _advance(encounter, rng)
    encounter.save()
    return Outcome(tuple(lines))


@transaction.atomic
def end_fight(gm, rng=None):
    """The fight is over: wear on weapons, armour and shields (1-in-6 a dot),
    thrown weapons found again (5-in-6 each), conditions of the fight end."""
    _require_gm(gm)
    rng = _dice(rng)
    encounter = encounter_here(gm.location)
    lines = ["|wThe fight is over.|n"]
    rolled = []
    for entry in encounter.combatants:
        obj = _obj(entry)
        if obj is None:
            continue
        if entry["pc"]:
            sheet = OldGoldSheet.objects.filter(character=obj).first()
            if sheet is None or sheet.dead:
                continue
            for key, count in entry["thrown"].items():
                item = Item.objects.filter(pk=int(key), sheet=sheet).first()
                if item is None:
                    continue
                found = 0
                for _ in range(count):
                    die, back = dice.chance(*rules.THROWN_RECOVERY, rng)
                    rolled.append(die)
                    found += back
                item.marked = max(0, item.marked - found)
                item.save(update_fields=["marked"])
                lines.append(f"{obj.key} finds {found} of {count} {item.name} thrown.")
            worn = [i for i in sheet.items.all()
                    if i.kind in ("weapon", "armour", "shield") and not i.spent
                    and not i.details.get("thrown") and not i.details.get("magic")
                    and (i.location == "hands" or (i.kind == "armour" and i.location == "body"))]
            rolls = []
            for item in worn:
                die, wears = dice.chance(*rules.WEAR_CHANCE, rng)
                rolled.append(die)
                rolls.append(f"{item.name} [{die}]")
                if wears:
                    item.marked += 1
                    item.used = True
                    item.save(update_fields=["marked", "used"])
                    rolls[-1] += f" wears ({item.marked}/{item.max_dots} dots)"
            if rolls:
                lines.append(f"Wear on {obj.key}'s gear (1d6 each, a 1 marks a dot): "
                             + "; ".join(rolls) + ".")
        conditions = [c for c in _conditions(obj)
                      if c["rounds"] is not None or c["key"] == "petrified"
                      or (c["key"] == "prone" and _hp(obj) == 0)]
        _save_conditions(obj, conditions)
    encounter.active = False
    encounter.ended_at = timezone.now()
    encounter.save()
    _log("end", gm, gm.location, rolled, " ".join(lines))
    return Outcome(tuple(lines))


@transaction.atomic
def splinter_shield(caller):
    """Fill every dot on your shield to cancel the damage you just took."""
    sheet = playing_sheet(caller)
    shield = next((i for i in sheet.items.all() if i.kind == "shield" and
                   i.location == "hands" and not i.spent), None)
    if shield is None:
        raise OldGoldError("You hold no whole shield to splinter.")
    last = OldGoldRoll.objects.filter(kind__in=("attack", "magic"),
                                      details__target=caller.key).first()
    if last is None or not last.details.get("taken"):
        raise OldGoldError("No attack has hurt you to ignore.")
    if last.details.get("splintered"):
        raise OldGoldError("You have already splintered a shield against that attack.")
    shield.marked = shield.max_dots
    shield.save(update_fields=["marked"])
    sheet.hp = min(sheet.max_hp, sheet.hp + last.details.get("lost", last.details["taken"]))
    sheet.save(update_fields=["hp"])
    last.details["splintered"] = True
    last.save(update_fields=["details"])
    encounter = encounter_here(caller.location, required=False)
    if encounter and (entry := _entry_of(encounter, caller)) and entry["out"] == "down":
        entry["out"] = None
        remove_condition(caller, "prone")
        encounter.save()
    return Outcome((f"{caller.key}'s shield splinters and takes the blow: "
                    f"{last.details['taken']} damage ignored.",))


# ---------------------------------------------------------------- NPCs


def make_npc_stats(values, attacks):
    stats = {attribute: values.get(attribute, 1) for attribute in rules.ATTRIBUTES}
    stats["max_hp"] = values.get("hp", 5)
    stats["hp"] = stats["max_hp"]
    stats["dp"] = values.get("dp", 0)
    stats["morale"] = values.get("morale", 7)
    stats["speed"] = values.get("speed", rules.NPC_SPEED)
    stats["attacks"] = attacks or [{"name": "claws", "damage": "1d4"}]
    stats["conditions"] = []
    for attribute in rules.ATTRIBUTES:
        if not 0 <= stats[attribute] <= rules.MAX_NPC_ATTRIBUTE:
            raise OldGoldError(f"An NPC's {attribute} goes from 0 to {rules.MAX_NPC_ATTRIBUTE}.")
    if not 1 <= stats["max_hp"] <= rules.MAX_NPC_HP:
        raise OldGoldError(f"An NPC's HP goes from 1 to {rules.MAX_NPC_HP}.")
    for number in ("dp", "morale"):
        if stats[number] > rules.MAX_NPC_HP:
            raise OldGoldError(f"An NPC's {number.upper() if number == 'dp' else number} "
                               f"goes from 0 to {rules.MAX_NPC_HP}.")
    for entry in stats["attacks"]:
        try:
            expr.parse(entry["damage"])
        except Exception:
            raise OldGoldError(f"'{entry['damage']}' is not a damage roll like 1d6+1.") from None
    return stats


def _attack_text(attack):
    """'sling 1d4+2 (range 20m)', 'touch 1d6 direct (reach 2m)'."""
    how = "range" if attack.get("ranged") else "reach"
    far = metres(attack.get("reach"), rules.MELEE_REACH)
    direct = " direct" if attack.get("direct") else ""
    return f"{attack['name']} {attack['damage']}{direct} ({how} {far}m)"


@transaction.atomic
def create_npc(gm, name, stats):
    _require_gm(gm)
    from evennia.utils import create

    npc = create.create_object("typeclasses.oldgold.OldGoldNpc", key=name[:40],
                               location=gm.location, home=gm.location)
    npc.attributes.add("og_stats", stats)
    encounter = encounter_here(gm.location, required=False)
    lines = [f"{npc.key} appears: HP {stats['hp']}, DP {stats['dp']}, "
             + ", ".join(f"{a.capitalize()} {stats[a]}" for a in rules.ATTRIBUTES)
             + f", Speed {stats['speed']}m, Morale {stats['morale']}; attacks "
             + ", ".join(_attack_text(a) for a in stats["attacks"]) + "."]
    if encounter:
        lines.append("It is not yet in the fight: |w+og/join " + npc.key + "|n.")
    return Outcome(tuple(lines), data={"npc": npc})
