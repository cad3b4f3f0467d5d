"""
The tool designer (+tools/design): an EvMenu that builds a `ToolSpec` step by
step, showing the Tool Point budget on every page, and buys it through the
same service as the one-line +tools/buy.

The design in progress lives on the menu (`caller.ndb._evmenu.spec`).
"""

from commands.menu import FittedMenu
from world.digger import render, rules
from world.digger.errors import DiggerError
from world.digger.tools import ToolSpec, buy_tool
from world.screen import fit
from world.words import counted


def start(caller, session=None):
    """Open the designer for `caller` (on `session`) with an empty design."""
    nodes = {
        node.__name__: node
        for node in (
            node_design,
            node_name,
            node_description,
            node_category,
            node_rating,
            node_qualities,
            node_bought,
        )
    }
    FittedMenu(caller, nodes, startnode="node_design", cmd_on_exit=_on_exit, session=session,
               spec=ToolSpec(), bought=[])


def _on_exit(caller, menu):
    """Say what the visit came to, whichever way the menu was left."""
    bought = getattr(menu, "bought", [])
    if bought:
        said = (
            f"You close the tool designer. Bought: {', '.join(bought)}. See them with "
            "+tools; put one on your belt with +tools/load <number>."
        )
    else:
        said = "You close the tool designer. Nothing was bought and no DP was spent."
    caller.msg(fit(said, menu.width()))


def _spec(caller):
    return caller.ndb._evmenu.spec


def _store(caller, spec):
    caller.ndb._evmenu.spec = spec


def _status(caller, title):
    return f"|w{title}|n\n{render.design_status(_spec(caller))}"


def node_design(caller, raw_string, **kwargs):
    text = (
        _status(caller, "Designing a tool")
        + "\nPick what to set by number or name, or q to stop (nothing is bought until b)."
    )
    options = (
        {"key": ("1", "name"), "desc": "Name", "goto": "node_name"},
        {"key": ("2", "category"), "desc": "Category", "goto": "node_category"},
        {"key": ("3", "rating"), "desc": "Rating (Major or Minor)", "goto": "node_rating"},
        {"key": ("4", "qualities", "drawback"), "desc": "Qualities and drawback",
         "goto": "node_qualities"},
        {"key": ("5", "description"), "desc": "Description", "goto": "node_description"},
        {"key": ("b", "buy"), "desc": "Buy this tool", "goto": _buy},
    )
    return text, options


def node_name(caller, raw_string, **kwargs):
    return "Type the tool's name:", {"key": "_default", "goto": (_set_text, {"field": "name"})}


def node_description(caller, raw_string, **kwargs):
    return (
        "Describe the tool in a sentence or two (what it is, how it looks):",
        {"key": "_default", "goto": (_set_text, {"field": "description"})},
    )


def _set_text(caller, raw_string, field, **kwargs):
    _store(caller, _spec(caller).changed(**{field: " ".join(raw_string.split())}))
    return "node_design"


def node_category(caller, raw_string, **kwargs):
    return _choice(caller, "Which ability does the tool help with?", "category", rules.ABILITIES)


def node_rating(caller, raw_string, **kwargs):
    lines = [
        f"{rating}: {rules.RATING_TP[rating]} TP, +{rules.TOOL_BONUS[rating]} to the roll, "
        f"{counted(rules.TOOL_USES[rating], 'use')} per dungeon"
        for rating in rules.TOOL_RATINGS
    ]
    return _choice(caller, "\n".join(lines), "rating", rules.TOOL_RATINGS)


def _choice(caller, question, field, values):
    options = tuple(
        {
            "key": (str(number), value),
            "desc": value,
            "goto": (_set_value, {"field": field, "value": value}),
        }
        for number, value in enumerate(values, start=1)
    )
    return f"{_status(caller, 'Designing a tool')}\n{question}", options


def _set_value(caller, raw_string, field, value, **kwargs):
    _store(caller, _spec(caller).changed(**{field: value}))
    return "node_design"


def node_qualities(caller, raw_string, **kwargs):
    text = (
        f"{_status(caller, 'Qualities')}\n{render.quality_choices()}\n"
        "Pick one by number or name to add it or take it off (a drawback replaces "
        "the one you had); d when done."
    )
    options = [
        {"key": (str(number), name), "desc": name, "goto": (_toggle, {"name": name})}
        for number, name in enumerate(rules.QUALITIES, start=1)
    ]
    options.append({"key": "d", "desc": "Done", "goto": "node_design"})
    return text, tuple(options)


def _toggle(caller, raw_string, name, **kwargs):
    spec = _spec(caller)
    if rules.QUALITIES[name].is_drawback:
        spec = spec.changed(drawback=None if spec.drawback == name else name)
    else:
        spec = spec.toggled(name)
    _store(caller, spec)
    return "node_qualities"


def _buy(caller, raw_string, **kwargs):
    try:
        purchase = buy_tool(caller, _spec(caller))
    except DiggerError as refusal:
        caller.msg(str(refusal))
        return "node_design"
    caller.msg(render.tool_bought(purchase))
    caller.ndb._evmenu.bought.append(_spec(caller).name)
    if purchase.next_free:
        _store(caller, ToolSpec())
        return "node_design"
    return "node_bought"


def node_bought(caller, raw_string, **kwargs):
    return "The tool is yours.", None
