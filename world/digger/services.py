"""
Dungeon runs: entering, drawing, acting, completing, retreating and leaving,
what +camp and +challenge show, and the roll log staff read from +request.

Every move loads the party's open run with its row locked, rebuilds the
engine's `RunState`, makes the move through `world.digger.engine` (the same
code the balance simulator runs), stores the new state and returns a report;
it never writes to a player. A member's ratings and belt are the ones they
entered with (the run's roster), so a run needs no sheet look-ups once it is
going and a round costs the same few queries whatever the party's size.

Dice and shuffles come from the module-level `rng` (anything with `randint`),
which tests replace. A member counts as connected while their character has a
session (`is_connected`, also replaceable).
"""

import random
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from evennia.utils.utils import iter_to_str

from world.access import is_staff
from world.client_state.hooks import retreat_audience, round_audience, tells_party, tells_viewer
from world.dice.digger import MemberRoll
from world.digger import approval, engine, rules
from world.digger.deck import Card, Tool
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.errors import DiggerError
from world.digger.ledger import current_form, sheet_for
from world.digger.membership import (
    members_of,
    membership_of,
    open_run,
    party_of,
    require_membership,
    require_party,
)
from world.digger.models import BeltSlot, Party, Run, RunRoll, RunRound
from world.numbers import whole_number
from world.prepared import Prepared
from world.digger.store import dungeon_from_db

rng = random.SystemRandom()


def is_connected(character):
    return bool(character.sessions.count())


def _engine(move, *args):
    """Run an engine move, turning its refusals into DiggerErrors."""
    try:
        return move(*args)
    except engine.RunError as error:
        raise DiggerError(error.message) from None


# ---------------------------------------------------------------- reports


@dataclass(frozen=True)
class Audience:
    """Who hears of a move: the party's characters now, the dungeon's name, and the
    leader's name (a party goes by its leader)."""

    members: tuple  # characters still in the party
    dungeon: str
    leader: str
    party: str = ""  # what the room calls the party (party_label)
    watchers: tuple = ()  # onlookers following the party's news in full

    @property
    def hearers(self):
        """Everyone who hears the party's news in full: members, then watchers."""
        return tuple(dict.fromkeys((*self.members, *self.watchers)))


@dataclass(frozen=True)
class DrawReport:
    audience: Audience
    drawer: object
    card: Card
    challenge: int
    exploration: int
    entered: bool  # the Entry draw of +dungeon/enter


@dataclass(frozen=True)
class ActReport:
    audience: Audience
    actor: object
    action: engine.Action
    uses_left: int | None  # of the tool used
    cleared: int  # Conditions a Cleanse tool removed
    waiting: tuple  # names still to act
    drawer: str


@dataclass(frozen=True)
class Ending:
    """How a run ended, and the outcome card drawn for it (or None)."""

    outcome: str
    card: Card | None
    dungeon: str
    reward: str
    at_the_door: bool = False  # ended before any round was resolved


@dataclass(frozen=True)
class RoundReport:
    audience: Audience
    completer: object
    card: Card
    challenge: int
    result: object  # world.dice.digger.RoundResult
    names: dict  # member id -> name
    exploration: int
    ending: Ending | None
    next_kind: str | None  # what the next draw brings (rules.FINAL, ...); None once ended


# ---------------------------------------------------------------- loading


def _open_run_of(membership):
    run = open_run(membership.party_id, lock=True)
    if run is None:
        raise DiggerError(
            "Your party is not in a dungeon; its leader starts a run with +dungeon/enter."
        )
    return run


def party_label(name, leader):
    """How the room names a party, the same way every time: its own name, else its leader's."""
    if name:
        return name
    return f"{leader}'s party" if leader else "A party"


def _audience(membership, members):
    leader = next((member.character.key for member in members if member.is_leader), "")
    party = membership.party
    characters = tuple(member.character for member in members)
    watchers = tuple(w for w in party.watchers.all() if w not in characters)
    return Audience(
        characters, party.dungeon.name, leader, party_label(party.name, leader), watchers
    )


def _names(run):
    return {entry["id"]: entry["name"] for entry in run.roster}


def _roster_entry(run, character):
    for entry in run.roster:
        if entry["id"] == character.id:
            return entry
    raise DiggerError("You were not in your party when it entered: you are not in this run.")


_BELT_OF = Prepared(  # a form's belt slots with their tools, in belt order
    lambda form_id: BeltSlot.objects.filter(form=form_id).select_related("tool__design")
)


def _member_entry(character):
    """What a member enters with: their current form's ratings and the tools on its belt."""
    form = current_form(sheet_for(character))
    slots = _BELT_OF(form.id)
    return {
        "id": character.id,
        "name": character.key,
        "form": form.name,
        "ratings": form.ratings(),
        "tools": [
            {"number": slot.tool.number, "tool": slot.tool.as_tool().to_dict()} for slot in slots
        ],
    }


def _save_state(run, state, *fields):
    run.state = state.to_dict()
    run.save(update_fields=["state", *fields])


def _new_round(run, card, drawer, number):
    RunRound.objects.create(
        run=run,
        number=number,
        card_key=str(card.key),
        card_title=card.title,
        kind=card.kind,
        ability=card.ability,
        level=card.level,
        drawn_by=drawer.key,
    )


# ---------------------------------------------------------------- moves


def _require_approved(characters, leader):
    """Refuse a run while anyone in the party is still in chargen (see `help approval`)."""
    if not getattr(settings, "DIGGER_APPROVAL_REQUIRED", True):
        return
    waiting = approval.unapproved(characters)
    if not waiting:
        return
    raise DiggerError(_approval_refusal(waiting, approval.asked(waiting), leader))


def _approval_refusal(waiting, asked, leader):
    """Who is not approved yet, and for each what comes next: asking, or staff."""
    if waiting == [leader]:
        if asked:
            return (
                "Only approved delvers may enter a dungeon. You have asked for approval and "
                "staff have been told: +digger shows when it is given (help approval)."
            )
        return (
            "Only approved delvers may enter a dungeon: type +digger/submit to ask staff "
            "for approval (help approval)."
        )
    unasked = [member for member in waiting if member not in asked]
    lines = [
        f"Only approved delvers may enter a dungeon, and {_listed(waiting)} "
        f"{'is' if len(waiting) == 1 else 'are'} not approved yet."
    ]
    if unasked:
        lines.append(
            f"{_listed(unasked)} {'has' if len(unasked) == 1 else 'have'} not asked: "
            "+digger/submit asks staff."
        )
    if asked:
        lines.append(
            f"{_listed(asked)} {'has' if len(asked) == 1 else 'have'} asked and "
            f"{'waits' if len(asked) == 1 else 'wait'} for staff (help approval)."
        )
    return " ".join(lines)


def _listed(characters):
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid'."""
    return iter_to_str([character.key for character in characters], endsep=" and")


@tells_party(round_audience)
def enter(character):
    """The leader takes the party in: the run starts and the Entry card is drawn."""
    with transaction.atomic():
        membership = require_membership(character)
        party = (
            Party.objects.select_for_update().select_related("dungeon").get(pk=membership.party_id)
        )
        members = members_of(party.pk)
        leader = next((member for member in members if member.is_leader), None)
        if not membership.is_leader:
            who = leader.character.key if leader else "your leader"
            raise DiggerError(f"Only the party's leader ({who}) can take it into the dungeon.")
        if open_run(party.pk) is not None:
            raise DiggerError("Your party is in the dungeon already.")
        _require_approved([member.character for member in members], character)
        model = party.dungeon
        dungeon = dungeon_from_db(model)
        errors = dungeon.validate().errors
        if not model.published or errors:
            raise DiggerError(f"Dungeon #{model.number} cannot be entered now; ask staff.")
        state = _engine(engine.start_run, dungeon, [member.character_id for member in members], rng)
        card, state = _engine(engine.draw, state, dungeon, rng)
        run = Run.objects.create(
            party=party,
            dungeon=model,
            dungeon_number=model.number,
            deck=dungeon.to_dict(),
            roster=[_member_entry(member.character) for member in members],
            state=state.to_dict(),
            drawer=character,
        )
        _new_round(run, card, character, state.challenge)
    return DrawReport(
        _audience(membership, members), character, card, state.challenge, 0, entered=True
    )


@tells_party(round_audience)
def draw(character):
    """Any member below the Exhaustion limit draws the next card."""
    with transaction.atomic():
        membership, members = require_party(character)
        run = _open_run_of(membership)
        state = engine.RunState.from_dict(run.state)
        _roster_entry(run, character)
        if state.exhaustion_of(character.id) >= rules.EXHAUSTION_LIMIT:
            raise DiggerError("You are too exhausted to lead the way: another member must draw.")
        card, state = _engine(engine.draw, state, DeckDungeon.from_dict(run.deck), rng)
        run.drawer = character
        _save_state(run, state, "drawer")
        _new_round(run, card, character, state.challenge)
    return DrawReport(
        _audience(membership, members),
        character,
        card,
        state.challenge,
        state.exploration,
        entered=False,
    )


@tells_party(round_audience)
def act(character, text, mode=rules.ACT):
    """The member answers the pending card with an ability, action or belt tool."""
    with transaction.atomic():
        membership, members = require_party(character)
        run = _open_run_of(membership)
        state = engine.RunState.from_dict(run.state)
        action = _action_for(character, _roster_entry(run, character), text, mode, state)
        before = state
        state = _engine(engine.act, state, character.id, action)
        action = state.actions[state.index(character.id)]  # as the engine names it
        _save_state(run, state)
    away = {member.character_id for member in members if not is_connected(member.character)}
    names = _names(run)
    tool = action.tool
    return ActReport(
        _audience(membership, members),
        character,
        action,
        engine.uses_left(state, character.id, tool) if tool else None,
        len(before.conditions) - len(state.conditions),
        tuple(names[member_id] for member_id in engine.waiting_for(state, away)),
        _drawer_name(run, names),
    )


def _action_for(character, entry, text, mode, state):
    """The engine Action for what the member typed: an ability/action, or a belt tool."""
    word = " ".join((text or "").split())
    if rules.ability_for_word(word):
        return engine.Action(mode, ability=word)
    belt = [(item["number"], Tool.from_dict(item["tool"])) for item in entry["tools"]]
    number = whole_number(word.removeprefix("#"))
    if number is not None:
        found = [tool for tool_number, tool in belt if tool_number == number]
    else:
        lowered = word.lower()
        found = [tool for _, tool in belt if tool.name.lower() == lowered] or [
            tool for _, tool in belt if tool.name.lower().startswith(lowered)
        ]
    if len(found) == 1:
        return engine.Action(mode, tool=found[0])
    if len(found) > 1:
        raise DiggerError(f"'{word}' could be {', '.join(tool.name for tool in found)}.")
    ability = state.card_ability or "the card's ability"
    if _owns_tool(character, number, word):
        raise DiggerError(
            f"'{word}' is not on your belt: only tools loaded before entering go into a dungeon."
        )
    raise DiggerError(
        f"'{word}' is not an ability, an action or a tool on your belt. This challenge tests "
        f"{ability} ({rules.ACTIONS.get(ability, '?')})."
    )


def _owns_tool(character, number, name):
    tools = current_form(sheet_for(character)).tools
    if number is not None:
        return tools.filter(number=number).exists()
    return tools.filter(design__name__iexact=name).exists()


@tells_party(round_audience)
def complete(character, for_member=None):
    """Resolve the pending round: by whoever drew the card, the leader if the drawer is
    gone or away, or staff (who may name a member of another party: `for_member`)."""
    staff_acting = for_member is not None
    if staff_acting and not is_staff(character):
        raise DiggerError("Only staff can complete another party's round.")
    with transaction.atomic():
        membership, members = party_of(for_member) if staff_acting else require_party(character)
        if membership is None:
            raise DiggerError(f"{for_member.key} is not in a party.")
        run = _open_run_of(membership)
        state = engine.RunState.from_dict(run.state)
        if not state.pending:
            raise DiggerError("There is no card to complete: draw one with +dungeon/draw.")
        characters = {member.character_id: member.character for member in members}
        connected = {key: is_connected(value) for key, value in characters.items()}
        _check_completer(character, membership, run, connected, staff_acting)
        infos = {
            entry["id"]: engine.MemberInfo(entry["ratings"], connected.get(entry["id"], False))
            for entry in run.roster
        }
        deck = DeckDungeon.from_dict(run.deck)
        card = deck.card(state.card_key)
        names = _names(run)
        try:
            result, state = engine.complete(state, card, infos, rng)
        except engine.WaitingForMembers as waiting:
            who = ", ".join(names[member_id] for member_id in waiting.member_ids)
            raise DiggerError(f"Not everyone has acted yet: still waiting for {who}.") from None
        except engine.RunError as error:
            raise DiggerError(error.message) from None
        _log_round(run, card, state.challenge, result, characters, names)
        RunRound.objects.filter(run=run, number=state.challenge).update(
            completed_by=character.key,
            completed_at=timezone.now(),
            passed=result.passed,
            exploration_gain=result.exploration_gain,
        )
        ending = _end(run, state, deck) if state.outcome else None
        _save_state(run, state, *(_ENDING_FIELDS if ending else ()))
    return RoundReport(
        _audience(membership, members),
        character,
        card,
        state.challenge,
        result,
        names,
        state.exploration,
        ending,
        None if ending else engine.next_card_kind(state, deck),
    )


def _check_completer(character, membership, run, connected, staff_acting):
    if staff_acting or character.id == run.drawer_id:
        return
    drawer_away = not connected.get(run.drawer_id, False)
    if membership.is_leader and drawer_away:
        return
    if is_staff(character):
        return
    drawer = run.drawer.key if run.drawer else "whoever drew the card"
    raise DiggerError(
        f"{drawer} drew this card, so {drawer} completes it (the leader may if they are away)."
    )


def _log_round(run, card, challenge, result, characters, names):
    """One roll log row per member, in one insert."""
    RunRoll.objects.bulk_create(
        RunRoll(
            run=run,
            challenge=challenge,
            card_key=str(card.key),
            card_title=card.title,
            character=characters.get(roll.member_id),
            character_name=names[roll.member_id],
            status=roll.status,
            mode=roll.mode or "",
            tool_name=roll.tool_name or "",
            rating=roll.rating,
            dice=list(roll.dice),
            modifiers=[list(item) for item in roll.modifiers],
            total=roll.total,
            target=roll.target,
            success=roll.success,
            exhaustion_before=roll.exhaustion_before,
            exhaustion_gain=roll.exhaustion_gain,
            exhaustion_items=[list(item) for item in roll.exhaustion_items],
        )
        for roll in result.members
    )


_ENDING_FIELDS = ("outcome", "outcome_card", "ended_at")


def _end(run, state, deck):
    """Close a run whose state has an outcome, drawing its outcome card."""
    card = engine.outcome_card(state, deck, rng)
    run.outcome = state.outcome
    run.outcome_card = card.to_dict() if card else None
    run.ended_at = timezone.now()
    return Ending(state.outcome, card, deck.name, deck.reward, engine.at_the_door(state))


@tells_party(retreat_audience)
def retreat(character):
    """The leader takes the party out: the run ends in a retreat."""
    with transaction.atomic():
        membership, members = require_party(character)
        run = _open_run_of(membership)
        if not membership.is_leader:
            raise DiggerError("Only the party's leader can order a retreat.")
        state = _engine(engine.retreat, engine.RunState.from_dict(run.state))
        ending = _end(run, state, DeckDungeon.from_dict(run.deck))
        _save_state(run, state, *_ENDING_FIELDS)
    return _audience(membership, members), ending


def leave_run(run, character):
    """A member leaves a locked open run; returns the Ending if nobody is left in it."""
    state = engine.RunState.from_dict(run.state)
    if character.id not in state.member_ids:
        return None
    state = _engine(engine.leave, state, character.id)
    ending = _end(run, state, DeckDungeon.from_dict(run.deck)) if state.outcome else None
    _save_state(run, state, *(_ENDING_FIELDS if ending else ()))
    return ending


# ---------------------------------------------------------------- looking


def party_dungeon(character):
    """The dungeon (deck.Dungeon) the character's party is bound to."""
    return dungeon_from_db(require_membership(character).party.dungeon)


@dataclass(frozen=True)
class MemberView:
    name: str
    is_leader: bool
    connected: bool
    exhaustion: int | None  # None outside a run
    left: bool
    action: engine.Action | None
    belt: tuple  # (tool, uses left or None outside a run)


@dataclass(frozen=True)
class CampView:
    """Everything about the character's party, for +camp and +challenge."""

    dungeon: object  # models.Dungeon
    members: tuple  # MemberView, in roster order
    run: Run | None
    state: engine.RunState | None
    card: Card | None  # the pending (or last) card
    conditions: tuple  # engine.ActiveModifier
    effects: tuple
    drawer: str
    next_drawer: str
    waiting: tuple  # names
    last_run: Run | None = None  # outside a run: the party's last ended run, if any


@tells_viewer
def camp(character):
    membership, members = require_party(character)
    run = open_run(membership.party_id)
    connected = {member.character_id: is_connected(member.character) for member in members}
    if run is None:
        views = tuple(
            MemberView(
                member.character.key,
                member.is_leader,
                connected[member.character_id],
                None,
                False,
                None,
                tuple((slot, None) for slot in _belt_tools(member.character)),
            )
            for member in members
        )
        last = (
            Run.objects.filter(party_id=membership.party_id, ended_at__isnull=False)
            .order_by("-ended_at")
            .first()
        )
        return CampView(
            membership.party.dungeon, views, None, None, None, (), (), "", "", (), last
        )
    state = engine.RunState.from_dict(run.state)
    leaders = {member.character_id for member in members if member.is_leader}
    views = []
    for i, entry in enumerate(run.roster):
        member_id = entry["id"]
        tools = [Tool.from_dict(item["tool"]) for item in entry["tools"]]
        views.append(
            MemberView(
                entry["name"],
                member_id in leaders,
                connected.get(member_id, False),
                state.exhaustion[i],
                state.left[i],
                state.actions[i],
                tuple((tool, engine.uses_left(state, member_id, tool)) for tool in tools),
            )
        )
    names = _names(run)
    away = {member_id for member_id in state.member_ids if not connected.get(member_id)}
    deck = DeckDungeon.from_dict(run.deck)
    return CampView(
        membership.party.dungeon,
        tuple(views),
        run,
        state,
        deck.card(state.card_key) if state.card_key is not None else None,
        engine.active_conditions(state),
        engine.active_effects(state),
        _drawer_name(run, names),
        _next_drawer(state, run, away, names),
        tuple(names[member_id] for member_id in engine.waiting_for(state, away)),
    )


def return_summary(character):
    """The camp view for a member of a party in an open run, else None (for the login line)."""
    membership = membership_of(character)
    if membership is None or open_run(membership.party_id) is None:
        return None
    return camp(character)


def _drawer_name(run, names):
    """Who drew the run's card (a member of its roster, so no look-up), or ''."""
    if run.drawer_id is None:
        return ""
    return names.get(run.drawer_id) or run.drawer.key


def _belt_tools(character):
    form = current_form(sheet_for(character))
    return tuple(
        slot.tool.as_tool()
        for slot in _BELT_OF(form.id)
    )


def _next_drawer(state, run, away, names):
    """Round the table after the last drawer: the next member able to draw (a suggestion)."""
    ids = state.member_ids
    start = ids.index(run.drawer_id) + 1 if run.drawer_id in ids else 0
    for step in range(len(ids)):
        i = (start + step) % len(ids)
        if (
            not state.left[i]
            and state.exhaustion[i] < rules.EXHAUSTION_LIMIT
            and ids[i] not in away
        ):
            return names[ids[i]]
    return ""


# ---------------------------------------------------------------- the +request link


def active_run_id(character):
    """The id of the run the character's party is in, or None."""
    membership = membership_of(character)
    if membership is None:
        return None
    run = open_run(membership.party_id)
    return run.pk if run else None


def run_log(run_id):
    """The run's roll log as lines for staff, or None if there is no such run."""
    run = Run.objects.filter(pk=run_id).first()
    if run is None:
        return None
    outcome = f", {run.outcome}" if run.outcome else ", in progress"
    lines = [f"Run {run.pk}: dungeon #{run.dungeon_number} {run.deck.get('name', '')}{outcome}"]
    for row in run.rolls.all():
        roll = MemberRoll(
            row.character_name,
            row.status,
            row.mode or None,
            row.tool_name or None,
            row.rating,
            tuple(row.dice),
            tuple(tuple(item) for item in row.modifiers),
            row.total,
            row.target,
            row.success,
            row.exhaustion_before,
            row.exhaustion_gain,
            tuple(tuple(item) for item in row.exhaustion_items),
        )
        lines.append(f"#{row.challenge} {row.card_title or row.card_key}: {roll.render()}")
    return lines
