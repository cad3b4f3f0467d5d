"""
The dungeon editor (+dungeon/edit <#>): an EvMenu over the same building
services as the one-line switches, so a change made here is checked exactly
as +dungeon/rename or +card/edit would check it.

The menu keeps only the dungeon's number (`caller.ndb._evmenu.dungeon`) and
reads the dungeon afresh on every page, so it shows what other builders
change meanwhile. A card is followed by its key. From the first page a
builder can also delete the dungeon (after a confirmation, with the checks of
+dungeon/delete; the menu closes) or make a new one, which the menu then edits.
"""

from functools import wraps


from commands.menu import FittedMenu
from world.digger import building, render_building, rules
from world.numbers import whole_number
from world.digger.render import wrap
from world.errors import GameError
from world.words import counted

CLEAR = "-"  # typed alone at a prompt: empty the field


def start(caller, number, session=None):
    """Open the editor on dungeon `number` for `caller` (on `session`)."""
    nodes = {
        node.__name__: node
        for node in (
            node_dungeon,
            node_ask,
            node_choose,
            node_cards,
            node_card,
            node_add_card,
            node_move,
            node_remove,
            node_check,
            node_new_dungeon,
            node_delete,
            node_closed,
        )
    }
    FittedMenu(caller, nodes, startnode="node_dungeon", cmd_on_exit=None, session=session,
               dungeon=number)


def _number(caller):
    return caller.ndb._evmenu.dungeon


def _apply(caller, action, back, **back_kwargs):
    """Do `action()` -> text for the builder; a refusal is shown instead. Back to `back`."""
    try:
        caller.msg(action())
    except GameError as refusal:
        caller.msg(str(refusal))
    return back, back_kwargs


def _with_dungeon(node):
    """A page about the dungeon as it is now: `node(caller, raw_string, result, **kwargs)`.
    If the dungeon is gone (deleted meanwhile), the menu says so and closes."""

    @wraps(node)
    def page(caller, raw_string, **kwargs):
        try:
            result = building.look(_number(caller))
        except GameError as refusal:
            return f"{refusal}\n(Menu closed.)", None
        return node(caller, raw_string, result, **kwargs)

    return page


# ---------------------------------------------------------------- the dungeon


@_with_dungeon
def node_dungeon(caller, raw_string, result, **kwargs):
    model = result.model
    text = "\n".join(
        (
            f"|wEditing dungeon #{model.number}: {model.name}|n",
            f"Type: {model.type}   State: {render_building.state(model)}   "
            f"Cards: {len(result.deck.cards)}",
            render_building.check_line(result),
            "Pick what to change, or q to leave.",
        )
    )
    flip = "Unpublish (back to a draft)" if model.published else "Publish"
    options = (
        {"key": "1", "desc": "Name", "goto": ("node_ask", {"field": "name"})},
        {"key": "2", "desc": "Type", "goto": ("node_choose", {"field": "type"})},
        {"key": "3", "desc": "Description", "goto": ("node_ask", {"field": "description"})},
        {"key": "4", "desc": "Reward", "goto": ("node_ask", {"field": "reward"})},
        {"key": "5", "desc": "Cards", "goto": "node_cards"},
        {"key": "6", "desc": "Add a card", "goto": "node_add_card"},
        {"key": "v", "desc": "Validate the deck", "goto": "node_check"},
        {"key": "p", "desc": flip, "goto": _flip_published},
        {"key": "n", "desc": "Make a new dungeon (and edit it)", "goto": "node_new_dungeon"},
        {"key": "d", "desc": "Delete this dungeon", "goto": _ask_to_delete},
    )
    return text, options


def _flip_published(caller, raw_string, **kwargs):
    number = _number(caller)

    def flip():
        if building.look(number).model.published:
            return render_building.changed(building.unpublish(number))
        return render_building.checked(building.publish(number))

    return _apply(caller, flip, "node_dungeon")


def node_new_dungeon(caller, raw_string, **kwargs):
    types = " or ".join(rules.DUNGEON_TYPES)
    text = f"Type the new dungeon's name, then = and its type ({types}):"
    return text, {"key": "_default", "goto": _create}


def _create(caller, raw_string, **kwargs):
    name, _, type_name = raw_string.partition("=")
    try:
        result = building.create_dungeon(name.strip(), type_name.strip())
    except GameError as refusal:
        caller.msg(str(refusal))
        return "node_dungeon"
    caller.msg(render_building.changed(result))
    caller.ndb._evmenu.dungeon = result.model.number  # the menu goes on with the new one
    return "node_dungeon"


def _ask_to_delete(caller, raw_string, **kwargs):
    """To the confirmation, unless +dungeon/delete would refuse (a party is bound to it)."""
    try:
        building.check_deletable(_number(caller))
    except GameError as refusal:
        caller.msg(str(refusal))
        return "node_dungeon"
    return "node_delete"


@_with_dungeon
def node_delete(caller, raw_string, result, **kwargs):
    text = f"{wrap(render_building.deletion_warning(result))}\nDelete it?"
    return text, (
        {"key": "y", "desc": "Yes, delete it for good", "goto": _delete},
        {"key": "n", "desc": "No, keep it", "goto": "node_dungeon"},
    )


def _delete(caller, raw_string, **kwargs):
    try:
        caller.msg(building.delete_dungeon(_number(caller)))
    except GameError as refusal:  # a party was bound to it meanwhile
        caller.msg(str(refusal))
        return "node_dungeon"
    return "node_closed"


def node_closed(caller, raw_string, **kwargs):
    return "(Menu closed.)", None


@_with_dungeon
def node_check(caller, raw_string, result, **kwargs):
    return render_building.report(result.report), (
        {"key": "b", "desc": "Back", "goto": "node_dungeon"},
    )


# ---------------------------------------------------------------- typing a value

_OPTIONAL = ("description", "reward", "text", "conditions")
_PROMPTS = {
    "name": "the dungeon's new name",
    "description": "the dungeon's description",
    "reward": "the reward a winning party hears of",
    "title": "the card's title",
    "text": "the card's text (a sentence or two to pose)",
    "key": "the card's key (one word)",
    "conditions": "the card's Conditions, separated by commas",
}


def node_ask(caller, raw_string, field, card=None, **kwargs):
    text = f"Type {_PROMPTS[field]}"
    if field == "conditions":
        text = f"{render_building.condition_choices()}\n{text}"
    text += f", or {CLEAR} alone to empty it:" if field in _OPTIONAL else ":"
    goto = (_set, {"field": field, "card": card})
    return text, {"key": "_default", "goto": goto}


def _set(caller, raw_string, field, card=None, value=None, **kwargs):
    """Set a dungeon's field, or one of `card`'s; back to where it was asked from."""
    number = _number(caller)
    if value is None:
        value = "" if raw_string.strip() == CLEAR else raw_string
    if card is None:
        return _apply(
            caller,
            lambda: render_building.changed(building.set_dungeon_field(number, field, value)),
            "node_dungeon",
        )
    try:
        result = building.edit_card(number, card, field, value)
    except GameError as refusal:
        caller.msg(str(refusal))
        return "node_card", {"card": card}
    caller.msg(render_building.changed(result))
    # The card is followed by its key, which this change may have been.
    return "node_card", {"card": building.card_value("key", value) if field == "key" else card}


_CHOICES = {
    "type": tuple(rules.DUNGEON_TYPES),
    "kind": rules.CARD_KINDS,
    "ability": rules.ABILITIES,
    "level": tuple(str(level) for level in range(rules.LEVEL_MIN, rules.LEVEL_MAX + 1)),
}


def node_choose(caller, raw_string, field, card=None, **kwargs):
    options = tuple(
        {"desc": value, "goto": (_set, {"field": field, "card": card, "value": value})}
        for value in _CHOICES[field]
    )
    return f"Pick the {field}:", options


# ---------------------------------------------------------------- cards


@_with_dungeon
def node_cards(caller, raw_string, result, **kwargs):
    cards = result.deck.cards
    options = [
        {
            "key": str(position),
            "desc": render_building.card_summary(card),
            "goto": ("node_card", {"card": str(card.key)}),
        }
        for position, card in enumerate(cards, 1)
    ]
    options += [
        {"key": "a", "desc": "Add a card", "goto": "node_add_card"},
        {"key": "b", "desc": "Back", "goto": "node_dungeon"},
    ]
    text = f"|wThe deck of dungeon #{result.model.number}|n ({counted(len(cards), 'card')}). Pick one:"
    return text, tuple(options)


def node_card(caller, raw_string, card, **kwargs):
    try:
        position, shown = building.look_card(_number(caller), card)
    except GameError as refusal:
        caller.msg(str(refusal))
        return node_cards(caller, raw_string)
    which = {"card": card}
    options = [
        {"key": "1", "desc": "Title", "goto": ("node_ask", {"field": "title", **which})},
        {"key": "2", "desc": "Text", "goto": ("node_ask", {"field": "text", **which})},
        {"key": "3", "desc": "Kind", "goto": ("node_choose", {"field": "kind", **which})},
    ]
    if shown.is_challenge:
        options += [
            {"key": "4", "desc": "Ability", "goto": ("node_choose", {"field": "ability", **which})},
            {"key": "5", "desc": "Level", "goto": ("node_choose", {"field": "level", **which})},
            {
                "key": "6",
                "desc": "Conditions",
                "goto": ("node_ask", {"field": "conditions", **which}),
            },
        ]
    options += [
        {"key": "7", "desc": "Key", "goto": ("node_ask", {"field": "key", **which})},
        {"key": "m", "desc": "Move it", "goto": ("node_move", which)},
        {"key": "r", "desc": "Remove it", "goto": ("node_remove", which)},
        {"key": "b", "desc": "Back to the cards", "goto": "node_cards"},
    ]
    return render_building.card(position, shown), tuple(options)


def node_add_card(caller, raw_string, **kwargs):
    text = (
        "Type the card on one line:\n"
        "  <kind> <ability> <level> [<Condition>, ...]: <title> [/ <text>]\n"
        "  or, for an outcome card: <kind>: <title> [/ <text>]\n"
        f"{wrap('Kinds: ' + ', '.join(rules.CARD_KINDS) + '.')}\n"
        "Example: exploration Wits 2 Stupify: The Riddle Door / Words shift."
    )
    return text, {"key": "_default", "goto": _add_card}


def _add_card(caller, raw_string, **kwargs):
    number = _number(caller)
    return _apply(
        caller,
        lambda: render_building.changed(
            building.add_card(number, building.parse_card_line(raw_string))
        ),
        "node_cards",
    )


def node_move(caller, raw_string, card, **kwargs):
    return "Type the position to move it to (1 is the top of the deck):", {
        "key": "_default",
        "goto": (_move, {"card": card}),
    }


def _move(caller, raw_string, card, **kwargs):
    number = _number(caller)
    position = whole_number(raw_string)
    if position is None:
        caller.msg("Give the position as a number.")
        return "node_card", {"card": card}
    return _apply(
        caller,
        lambda: render_building.changed(building.move_card(number, card, position)),
        "node_card",
        card=card,
    )


def node_remove(caller, raw_string, card, **kwargs):
    return f"Remove card '{card}' from the deck for good?", (
        {"key": "y", "desc": "Yes, remove it", "goto": (_remove, {"card": card})},
        {"key": "n", "desc": "No, keep it", "goto": ("node_card", {"card": card})},
    )


def _remove(caller, raw_string, card, **kwargs):
    number = _number(caller)
    return _apply(
        caller,
        lambda: render_building.changed(building.remove_card(number, card)),
        "node_cards",
    )
