"""
Digger.Party and Digger.Run: a party and its run as plain values, made from
the camp view `+camp` shows (`world.digger.services.camp`), so a client's
gauges and the text can never disagree.

Both messages keep the same keys in every state (outside a party, before a
run, after it), so a client never has to test whether a field is there.
"""

from world.digger import rules


def party(view):
    """Digger.Party for a camp view, or for no party when `view` is None."""
    if view is None:
        return {
            "dungeon": None,
            "leader": None,
            "in_run": False,
            "members": [],
            "drawer": None,
            "next_drawer": None,
            "waiting": [],
        }
    members = [member for member in view.members if not member.left]
    return {
        "dungeon": _dungeon(view.dungeon),
        "leader": next((member.name for member in members if member.is_leader), None),
        "in_run": view.run is not None,
        "members": [
            {
                "name": member.name,
                "leader": member.is_leader,
                "online": member.connected,
                "acted": member.action is not None,
            }
            for member in members
        ],
        "drawer": view.drawer or None,
        "next_drawer": view.next_drawer or None,
        "waiting": list(view.waiting),
    }


def run(view, outcome=None):
    """
    Digger.Run for a camp view (None: no party). Outside a run `active` is
    false and `outcome` says how the run that just ended went ("won",
    "retreat", "lost"), or is None.
    """
    if view is None or view.run is None:
        return {
            "active": False,
            "outcome": outcome,
            "dungeon": _dungeon(view.dungeon) if view is not None else None,
            "challenge": 0,
            "card": None,
            "exploration": 0,
            "exploration_final": rules.FINAL_TRIGGER,
            "exhaustion_max": rules.EXHAUSTION_LIMIT,
            "members": [],
            "conditions": [],
            "effects": [],
        }
    state = view.state
    return {
        "active": True,
        "outcome": None,
        "dungeon": _dungeon(view.dungeon),
        "challenge": state.challenge,
        "card": _card(view.card, state.pending) if view.card is not None else None,
        "exploration": state.exploration,
        "exploration_final": rules.FINAL_TRIGGER,
        "exhaustion_max": rules.EXHAUSTION_LIMIT,
        "members": [_member(member) for member in view.members],
        "conditions": [_modifier(modifier) for modifier in view.conditions],
        "effects": [_modifier(modifier) for modifier in view.effects],
    }


def _dungeon(dungeon):
    return {"number": dungeon.number, "name": dungeon.name, "type": dungeon.type}


def _card(card, pending):
    return {
        "title": card.title or str(card.key),
        "type": card.kind.title(),
        "ability": card.ability,
        "action": rules.ACTIONS.get(card.ability),
        "level": card.level,
        "target": rules.target_number(card.level),
        "pending": pending,
        "conditions": [
            {"name": name, "effect": rules.CONDITIONS[name].label} for name in card.conditions
        ],
    }


def _member(member):
    action = member.action
    return {
        "name": member.name,
        "leader": member.is_leader,
        "online": member.connected,
        "left": member.left,
        "exhaustion": member.exhaustion,
        "acted": action.describe() if action is not None else None,
        "belt": [
            {
                "name": tool.name,
                "category": tool.category,
                "rating": tool.rating,
                "uses": tool.uses,
                "uses_left": left,
            }
            for tool, left in member.belt
        ],
    }


def _modifier(modifier):
    return {
        "name": modifier.name,
        "effect": modifier.label,
        "challenges_left": modifier.challenges_left,
    }
