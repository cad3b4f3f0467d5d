"""
Digger's run engine: the state of one dungeon run and the moves that change it.

Pure Python, no Django/Evennia. The live game keeps `RunState.to_dict()` in the
database (JSON) and rebuilds it with `RunState.from_dict()`; the balance
simulator plays thousands of runs through the same functions:

    state = start_run(dungeon, member_ids, rng)
    card, state = draw(state, dungeon, rng)
    state = act(state, member_id, Action(ACT, ability="Force"))   # or tool=...
    state = act_all(state, [(member_id, action), ...])           # several at once
    result, state = complete(state, card, {member_id: MemberInfo(ratings)}, rng)
    ...  until state.outcome, then outcome_card(state, dungeon, rng)

Every move returns a new state and never changes the one it was given; a
refused move raises a `RunError` (the service turns it into a GameError).
Each of draw/act_all/complete is a copy of the state and the same move made
`..._in_place` on the copy; the balance simulator, which owns its states and
has no use for one whose move was refused, calls the in-place moves and skips
the copies:

    card = draw_in_place(state, dungeon, rng)
    act_all_in_place(state, moves)
    rolled = complete_in_place(state, card, members_info, rng)  # .result(): the RoundResult

How time works: challenges are numbered from 1 (the Entry card) and every
Condition or Effect on the party remembers the challenge it arrived on; its
declared windows (rules.WINDOW_OFFSETS) then cover exact challenge numbers.
A Condition arrives when its card is drawn ("this" = that card). A Tool effect
arrives when a member acts with the Tool ("this" = the pending challenge, "next"
= the one after) and, being on the list when the round is completed, counts for
the whole round whatever the order of acting. A draw drops the Conditions that
have run out; completing a round drops the Effects that have run out.

Interpretations (also listed in world.digger.rules):
* Conditions stack, each copy with its own timer. A Tool effect does not: two
  members using it in one round share one copy (both count as its users), and
  using it again later restarts it: the newer copy replaces the older one on
  every challenge where both would apply (an older copy left with nothing of
  its own is dropped at once).
* Save Point (on draw, before its card's other Conditions arrive) and Cleanse
  (when the Tool is used) remove every Condition on the party, never Effects.
* Rally/Fanfare test the party's result on the challenge before the current
  one (`last_passed`); on the first challenge there is none.
* Tool uses are spent when the member acts, and stay spent for the run.
* A member who leaves keeps their Exhaustion on the record but no longer acts,
  rolls or gains; if nobody is left the run ends in a retreat.
* Outcome cards: Discovery on a win; Landmark when the party played the Final
  and failed it (or everyone was exhausted there); Escape when the run ended
  before the Final was resolved, a retreat with the Final still pending included.
"""

from dataclasses import dataclass
from functools import lru_cache

from world.dice.digger import (
    NO_MODIFIERS,
    ExhaustionModifier,
    MemberInput,
    RoundModifiers,
    RoundPlan,
)
from world.digger import rules
from world.digger.deck import Tool

STATE_VERSION = 1


# --- Errors ------------------------------------------------------------------


class RunError(Exception):
    """A refused move; the text is meant for the player."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def __str__(self):
        return self.message


class RunOver(RunError):
    """The run has ended."""


class ChallengePending(RunError):
    """A card is drawn and its round is not completed yet."""


class NoChallenge(RunError):
    """No card is pending."""


class NotInRun(RunError):
    """The member is not (or no longer) in this run."""


class ActionRefused(RunError):
    """This member cannot act this way now."""


class WaitingForMembers(RunError):
    """The round cannot be completed: `member_ids` still have to act."""

    def __init__(self, member_ids):
        self.member_ids = tuple(member_ids)
        super().__init__(
            "Still waiting for: " + ", ".join(str(mid) for mid in self.member_ids) + "."
        )


# --- Inputs ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """What a member does: `mode` rules.ACT or RISK, with a Tool, or an ability/action name."""

    mode: str
    ability: str | None = None
    tool: Tool | None = None

    def describe(self):
        """'Force', 'Crowbar' or 'risk Force'."""
        what = self.tool.name if self.tool else rules.ACTIONS.get(self.ability, self.ability)
        return f"risk {what}" if self.mode == rules.RISK else what

    def to_dict(self):
        return {
            "mode": self.mode,
            "ability": self.ability,
            "tool": self.tool.to_dict() if self.tool else None,
        }

    @classmethod
    def from_dict(cls, data):
        tool = data["tool"]
        return cls(data["mode"], data["ability"], Tool.from_dict(tool) if tool else None)


@dataclass(frozen=True, slots=True)
class MemberInfo:
    """What `complete` needs about a member from outside the run: ratings and connection."""

    ratings: dict  # ability name -> rating
    connected: bool = True


# --- Compiled declarations ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Part:
    first: int  # offsets from the arrival challenge
    last: int | None
    kind: str
    ability: str | None
    amount: int
    when: str
    user_amount: int | None
    if_previous: bool | None  # the party's previous result it needs, or None


@dataclass(frozen=True, slots=True)
class _Compiled:
    parts: tuple  # _Part that act over time
    cleanses: bool
    spans: tuple  # merged (first, last) offset ranges the parts cover
    last: int | None  # last offset covered, None = rest of the dungeon


_PREVIOUS = {None: None, rules.PASSED: True, rules.FAILED: False}


def _compile(declared):
    parts = []
    for part in declared.parts:
        if part.kind == rules.CLEANSE:
            continue
        first, last = rules.WINDOW_OFFSETS[part.window]
        parts.append(
            _Part(
                first,
                last,
                part.kind,
                part.ability,
                part.amount,
                part.when,
                part.user_amount,
                _PREVIOUS[part.if_previous],
            )
        )
    spans = []
    for first, last in sorted((p.first, p.last) for p in parts):
        if spans and (spans[-1][1] is None or first <= spans[-1][1] + 1):
            end = spans[-1][1]
            spans[-1] = (spans[-1][0], None if end is None or last is None else max(end, last))
        else:
            spans.append((first, last))
    lasts = [p.last for p in parts]
    return _Compiled(
        tuple(parts),
        any(part.kind == rules.CLEANSE for part in declared.parts),
        tuple(spans),
        None if None in lasts else max(lasts, default=-1),
    )


_CONDITIONS = {name: _compile(condition) for name, condition in rules.CONDITIONS.items()}
_QUALITIES = {name: _compile(quality) for name, quality in rules.QUALITIES.items()}


def _expired(compiled, origin, challenge):
    """True once nothing of an arrival at `origin` applies at `challenge` or later."""
    return compiled.last is not None and origin + compiled.last < challenge


def _covers(compiled, origin, challenge):
    rel = challenge - origin
    return any(first <= rel and (last is None or rel <= last) for first, last in compiled.spans)


def _shadowed(older, older_origin, newer, newer_origin, now):
    """True if every challenge >= now the older copy covers is covered by the newer copy."""
    for first, last in older.spans:
        start = max(older_origin + first, now)
        end = None if last is None else older_origin + last
        if end is not None and end < start:
            continue
        inside = False
        for nfirst, nlast in newer.spans:
            nstart, nend = newer_origin + nfirst, None if nlast is None else newer_origin + nlast
            if nstart <= start and (nend is None or (end is not None and end <= nend)):
                inside = True
                break
        if not inside:
            return False
    return True


# --- The state ------------------------------------------------------------------------


@dataclass(slots=True)
class RunState:
    """One run, as plain values. Treat as immutable: the engine's moves return new states
    (only the `..._in_place` moves change the state they are given).

    Per-member values are tuples aligned with `member_ids`. `conditions` are (name, origin)
    pairs and `effects` (name, origin, users) triples, origin being the challenge
    they arrived on. `challenge` counts cards drawn; `pending` says whether the
    current card (`card_*`) still has to be completed. `last_passed` is the
    party's result on the last completed challenge (None before any).
    """

    dungeon_number: object
    member_ids: tuple
    exhaustion: tuple
    left: tuple
    actions: tuple  # Action or None per member, for the pending round
    tool_uses: dict  # (member_id, tool_id) -> uses spent this run
    exploration: int = 0
    challenge: int = 0
    pending: bool = False
    card_key: object = None
    card_kind: str | None = None
    card_ability: str | None = None
    card_level: int | None = None
    deck: tuple = ()  # ordinary card keys still to draw, in order
    discard: tuple = ()  # ordinary card keys played since the last shuffle
    climax_played: bool = False
    conditions: tuple = ()
    effects: tuple = ()
    last_passed: bool | None = None
    outcome: str | None = None

    def _clone(self):
        """A copy that shares nothing the in-place moves change."""
        return RunState(
            self.dungeon_number,
            self.member_ids,
            self.exhaustion,
            self.left,
            self.actions,
            dict(self.tool_uses),
            self.exploration,
            self.challenge,
            self.pending,
            self.card_key,
            self.card_kind,
            self.card_ability,
            self.card_level,
            self.deck,
            self.discard,
            self.climax_played,
            self.conditions,
            self.effects,
            self.last_passed,
            self.outcome,
        )

    def index(self, member_id):
        """The member's position; NotInRun if they are not in the run."""
        try:
            return self.member_ids.index(member_id)
        except ValueError:
            raise NotInRun(f"{member_id} is not in this run.") from None

    def exhaustion_of(self, member_id):
        return self.exhaustion[self.index(member_id)]

    def to_dict(self):
        """A JSON-ready dict; `from_dict` rebuilds an equal state."""
        return {
            "version": STATE_VERSION,
            "dungeon": self.dungeon_number,
            "members": [
                {
                    "id": member_id,
                    "exhaustion": self.exhaustion[i],
                    "left": self.left[i],
                    "action": self.actions[i].to_dict() if self.actions[i] else None,
                }
                for i, member_id in enumerate(self.member_ids)
            ],
            "tool_uses": [
                [member_id, tool_id, used] for (member_id, tool_id), used in self.tool_uses.items()
            ],
            "exploration": self.exploration,
            "challenge": self.challenge,
            "pending": self.pending,
            "card": {
                "key": self.card_key,
                "kind": self.card_kind,
                "ability": self.card_ability,
                "level": self.card_level,
            },
            "deck": list(self.deck),
            "discard": list(self.discard),
            "climax_played": self.climax_played,
            "conditions": [[name, origin] for name, origin in self.conditions],
            "effects": [[name, origin, list(users)] for name, origin, users in self.effects],
            "last_passed": self.last_passed,
            "outcome": self.outcome,
        }

    @classmethod
    def from_dict(cls, data):
        if data.get("version") != STATE_VERSION:
            raise RunError(f"Cannot read a run saved in format {data.get('version')!r}.")
        members = data["members"]
        card = data["card"]
        return cls(
            dungeon_number=data["dungeon"],
            member_ids=tuple(member["id"] for member in members),
            exhaustion=tuple(member["exhaustion"] for member in members),
            left=tuple(member["left"] for member in members),
            actions=tuple(Action.from_dict(m["action"]) if m["action"] else None for m in members),
            tool_uses={
                (member_id, tool_id): used for member_id, tool_id, used in data["tool_uses"]
            },
            exploration=data["exploration"],
            challenge=data["challenge"],
            pending=data["pending"],
            card_key=card["key"],
            card_kind=card["kind"],
            card_ability=card["ability"],
            card_level=card["level"],
            deck=tuple(data["deck"]),
            discard=tuple(data["discard"]),
            climax_played=data["climax_played"],
            conditions=tuple((name, origin) for name, origin in data["conditions"]),
            effects=tuple((name, origin, tuple(users)) for name, origin, users in data["effects"]),
            last_passed=data["last_passed"],
            outcome=data["outcome"],
        )


# --- Moves -------------------------------------------------------------------------------


def start_run(dungeon, member_ids, rng):
    """A new run of `dungeon` for `member_ids` (in the order they roll), deck shuffled."""
    member_ids = tuple(member_ids)
    if not member_ids:
        raise RunError("A run needs at least one member.")
    if len(set(member_ids)) != len(member_ids):
        raise RunError("A member cannot be in the run twice.")
    if len(member_ids) > rules.PARTY_MAX:
        raise RunError(f"A party has at most {rules.PARTY_MAX} members.")
    if dungeon.first(rules.FINAL) is None or not dungeon.by_kind[rules.EXPLORATION]:
        raise RunError(
            f"{dungeon.name} cannot be run: it needs a Final card and Exploration cards."
        )
    count = len(member_ids)
    return RunState(
        dungeon_number=dungeon.number,
        member_ids=member_ids,
        exhaustion=(0,) * count,
        left=(False,) * count,
        actions=(None,) * count,
        tool_uses={},
        deck=_shuffled(dungeon.exploration_keys, rng),
    )


def draw(state, dungeon, rng):
    """Draw the next card: returns (card, new state).

    Draw 1 is the Entry card (if any), draw 2 a random Second card (if any), draw 3
    a random Third card (if any); at Exploration >= 70 the Climax (once, if any),
    then the Final; otherwise the next ordinary card, the played ones reshuffled
    when the deck runs out. The draw drops the Conditions that have run out, and the card's
    Conditions arrive (Save Point clearing the party's Conditions first).
    """
    new = state._clone()
    return draw_in_place(new, dungeon, rng), new


def draw_in_place(state, dungeon, rng):
    """`draw` made on `state` itself: returns the card (a refused draw may leave `state` changed)."""
    _check_open(state)
    if state.pending:
        raise ChallengePending("Complete the current challenge before drawing another card.")
    if state.dungeon_number != dungeon.number:
        raise RunError(f"This run is in dungeon {state.dungeon_number}, not {dungeon.number}.")
    number = state.challenge + 1
    card = _next_card(state, dungeon, number, rng)

    conditions = _still_running(state.conditions, _CONDITIONS, number)
    arriving = []
    for name in card.conditions:
        compiled = _CONDITIONS.get(name)
        if compiled is None:
            raise RunError(f"Card {card.key!r} has an unknown Condition {name!r}.")
        if compiled.cleanses:
            conditions = ()
        if compiled.parts:
            arriving.append((name, number))
    state.conditions = conditions + tuple(arriving)
    # The Effects were dropped up to this challenge when the last round was completed.
    state.challenge = number
    state.pending = True
    state.card_key, state.card_kind = card.key, card.kind
    state.card_ability, state.card_level = card.ability, card.level
    return card


def act(state, member_id, action):
    """Record a member's action for the pending round; a Tool's effects arrive at once."""
    return act_all(state, ((member_id, action),))


def act_all(state, moves):
    """Record several (member_id, Action) moves in turn, exactly as one `act` after another.

    One new state for the lot (the balance simulator's whole party acts this way);
    a refused move raises and leaves `state` as it was.
    """
    new = state._clone()
    act_all_in_place(new, moves)
    return new


def act_all_in_place(state, moves):
    """`act_all` made on `state` itself (a refused move may leave `state` half-changed)."""
    _check_open(state)
    if not state.pending:
        raise NoChallenge("There is no challenge to act on: draw a card first.")
    actions = list(state.actions)
    for member_id, action in moves:
        i = state.index(member_id)
        if state.left[i]:
            raise NotInRun(f"{member_id} has left this run.")
        if actions[i] is not None:
            raise ActionRefused("You have already acted this round.")
        if state.exhaustion[i] >= rules.EXHAUSTION_LIMIT:
            raise ActionRefused(
                f"You are exhausted ({rules.EXHAUSTION_LIMIT}+ Exhaustion) and cannot act."
            )
        if action.mode not in rules.MODES:
            raise ActionRefused(f"Act or risk, not {action.mode!r}.")
        if action.tool is None:
            actions[i] = _basic_action(state, action)
        else:
            _use_tool(state, member_id, action.tool)
            actions[i] = action
    state.actions = tuple(actions)


def complete(state, card, members_info, rng):
    """Resolve the pending round: returns (RoundResult, new state).

    `card` is the pending card; `members_info` maps every member still in the run
    to a MemberInfo. Every connected member below 100 Exhaustion must have acted.
    """
    new = state._clone()
    return complete_in_place(new, card, members_info, rng).result(), new


def complete_in_place(state, card, members_info, rng, plans=None):
    """`complete` made on `state` itself: returns the RolledRound (whose `result()` is
    complete's RoundResult).

    plans: a dict in which to keep the rounds' RoundPlans and roll them again when
    the same round comes back (the balance simulator gives one per simulation; the
    rules table must not change while it is in use).
    """
    _check_open(state)
    if not state.pending:
        raise NoChallenge("There is no challenge to complete: draw a card first.")
    if card.key != state.card_key:
        raise RunError(f"The pending card is {state.card_key!r}, not {card.key!r}.")
    ability = state.card_ability
    limit = rules.EXHAUSTION_LIMIT
    # `inputs`: each member's MemberInput fields but the Exhaustion, which a RoundPlan
    # reads only as whether they are `spent`; these two are what a kept plan is found by.
    inputs, before, spent, waiting, positions = [], [], [], [], []
    members = zip(state.member_ids, state.left, state.actions, state.exhaustion)
    for i, (member_id, left, action, exhaustion) in enumerate(members):
        if left:
            continue
        info = members_info.get(member_id)
        if info is None:
            raise RunError(f"No ratings or connection given for {member_id}.")
        if action is None:
            if info.connected and exhaustion < limit:
                waiting.append(member_id)
            mode = tool = None
        else:
            mode, tool = action.mode, action.tool
        rating, connected = info.ratings[ability], info.connected
        if tool is None:
            inputs.append((member_id, rating, mode, None, None, (), connected))
        else:
            inputs.append(
                (member_id, rating, mode, tool.name, tool.rating, tool.all_qualities, connected)
            )
        before.append(exhaustion)
        spent.append(exhaustion >= limit)
        positions.append(i)
    if waiting:
        raise WaitingForMembers(waiting)

    modifiers = round_modifiers(state)
    if plans is None:
        plan = _round_plan(card, inputs, before, modifiers)
    else:
        key = (card.ability, card.level, card.kind, modifiers, tuple(inputs), tuple(spent))
        plan = plans.get(key)
        if plan is None:
            plan = plans[key] = _round_plan(card, inputs, before, modifiers)
    rolled = plan.roll(rng, before)

    exhaustion = list(state.exhaustion)
    for i, gain in zip(positions, rolled.gains):
        exhaustion[i] += gain
    state.exhaustion = tuple(exhaustion)
    state.exploration += rolled.exploration_gain
    state.last_passed = rolled.passed
    state.pending = False
    state.actions = (None,) * len(state.member_ids)
    state.effects = _still_running(state.effects, _QUALITIES, state.challenge + 1)
    state.outcome = rolled.outcome
    return rolled


def _round_plan(card, inputs, exhaustion, modifiers):
    """The RoundPlan for members given as MemberInput's fields but the Exhaustion, and theirs."""
    members = [MemberInput(*fields, before) for fields, before in zip(inputs, exhaustion)]
    return RoundPlan(card, members, modifiers, rules.ROUND_RULES)


def outcome_card(state, dungeon, rng):
    """The outcome card to show for an ended run (Discovery, Landmark or Escape), or None."""
    if state.outcome is None:
        raise RunError("The run has not ended yet.")
    if state.outcome == rules.WON:
        kind = rules.DISCOVERY
    elif state.card_kind == rules.FINAL and not state.pending:  # the Final was played
        kind = rules.LANDMARK
    elif at_the_door(state):
        return None  # an Escape card tells of a flight from deep inside, not from the door
    else:
        kind = rules.ESCAPE
    cards = dungeon.by_kind[kind]
    return _pick(cards, rng) if cards else None


def at_the_door(state):
    """True while no round of the run has been resolved (the party is at the entrance)."""
    return state.exploration == 0 and state.challenge <= 1


def retreat(state):
    """The party gives up: the run ends in a retreat."""
    _check_open(state)
    new = state._clone()
    new.outcome = rules.RETREAT
    return new


def leave(state, member_id):
    """A member leaves: their Exhaustion stays, they no longer act or count."""
    _check_open(state)
    i = state.index(member_id)
    if state.left[i]:
        raise NotInRun(f"{member_id} has already left this run.")
    new = state._clone()
    new.left = state.left[:i] + (True,) + state.left[i + 1 :]
    new.actions = state.actions[:i] + (None,) + state.actions[i + 1 :]
    if all(new.left):
        new.outcome = rules.RETREAT
    return new


# --- What the UI shows ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActiveModifier:
    """A Condition or Effect on the party, as +camp shows it.

    first/last: the challenge numbers it still covers (last None = rest of the
    dungeon); challenges_left counts from the current (or next) challenge.
    """

    name: str
    source: str  # "condition" or "effect"
    label: str
    first: int
    last: int | None
    challenges_left: int | None
    users: tuple = ()


def next_card_kind(state, dungeon):
    """The kind of card the next +dungeon/draw brings (rules.ENTRY ... rules.FINAL)."""
    return _next_kind(state, dungeon, state.challenge + 1)


def upcoming_challenge(state):
    """The challenge being played, or the next one when none is pending."""
    return state.challenge if state.pending else state.challenge + 1


def active_conditions(state):
    """The Conditions on the party that still apply now or later (ActiveModifier)."""
    return tuple(
        _active(
            name, origin, (), _CONDITIONS[name], rules.CONDITIONS[name].label, "condition", state
        )
        for name, origin in state.conditions
        if not _expired(_CONDITIONS[name], origin, upcoming_challenge(state))
    )


def active_effects(state):
    """The Tool effects on the party that still apply now or later (ActiveModifier)."""
    return tuple(
        _active(name, origin, users, _QUALITIES[name], rules.QUALITIES[name].label, "effect", state)
        for name, origin, users in state.effects
        if not _expired(_QUALITIES[name], origin, upcoming_challenge(state))
    )


def waiting_for(state, disconnected=()):
    """Members who still have to act before the round can be completed."""
    if not state.pending or state.outcome:
        return ()
    return tuple(
        member_id
        for i, member_id in enumerate(state.member_ids)
        if not state.left[i]
        and state.actions[i] is None
        and state.exhaustion[i] < rules.EXHAUSTION_LIMIT
        and member_id not in disconnected
    )


def actions_taken(state):
    """(member_id, Action or None) for each member still in the run."""
    return tuple(
        (member_id, state.actions[i])
        for i, member_id in enumerate(state.member_ids)
        if not state.left[i]
    )


def uses_left(state, member_id, tool):
    """How many more times the member can use `tool` in this run."""
    return tool.uses - state.tool_uses.get((member_id, tool.id), 0)


def round_modifiers(state):
    """The RoundModifiers of the pending challenge, from the party's Conditions and Effects."""
    if not state.conditions and not state.effects:
        return NO_MODIFIERS
    return _modifiers(
        state.conditions, state.effects, state.challenge, state.card_ability, state.last_passed
    )


@lru_cache(maxsize=4096)
def _modifiers(conditions, effects, number, ability, last_passed):
    """round_modifiers' work, remembered: runs meet the same few situations over and over
    (a balance simulation looks up thousands of rounds for each one it works out)."""
    context = (ability, last_passed)
    roll, exploration, exhaustion, minimum = [], [], [], []
    collected = (roll, exploration, exhaustion, minimum)
    for name, origin in conditions:
        _collect(name, _CONDITIONS[name].parts, number - origin, (), context, collected)
    seen = set()
    for name, origin, users in reversed(effects):
        if name not in seen and _covers(_QUALITIES[name], origin, number):
            seen.add(name)  # the newest copy that applies here wins
            _collect(name, _QUALITIES[name].parts, number - origin, users, context, collected)
    return RoundModifiers(tuple(roll), tuple(exploration), tuple(exhaustion), tuple(minimum))


# --- Internals ---------------------------------------------------------------------------------


def _collect(name, parts, rel, users, context, collected):
    """Sort the parts active `rel` challenges after arrival into the four `collected` lists."""
    ability, last_passed = context
    roll, exploration, exhaustion, minimum = collected
    for part in parts:
        if rel < part.first or (part.last is not None and rel > part.last):
            continue
        kind = part.kind
        if kind == rules.ABILITY:
            if part.ability == ability or part.ability == rules.ALL_ABILITIES:
                roll.append((name, part.amount))
        elif kind == rules.CHALLENGE_ABILITY:
            if part.if_previous is None or part.if_previous is last_passed:
                roll.append((name, part.amount))
        elif kind == rules.EXPLORATION_ON_PASS:
            exploration.append((name, part.amount))
        elif kind == rules.EXHAUSTION:
            exhaustion.append(
                ExhaustionModifier(name, part.amount, part.when, users, part.user_amount)
            )
        elif kind == rules.EXHAUSTION_MINIMUM:
            minimum.append((name, part.amount))


def _basic_action(state, action):
    """The basic `action` with its ability's proper name, if it fits the pending card."""
    ability = state.card_ability
    if action.ability == ability:
        return action
    named = rules.ability_for_word(action.ability or "")
    if named is None:
        raise ActionRefused(
            f"{action.ability!r} is not an ability or action; "
            f"this challenge needs {_right(ability)}."
        )
    if named != ability:
        raise ActionRefused(f"This challenge tests {ability}, not {named}: use {_right(ability)}.")
    return Action(action.mode, named)


def _use_tool(state, member_id, tool):
    """Spend a use of `tool` on the pending card and let its effects arrive (changes `state`)."""
    ability = state.card_ability
    if tool.category != ability:
        raise ActionRefused(
            f"{tool.name} is {_a(tool.category)} tool; this challenge needs {_right(ability)}."
        )
    key = (member_id, tool.id)
    used = state.tool_uses.get(key, 0)
    if used >= tool.uses:
        raise ActionRefused(f"{tool.name} has no uses left in this run.")
    state.tool_uses[key] = used + 1
    for name in tool.effects:
        compiled = _QUALITIES[name]
        if compiled.cleanses:
            state.conditions = ()
        if compiled.parts:
            state.effects = _add_effect(state.effects, name, compiled, state.challenge, member_id)


def _right(ability):
    return f"{ability} or {rules.ACTIONS[ability]}, or {_a(ability)} tool"


def _a(word):
    """'a Brute', 'an Agility'."""
    return f"{'an' if word[:1].upper() in 'AEIOU' else 'a'} {word}"


def _check_open(state):
    if state.outcome is not None:
        raise RunOver("This run is over.")


def _next_kind(state, dungeon, number):
    """The kind of card draw `number` brings: the draw order, in one place."""
    by_kind = dungeon.by_kind
    if number == 1 and by_kind[rules.ENTRY]:
        return rules.ENTRY
    if number == 2 and by_kind[rules.SECOND]:
        return rules.SECOND
    if number == 3 and by_kind[rules.THIRD]:
        return rules.THIRD
    if state.exploration >= rules.FINAL_TRIGGER:
        if by_kind[rules.CLIMAX] and not state.climax_played:
            return rules.CLIMAX
        return rules.FINAL
    return rules.EXPLORATION


def _next_card(state, dungeon, number, rng):
    """Pick the card for draw `number`, updating the deck fields of `state`."""
    kind = _next_kind(state, dungeon, number)
    if kind == rules.ENTRY:
        return dungeon.by_kind[rules.ENTRY][0]
    if kind in (rules.SECOND, rules.THIRD):
        return _pick(dungeon.by_kind[kind], rng)
    if kind == rules.CLIMAX:
        state.climax_played = True
        return dungeon.first(rules.CLIMAX)
    if kind == rules.FINAL:
        return dungeon.first(rules.FINAL)
    if not state.deck:
        state.deck, state.discard = _shuffled(state.discard, rng), ()
    key = state.deck[0]
    state.deck, state.discard = state.deck[1:], state.discard + (key,)
    return dungeon.by_key[key]


def _still_running(entries, compiled, challenge):
    """The Condition or Effect entries (name, origin, ...) with something left at `challenge`
    or later; `compiled` is _CONDITIONS or _QUALITIES."""
    if not entries:
        return entries
    return tuple(
        entry for entry in entries if not _expired(compiled[entry[0]], entry[1], challenge)
    )


def _add_effect(effects, name, compiled, number, member_id):
    """Put a Tool quality used at challenge `number` on the Effects list (no stacking)."""
    for position, (other, origin, users) in enumerate(effects):
        if other == name and origin == number:
            if member_id in users:
                return effects
            return (
                effects[:position]
                + ((name, origin, users + (member_id,)),)
                + effects[position + 1 :]
            )
    kept = tuple(
        entry
        for entry in effects
        if entry[0] != name or not _shadowed(_QUALITIES[name], entry[1], compiled, number, number)
    )
    return kept + ((name, number, (member_id,)),)


def _active(name, origin, users, compiled, label, source, state):
    now = upcoming_challenge(state)
    first = max(now, origin + min(first for first, _ in compiled.spans))
    last = None if compiled.last is None else origin + compiled.last
    left = None if last is None else last - now + 1
    return ActiveModifier(name, source, label, first, last, left, users)


def _pick(cards, rng):
    return cards[rng.randint(0, len(cards) - 1)]


def _shuffled(keys, rng):
    """Fisher-Yates with the run's rng (only randint is needed)."""
    keys = list(keys)
    for i in range(len(keys) - 1, 0, -1):
        j = rng.randint(0, i)
        keys[i], keys[j] = keys[j], keys[i]
    return tuple(keys)
