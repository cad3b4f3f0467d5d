"""
What the Old Gold travel commands do: build regions of hexes, move a party
across them watch by watch (speed, roads, difficult terrain, navigation,
weather, the travel oracle, foraging), roll encounters and treasure, and
keep followers, battles, buildings and living costs.

As in `world.oldgold.services`, every function checks first, changes the
database in one transaction, records its dice in `TravelRoll` and returns
an `Outcome`; refusals are `TravelError`s raised before anything changed.
Sheets, checks, items and coin go through Old Gold's own services.
Dice come from `rng` (anything with `randint`), default `default_rng`.
"""

import re

from django.db import transaction

from world.oldgold import rules as og_rules
from world.oldgold import services as og
from world.oldgold.errors import OldGoldError
from world.oldgold.models import Item, OldGoldSheet
from world.oldgold.services import Outcome
from world.oldgold_travel import rules
from world.oldgold_travel.errors import TravelError
from world.oldgold_travel.models import Follower, Hex, Journey, Region, TravelRoll
from world.words import with_article

default_rng = og.default_rng
_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*$", re.I)
_LABEL = re.compile(r"^\s*([a-z])\s*(\d{1,2})\s*$", re.I)


def _dice(rng):
    return default_rng if rng is None else rng


def _log(kind, roller, room, dice_list, text, **details):
    TravelRoll.objects.create(kind=kind, roller=roller, room=room, dice=list(dice_list),
                              details=details, text=text)


def _require_gm(who):
    if not og.is_gm(who):
        raise TravelError("Only a game master can do that (staff, or a player staff made GM).")


def roll_dice(text, rng):
    """'2d6' -> (total, [dice]); '1' -> (1, [])."""
    text = str(text).strip()
    if text.isdigit():
        return int(text), []
    match = _DICE.match(text)
    count, sides = int(match.group(1) or 1), int(match.group(2))
    faces = [rng.randint(1, sides) for _ in range(count)]
    return sum(faces), faces


def roll_2d6(rng, advantage=False, disadvantage=False):
    """2d6, or the better/worse of two 2d6 throws (advantage and disadvantage cancel)."""
    first = [rng.randint(1, 6), rng.randint(1, 6)]
    if advantage == disadvantage:
        return sum(first), first
    second = [rng.randint(1, 6), rng.randint(1, 6)]
    pick = max if advantage else min
    return pick(sum(first), sum(second)), first + second


# ---------------------------------------------------------------- hexes


def neighbour(column, row, direction):
    table = rules.NEIGHBOURS_ODD if column % 2 else rules.NEIGHBOURS_EVEN
    dc, dr = table[direction]
    return column + dc, row + dr


def direction_named(text):
    word = (text or "").strip().lower().replace("-", "").replace(" ", "")
    names = {v.replace("-", ""): k for k, v in rules.DIRECTION_NAMES.items()}
    key = word if word in rules.DIRECTIONS else names.get(word)
    if key is None:
        raise TravelError(f"'{text}' is not a direction. Hexes have six sides: "
                          "n, ne, se, s, sw, nw.")
    return key


def parse_label(region, text):
    match = _LABEL.match(text or "")
    if not match:
        raise TravelError(f"'{text}' is not a hex. Name one by column letter and row, like C4.")
    column = rules.COLUMN_LETTERS.find(match.group(1).upper())
    row = int(match.group(2)) - 1
    if not (0 <= column < region.columns and 0 <= row < region.rows):
        last = f"{rules.COLUMN_LETTERS[region.columns - 1]}{region.rows}"
        raise TravelError(f"{region.name} runs from A1 to {last}; {text.upper()} is off it.")
    return column, row


def label(column, row):
    return f"{rules.COLUMN_LETTERS[column]}{row + 1}"


def region_named(name):
    name = (name or "").strip()
    if not name:
        raise TravelError("Name a region (|w+region/list|n lists them).")
    region = Region.objects.filter(name__iexact=name).first()
    if region is None:
        raise TravelError(f"There is no region called '{name}' (|w+region/list|n lists them).")
    return region


def hex_at(region, column, row):
    return Hex.objects.get(region=region, column=column, row=row)


def terrain_named(text):
    word = (text or "").strip().lower().replace(" ", "_")
    word = {"dense_forest": "deep_forest", "open_sea": "sea", "deep_desert": "desert"}.get(
        word, word)
    if word not in rules.TERRAINS:
        raise TravelError(f"'{text}' is not a terrain. Choose from: "
                          + ", ".join(sorted(rules.TERRAINS)) + ".")
    return word


# ---------------------------------------------------------------- building a region


@transaction.atomic
def create_region(gm, name, climate="temperate", season="spring"):
    _require_gm(gm)
    name = (name or "").strip()
    if not name or len(name) > 40:
        raise TravelError("Give the region a name of 1 to 40 characters.")
    if Region.objects.filter(name__iexact=name).exists():
        raise TravelError(f"A region called '{name}' exists already.")
    climate, season = climate.lower(), season.lower()
    if climate not in rules.CLIMATES:
        raise TravelError(f"'{climate}' is not a climate: {', '.join(rules.CLIMATES)}.")
    if season not in rules.SEASONS:
        raise TravelError(f"'{season}' is not a season: {', '.join(rules.SEASONS)}.")
    region = Region.objects.create(name=name, climate=climate, season=season, builder=gm)
    Hex.objects.bulk_create(Hex(region=region, column=c, row=r)
                            for r in range(region.rows) for c in range(region.columns))
    return Outcome((f"Region {name} made: {region.columns * region.rows} blank hexes, "
                    f"{climate}, {season}. Next: |w+region/terrain {name}|n.",),
                   data={"region": region})


@transaction.atomic
def roll_terrain(gm, name, rng=None):
    """The text's first step: 2d6 for a terrain, 1d8 for how many hexes,
    spread (here, a patch grown from a random blank hex), until full."""
    _require_gm(gm)
    rng = _dice(rng)
    region = region_named(name)
    hexes = {(h.column, h.row): h for h in region.hexes.all()}
    blank = [key for key, h in hexes.items() if not h.terrain]
    if not blank:
        raise TravelError(f"Every hex of {region.name} has its terrain already.")
    swaps = rules.CLIMATE_SWAPS.get(region.climate, {})
    lines, all_dice = [], []
    while blank:
        total, faces = roll_2d6(rng)
        count = rng.randint(1, rules.TERRAIN_SPREAD_DIE)
        all_dice += faces + [count]
        terrain = swaps.get(rules.TERRAIN_ROLL[total], rules.TERRAIN_ROLL[total])
        start = blank[rng.randint(1, len(blank)) - 1]
        patch = [start]
        blank.remove(start)
        while len(patch) < count:
            edge = [n for c, r in patch for n in (neighbour(c, r, d) for d in rules.DIRECTIONS)
                    if n in blank]
            if not edge:
                break
            chosen = sorted(set(edge))[rng.randint(1, len(set(edge))) - 1]
            patch.append(chosen)
            blank.remove(chosen)
        for key in patch:
            hexes[key].terrain = terrain
        lines.append(f"2d6 {faces} = {total}: {rules.TERRAINS[terrain].name}, 1d8 [{count}] "
                     f"-> {', '.join(label(*k) for k in sorted(patch, key=lambda k: (k[1], k[0])))}")
    Hex.objects.bulk_update(hexes.values(), ["terrain"])
    head = f"Terrain of {region.name}:"
    _log("terrain", gm, gm.location, all_dice, head + " " + "; ".join(lines), region=region.pk)
    return Outcome((head, *lines), data={"region": region})


_HEX_WORDS = ("road", "river", "edge", "village", "town", "landmark", "clear")


@transaction.atomic
def set_hex(gm, name, labels, what, value=""):
    """Paint one or more hexes: a terrain, a road or river through them, an
    edge, a settlement (with a name), a landmark, or clear the features."""
    _require_gm(gm)
    region = region_named(name)
    spots = [parse_label(region, text) for text in labels]
    if not spots:
        raise TravelError("Name the hexes, like C3 C4 D4.")
    word = what.strip().lower()
    cells = [hex_at(region, c, r) for c, r in spots]
    if word in ("road", "river", "edge"):
        for cell in cells:
            setattr(cell, word, True)
        done = f"{word} through" if word != "edge" else "edge (impassable) at"
    elif word in rules.SETTLEMENTS:
        if len(cells) != 1 or not value.strip():
            raise TravelError(f"Place a {word} in one hex with a name: "
                              f"|w+region/{word} {region.name} C3=Greyfell|n.")
        cells[0].settlement, cells[0].place_name = word, value.strip()[:40]
        done = f"{word} {value.strip()} at"
    elif word == "landmark":
        kind = value.strip().lower()
        if kind not in rules.LANDMARKS.values():
            raise TravelError("A landmark is one of: " + ", ".join(rules.LANDMARKS.values())
                              + " (or |w+region/landmarks|n rolls them).")
        for cell in cells:
            cell.landmark = kind
        done = f"{kind} at"
    elif word == "clear":
        for cell in cells:
            cell.road = cell.river = cell.edge = False
            cell.settlement = cell.place_name = cell.landmark = ""
        done = "features cleared from"
    else:
        terrain = terrain_named(word)
        for cell in cells:
            cell.terrain = terrain
        done = f"{rules.TERRAINS[terrain].name} at"
    for cell in cells:
        cell.save()
    return Outcome((f"{region.name}: {done} {' '.join(c.label for c in cells)}.",))


@transaction.atomic
def roll_landmarks(gm, name, count=1, rng=None):
    """Place `count` features: each throws 1d6 twice for its hex and 1d6 for its kind."""
    _require_gm(gm)
    rng = _dice(rng)
    region = region_named(name)
    if not 1 <= count <= region.columns * region.rows:
        raise TravelError("Roll from 1 to 36 landmarks at a time.")
    lines, faces = [], []
    for _ in range(count):
        rolled = [rng.randint(1, region.columns), rng.randint(1, region.rows),
                  rng.randint(1, len(rules.LANDMARKS))]
        faces += rolled
        kind = rules.LANDMARKS[rolled[2]]
        cell = hex_at(region, rolled[0] - 1, rolled[1] - 1)
        cell.landmark = kind
        cell.save(update_fields=["landmark"])
        lines.append(f"1d6 {rolled}: {cell.label}, {with_article(kind)}")
    head = f"Landmarks of {region.name} (1d6 for the column, the row and what is there):"
    _log("landmarks", gm, gm.location, faces, head + " " + "; ".join(lines), region=region.pk)
    return Outcome((head, *lines))


@transaction.atomic
def delete_region(gm, name):
    _require_gm(gm)
    region = region_named(name)
    if region.journeys.exists():
        raise TravelError(f"A party is travelling {region.name}; end it with "
                          "|w+travel/end|n first.")
    region.delete()
    return Outcome((f"Region {region.name} is gone.",))


# ---------------------------------------------------------------- weather


def _harsh(region):
    return (region.climate in rules.HARSH_CLIMATES
            or region.season in rules.HARSH_SEASONS.get(region.climate, ()))


def roll_weather(journey, rng, who=None):
    """2d6 (at disadvantage where climate or season is harsh); sets how long it holds."""
    region = journey.region
    harsh = _harsh(region)
    total, faces = roll_2d6(rng, disadvantage=harsh)
    weather = rules.WEATHER[total]
    journey.weather = total
    journey.weather_left = (rules.EXTREME_WEATHER_WATCHES if weather.extreme
                            else rules.WEATHER_HOLDS_WATCHES)
    line = weather_line(journey)
    mode = " with disadvantage (the climate or season is harsh)" if harsh else ""
    text = f"Weather: 2d6{mode} {faces} = {total}. {line}"
    _log("weather", who, journey.room, faces, text, total=total, harsh=harsh)
    return text


def heavy_snow(journey):
    region = journey.region
    return journey.weather == rules.SNOW_ROLL and (
        region.season in rules.SNOW_SEASONS or region.climate in rules.SNOW_CLIMATES)


def weather_line(journey):
    weather = rules.WEATHER[journey.weather]
    text = f"{weather.text}"
    extreme = rules.SEASON_EXTREMES.get(journey.region.season)
    if weather.extreme and extreme:
        text += f" The season makes it worse: {extreme}."
    if heavy_snow(journey):
        text += " It falls as heavy snow: every hex is difficult going."
    if weather.bad:
        text += " Navigation checks are needed."
    if weather.favourable:
        text += " Foraging and navigation have advantage."
    return text


# ---------------------------------------------------------------- journeys


def journey_here(room):
    journey = Journey.objects.filter(room=room).select_related("region").first()
    if journey is None:
        raise TravelError("No party travels from here. A GM starts a journey with "
                          "|w+travel/start <region>=<hex>|n.")
    return journey


@transaction.atomic
def start_journey(gm, room, name, where, members, mode="foot", rng=None):
    _require_gm(gm)
    rng = _dice(rng)
    region = region_named(name)
    if Journey.objects.filter(room=room).exists():
        raise TravelError("A journey is already under way here (|w+travel|n shows it).")
    column, row = parse_label(region, where)
    cell = hex_at(region, column, row)
    if not cell.terrain:
        raise TravelError(f"{cell.label} has no terrain yet: |w+region/terrain {region.name}|n.")
    mode = _mode_named(mode)
    if not members:
        raise TravelError("Name the travellers: |w+travel/start Vale=C3 for Ann, Bob|n.")
    for member in members:
        og.playing_sheet_of(member)
    _require_crew(mode, members)
    journey = Journey.objects.create(room=room, region=region, column=column, row=row,
                                     mode=mode, visited=[[column, row]])
    journey.members.set(members)
    weather = roll_weather(journey, rng, gm)
    journey.save()
    names = ", ".join(m.key for m in members)
    return Outcome((f"{names} set out across {region.name} from {cell.label} "
                    f"({rules.TERRAINS[cell.terrain].name}) {_mode_words(mode)}.", weather),
                   data={"journey": journey})


def _mode_named(text):
    word = (text or "foot").strip().lower()
    if word not in rules.MODES:
        raise TravelError(f"'{text}' is not a way to travel: {', '.join(rules.MODES)}.")
    return word


def _mode_words(mode):
    return {"foot": "on foot", "mounted": "on mounts", "ship": "by ship",
            "airship": "by airship"}[mode]


@transaction.atomic
def set_mode(gm, room, mode):
    _require_gm(gm)
    journey = journey_here(room)
    journey.mode = _mode_named(mode)
    cell = hex_at(journey.region, journey.column, journey.row)
    if journey.mode == "ship" and not _water(cell):
        raise TravelError("A ship needs water: the party stands on dry land here.")
    _require_crew(journey.mode, journey.travellers())
    journey.save(update_fields=["mode"])
    note = ""
    if journey.mode == "mounted":
        note = " Mounts add no speed on land but carry as many slots as their HP."
    return Outcome((f"The party now travels {_mode_words(journey.mode)}.{note}",))


def _require_crew(mode, members):
    """Vehicles that need a crew do not move without hired hands."""
    if mode not in rules.CREWED_MODES:
        return
    if not Follower.objects.filter(employer__in=list(members)).exclude(
            kind="companion").exists():
        raise TravelError(f"A {mode} needs a crew: hire hands first (|w+hire|n), then "
                          "set out.")


def _water(cell):
    return bool(cell.terrain_rules and cell.terrain_rules.water) or cell.river


def hex_cost(journey, here, there):
    """Sixths of a watch to enter `there` from `here` (the text's speeds)."""
    terrain = there.terrain_rules
    if journey.mode in ("ship", "airship"):
        return rules.COST_SHIP
    difficult = (terrain.difficult or (there.river and not (here.road and there.road))
                 or heavy_snow(journey))
    if here.road and there.road:
        return rules.COST_ROAD_DIFFICULT if difficult else rules.COST_ROAD
    return rules.COST_DIFFICULT if difficult else rules.COST_OPEN


def _member_of(journey, character):
    if not og.is_gm(character) and not journey.members.filter(pk=character.pk).exists():
        raise TravelError("You are not one of the travellers here.")


def _untamed(cell):
    return not (cell.road or cell.settlement)


@transaction.atomic
def travel(character, room, direction, force=False, rng=None):
    """Cross into the neighbouring hex: navigation if needed, then the watches
    it takes, with the travel oracle and the weather each watch."""
    rng = _dice(rng)
    journey = journey_here(room)
    _member_of(journey, character)
    region = journey.region
    direction = direction_named(direction)
    here = hex_at(region, journey.column, journey.row)
    target = _passable_neighbour(journey, here, direction, refuse=True)
    cost = hex_cost(journey, here, target)
    spent = journey.progress + cost
    ending_watch = journey.watches_today + spent // rules.SIXTHS + (
        1 if spent % rules.SIXTHS else 0)
    if ending_watch > rules.FORCED_MARCH_WATCH:
        raise TravelError("The party has travelled three watches today and must rest: "
                          "|w+travel/camp|n ends the day.")
    forced = ending_watch > rules.TRAVEL_WATCHES_PER_DAY and journey.mode in ("foot", "mounted")
    if forced and not force:
        raise TravelError(f"Going on takes a third watch today, a forced march (a day "
                          f"without rest). Type |w+travel {direction}=force|n to push on, "
                          "or |w+travel/camp|n.")
    lines = []
    weather = rules.WEATHER[journey.weather]
    featureless = bool((target.terrain_rules.featureless or here.terrain_rules.featureless)
                       and journey.mode != "airship")
    arrived = target
    if weather.bad or featureless:
        reason = "the weather" if weather.bad else "the land has no features"
        check = og.make_check(character, og.CheckRequest(
            rules.NAVIGATION_ATTRIBUTE, rules.NAVIGATION_DIFFICULTY,
            advantage=weather.favourable), rng=rng, kind="navigation")
        lines.append(f"Navigation ({reason}): " + check.lines[0])
        if not check.data["check"].success:
            stray = rules.DIRECTIONS[rng.randint(1, 6) - 1]
            column, row = neighbour(target.column, target.row, stray)
            lost = Hex.objects.filter(region=region, column=column, row=row).first()
            if lost is not None and lost.terrain and not lost.edge and _can_enter(journey, lost):
                arrived = lost
                lines.append(f"The party goes astray ({rules.DIRECTION_NAMES[stray]} of "
                             f"{target.label}, 1d6) and comes out at {lost.label}, not "
                             f"{target.label}.")
            else:
                arrived = here
                lines.append(f"The party wanders in circles (1d6 points "
                             f"{rules.DIRECTION_NAMES[stray]}, off the way) and ends where "
                             f"it started, at {here.label}.")
    journey.column, journey.row = arrived.column, arrived.row
    if [arrived.column, arrived.row] not in journey.visited:
        journey.visited = journey.visited + [[arrived.column, arrived.row]]
    journey.progress = spent % rules.SIXTHS
    watches = spent // rules.SIXTHS
    lines.insert(0, f"The party heads {rules.DIRECTION_NAMES[direction]} "
                    f"({_cost_words(cost)}).")
    if arrived != here:
        lines.append(f"They reach {describe_hex(arrived)}.")
    for _ in range(watches):
        lines += _watch_passes(journey, arrived, rng, character)
    if forced:
        names = []
        for member in journey.travellers():
            OldGoldSheet.objects.filter(character=member).update(unrested=True)
            names.append(member.key)
        lines.append("A forced march: " + ", ".join(names) + " go a day without rest "
                     "(disadvantage on every roll until they rest).")
    journey.save()
    _log("travel", character, room, [], " ".join(lines), direction=direction,
         to=arrived.label, cost=cost)
    return Outcome(tuple(lines), data={"journey": journey, "arrived": arrived})


def _cost_words(cost):
    if cost == rules.SIXTHS:
        return "a watch"
    if cost > rules.SIXTHS:
        return f"{cost // rules.SIXTHS} watches"
    return f"{cost}/6 of a watch"


def _can_enter(journey, cell):
    water = bool(cell.terrain_rules and cell.terrain_rules.water)
    if journey.mode == "ship":
        return _water(cell)
    if journey.mode == "airship":
        return True
    return not water


def _passable_neighbour(journey, here, direction, refuse=False):
    column, row = neighbour(here.column, here.row, direction)
    cell = Hex.objects.filter(region=journey.region, column=column, row=row).first()
    words = rules.DIRECTION_NAMES[direction]
    if cell is None:
        raise TravelError(f"The map of {journey.region.name} ends to the {words}; the next "
                          "region is the GM's to make.")
    if cell.edge:
        raise TravelError(f"The land to the {words} ({cell.label}) is too harsh to cross.")
    if not cell.terrain:
        raise TravelError(f"{cell.label} is blank on the map: a GM gives it terrain first.")
    if not _can_enter(journey, cell):
        need = "water" if journey.mode == "ship" else "a ship"
        raise TravelError(f"{cell.label} is {cell.terrain_rules.name}: crossing it needs "
                          f"{need}. A GM changes how you travel with |w+travel/mode|n.")
    return cell


def _watch_passes(journey, cell, rng, who):
    journey.watches_today += 1
    journey.watches_total += 1
    lines = [f"Watch {journey.watches_today} of day {journey.day} passes."]
    if journey.weather_left:
        journey.weather_left -= 1
    if not journey.weather_left:
        lines.append(roll_weather(journey, rng, who))
    if _untamed(cell):
        lines += _travel_oracle(journey, cell, rng, who)
    return lines


def _travel_oracle(journey, cell, rng, who):
    face = rng.randint(1, rules.TRAVEL_ORACLE_DIE)
    kind, text = rules.TRAVEL_ORACLE[face]
    lines = [f"Travel oracle 1d6 [{face}]: {text}"]
    _log("oracle", who, journey.room, [face], lines[0], result=kind)
    if kind == "encounter":
        lines += encounter_lines(journey.room, "wilderness",
                                 rules.TERRAIN_GROUP.get(cell.terrain, "open"), rng, who)
    return lines


def describe_hex(cell):
    terrain = cell.terrain_rules
    parts = [f"{cell.label}, {terrain.name if terrain else 'blank'}"]
    if cell.road:
        parts.append("a road")
    if cell.river:
        parts.append("a river")
    if cell.settlement:
        parts.append(f"the {cell.settlement} of {cell.place_name}")
    if cell.landmark:
        parts.append(f"a {cell.landmark}")
    return ", ".join(parts)


@transaction.atomic
def camp(character, room, rng=None):
    """End the day: each traveller rests by the adventurers' rules (a ration,
    1d6 HP, once a day), the watches reset and a new day begins, with
    disadvantage for whoever could not rest."""
    rng = _dice(rng)
    journey = journey_here(room)
    _member_of(journey, character)
    members = journey.travellers()
    lines = ["The party makes camp."]
    for member in members:
        try:
            lines += og.rest(member, rng).lines
        except OldGoldError as err:
            lines.append(f"{member.key} gets no rest: {err.message}")
    left = rules.WATCHES_PER_DAY - journey.watches_today
    journey.watches_total += max(0, left)
    journey.watches_today = 0
    journey.progress = 0
    journey.day += 1
    journey.weather_left = max(0, journey.weather_left - max(0, left))
    lines.append(f"Day {journey.day} begins.")
    lines += og.begin_day(members).lines[1:]
    if not journey.weather_left:
        lines.append(roll_weather(journey, rng, character))
    journey.save()
    return Outcome(tuple(lines))


@transaction.atomic
def forage(character, room, method="gather", rng=None):
    """A watch of foraging: a group check of the travellers (Heart to gather,
    Grace to hunt) against the terrain, each rolling their own part
    (+og/part, with their own edges and gifts); 1d4 rations on a success
    (`forage_settled`)."""
    from world.oldgold import groups

    journey = journey_here(room)
    _member_of(journey, character)
    attribute = rules.FORAGE_ATTRIBUTES.get((method or "gather").strip().lower())
    if attribute is None:
        raise TravelError("Forage by gathering or hunting: |w+travel/forage gather|n or "
                          "|w+travel/forage hunt|n.")
    cell = hex_at(journey.region, journey.column, journey.row)
    members = journey.travellers()
    difficulty = cell.terrain_rules.forage
    weather = rules.WEATHER[journey.weather]
    forager = character if character in members else members[0]
    called = groups.open_group(
        character, members, attribute, difficulty, _dice(rng), advantage=weather.favourable,
        then={"hook": "world.oldgold_travel.services.forage_settled", "forager": forager.id,
              "method": method})
    journey.watches_total += 1
    journey.save(update_fields=["watches_total"])
    lines = [f"The party spends a watch foraging ({method}) in "
             f"{cell.terrain_rules.name}.", *called.lines]
    return Outcome(tuple(lines), data={"group": called.data["group"]})


def forage_settled(group, turned=False):
    """Foraging's group check is in: on a success 1d4 rations for the one
    who foraged; when Inspiration turns it to a failure, they are gone again."""
    from evennia.objects.models import ObjectDB

    then = group.then
    forager = ObjectDB.objects.filter(id=then["forager"]).first()
    if not group.success:
        Item.objects.filter(pk__in=then.pop("given", [])).delete()
        return ["They find nothing fit to eat" + (": the rations are gone again."
                                                  if turned else ".")]
    rng = _dice(None)
    rations = rng.randint(1, rules.FORAGE_RATIONS_DIE)
    given = _give_rations(forager, rations) if forager is not None else []
    kept = sum(item.max_dots - item.marked for item in given)
    then["given"] = [item.pk for item in given]
    line = (f"They gather 1d4 [{rations}] rations"
            + (f"; {kept} fit in the packs." if kept < rations else "."))
    _log("forage", forager, group.room, [rations], line, success=True, group=group.pk)
    return [line]


def _give_rations(character, count):
    """Rations into `character`'s free slots, three to a slot; the items made."""
    sheet = og.sheet_of(character)
    made = []
    while count > 0:
        place = og._room_in(sheet, 1)
        if place is None:
            break
        batch = min(count, og_rules.GEAR["rations"].dots)
        item = og._new_item(sheet, "rations", place)
        item.marked = item.max_dots - batch
        item.save(update_fields=["marked"])
        made.append(item)
        count -= batch
    return made


@transaction.atomic
def explore(character, room, rng=None):
    """A watch spent exploring the hex: its landmark, if it has one, is found;
    in untamed lands the travel oracle is read for the watch."""
    rng = _dice(rng)
    journey = journey_here(room)
    _member_of(journey, character)
    cell = hex_at(journey.region, journey.column, journey.row)
    lines = [f"The party spends a watch exploring {cell.label}."]
    if cell.landmark:
        lines.append(f"They find {with_article(cell.landmark)}; what it holds is the GM's to tell "
                     "(some secrets need a check).")
    else:
        lines.append("They find nothing hidden here.")
    journey.watches_total += 1
    if journey.weather_left:
        journey.weather_left -= 1
    if not journey.weather_left:
        lines.append(roll_weather(journey, rng, character))
    if _untamed(cell):
        lines += _travel_oracle(journey, cell, rng, character)
    journey.save()
    _log("explore", character, room, [], " ".join(lines), hex=cell.label)
    return Outcome(tuple(lines))


@transaction.atomic
def end_journey(gm, room):
    _require_gm(gm)
    journey = journey_here(room)
    journey.delete()
    return Outcome((f"The journey across {journey.region.name} ends after "
                    f"{journey.watches_total} watches.",))


# ---------------------------------------------------------------- encounters


def encounter_lines(room, where, group, rng, who, slug=None):
    if slug is None:
        face = rng.randint(1, rules.ENCOUNTER_DIE)
        slug = rules.ENCOUNTERS[group][face]
        head = f"Encounter ({group}) 1d6 [{face}]: {slug.replace('_', ' ')}"
    else:
        face = None
        head = f"Encounter: {slug.replace('_', ' ')}"
    na = rules.NUMBER_APPEARING[slug]
    number, na_faces = roll_dice(na, rng)
    number = max(1, number)
    distance_total, distance_faces = roll_dice(rules.DISTANCE_DICE, rng)
    step = rules.DISTANCE_STEP[where]
    reaction_total, reaction_faces = roll_dice(rules.REACTION_DICE, rng)
    reaction = rules.REACTION[reaction_total]
    line = (f"{head}, {number} of them (NA {na} {na_faces or ''}), "
            f"{distance_total * step}m away (2d6 {distance_faces} x {step}m), "
            f"reaction 2d6 {reaction_faces} = {reaction_total}: {reaction}.")
    line = line.replace(" [] ", " ").replace("  ", " ")
    _log("encounter", who, room, ([face] if face else []) + na_faces + distance_faces
         + reaction_faces, line, slug=slug, number=number, distance=distance_total * step,
         reaction=reaction_total)
    room_state = room.attributes if room is not None else None
    if room_state is not None:
        room_state.add("og_last_encounter", {"slug": slug, "number": number})
    return [line, "A GM brings them in with |w+encounter/spawn|n."]


@transaction.atomic
def roll_encounter(gm, room, where="wilderness", group=None, slug=None, rng=None):
    _require_gm(gm)
    rng = _dice(rng)
    if where not in rules.DISTANCE_STEP:
        raise TravelError("Say where: |w+encounter wilderness|n or |w+encounter dungeon|n.")
    if slug is not None:
        slug = slug.strip().lower().replace(" ", "_")
        if slug not in rules.NUMBER_APPEARING:
            raise TravelError(f"'{slug}' is not a bestiary monster (names like goblin, "
                              "giant_spider, orc_warrior).")
    if group is None:
        group = "dungeon" if where == "dungeon" else _group_here(room)
    if group not in rules.ENCOUNTERS:
        raise TravelError(f"'{group}' is not an encounter table: "
                          + ", ".join(rules.ENCOUNTERS) + ".")
    return Outcome(tuple(encounter_lines(room, where, group, rng, gm, slug)))


def _group_here(room):
    journey = Journey.objects.filter(room=room).select_related("region").first()
    if journey is None:
        return "open"
    cell = hex_at(journey.region, journey.column, journey.row)
    return rules.TERRAIN_GROUP.get(cell.terrain, "open")


@transaction.atomic
def spawn_encounter(gm, room):
    """Spawn the last rolled encounter's monsters from the bestiary prototypes."""
    from evennia.prototypes import prototypes, spawner

    _require_gm(gm)
    last = room.attributes.get("og_last_encounter") if room else None
    if not last:
        raise TravelError("No encounter has been rolled here: |w+encounter|n rolls one.")
    key = rules.PROTOTYPE_PREFIX + last["slug"]
    if not prototypes.search_prototype(key=key, require_single=False):
        raise TravelError(f"There is no prototype {key} to spawn yet (the bestiary brings "
                          "them); play the encounter with |w+og/npc|n instead.")
    from world.oldgold_dungeon import bestiary

    name = bestiary.MONSTERS[last["slug"]]["name"]
    made = spawner.spawn(*[{"prototype_parent": key, "location": room, "key": each}
                           for each in bestiary.numbered_names(room, name, last["number"])])
    room.attributes.remove("og_last_encounter")
    return Outcome((bestiary.arrival_words(made, name),), data={"spawned": made})


# ---------------------------------------------------------------- treasure


def _party_xp_total(members):
    total = 0
    for member in members:
        sheet = og.playing_sheet_of(member)
        level = min(sheet.level + 1, og_rules.MAX_LEVEL)
        total += og_rules.XP_REQUIRED[level]
    return total


@transaction.atomic
def treasure(gm, members, difficulty="difficult", length="session"):
    """The treasure's worth: a share of the party's summed XP Required, split
    evenly into the members' coin (a sack of valuables when coin has no room)."""
    _require_gm(gm)
    difficulty, length = difficulty.strip().lower(), length.strip().lower()
    if difficulty not in rules.TREASURE_SHARE:
        raise TravelError("Treasure is normal, difficult or brutal.")
    if length not in rules.TREASURE_LENGTH:
        raise TravelError("An adventure's length is scene, session or long.")
    if not members:
        raise TravelError("Name the party members who share the treasure.")
    base = _party_xp_total(members)
    num, den = rules.TREASURE_SHARE[difficulty]
    lnum, lden = rules.TREASURE_LENGTH[length]
    worth = -(-base * num * lnum // (den * lden))  # always round up
    share, extra = divmod(worth, len(members))
    lines = [f"Treasure ({difficulty}, {length}): {num}/{den} x {lnum}/{lden} of the party's "
             f"{base} XP Required = {worth} gp, {share} gp each."]
    for index, member in enumerate(members):
        amount = share + (1 if index < extra else 0)
        lines.append(_pay_in(member, amount))
    _log("treasure", gm, gm.location, [], " ".join(lines), worth=worth, difficulty=difficulty,
         length=length)
    return Outcome(tuple(lines), data={"worth": worth})


def _pay_in(member, amount):
    sheet = og.sheet_of(member)
    try:
        og._check_coin_room(sheet, sheet.coin + amount)
    except og.OldGoldError:
        place = og._room_in(sheet, 1)
        if place is None:
            return (f"  {member.key} has no room for {amount} gp of valuables; "
                    "they lie here for someone to carry.")
        og.Item.objects.create(sheet=sheet, name=f"{rules.SACK_OF_VALUABLES} ({amount} gp)"[:60],
                               kind="valuable", location=place, max_dots=0, price=amount)
        return f"  {member.key} carries a {rules.SACK_OF_VALUABLES.lower()} worth {amount} gp."
    sheet.coin += amount
    sheet.save(update_fields=["coin"])
    return f"  {member.key} takes {amount} gp (now {sheet.coin} gp)."
