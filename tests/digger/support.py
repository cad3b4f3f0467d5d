"""Shared pieces for the Digger engine tests: scripted dice, small dungeons, a party."""

import random

from world.digger import rules
from world.digger.deck import Card, Dungeon, Tool
from world.digger.engine import Action, MemberInfo, act, complete, draw, start_run


class ScriptedRng:
    """An rng whose randint returns the given values in order (and checks their range)."""

    def __init__(self, values):
        self.values = list(values)

    def randint(self, low, high):
        assert self.values, "the test ran out of scripted dice"
        value = self.values.pop(0)
        assert low <= value <= high, (value, low, high)
        return value


def dice(*pairs):
    """ScriptedRng rolling the given (d6, d6) pairs, one per roller in order."""
    return ScriptedRng([face for pair in pairs for face in pair])


HIT = (6, 6)  # 12 + rating: a success at any Level for rating >= 3 under small penalties
MISS = (1, 1)  # 2 + rating: a failure at any Level for ratings up to 6


def card(key, ability=rules.BRUTE, level=1, conditions=(), kind=rules.EXPLORATION):
    return Card(key, kind, f"Card {key}", "A test card.", ability, level, tuple(conditions))


def dungeon(
    entry=None, second=None, third=None, ordinary=None, climax=None, final=None, outcomes=True
):
    """A dungeon whose first three draws are fixed: entry, then second, then third."""
    cards = []
    if entry:
        cards.append(_as(entry, rules.ENTRY))
    if second:
        cards.append(_as(second, rules.SECOND))
    if third:
        cards.append(_as(third, rules.THIRD))
    cards += ordinary if ordinary is not None else [card("plain", rules.BRUTE, 1, ("Tire",))]
    if climax:
        cards.append(_as(climax, rules.CLIMAX))
    cards.append(_as(final or card("final", rules.COMBAT, 3, ("Tire",)), rules.FINAL))
    if outcomes:
        cards += [Card("found", rules.DISCOVERY, "Found it"), Card("out", rules.ESCAPE, "Out")]
        cards += [Card("mark", rules.LANDMARK, "Landmark")]
    return Dungeon(1, "Test Hole", rules.RUIN, "A hole.", "Bragging rights.", tuple(cards))


def _as(card_, kind):
    return Card(
        card_.key, kind, card_.title, card_.text, card_.ability, card_.level, card_.conditions
    )


MEMBERS = ("ann", "bob", "cat")


def infos(rating=3, members=MEMBERS, disconnected=()):
    """Every member rated `rating` in every ability."""
    return {
        member: MemberInfo(
            {ability: rating for ability in rules.ABILITIES}, member not in disconnected
        )
        for member in members
    }


def tool(
    name="Pick", category=rules.BRUTE, rating=rules.MAJOR, qualities=(), drawback=None, id=None
):
    return Tool(id if id is not None else name, name, category, rating, tuple(qualities), drawback)


def basic(ability, mode=rules.ACT):
    return Action(mode, ability)


def begin(dungeon_, members=MEMBERS, seed=0):
    return start_run(dungeon_, members, random.Random(seed))


def play(state, dungeon_, actions, rolls, member_infos=None, seed=0):
    """Draw a card and `finish` it. Returns (card, result, state)."""
    drawn, state = draw(state, dungeon_, random.Random(seed))
    result, state = finish(state, drawn, rolls, actions, member_infos)
    return drawn, result, state


def finish(state, drawn, rolls, actions=None, member_infos=None):
    """Act as `actions` says (member -> Action, or None to stay idle; the others act with
    the card's ability), then complete with the scripted `rolls`. Returns (result, state)."""
    actions = actions or {}
    member_infos = member_infos or infos(members=state.member_ids)
    for i, member in enumerate(state.member_ids):
        if state.left[i] or state.exhaustion[i] >= rules.EXHAUSTION_LIMIT:
            continue
        if member in actions:
            if actions[member] is not None:
                state = act(state, member, actions[member])
        elif member_infos[member].connected:
            state = act(state, member, basic(drawn.ability))
    return complete(state, drawn, member_infos, dice(*rolls))


def modifiers_of(result, member):
    return dict(result.member(member).modifiers)


def exhaustion_items_of(result, member):
    return dict(result.member(member).exhaustion_items)
