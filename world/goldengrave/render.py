"""
How Goldengrave looks to players and GMs: PCs, company sheets, the dice of
damage rolls, attacks, checks and nights in town, maps and the roll log.
Every function only builds text (at most 78 columns).
"""

from functools import cache

from evennia.utils.ansi import strip_ansi

from world.dice import goldengrave_tables as tables
from world.goldengrave import rules
from world.words import counted, possessive, with_article

TAG = "|w[Goldengrave]|n"


def _tag(roll_id=None):
    return f"|w[GG #{roll_id}]|n" if roll_id else TAG


def _bar(current, top):
    return f"{current}/{top}"


# ---------------------------------------------------------------- PCs

# Spark A is a region, or a kind of place the PC comes from.
_PLACES = {"Cosmic": "the stars"}


def origin(spark_a, spark_b):
    """'a Merchant from Bittermarch', 'a Zealot from the cave'."""
    place = spark_a if spark_a in tables.REGIONS else _PLACES.get(spark_a, f"the {spark_a.lower()}")
    return f"{with_article(spark_b)} from {place}"


def _first_up(text):
    return text[:1].upper() + text[1:]


def _name_line(name):
    ours = " (our own column)" if name.region in rules.HOUSE_COLUMNS else ""
    return f"{name.render()}{ours}"


def name_rolled(name):
    return "\n".join(_fit([f"{TAG} {_name_line(name)}. |w+gg/name|n rolls again; "
                            "|w+gg/name <a name>|n takes yours."]))


def new_pc(report):
    sheet, sparks, traits, name = report.sheet, report.sparks, report.traits, report.name
    lines = [
        f"{TAG} A new treasure hunter.",
        f"  {sparks.render()}: {origin(sparks.spark_a, sparks.spark_b)}.",
        f"  {traits.render()}",
        f"  {_name_line(name)}",
        "  Put each trait die in a column: |w+gg/traits <physique> <personality> <flaw>|n",
        "  (personality and flaw must differ). |w+gg/name|n rolls another name,",
        "  |w+gg/name <name>|n picks your own.",
    ]
    if report.rejoined is not None:
        where = f" in {report.town.key}" if report.town is not None else ""
        lines.append(f"  {sheet.name} joins {report.rejoined.name}{where}.")
    return "\n".join(lines)


def trait_words(sheet):
    if not sheet.traits_assigned:
        return "not yet set (dice " + ", ".join(map(str, sheet.trait_dice)) + ")"
    return ", ".join(
        (tables.PHYSIQUE[sheet.physique], tables.PERSONALITY[sheet.personality],
         tables.FLAW[sheet.flaw])
    )


def sheet(sheet_):
    company = sheet_.company.name if sheet_.company else "none"
    state = "knocked out" if sheet_.knocked_out else "on their feet"
    return "\n".join([
        f"{TAG} {sheet_.name}, played by {sheet_.character.key}",
        f"  {_first_up(origin(sheet_.spark_a, sheet_.spark_b))} (names of {sheet_.region}).",
        f"  Traits: {trait_words(sheet_)}",
        f"  Weapons: {sheet_.weapons}.  Company: {company}.  Now {state}.",
    ])


# ---------------------------------------------------------------- companies


def company(view):
    c = view.company
    lines = [
        f"{TAG} {c.name}",
        f"  Stamina {_bar(c.stamina, c.stamina_max)}   Supply {_bar(c.supply, c.supply_max)}"
        f"   Sway {_bar(c.sway, c.sway_max)}",
        f"  Army {c.army}   Glory {c.glory}   Pace {c.pace or 'auto'}"
        + (f"   Delving {c.dungeon.name}" if c.dungeon else ""),
        "  PCs: " + (", ".join(
            f"{s.name} ({s.character.key}){' [KO]' if s.knocked_out else ''}"
            for s in view.members
        ) or "none"),
    ]
    if view.items:
        lines.append("  Items: " + ", ".join(f"{i.name} ({i.tier})" for i in view.items))
    if c.sway_price is not None:
        lines.append(f"  The GM asks a Sway price of {c.sway_price} ({c.sway_situation}): "
                     "|w+gg/pay|n or |w+gg/refuse|n.")
    war = next((w for w in view.wars if not w.outcome), None)
    if war is not None:
        lines.append(f"  At war with {war.name}, Power {war.power}/{war.start_power}.")
    if view.treasures:
        lines.append("  Treasures found: " + ", ".join(
            f"{t.name}{' (main)' if t.main else ''}" for t in view.treasures))
    if view.glory:
        lines.append("  Glory: " + "; ".join(
            f"{e.change:+d} {e.reason}" for e in view.glory[:5]))
    return "\n".join(_fit(lines))


def companies(rows):
    if not rows:
        return f"{TAG} No company has been founded yet: |w+gg/found <name>=4,2,0|n."
    return "\n".join([f"{TAG} Companies:"] + [
        f"  {c.name}: {counted(c.living, 'PC')}, Glory {c.glory}" for c in rows])


def fit(text, width=78):
    """`text` with every line wrapped to `width` visible columns."""
    if not isinstance(text, str):
        return text
    return "\n".join(_fit(text.split("\n"), width))


def _visible(text):
    return len(strip_ansi(text))


def _last_space_within(line, width):
    """The index of the last space before `width` visible columns (None if none).
    A prefix's width only grows, so the walk stops at the first space past it:
    a long line costs a few prefixes, not one per space."""
    last = None
    for index, char in enumerate(line):
        if char == " ":
            if _visible(line[:index]) > width:
                break
            last = index
    return last


def _fit(lines, width=78):
    """Wrap each line at a space so no line shows more than `width` columns
    (colour codes take no room); continuations are indented."""
    out = []
    for line in lines:
        while _visible(line) > width:
            last = _last_space_within(line, width)
            cut = last if last is not None and last > 10 else len(line)
            if cut == len(line):
                break
            out.append(line[:cut])
            line = "    " + line[cut:].lstrip()
        out.append(line)
    return out


# ---------------------------------------------------------------- fights


def damage(report, source_word=""):
    outcome = report.outcome
    lines = [f"{_tag(report.roll_id)} {report.source or 'A damage roll'} strikes "
             f"{report.company.name}.",
             f"  {outcome.roll.render()} (dice of {rules.DAMAGE_IGNORED_FROM}+ count for nothing)",
             f"  Stamina {outcome.stamina_before} -> {outcome.stamina_after}."]
    if report.knocked_out is not None:
        pick = f" (the die picked {outcome.pick})" if outcome.pick else ""
        lines.append(f"  |r{report.knocked_out.name} is knocked out{pick}|n until the "
                     "threat is gone.")
    if outcome.must_retreat:
        if report.killed:
            lines.append("  |rKilled: " + ", ".join(s.name for s in report.killed) + ".|n")
        where = report.town.key if report.town is not None else "town"
        lines.append(f"  The company is spent and falls back to {where}.")
        if report.killed:
            lines.append("  A dead PC's player rolls the next one with |w+gg/new|n; the new")
            lines.append("  PC joins the company in town.")
    return "\n".join(_fit(lines))


def gm_note(report):
    if not report.note:
        return ""
    which = "On Kill" if report.killed else "On KO"
    return f"{TAG} (GM) {which}: {report.note}"


def attack(report):
    m = report.monster
    why = {
        "normal": "",
        "vulnerable": " It is vulnerable to that!",
        "immune": " It is immune to that.",
        "risky": "",
    }[report.why]
    lines = [f"{_tag(report.roll_id)} {report.company.name} attacks {m.key}: "
             f"{report.method or 'blades and arrows'}.{why}"]
    if report.check is not None:
        lines.append(f"  {report.checker.name} tries it: {report.check.render()}.")
    lines.append(f"  {m.key} loses {report.loss} Power: {report.power_before} -> {m.power}.")
    if report.died:
        lines.append(f"  |g{m.key} is dead.|n Knocked-out PCs come to.")
    elif report.half_moment == "craven":
        lines.append(f"  {m.key} is craven: at half its Power it flees or gives up.")
    elif report.half_moment == "iron":
        lines.append(f"  {m.key} is at half its Power, and fights on: it never retreats.")
    elif report.half_moment == "price":
        lines.append(f"  {m.key} is at half its Power for the first time: the GM may set a "
                     "Sway price for its retreat.")
    return "\n".join(_fit(lines))


def gm_half_hint(report):
    if report.half_moment != "price":
        return ""
    return (f"{TAG} (GM) Offer its retreat for Sway:\n"
            f"  |w+ggm/sway half=<1||3||6>,{report.monster.key}|n")


def monster(m):
    """The GM's card of a monster."""
    bits = [f"{TAG} {m.key}: Power {m.power}/{m.start_power}, {m.temper}"]
    if m.vulnerable:
        bits.append("  Vulnerable to: " + ", ".join(m.vulnerable))
    if m.immune:
        bits.append("  Immune to: " + ", ".join(m.immune))
    bits += _notes(m)
    if m.desire:
        bits.append(f"  Wants {m.desire}")
    else:
        bits.append(f"  Wants: not rolled yet (|w+ggdungeon/desire {m.key}|n)")
    if m.wandering:
        bits.append("  Wanders the dungeon.")
    return "\n".join(_fit(bits))


def trap(t):
    """The GM's card of a trap."""
    bits = [f"{TAG} {t.key}: trap, Power {t.power}"]
    if t.trigger:
        bits.append(f"  Set off by {t.trigger}.")
    return "\n".join(_fit(bits + _notes(t)))


def _notes(threat):
    return [f"  {label}: {text}" for label, text in (
        ("On KO", threat.on_ko), ("On Kill", threat.on_kill), ("GM notes", threat.notes),
    ) if text]


def choice(report):
    who = report.character.key
    if report.choice == "retreat":
        where = report.town.key if report.town is not None else "town"
        carried = f", carrying {', '.join(report.carried)}" if report.carried else ""
        return f"{TAG} {who}: {report.company.name} retreats to {where}{carried}."
    if report.choice == "tactic":
        text = f"{TAG} {who}: {report.company.name} tries a clever tactic: {_sentence(report.text)}"
    else:
        text = (f"{TAG} {who}: {report.company.name} fights: "
                f"{_sentence(report.text or 'blades and arrows')}")
    return "\n".join(_fit([text]))


def _sentence(text):
    """A player's words as the end of a sentence: a full stop if they gave none."""
    return text if text[-1:] in ".!?" else text + "."


def treasure_found(company_, treasure, carrier):
    main = " (the main treasure)" if treasure.main else ""
    taken = f" {carrier.key} takes it." if carrier is not None else ""
    return "\n".join(_fit([f"{TAG} {company_.name} finds {treasure.name}{main}!{taken}"]))


def check(report):
    return "\n".join(_fit([f"{_tag(report.roll_id)} {report.sheet.name} "
                            f"({report.character.key}): {report.check.render()}."]))


def safe(company_, names):
    return "\n".join(_fit([f"{TAG} The danger is past for {company_.name}: "
                            f"{', '.join(names)} {'comes' if len(names) == 1 else 'come'} to."]))


def desire(monster, rolls):
    if len(rolls) == 1:
        return f"{TAG} {monster.key} wants {rolls[0].desire} (d6: {rolls[0].die})."
    return "\n".join(_fit([
        f"{TAG} {monster.key} wants {rolls[0].desire} (d6: {rolls[0].die}), or "
        f"{rolls[1].desire} (d6: {rolls[1].die}). Pick one: "
        f"|w+ggdungeon/desire {monster.key}=<its words, or your own>|n"]))


# ---------------------------------------------------------------- supply and sway


def summoned(report):
    item, c = report.item, report.company
    if item.cost == 0:
        spent = f"basic, free: Supply stays {c.supply}"
    else:
        spent = f"{item.tier}, {item.cost} Supply: Supply {report.supply_before} -> {c.supply}"
    return "\n".join(_fit([f"{TAG} {c.name} turns out to have packed it all along: "
                            f"{item.name} ({spent})."]))


def sway_price(company_):
    about = rules.SWAY_SITUATIONS.get(company_.sway_situation, "the war")
    if company_.sway_target is not None:
        about += f": {company_.sway_target.key}"
    return "\n".join(_fit([
        f"{TAG} The GM sets a Sway price of {company_.sway_price} for {company_.name} "
        f"({about}). |w+gg/pay|n pays it; |w+gg/refuse|n does not."]))


def sway_answer(report):
    c = report.company
    paid, refused = rules.SWAY_OUTCOMES[report.situation]
    monster = report.target.key if report.target is not None else "The monster"
    if not report.paid:
        text = f"{TAG} {c.name} will not pay {report.price} Sway. " + refused.format(
            monster=monster)
    else:
        text = (f"{TAG} {c.name} pays {report.price} Sway ({report.sway_before} -> {c.sway}). "
                + paid.format(monster=monster))
    if report.glory:
        text += f" The war is won: +{report.glory} Glory."
    return "\n".join(_fit([text]))


@cache  # the same rules text every time
def supply_tiers():
    lines = [f"{TAG} What Supply summons (any item the GM allows, at its tier's cost):"]
    for tier, cost in rules.SUPPLY_TIERS.items():
        price = "free" if cost == 0 else f"{cost} Supply"
        lines.append(f"  {tier.capitalize()} ({price}): " + ", ".join(rules.SUPPLY_SUGGESTIONS[tier]))
    return "\n".join(_fit(lines))


# ---------------------------------------------------------------- town


def night(report):
    c = report.company
    lines = [f"{TAG} {c.name} spends the night in town."]
    if report.dungeon is not None:
        lines.append(
            f"  From {report.dungeon.name}: main treasure {'found' if report.main_found else 'not found'},"
            f" {report.sides_found} of {counted(report.sides_total, 'side treasure')}."
        )
    lines.append(f"  Rank {report.rank}: {rules.RANK_NIGHT[report.rank]}")
    if report.glory < rules.GLORY_BY_RANK[report.rank]:
        lines.append(f"  +{report.glory} Glory (now {c.glory}): a revisit pays only what a "
                     "better Rank adds to what this dungeon paid before.")
    else:
        lines.append(f"  +{report.glory} Glory (now {c.glory}).")
    lines.append("  Stamina, Supply and Sway are full; Army stays as it is.")
    if report.items_cleared:
        lines.append("  Gone with the morning: " + ", ".join(report.items_cleared) + ".")
    return "\n".join(_fit(lines))


def glory_spent(company_, stat, before):
    after = company_.army if stat == rules.ARMY else company_.maximum(stat)
    what = "Army" if stat == rules.ARMY else f"{stat.capitalize()}'s maximum"
    return f"{TAG} {company_.name} spends Glory: {what} {before} -> {after} (Glory {company_.glory})."


def revisit(entry):
    text = f"{TAG} {entry.company.name} returns to {entry.room.dungeon.name}. {entry.revisit.render()}."
    if entry.stolen:
        text += " Gone: " + ", ".join(t.name for t in entry.stolen) + "."
    return "\n".join(_fit([text]))


def wandering(entry):
    w = entry.wandering
    text = f"{TAG} (GM) {entry.company.name} enters starred room {entry.room.number} " \
           f"({entry.room.room.key}), moving {rules.PACE_WORDS[w.pace]}: {w.render()}."
    if w.outcome == "monster":
        names = ", ".join(f"{m.key} (Power {m.power})" for m in entry.wanderers) or \
            "none marked: pick one"
        text += f" Bring in: {names}."
    elif w.outcome == "omen":
        text += " Show them a sign of what roams nearby."
    return "\n".join(_fit([text]))


def dungeon(d, threats=None):
    """The GM's sheet of a dungeon: its rooms (* starred) with what lurks in
    each (`threats`: {room id: [monster or trap]}), and its treasures."""
    threats = threats or {}
    town = d.town.key if d.town else "none"
    lines = [f"{TAG} Dungeon {d.name} ({d.difficulty}), GM {d.gm.key if d.gm else '-'}, town {town}"]
    for entry in d.rooms.select_related("room"):
        here = ", ".join(threat_word(t) for t in threats.get(entry.room_id, ()))
        lines.append(f"  {entry.number:>2}{'*' if entry.starred else ' '} {entry.room.key}"
                     + (f": {here}" if here else ""))
    for t in d.treasures.select_related("found_by"):
        state = "stolen" if t.stolen else (f"found by {t.found_by.name}" if t.found_by else "waiting")
        lines.append(f"  {'Main' if t.main else 'Side'} treasure: {t.name} ({state})")
    return "\n".join(_fit(lines))


def _way(exit_obj):
    aliases = ", ".join(exit_obj.aliases.all())
    return f"|w{exit_obj.key}|n" + (f" ({aliases})" if aliases else "")


def dug(report):
    """What the GM reads after `+ggdungeon/dig`."""
    entry, dungeon = report.entry, report.dungeon
    lines = [
        f"{TAG} {entry.room.key} is room {entry.number} of {dungeon.name}, and yours: "
        f"{_way(report.way_there)} leads there from {report.here.key}, "
        f"{_way(report.way_back)} back."
    ]
    lines.append("  Walk in and |wdescribe here=<text>|n; |w+ggdungeon/star|n it for "
                 "wandering monsters.")
    if report.rooms_left:
        lines.append(f"  {counted(report.rooms_left, 'more room')} may be dug for "
                     f"{dungeon.name}.")
    else:
        lines.append(f"  That was the last room {dungeon.name} may have dug "
                     f"({rules.DIG_ROOMS_PER_DUNGEON} at most).")
    return "\n".join(_fit(lines))


def torn_down(report):
    """What the GM reads after `+ggdungeon/teardown`."""
    gone = [counted(report.rooms, "dug room"), counted(report.exits, "way")]
    if report.things:
        gone.append(counted(report.things, "monster, trap or treasure",
                            "monsters, traps and treasures") + " left inside")
    line = f"{TAG} {report.name} is torn down: {_listed(gone)} are gone."
    if report.moved:
        where = f" to {report.town.key}" if report.town is not None else " home"
        line += f" Moved{where}: {', '.join(report.moved)}."
    return "\n".join(_fit([line]))


def _listed(items):
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def threat_word(threat):
    if not hasattr(threat, "temper"):
        return f"{threat.key} (trap, Power {threat.power})"
    if threat.power < 1:
        return f"{threat.key} (dead)"
    return f"{threat.key} (Power {threat.power}{', wanders' if threat.wandering else ''})"


def map_view(view, legend=True):
    """The map as text: its note, the drawing, and (with `legend`) the rooms
    the viewer may name."""
    lines = _fit([f"{TAG} Map of {view.dungeon.name}: {view.note}"])
    lines += ["  " + line for line in view.lines]
    lines += ["  " + _typed(line) for line in view.mapper]
    if legend:
        for entry in view.rooms:
            star = "*" if view.gm and entry.starred else " "
            lines.append(f"  {entry.number:>2}{star} {entry.room.key}")
    return "\n".join(lines)


def map_note(company_):
    if not company_.map_note:
        return (f"{TAG} {possessive(company_.name)} own map is empty. Add a line: "
                "|w+gg/mapnote [1]--[2]|n")
    lines = [f"{TAG} {possessive(company_.name)} own map (|w+gg/mapnote clear|n starts over):"]
    return "\n".join(lines + ["  " + _typed(line) for line in company_.map_note.splitlines()])


def _typed(text):
    """A player's own text shown as typed: a | draws a wall, not a colour. A
    line never ends in one: Evennia's telnet output takes a message's last |
    for a lone one and escapes it again (the reader would see "||n")."""
    text = text.replace("|", "||")
    return text + " " if text.endswith("|") else text


def war(report):
    return "\n".join(_fit([f"{TAG} {report.text}."
                           + (f" {report.check.render()}." if report.check else "")]))


def log(rolls):
    if not rolls:
        return f"{TAG} Nothing rolled yet."
    lines = [f"{TAG} Latest rolls:"]
    for roll in rolls:
        who = roll.roller.key if roll.roller else "-"
        lines.append(f"  #{roll.pk} {roll.created_at:%H:%M} {who}: {roll.outcome}")
    return "\n".join(_fit(lines))
