"""
Old Gold chargen as an EvMenu (+og/new): ancestry, attributes (points or
d4s), weapon, second item, one more language if it fits, and then the sheet
is written and waits for a GM's review. The draft lives in the menu's own
state until the last step, so leaving the menu changes nothing.
"""

from evennia.utils.evmenu import EvMenu

from world.oldgold import render, rules, services
from world.oldgold import touches as finishing
from world.oldgold.errors import OldGoldError


def start(caller):
    EvMenu(caller, "world.oldgold.chargen", startnode="node_ancestry",
           cmd_on_exit=None, persistent=False, og_draft={})


def _unknown(caller, raw, choices=(), **kwargs):
    """Input matching no option: say what to type instead; the node shows again."""
    caller.msg(render.wrap_text(
        f"'{raw.strip()}' is not one of the choices. Type one of: {', '.join(choices)} "
        "(or its number), or |wq|n to leave without saving."))
    return None


def _otherwise(options):
    names = [o["key"][0] if isinstance(o["key"], tuple) else o["key"] for o in options]
    return options + [{"key": "_default", "goto": (_unknown, {"choices": names})}]


def _draft(caller):
    return caller.ndb._evmenu.og_draft


def _choose_ancestry(caller, raw, key=None, **kwargs):
    draft = _draft(caller)
    if key == "roll":
        die, key = services.roll_ancestry()
        draft["ancestry_die"] = die
        caller.msg(f"1d4 [{die}]: {rules.ANCESTRIES[key].name}.")
    draft["ancestry"] = key
    return "node_method"


def node_ancestry(caller, raw_string, **kwargs):
    text = ("|wA new Old Gold adventurer.|n Choose an ancestry, or roll 1d4 "
            "(type |wq|n to leave; nothing is saved until the end).")
    options = [
        {"key": (lineage.name, key[:2]), "desc": f"{lineage.blurb} Speed {lineage.speed}m.",
         "goto": (_choose_ancestry, {"key": key})}
        for key, lineage in rules.ANCESTRIES.items()
    ]
    options.append({"key": ("Roll", "r"), "desc": "roll 1d4", "goto": (_choose_ancestry,
                                                                        {"key": "roll"})})
    return render.wrap_text(text), _otherwise(options)


def node_method(caller, raw_string, **kwargs):
    lineage = rules.ANCESTRIES[_draft(caller)["ancestry"]]
    text = (f"{lineage.name}. Attributes: Might, Grace, Mind, Heart. Distribute "
            f"{lineage.points} points, or roll {lineage.points}d4 (1 Might, 2 Grace, 3 Mind, "
            f"4 Heart). None may exceed {rules.CREATION_CAP}; a die that would is rolled again.")
    return render.wrap_text(text), _otherwise([
        {"key": ("Points", "p"), "desc": "distribute the points", "goto": "node_points"},
        {"key": ("Roll", "r"), "desc": f"roll {lineage.points}d4", "goto": _roll_scores},
    ])


def _roll_scores(caller, raw, **kwargs):
    draft = _draft(caller)
    scores, result = services.roll_scores(draft["ancestry"])
    draft.update(scores=scores, method="roll", attribute_dice=list(result.dice))
    rerolled = f" (rolled again: {result.rerolled})" if result.rerolled else ""
    caller.msg(f"d4s {list(result.dice)}{rerolled}: "
               + ", ".join(f"{a.capitalize()} {v}" for a, v in scores.items()))
    return "node_weapon"


def _read_points(caller, raw, **kwargs):
    draft = _draft(caller)
    parts = raw.split()
    if len(parts) != 4 or not all(p.isascii() and p.isdigit() and len(p) < 3 for p in parts):
        caller.msg("Type four numbers: Might Grace Mind Heart, e.g. |w2 2 1 1|n "
                   "(they must add up to your points).")
        return None
    scores = dict(zip(rules.ATTRIBUTES, (int(p) for p in parts)))
    try:
        draft["scores"] = services.validate_points(draft["ancestry"], scores)
    except OldGoldError as err:
        caller.msg(str(err))
        return None
    draft["method"] = "points"
    return "node_weapon"


def node_points(caller, raw_string, **kwargs):
    lineage = rules.ANCESTRIES[_draft(caller)["ancestry"]]
    even, left = divmod(lineage.points, len(rules.ATTRIBUTES))
    example = " ".join(str(even + (i < left)) for i in range(len(rules.ATTRIBUTES)))
    text = (f"Type four numbers adding up to {lineage.points}, each 0 to "
            f"{rules.CREATION_CAP}: Might Grace Mind Heart.\nFor example: |w{example}|n")
    return render.wrap_text(text), [{"key": "_default", "goto": _read_points}]


def _choose(caller, raw, field=None, value=None, next_node=None, **kwargs):
    _draft(caller)[field] = value
    return next_node


def node_weapon(caller, raw_string, **kwargs):
    text = "Choose your starting weapon."
    options = []
    for key in rules.STARTING_WEAPONS:
        gear = rules.GEAR[key]
        reach = f"range {gear.reach}m" if gear.ranged else f"reach {gear.reach}m"
        options.append({"key": (gear.name, key), "desc": f"{gear.damage}, {reach}",
                        "goto": (_choose, {"field": "weapon", "value": key,
                                           "next_node": "node_second"})})
    return render.wrap_text(text), _otherwise(options)


def node_second(caller, raw_string, **kwargs):
    text = ("And one more: armour, or a spellbook (a random spell, 1d20), or a relic "
            "(a random prayer, 1d20).")
    options = []
    for key in rules.STARTING_SECOND:
        gear = rules.GEAR[key]
        desc = f"+{gear.dp} DP" if gear.dp else gear.note
        short = key.split()[0]  # 'light', 'medium', 'spellbook', 'relic'
        options.append({"key": (gear.name, key, short), "desc": desc,
                        "goto": (_choose, {"field": "second", "value": key,
                                           "next_node": "node_language"})})
    return render.wrap_text(text), _otherwise(options)


def _read_language(caller, raw, **kwargs):
    try:
        _draft(caller)["language"] = services.extra_language(raw)
    except OldGoldError as err:
        caller.msg(str(err))
        return None
    return "node_confirm"


def node_language(caller, raw_string, **kwargs):
    lineage = rules.ANCESTRIES[_draft(caller)["ancestry"]]
    text = (f"You speak {' and '.join(lineage.languages)}. You may know one more language "
            "if it fits your adventurer: type its name (e.g. Goblin), or |wnone|n.")
    return render.wrap_text(text), [{"key": "_default", "goto": _read_language}]


def _finish(caller, raw, **kwargs):
    draft = _draft(caller)
    rng = services._dice(None)
    # A name is the player's to choose; the other touches start rolled.
    touches = {field: table[rng.randint(1, len(table)) - 1]
               for field, table in finishing.TOUCHES.items() if field != "name"}
    try:
        outcome = services.create_sheet(
            caller, draft["ancestry"], draft["scores"], draft["weapon"], draft["second"],
            method=draft.get("method", "points"), name_details=touches,
            attribute_dice=draft.get("attribute_dice", ()), language=draft.get("language", ""),
        )
    except OldGoldError as err:
        caller.msg(str(err))
        return "node_ancestry"
    draft["done"] = outcome.text
    return "node_done"


def node_confirm(caller, raw_string, **kwargs):
    draft = _draft(caller)
    scores = ", ".join(f"{a.capitalize()} {v}" for a, v in draft["scores"].items())
    language = f"; also speaks {draft['language']}" if draft.get("language") else ""
    text = (f"{rules.ANCESTRIES[draft['ancestry']].name}; {scores}; "
            f"{rules.GEAR[draft['weapon']].name} and {rules.GEAR[draft['second']].name}"
            f"{language}.\n"
            "HP (6 + 3 x Might + 1d6) and 20 + 2d20 gp are rolled when you confirm.")
    return render.wrap_text(text), _otherwise([
        {"key": ("Confirm", "y", "yes"), "desc": "write the sheet", "goto": _finish},
        {"key": ("Start over", "s"), "desc": "back to ancestry", "goto": "node_ancestry"},
    ])


def node_done(caller, raw_string, **kwargs):
    text = (_draft(caller)["done"] + "\nYour sheet now waits for a GM's review "
            "(|w+og/sheet|n shows it).")
    return render.wrap_text(text), None
