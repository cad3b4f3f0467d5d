"""
What the Goldengrave commands do: roll up PCs, found and join companies,
spend Supply, Sway and Glory, run the combat procedure, traps, skill checks,
nights in town, revisits and wars. Each function checks first, changes the
database inside one transaction, records its dice in the roll log and returns
a frozen report; it never writes to a player. Refusals are
`GoldengraveError`s, raised before anything changes.

Dice come from `rng` (any object with `randint`); every function takes an
`rng` argument that defaults to this module's `default_rng`, which tests may
replace.
"""

import random
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from world.access import find_character, is_staff
from world.dice import goldengrave as dice
from world.dice.results import DiceError
from world.goldengrave import rules
from world.goldengrave.errors import GoldengraveError
from world.goldengrave.models import (
    Company,
    Delve,
    Dungeon,
    DungeonRoom,
    GloryEntry,
    GoldengraveRoll,
    Item,
    Sheet,
    Treasure,
    War,
)
from world.numbers import whole_number
from world.words import possessive
from world.prepared import Prepared

default_rng = random.SystemRandom()

MONSTER = "typeclasses.goldengrave.GoldengraveMonster"
TRAP = "typeclasses.goldengrave.GoldengraveTrap"
THREAT = "typeclasses.goldengrave.GoldengraveThreat"


def _dice(rng):
    return default_rng if rng is None else rng


def log(kind, roller, company, outcome, dice_=(), room=None, **details):
    """Record one roll or change in the log (the web page and +gg/log show it)."""
    if room is None and roller is not None:
        room = roller.location
    return GoldengraveRoll.objects.create(
        kind=kind,
        roller=roller,
        room=room,
        company=company,
        dice=list(dice_),
        outcome=outcome[:300],
        details=details,
    )


# ---------------------------------------------------------------- look-ups


def living_sheet(character, asker=None):
    sheet = Sheet.objects.filter(character=character, alive=True).first()
    if sheet is None:
        if asker is None or asker == character:
            dead = Sheet.objects.filter(character=character, alive=False).order_by("-id").first()
            if dead is not None:
                joins = f", who joins {dead.company.name} in town" if dead.company else ""
                raise GoldengraveError(
                    f"{dead.name} is dead. |w+gg/new|n rolls your next PC{joins}."
                )
            raise GoldengraveError("You have no Goldengrave PC yet: |w+gg/new|n rolls one up.")
        raise GoldengraveError(f"{character.key} has no living Goldengrave PC.")
    return sheet


def pc_named(caller, name):
    """The player character behind a PC: `name` is the PC's name (Juno) or
    the player's character (Bob)."""
    wanted = " ".join((name or "").split())
    sheets = list(
        Sheet.objects.filter(alive=True, name__iexact=wanted).select_related("character")
    ) if wanted else []
    if len(sheets) == 1:
        return sheets[0].character
    return find_character(caller, wanted, anywhere=True, error=GoldengraveError)


def company_named(name):
    company = Company.objects.filter(name__iexact=(name or "").strip()).first()
    if company is None:
        raise GoldengraveError(f"There is no company called '{name}'. |w+gg/companies|n lists them.")
    return company


def my_company(character, named=None):
    """The caller's company, refusing anyone who names a company they are not in."""
    return _membership(character, named).company


def acting_company(character, named=None):
    """The caller's company, for something their PC does in it: a knocked-out
    PC does nothing until the danger is past."""
    sheet = _membership(character, named)
    if sheet.knocked_out:
        raise GoldengraveError(knocked_out_refusal(sheet))
    return sheet.company


def knocked_out_refusal(sheet):
    company = sheet.company
    if company is not None and company.sheets.filter(alive=True, knocked_out=False).exists():
        return (
            f"{sheet.name} is knocked out and can do nothing until the danger is past. "
            f"The others can fight on, or |w+gg/retreat|n and carry {sheet.name} out; "
            "the GM types |w+ggm/safe|n once the danger is over."
        )
    return (
        f"{sheet.name} is knocked out and nobody in the company is on their feet: "
        "nothing can be done until the danger is past. The GM types |w+ggm/safe|n "
        "once it is over."
    )


def must_rest_refusal(company, doing):
    """`doing` ('go back in', 'fight') waits for a night in town after 0 Stamina."""
    return (
        f"{company.name} has 0 Stamina and must rest before it can {doing}: the GM "
        f"gives it a night in town with |w+ggm/night @{company.name}|n."
    )


def _membership(character, named=None):
    """The caller's living PC, who is in a company (the one named, if named)."""
    sheet = living_sheet(character)
    if named:
        company = company_named(named)
        if sheet.company_id != company.pk:
            raise GoldengraveError(
                f"You are not in {company.name}, so you cannot act for it. "
                "|w+gg/join <company>|n joins one."
            )
    if sheet.company is None:
        raise GoldengraveError(
            "Your PC is in no company: |w+gg/found <name>=<stamina>,<supply>,<sway>|n "
            "founds one, |w+gg/join <name>|n joins one."
        )
    return sheet


def _locked(company):
    return Company.objects.select_for_update().get(pk=company.pk)


def members(company):
    return list(company.members)


# `+gg/companies`: every company with its count of living PCs, in one query
# whose SQL Django writes once.
_companies_listed = Prepared(
    lambda: Company.objects.annotate(living=Count("sheets", filter=Q(sheets__alive=True)))
    .order_by("name")
)


def companies_listed():
    """Every company by name, each with `living`, its number of living PCs."""
    return _companies_listed()


def companies_here(room):
    ids = Sheet.objects.filter(
        alive=True, company__isnull=False, character__db_location=room
    ).values_list("company_id", flat=True)
    return list(Company.objects.filter(pk__in=set(ids)).order_by("name"))


def company_for_gm(gm, named=None):
    """The company a GM's command is about: the one named, or the only one here."""
    if named:
        company = company_named(named)
    else:
        here = companies_here(gm.location)
        if not here:
            raise GoldengraveError(
                "No company has a PC here. Name one after an @, e.g. "
                "|w+ggm/damage 3 @The Lanterns|n."
            )
        if len(here) > 1:
            names = ", ".join(c.name for c in here)
            raise GoldengraveError(
                f"Several companies are here ({names}): name one after an @, e.g. "
                f"|w+ggm/night @{here[0].name}|n."
            )
        company = here[0]
    require_gm(gm, company=company)
    return company


def dungeon_of_room(room):
    """The dungeon `room` is a room of (or, failing that, the first whose town it is)."""
    entry = DungeonRoom.objects.filter(room=room).select_related("dungeon").first()
    if entry is not None:
        return entry.dungeon
    return Dungeon.objects.filter(town=room).first()


def dungeon_of_company(company):
    """The dungeon whose GM runs `company`: the one it is delving, or between
    delves the one it entered last (None if it never delved)."""
    if company.dungeon_id is not None:
        return company.dungeon
    last = (
        Delve.objects.filter(company=company).select_related("dungeon")
        .order_by("-entered_at", "-id").first()
    )
    return last.dungeon if last is not None else None


def is_gm(who, dungeon=None, company=None):
    """
    Staff always. Otherwise the GM of `dungeon`; of `company`'s dungeon (see
    `dungeon_of_company`: a company's GM is never decided by where anyone
    stands); or, given neither, of a dungeon that has the caller's room as a
    room or as its town.
    """
    if who is None:
        return False
    if is_staff(who):
        return True
    if company is not None:
        dungeon = dungeon_of_company(company)
        return dungeon is not None and dungeon.gm_id == who.pk
    if dungeon is not None:
        return dungeon.gm_id == who.pk
    room = who.location
    return room is not None and Dungeon.objects.filter(
        Q(rooms__room=room) | Q(town=room), gm=who
    ).exists()


def runs_room(who, room):
    """Staff, or the GM of the dungeon `room` is a room of (towns do not count:
    a town may be anyone's square, and monsters belong in the dungeon)."""
    if is_staff(who):
        return True
    entry = DungeonRoom.objects.filter(room=room).select_related("dungeon").first()
    return entry is not None and entry.dungeon.gm_id == who.pk


def runs_a_dungeon(who):
    """Staff, or a player who made at least one dungeon."""
    return is_staff(who) or Dungeon.objects.filter(gm=who).exists()


def require_gm(who, dungeon=None, company=None):
    if not is_gm(who, dungeon, company):
        raise GoldengraveError(
            "Only the GM can do that: staff, or the player who made this dungeon "
            "with |w+ggdungeon/new|n."
        )


def require_room_gm(who, room):
    if not runs_room(who, room):
        raise GoldengraveError(
            "Monsters and traps are the GM's, in a room of their dungeon: stand in "
            "one you added with |w+ggdungeon/room|n."
        )


def threat_here(gm, name, typeclass=THREAT):
    """The monster or trap called `name` in the GM's room: an exact name wins,
    then the one still standing among dead namesakes; `Cobblemaw-2` picks
    among several, as everywhere in Evennia."""
    from evennia.utils.utils import inherits_from

    if not name:
        raise GoldengraveError("Name the monster or trap, e.g. Cellar Wight.")
    matches = list(gm.search(name, location=gm.location, quiet=True))
    found = [obj for obj in matches if inherits_from(obj, typeclass)]
    if not found:
        what = {MONSTER: "monster", TRAP: "trap"}.get(typeclass, "monster or trap")
        raise GoldengraveError(f"There is no Goldengrave {what} called '{name}' here.")
    for narrower in (
        [obj for obj in found if obj.key.lower() == name.lower()],
        [obj for obj in found if obj.power > 0],
    ):
        if len(narrower) == 1:
            return narrower[0]
        found = narrower or found
    if len(found) > 1:
        # numbered as Evennia's search numbers them, so the answer finds its pick
        choices = " or ".join(f"{obj.key}-{matches.index(obj) + 1}" for obj in found)
        raise GoldengraveError(f"'{name}' could be several things here: say {choices}.")
    return found[0]


def power_given(text, low=0):
    power = whole_number(text, low, rules.MAX_POWER)
    if power is None:
        raise GoldengraveError(f"Give Power as a whole number from {low} to {rules.MAX_POWER}.")
    return power


def stat_named(text, army=True):
    wanted = (text or "").strip().lower()
    choices = rules.STATS + ((rules.ARMY,) if army else ())
    found = [stat for stat in choices if stat.startswith(wanted)] if wanted else []
    if len(found) != 1:
        raise GoldengraveError(f"'{text}' is not a stat. Choose from: {', '.join(choices)}.")
    return found[0]


# ---------------------------------------------------------------- characters


@dataclass(frozen=True)
class NewPC:
    sheet: Sheet
    sparks: object
    traits: object
    name: object
    rejoined: Company | None = None
    town: object = None


def roll_name(region, rng):
    """A name from the region's column: the text's, or our own for the lost ones."""
    return dice.roll_name(region, rng, rules.NAME_COLUMNS)


def new_pc(character, rng=None):
    """Chargen: both sparks, the trait dice (triples rerolled) and a name.

    A player whose last PC died in a company gets the new one in that
    company, standing in its dungeon's town.
    """
    rng = _dice(rng)
    with transaction.atomic():
        if Sheet.objects.filter(character=character, alive=True).exists():
            raise GoldengraveError("You already have a living PC: |w+gg/sheet|n shows it.")
        sparks = dice.roll_sparks(rng)
        traits = dice.roll_trait_dice(rng)
        name = roll_name(sparks.region, rng)
        last = Sheet.objects.filter(character=character, alive=False).order_by("-id").first()
        company = last.company if last is not None else None
        sheet = Sheet.objects.create(
            character=character,
            name=name.name,
            spark_a=sparks.spark_a,
            spark_b=sparks.spark_b,
            region=sparks.region,
            trait_dice=list(traits.dice),
            company=company,
            joined_at=timezone.now() if company else None,
        )
        town = None
        dungeon = dungeon_of_company(company) if company is not None else None
        if dungeon is not None:
            town = dungeon.town
        log(
            "chargen",
            character,
            company,
            f"{character.key} rolls up {sheet.name}, {sparks.spark_b} from {sparks.spark_a}",
            [*sparks.dice_a, *sparks.dice_b, *traits.dice, *name.dice],
            rerolled=[list(t) for t in traits.rerolled],
        )
    if town is not None:
        character.move_to(town, quiet=True, move_type="teleport")
    return NewPC(sheet, sparks, traits, name, company, town)


def assign_traits(character, physique, personality, flaw):
    with transaction.atomic():
        sheet = living_sheet(character)
        if sheet.traits_assigned:
            raise GoldengraveError("Your PC's traits are already set.")
        try:
            traits = dice.assign_traits(sheet.trait_dice, physique, personality, flaw)
        except DiceError as err:
            raise GoldengraveError(f"Cannot assign those: {err}.") from None
        sheet.physique, sheet.personality, sheet.flaw = physique, personality, flaw
        sheet.save(update_fields=["physique", "personality", "flaw"])
    return sheet, traits


def reroll_name(character, rng=None):
    with transaction.atomic():
        sheet = living_sheet(character)
        name = roll_name(sheet.region, _dice(rng))
        sheet.name = name.name
        sheet.save(update_fields=["name"])
        log("name", character, sheet.company, f"{character.key} rolls the name {name.name}",
            name.dice)
    return sheet, name


def choose_name(character, name):
    name = " ".join((name or "").split())
    if not name or len(name) > 40 or not all(part.isalpha() or part in "-'" for part in name.replace(" ", "")):
        raise GoldengraveError("A name is 1 to 40 letters (spaces, - and ' allowed).")
    with transaction.atomic():
        sheet = living_sheet(character)
        sheet.name = name
        sheet.save(update_fields=["name"])
    return sheet


def sheet_for_viewing(viewer, character):
    if character != viewer and not is_staff(viewer):
        raise GoldengraveError("You can only look at your own PC: |w+gg/sheet|n shows it.")
    return living_sheet(character, viewer)


# ---------------------------------------------------------------- companies


def parse_points(text):
    """'4,2,0' -> (4, 2, 0): points for Stamina, Supply and Sway."""
    parts = [part.strip() for part in (text or "").split(",")]
    values = [whole_number(part, 0, rules.STAT_POINTS) for part in parts]
    if len(values) != 3 or None in values or sum(values) != rules.STAT_POINTS:
        raise GoldengraveError(
            f"Split exactly {rules.STAT_POINTS} points as <stamina>,<supply>,<sway>, "
            "e.g. 4,2,0 for 10 Stamina, 8 Supply, 6 Sway."
        )
    return tuple(values)


def found_company(character, name, points):
    name = " ".join((name or "").split())
    if not name or len(name) > rules.MAX_COMPANY_NAME:
        raise GoldengraveError(f"A company's name is 1 to {rules.MAX_COMPANY_NAME} characters.")
    with transaction.atomic():
        sheet = living_sheet(character)
        if sheet.company is not None:
            raise GoldengraveError(f"Your PC is already in {sheet.company.name}.")
        if Company.objects.filter(name__iexact=name).exists():
            raise GoldengraveError(f"There is already a company called {name}.")
        values = {}
        for stat, share in zip(rules.STATS, points):
            values[stat] = values[f"{stat}_max"] = rules.STAT_BASE + share
        company = Company.objects.create(name=name, founder=character, **values)
        _enlist(sheet, company)
        log("found", character, company, f"{character.key} founds {name}", points=list(points))
    return company


def _enlist(sheet, company):
    sheet.company = company
    sheet.joined_at = timezone.now()
    sheet.knocked_out = False
    sheet.save(update_fields=["company", "joined_at", "knocked_out"])


def join_company(character, name):
    with transaction.atomic():
        sheet = living_sheet(character)
        company = company_named(name)
        if sheet.company_id == company.pk:
            raise GoldengraveError(f"Your PC is already in {company.name}.")
        if sheet.company is not None:
            raise GoldengraveError(
                f"Your PC is in {sheet.company.name}: |w+gg/leave|n first."
            )
        _enlist(sheet, company)
        log("join", character, company, f"{sheet.name} ({character.key}) joins {company.name}")
    return company


def leave_company(character):
    with transaction.atomic():
        sheet = living_sheet(character)
        company = my_company(character)
        sheet.company = None
        sheet.save(update_fields=["company"])
        log("leave", character, company, f"{sheet.name} ({character.key}) leaves {company.name}")
    return company


@dataclass(frozen=True)
class CompanyView:
    company: Company
    members: tuple
    items: tuple
    glory: tuple
    wars: tuple
    rolls: tuple
    treasures: tuple


def company_for_viewing(viewer, name=None):
    """The company sheet: members see their own, staff (and its GM) see any."""
    if name:
        company = company_named(name)
        sheet = Sheet.objects.filter(character=viewer, alive=True).first()
        mine = sheet is not None and sheet.company_id == company.pk
        if not mine and not is_gm(viewer, company=company):
            raise GoldengraveError(f"Only members of {company.name} and staff see its sheet.")
    else:
        company = my_company(viewer)
    return view_of(company)


def view_of(company):
    return CompanyView(
        company,
        tuple(company.members),
        tuple(company.items.all()),
        tuple(company.glory_history.all()[:20]),
        tuple(company.wars.all()[:5]),
        tuple(company.rolls.all()[: rules.LOG_SHOWN]),
        tuple(company.treasures.select_related("dungeon")),
    )


def set_stat(gm, company, stat, value):
    """The GM sets a stat's current value (never above its maximum)."""
    require_gm(gm, company=company)
    with transaction.atomic():
        company = _locked(company)
        top = company.maximum(stat)
        if not 0 <= value <= top:
            raise GoldengraveError(
                f"{possessive(company.name)} {stat.capitalize()} can be 0 to {top} (its maximum); "
                "|w+gg/glory <stat>|n raises a maximum."
            )
        before = company.current(stat)
        setattr(company, stat, value)
        company.save(update_fields=[stat])
        log("set", gm, company, f"GM sets {stat} {before} -> {value}")
    return company, before


def write_map_note(character, text):
    """The company's mapper adds a line to its own map, or clears it ('clear')."""
    text = (text or "").rstrip()
    with transaction.atomic():
        company = _locked(my_company(character))
        if text.strip().lower() == "clear":
            company.map_note = ""
        else:
            lines = company.map_note.splitlines()
            if not text.strip() or len(text) > rules.MAP_NOTE_WIDTH:
                raise GoldengraveError(
                    f"Add one line of 1 to {rules.MAP_NOTE_WIDTH} characters, e.g. "
                    "|w+gg/mapnote [1]--[2]--[3]|n (|w+gg/mapnote clear|n starts over)."
                )
            if len(lines) >= rules.MAP_NOTE_LINES:
                raise GoldengraveError(
                    f"Your map note is full ({rules.MAP_NOTE_LINES} lines): "
                    "|w+gg/mapnote clear|n starts over."
                )
            company.map_note = "\n".join([*lines, text])
        company.save(update_fields=["map_note"])
    return company


def set_pace(character, pace):
    pace = (pace or "").strip().lower()
    if pace not in rules.PACES + ("auto",):
        raise GoldengraveError("Pace is cautious, quick, or auto (cautious in new rooms).")
    with transaction.atomic():
        company = _locked(acting_company(character))
        company.pace = "" if pace == "auto" else pace
        company.save(update_fields=["pace"])
    return company


# ---------------------------------------------------------------- supply


@dataclass(frozen=True)
class Summoned:
    company: Company
    item: Item
    supply_before: int


def tier_named(text):
    wanted = (text or "").strip().lower()
    found = [tier for tier in rules.SUPPLY_TIERS if tier.startswith(wanted)] if wanted else []
    if len(found) != 1:
        raise GoldengraveError(
            "Give the item's tier: basic (free), common (1), unusual (3) or specialist (6)."
        )
    return found[0]


def summon(character, item_name, tier, named=None):
    item_name = " ".join((item_name or "").split())
    if not item_name or len(item_name) > rules.MAX_ITEM_NAME:
        raise GoldengraveError(f"Name the item in 1 to {rules.MAX_ITEM_NAME} characters.")
    cost = rules.SUPPLY_TIERS[tier]
    with transaction.atomic():
        company = _locked(acting_company(character, named))
        if company.supply < cost:
            raise GoldengraveError(
                f"{item_name} ({tier}) costs {cost} Supply and {company.name} has "
                f"{company.supply}. Pick a cheaper item, or rest in town to restore Supply."
            )
        before = company.supply
        company.supply -= cost
        company.save(update_fields=["supply"])
        item = Item.objects.create(company=company, name=item_name, tier=tier, cost=cost)
        log("supply", character, company, f"{item_name} ({tier}) for {cost}: Supply {before} -> {company.supply}")
    return Summoned(company, item, before)


# ---------------------------------------------------------------- sway


def price_given(text):
    text = (text or "").strip().lower()
    if text in rules.SWAY_PRICES:
        return rules.SWAY_PRICES[text]
    price = whole_number(text, 1, 6)
    if price not in rules.SWAY_PRICES.values():
        prices = ", ".join(f"{v} ({k})" for k, v in rules.SWAY_PRICES.items())
        raise GoldengraveError(f"A Sway price is one of {prices}.")
    return price


def situation_named(text, war=False):
    wanted = (text or "").strip().lower()
    choices = tuple(rules.SWAY_SITUATIONS) + ("war",)
    found = [s for s in choices if s.startswith(wanted)] if wanted else []
    if len(found) != 1:
        raise GoldengraveError(
            "Name the situation: meeting, half, information, or war (force the enemy to retreat)."
        )
    return found[0]


def set_sway_price(gm, company, situation, price, target=None):
    require_gm(gm, company=company)
    if situation == "half" and target is None:
        raise GoldengraveError(
            "Name the monster at half Power, e.g. |w+ggm/sway half=3,Cellar Wight|n."
        )
    with transaction.atomic():
        company = _locked(company)
        if situation == "war" and not company.wars.filter(outcome="").exists():
            raise GoldengraveError(
                f"{company.name} is fighting no war: |w+ggm/war <army>=<Power>|n starts one."
            )
        company.sway_price = price
        company.sway_situation = situation
        company.sway_target = target
        company.save(update_fields=["sway_price", "sway_situation", "sway_target"])
        log("sway-price", gm, company, f"GM sets a Sway price of {price} ({situation})")
    return company


@dataclass(frozen=True)
class SwayAnswer:
    company: Company
    paid: bool
    price: int
    situation: str
    sway_before: int
    target: object = None
    retreated: bool = False
    war: War | None = None
    glory: int = 0


def answer_sway(character, pay, named=None):
    with transaction.atomic():
        company = _locked(acting_company(character, named))
        price, situation, target = company.sway_price, company.sway_situation, company.sway_target
        if price is None:
            raise GoldengraveError("The GM has set no Sway price for your company.")
        if pay and company.sway < price:
            raise GoldengraveError(
                f"The price is {price} Sway and {company.name} has {company.sway}: "
                "|w+gg/refuse|n declines it instead."
            )
        before = company.sway
        retreated, war, glory = False, None, 0
        if pay:
            company.sway -= price
            if situation == "half" and target is not None:
                retreated = True
            if situation == "war":
                war = company.wars.filter(outcome="").first()
                glory = _win_war(company, war, "the enemy retreats before the company's name")
        company.sway_price, company.sway_situation, company.sway_target = None, "", None
        company.save(
            update_fields=["sway", "sway_price", "sway_situation", "sway_target", "glory"]
        )
        word = "pays" if pay else "refuses"
        log("sway", character, company, f"{company.name} {word} {price} Sway ({situation}): Sway {before} -> {company.sway}")
        if retreated:
            _monster_gone(company, target)
    return SwayAnswer(company, pay, price, situation, before, target, retreated, war, glory)


# ---------------------------------------------------------------- skill checks


@dataclass(frozen=True)
class Checked:
    character: object
    sheet: Sheet
    check: object
    roll_id: int


def factors_given(text):
    """'prepared, suits' -> (True, True); '' or 'none' -> no factor."""
    words = {w.strip().lower() for w in (text or "").replace(",", " ").split()} - {"none", ""}
    unknown = words - {"prepared", "suits"}
    if unknown:
        raise GoldengraveError(
            f"'{', '.join(sorted(unknown))}' is not a factor: name prepared, suits, both or none."
        )
    return "prepared" in words, "suits" in words


def skill_check(gm, character, prepared, suits, rng=None):
    with transaction.atomic():
        sheet = living_sheet(character, gm)
        if sheet.company is not None:
            require_gm(gm, company=sheet.company)
        else:
            require_gm(gm)
        check = dice.skill_check(prepared, suits, _dice(rng))
        roll = log(
            "check",
            gm,
            sheet.company,
            f"{sheet.name} ({character.key}): {check.render()}",
            check.dice,
            target=check.target,
        )
    return Checked(character, sheet, check, roll.pk)


# ---------------------------------------------------------------- damage


@dataclass(frozen=True)
class DamageReport:
    company: Company
    source: str
    outcome: object  # dice.PartyDamage
    knocked_out: Sheet | None = None
    killed: tuple = ()
    retreated: tuple = ()
    note: str = ""  # an On KO / On Kill note for the GM
    town: object = None
    roll_id: int = 0


def damage(gm, company, power, source="", threat=None, rng=None):
    """A monster's or trap's damage roll on the company, with the KO and 0-Stamina rules."""
    require_gm(gm, company=company)
    if not 0 <= power <= rules.MAX_POWER:
        raise GoldengraveError(f"Power is 0 to {rules.MAX_POWER}.")
    with transaction.atomic():
        company = _locked(company)
        if company.stamina < 1:
            raise GoldengraveError(
                f"{company.name} has 0 Stamina and has gone back to town: no damage roll "
                "until it rests (|w+ggm/night|n)."
            )
        pcs = members(company)
        if not pcs:
            raise GoldengraveError(f"{company.name} has no living PCs.")
        down = [pc for pc in pcs if pc.knocked_out]
        outcome = dice.damage_on_party(power, company.stamina, pcs, down, _dice(rng))
        company.stamina = outcome.stamina_after
        note, town, retreated = "", None, ()
        if outcome.knocked_out is not None:
            outcome.knocked_out.knocked_out = True
            outcome.knocked_out.save(update_fields=["knocked_out"])
            note = getattr(threat, "on_ko", "") or ""
        if outcome.must_retreat:
            now = timezone.now()
            for sheet in outcome.killed:
                sheet.alive, sheet.died_at, sheet.knocked_out = False, now, False
                sheet.save(update_fields=["alive", "died_at", "knocked_out"])
            if outcome.killed:
                note = getattr(threat, "on_kill", "") or ""
            town = company.dungeon.town if company.dungeon is not None else None
            retreated = outcome.retreating
            company.position = None
        company.save(update_fields=["stamina", "position"])
        roll = log(
            "damage",
            gm,
            company,
            f"{source or 'Damage'}: {outcome.render()}",
            outcome.roll.dice,
            power=power,
            knocked_out=getattr(outcome.knocked_out, "name", None),
            killed=[s.name for s in outcome.killed],
        )
    report = DamageReport(
        company, source, outcome, outcome.knocked_out, outcome.killed, retreated, note, town,
        roll.pk,
    )
    if town is not None:
        for sheet in retreated:
            sheet.character.move_to(town, quiet=True, move_type="teleport")
    return report


def threat_damage(gm, threat, company, rng=None):
    """The damage roll of a monster or trap standing in the GM's room."""
    if threat.power < 1:
        raise GoldengraveError(f"{threat.key} has no Power left to hurt anyone.")
    return damage(gm, company, threat.power, threat.key, threat, rng)


# ---------------------------------------------------------------- the company's choice


@dataclass(frozen=True)
class Choice:
    company: Company
    character: object
    choice: str
    text: str
    town: object = None
    carried: tuple = ()
    """The knocked-out PCs dragged out on a retreat."""


def choose(character, choice, text=""):
    """The company decides: fight (and how), try a clever tactic, or retreat."""
    with transaction.atomic():
        company = _locked(acting_company(character))
        town, carried = None, ()
        if choice != "retreat" and company.stamina < 1:
            raise GoldengraveError(must_rest_refusal(company, "fight again"))
        if choice == "retreat":
            if company.dungeon is None or company.dungeon.town is None:
                raise GoldengraveError("Your company is in no dungeon with a town to retreat to.")
            town = company.dungeon.town
            company.position = None
            company.save(update_fields=["position"])
            down = company.sheets.filter(alive=True, knocked_out=True)
            carried = tuple(sheet.name for sheet in down)
            down.update(knocked_out=False)
        log("choice", character, company, f"{company.name}: {choice} {text}".strip())
    if town is not None:
        for sheet in company.members:
            sheet.character.move_to(town, quiet=True, move_type="teleport")
    return Choice(company, character, choice, text, town, carried)


# ---------------------------------------------------------------- attacks


@dataclass(frozen=True)
class AttackReport:
    company: Company
    monster: object
    method: str
    loss: int
    power_before: int
    why: str  # "normal", "vulnerable", "immune", "risky"
    check: object = None
    checker: Sheet | None = None
    died: bool = False
    half_moment: str = ""  # "", "craven", "iron", "price"
    roll_id: int = 0


def attack(gm, monster, company, method, risky_pc=None, factors=(False, False), rng=None):
    """One round of the company's attack on `monster`: Power lost 1, 2 (vulnerable),
    0 (immune), or 2/0 for a risky attack by a skill check of the GM's chosen PC."""
    require_gm(gm, company=company)
    method = " ".join((method or "").split())[: rules.MAX_NOTE]
    if monster.power < 1:
        raise GoldengraveError(f"{monster.key} is already out of Power.")
    with transaction.atomic():
        company = _locked(company)
        check = checker = None
        if monster.is_immune_to(method):
            why = "immune"
        elif risky_pc is not None:
            checker = living_sheet(risky_pc, gm)
            if checker.company_id != company.pk:
                raise GoldengraveError(f"{risky_pc.key}'s PC is not in {company.name}.")
            if checker.knocked_out:
                raise GoldengraveError(
                    f"{checker.name} is knocked out and cannot try it: pick another PC."
                )
            check = dice.skill_check(*factors, _dice(rng))
            why = "risky"
            method = method or f"a risky attack by {checker.name}"
        elif monster.is_vulnerable_to(method):
            why = "vulnerable"
        else:
            why = "normal"
        loss = dice.power_loss(
            vulnerable=why == "vulnerable", immune=why == "immune", risky_check=check
        )
        before = monster.power
        monster.power = max(0, before - loss)
        died = monster.power == 0
        half = ""
        if not died and not monster.half_power_passed and monster.at_half_power:
            monster.half_power_passed = True
            if monster.temper == "craven":
                half = "craven"
            elif monster.temper in ("iron-willed", "mindless"):
                half = "iron"
            else:
                half = "price"
        roll = log(
            "attack",
            gm,
            company,
            f"{monster.key} loses {loss} Power ({why}): {before} -> {monster.power}",
            check.dice if check else (),
            method=method,
            check=check.render() if check else "",
        )
        if died:
            _threat_over(company)
        if half == "craven":
            _monster_gone(company, monster)
    return AttackReport(
        company, monster, method, loss, before, why, check, checker, died, half, roll.pk
    )


def _threat_over(company):
    """The threat is gone: the knocked-out PCs come to."""
    company.sheets.filter(alive=True, knocked_out=True).update(knocked_out=False)


def _monster_gone(company, monster):
    """A monster that retreats or surrenders leaves the scene, and the threat with it."""
    monster.location = None
    _threat_over(company)


def danger_past(gm, company):
    """The GM says the threat is gone (a trap has done its worst, say): the
    knocked-out PCs come to. Returns their names."""
    require_gm(gm, company=company)
    with transaction.atomic():
        down = company.sheets.filter(alive=True, knocked_out=True)
        names = [sheet.name for sheet in down]
        if not names:
            raise GoldengraveError(f"Nobody in {company.name} is knocked out.")
        _threat_over(company)
        log("safe", gm, company, f"The danger is past: {', '.join(names)} come to")
    return names


def group_monsters(gm, monsters, name):
    """Monsters fighting as a unit become one monster with their combined Power."""
    if len(monsters) < 2 or len(monsters) > rules.MAX_GROUP:
        raise GoldengraveError(
            f"Group 2 to {rules.MAX_GROUP} monsters, e.g. |w+ggdungeon/group Rat,Rat-2=Rat Pack|n."
        )
    if len(set(monsters)) != len(monsters):
        raise GoldengraveError("Name each monster once.")
    require_room_gm(gm, gm.location)
    total = sum(m.power for m in monsters)
    if total > rules.MAX_POWER:
        raise GoldengraveError(f"A group's Power cannot pass {rules.MAX_POWER}.")
    head, rest = monsters[0], monsters[1:]
    head.members = [m.key for m in monsters]
    head.start_power = sum(m.start_power for m in monsters)
    head.power = total
    if name:
        head.key = name[:60]
    for monster in rest:
        monster.location = None
    log("group", gm, None, f"{head.key}: {', '.join(head.members)} as one, Power {total}")
    return head


def desire(gm, monster, twice=False, rng=None):
    """Roll what a monster wants (two rolls to choose from, with `twice`)."""
    rng = _dice(rng)
    rolls = [dice.monster_desire(rng) for _ in range(2 if twice else 1)]
    if not twice:
        monster.desire = rolls[0].desire
    log("desire", gm, None, f"{monster.key}: " + " / ".join(r.desire for r in rolls), [r.die for r in rolls])
    return rolls


def set_desire(monster, text):
    monster.desire = " ".join(text.split())[: rules.MAX_NOTE]


# ---------------------------------------------------------------- dungeons


def difficulty_named(text):
    wanted = (text or "normal").strip().lower()
    found = [d for d in rules.DIFFICULTIES if d.startswith(wanted)]
    if len(found) != 1:
        raise GoldengraveError("Difficulty is easy, normal or hard.")
    return found[0]


def create_dungeon(gm, name, difficulty):
    """A new dungeon, its GM the creator; the room they stand in is its town."""
    name = " ".join((name or "").split())
    if not name or len(name) > 60:
        raise GoldengraveError("A dungeon's name is 1 to 60 characters.")
    with transaction.atomic():
        if Dungeon.objects.filter(name__iexact=name).exists():
            raise GoldengraveError(f"There is already a dungeon called {name}.")
        dungeon = Dungeon.objects.create(
            name=name, gm=gm, difficulty=difficulty, town=gm.location
        )
        log("dungeon", gm, None, f"{gm.key} opens the dungeon {name} ({difficulty})")
    return dungeon


def dungeon_named(gm, name=None):
    if name:
        dungeon = Dungeon.objects.filter(name__iexact=name.strip()).first()
        if dungeon is None:
            raise GoldengraveError(
                f"There is no dungeon called '{name}'. |w+ggdungeon/new <name>|n makes one."
            )
    else:
        dungeon = dungeon_of_room(gm.location) or _only_dungeon_run_by(gm)
        if dungeon is None:
            raise GoldengraveError(
                "Which dungeon? Name it, e.g. |w+ggdungeon/room The Drowned Chapel|n "
                "(|w+ggdungeon/new <name>|n makes one)."
            )
    require_gm(gm, dungeon=dungeon)
    return dungeon


def _only_dungeon_run_by(gm):
    """The caller's dungeon when they run exactly one (so its name can be left out)."""
    mine = list(Dungeon.objects.filter(gm=gm)[:2])
    return mine[0] if len(mine) == 1 else None


def _may_mark(gm, room):
    if not is_staff(gm) and not room.access(gm, "control"):
        raise GoldengraveError("You can only mark rooms you built (or be a Builder).")


def add_room(gm, dungeon, room, starred=False):
    _may_mark(gm, room)
    with transaction.atomic():
        existing = DungeonRoom.objects.filter(room=room).first()
        if existing is not None:
            raise GoldengraveError(f"{room.key} is already room {existing.number} of {existing.dungeon.name}.")
        if dungeon.town_id == room.pk:
            raise GoldengraveError(f"{room.key} is {possessive(dungeon.name)} town.")
        number = (dungeon.rooms.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        entry = DungeonRoom.objects.create(dungeon=dungeon, room=room, number=number, starred=starred)
    return entry


def star_room(gm, room, starred=True):
    entry = DungeonRoom.objects.filter(room=room).select_related("dungeon").first()
    if entry is None:
        raise GoldengraveError("This room is in no dungeon: |w+ggdungeon/room|n adds it first.")
    require_gm(gm, dungeon=entry.dungeon)
    entry.starred = starred
    entry.save(update_fields=["starred"])
    return entry


def set_town(gm, dungeon, room):
    if DungeonRoom.objects.filter(room=room).exists():
        raise GoldengraveError("A dungeon room cannot be the town.")
    dungeon.town = room
    dungeon.save(update_fields=["town"])
    return dungeon


def set_difficulty(gm, dungeon, difficulty):
    dungeon.difficulty = difficulty
    dungeon.save(update_fields=["difficulty"])
    return dungeon


def add_treasure(gm, dungeon, thing, main=False):
    with transaction.atomic():
        if main and dungeon.treasures.filter(main=True).exists():
            raise GoldengraveError(f"{dungeon.name} already has a main treasure.")
        if Treasure.objects.filter(thing=thing).exists():
            raise GoldengraveError(f"{thing.key} is already a treasure.")
        return Treasure.objects.create(dungeon=dungeon, thing=thing, name=thing.key[:60], main=main)


def treasure_named(dungeon, name):
    wanted = (name or "").strip().lower()
    found = [t for t in dungeon.treasures.all() if t.name.lower().startswith(wanted)] if wanted else []
    exact = [t for t in found if t.name.lower() == wanted]
    found = exact or found
    if len(found) != 1:
        raise GoldengraveError(
            f"'{name}' is not one treasure of {dungeon.name}: |w+ggdungeon/info|n lists them."
        )
    return found[0]


def find_treasure(gm, company, treasure):
    """The company has found `treasure` (it counts for its Rank in town)."""
    require_gm(gm, company=company)
    with transaction.atomic():
        treasure = Treasure.objects.select_for_update().get(pk=treasure.pk)
        if treasure.stolen:
            raise GoldengraveError(f"Rivals stole {treasure.name}: it is not there any more.")
        if treasure.found_by_id is not None:
            raise GoldengraveError(f"{treasure.name} was already found by {treasure.found_by.name}.")
        treasure.found_by = company
        treasure.save(update_fields=["found_by"])
        log("treasure", gm, company, f"{company.name} finds {treasure.name}"
            + (" (main treasure)" if treasure.main else ""))
    carrier = _carrier(company, treasure.thing)
    if carrier is not None:
        treasure.thing.move_to(carrier, quiet=True, move_type="get")
    return treasure, carrier


def _carrier(company, thing):
    """The member standing by a found treasure's object, who picks it up (or None)."""
    if thing is None or thing.location is None:
        return None
    here = company.sheets.filter(
        alive=True, knocked_out=False, character__db_location=thing.location
    )
    sheet = here.select_related("character").order_by("joined_at", "id").first()
    return sheet.character if sheet is not None else None


def mark_wandering(gm, monster, wandering=True):
    require_room_gm(gm, monster.location)
    monster.wandering = wandering
    return monster


# ---------------------------------------------------------------- town


@dataclass(frozen=True)
class Night:
    company: Company
    rank: str
    glory: int
    restored: dict
    items_cleared: tuple
    dungeon: Dungeon | None
    main_found: bool = False
    sides_found: int = 0
    sides_total: int = 0


def night_in_town(gm, company):
    """Every stat but Army back to its maximum, summoned items gone, the
    expedition ranked S..F by the treasures found, and Glory for what the Rank
    adds to what the company already earned in that dungeon."""
    require_gm(gm, company=company)
    with transaction.atomic():
        company = _locked(company)
        restored = {}
        for stat in rules.STATS:
            restored[stat] = (company.current(stat), company.maximum(stat))
            setattr(company, stat, company.maximum(stat))
        items = tuple(item.name for item in company.items.all())
        company.items.all().delete()
        company.sheets.filter(alive=True).update(knocked_out=False)
        dungeon = company.dungeon
        rank, glory, main_found, sides, total = "F", 0, False, 0, 0
        if dungeon is not None:
            treasures = list(dungeon.treasures.all())
            main_found = any(t.main and t.found_by_id == company.pk for t in treasures)
            side = [t for t in treasures if not t.main]
            total = len(side)
            sides = sum(1 for t in side if t.found_by_id == company.pk)
            rank = dice.rank_for_finds(main_found, sides, total)
            delve, _ = Delve.objects.get_or_create(company=company, dungeon=dungeon)
            glory = max(0, dice.glory_for_rank(rank) - delve.glory_earned)
            if glory:
                delve.glory_earned += glory
                delve.best_rank = rank
                delve.save(update_fields=["glory_earned", "best_rank"])
        company.glory += glory
        company.dungeon = None
        company.position = None
        company.sway_price, company.sway_situation, company.sway_target = None, "", None
        company.save()
        GloryEntry.objects.create(
            company=company, change=glory, balance=company.glory,
            reason=f"Night in town, Rank {rank}" + (f" ({dungeon.name})" if dungeon else ""),
        )
        log("night", gm, company, f"Night in town: Rank {rank}, {glory} Glory; stats restored")
    return Night(company, rank, glory, restored, items, dungeon, main_found, sides, total)


def spend_glory(character, stat, amount=1, named=None):
    """Glory into a stat's maximum (1 each, never above 18) or into Army."""
    if not 1 <= amount <= rules.STAT_CAP:
        raise GoldengraveError(f"Spend 1 to {rules.STAT_CAP} Glory at a time.")
    with transaction.atomic():
        company = _locked(my_company(character, named))
        cost = amount * rules.GLORY_PER_POINT
        if company.glory < cost:
            raise GoldengraveError(
                f"That costs {cost} Glory and {company.name} has {company.glory}. "
                "Glory comes from nights in town after finding treasure, and won wars."
            )
        field_name = stat if stat == rules.ARMY else f"{stat}_max"
        before = getattr(company, field_name)
        if before + amount > rules.STAT_CAP:
            raise GoldengraveError(
                f"{stat.capitalize()} would go to {before + amount}, but no stat goes above "
                f"{rules.STAT_CAP}."
            )
        setattr(company, field_name, before + amount)
        if stat != rules.ARMY and rules.GLORY_RAISES_CURRENT:
            setattr(company, stat, company.current(stat) + amount)
        company.glory -= cost
        company.save()
        GloryEntry.objects.create(
            company=company, change=-cost, balance=company.glory,
            reason=f"{stat.capitalize()} {before} -> {before + amount}",
        )
        log("glory", character, company, f"{cost} Glory: {stat} {before} -> {before + amount}")
    return company, before


# ---------------------------------------------------------------- exploring


@dataclass(frozen=True)
class Entry:
    company: Company
    room: DungeonRoom
    pace: str
    newly_explored: bool
    wandering: object = None  # dice.WanderingRoll
    wanderers: tuple = ()
    revisit: object = None  # dice.RevisitRoll
    stolen: tuple = ()


def enter_room(character, room, rng=None):
    """A PC walked into `room`. The first of the company to arrive moves the
    company there: the room joins its explored rooms, and a starred room rolls
    for wandering monsters by the pace. Coming back into a dungeon after a
    night in town is a revisit, and rivals may have stolen what was left."""
    entry = DungeonRoom.objects.filter(room=room).select_related("dungeon").first()
    sheet = Sheet.objects.filter(character=character, alive=True, company__isnull=False).first()
    if entry is None or sheet is None:
        return None
    rng = _dice(rng)
    with transaction.atomic():
        company = _locked(sheet.company)
        if company.position_id == room.pk:
            return None
        dungeon = entry.dungeon
        revisit, stolen = None, ()
        if company.dungeon_id != dungeon.pk:
            delve = Delve.objects.filter(company=company, dungeon=dungeon).first()
            if delve is None:
                Delve.objects.create(company=company, dungeon=dungeon)
            else:
                delve.visits += 1
                delve.entered_at = timezone.now()
                delve.save(update_fields=["visits", "entered_at"])
                revisit, stolen = _revisit(character, company, dungeon, rng)
            company.dungeon = dungeon
        explored = company.explored.filter(pk=entry.pk).exists()
        pace = company.pace or ("quick" if explored else "cautious")
        if not explored:
            company.explored.add(entry)
        company.position = room
        company.save(update_fields=["dungeon", "position"])
        wandering, wanderers = None, ()
        if entry.starred:
            wandering = dice.wandering_roll(pace, rng)
            wanderers = tuple(_wanderers(dungeon))
            log("wandering", character, company, f"Room {entry.number}: {wandering.render()}", [wandering.die])
    return Entry(company, entry, pace, not explored, wandering, wanderers, revisit, stolen)


def _wanderers(dungeon):
    return [
        threat
        for threats in threats_in(dungeon).values()
        for threat in threats
        if getattr(threat, "wandering", False) and threat.power > 0
    ]


def threats_in(dungeon):
    """{room id: [monsters and traps there]} for a dungeon's rooms."""
    from typeclasses.goldengrave import GoldengraveThreat

    found = {}
    rooms = dungeon.rooms.values_list("room_id", flat=True)
    threats = GoldengraveThreat.objects.all_family().filter(db_location__in=rooms)
    for threat in threats.order_by("id"):
        found.setdefault(threat.db_location_id, []).append(threat)
    return found


def _revisit(roller, company, dungeon, rng):
    roll = dice.revisit_roll(rng)
    waiting = dungeon.treasures.filter(found_by__isnull=True, stolen=False)
    if roll.main_stolen:
        gone = list(waiting.filter(main=True))
    elif roll.sides_stolen:
        gone = list(waiting.filter(main=False))
    else:
        gone = []
    for treasure in gone:
        treasure.stolen = True
        treasure.save(update_fields=["stolen"])
        if treasure.thing is not None:
            treasure.thing.location = None
    log(
        "revisit", roller, company,
        f"{roll.render()}" + (f": {', '.join(t.name for t in gone)} gone" if gone else ""),
        [roll.die],
    )
    return roll, tuple(gone)


# ---------------------------------------------------------------- wars


@dataclass(frozen=True)
class WarReport:
    company: Company
    war: War
    text: str
    roll: object = None
    glory: int = 0
    army_before: int = 0
    check: object = None


def start_war(gm, company, name, power):
    require_gm(gm, company=company)
    name = " ".join((name or "").split())
    if not name or len(name) > rules.MAX_WAR_NAME:
        raise GoldengraveError("Name the enemy army.")
    if not 1 <= power <= rules.MAX_POWER:
        raise GoldengraveError(f"An enemy army's Power is 1 to {rules.MAX_POWER}.")
    with transaction.atomic():
        company = _locked(company)
        if company.army < 1:
            raise GoldengraveError(
                f"{company.name} has no Army: spend Glory on it first (|w+gg/glory army|n)."
            )
        if company.wars.filter(outcome="").exists():
            raise GoldengraveError(f"{company.name} is already at war.")
        war = War.objects.create(company=company, name=name, power=power, start_power=power)
        log("war", gm, company, f"War against {name} (Power {power})")
    return war


def _active_war(company):
    war = company.wars.filter(outcome="").first()
    if war is None:
        raise GoldengraveError(f"{company.name} is fighting no war: |w+ggm/war <army>=<power>|n starts one.")
    return war


def _win_war(company, war, how):
    war.outcome = "won"
    war.save(update_fields=["outcome"])
    company.glory += rules.WAR_VICTORY_GLORY
    GloryEntry.objects.create(
        company=company, change=rules.WAR_VICTORY_GLORY, balance=company.glory,
        reason=f"War won against {war.name}",
    )
    return rules.WAR_VICTORY_GLORY


def war_damage(gm, company, rng=None):
    """The enemy army's damage roll, taken from Army instead of Stamina."""
    require_gm(gm, company=company)
    with transaction.atomic():
        company = _locked(company)
        war = _active_war(company)
        roll = dice.damage_roll(war.power, _dice(rng))
        before = company.army
        company.army = max(0, before - roll.total)
        text = f"{war.name}: {roll.render()}. Army {before} -> {company.army}"
        if company.army == 0:
            war.outcome = "lost"
            war.save(update_fields=["outcome"])
            text += "; the war is lost"
        company.save(update_fields=["army"])
        log("war-damage", gm, company, text, roll.dice)
    return WarReport(company, war, text, roll, 0, before)


def war_attack(gm, company, how="normal", risky_pc=None, factors=(False, False), rng=None):
    require_gm(gm, company=company)
    with transaction.atomic():
        company = _locked(company)
        war = _active_war(company)
        check = None
        if how == "risky":
            if risky_pc is None:
                raise GoldengraveError("A risky attack needs the PC who tries it.")
            living_sheet(risky_pc, gm)
            check = dice.skill_check(*factors, _dice(rng))
        loss = dice.power_loss(how == "vulnerable", how == "immune", check)
        before = war.power
        war.power = max(0, before - loss)
        war.save(update_fields=["power"])
        text = f"{war.name} loses {loss} Power ({how}): {before} -> {war.power}"
        glory = 0
        if war.power == 0:
            glory = _win_war(company, war, "beaten")
            company.save(update_fields=["glory"])
            text += f"; the war is won, +{glory} Glory"
        log("war-attack", gm, company, text, check.dice if check else ())
    return WarReport(company, war, text, None, glory, company.army, check)


def war_retreat(character):
    with transaction.atomic():
        company = _locked(my_company(character))
        war = _active_war(company)
        war.outcome = "lost"
        war.save(update_fields=["outcome"])
        log("war-retreat", character, company, f"{company.name} retreats: the war against {war.name} is lost")
    return WarReport(company, war, f"{company.name} retreats: the war against {war.name} is lost.")


def recent_rolls(company=None, room=None, limit=rules.LOG_SHOWN):
    rolls = GoldengraveRoll.objects.all()
    if company is not None:
        rolls = rolls.filter(company=company)
    if room is not None:
        rolls = rolls.filter(room=room)
    return list(rolls.select_related("roller")[:limit])
