"""
Digger round resolution: one challenge's rolls, the party's pass, Exploration and
Exhaustion, as a pure function.

`resolve_round(card, members, modifiers, rng)` takes what the round needs and
returns a frozen `RoundResult` recording every die, modifier (with its source),
target and every point of Exploration and Exhaustion (itemised so that each
member's items add up to their gain). It keeps no state: `world.digger.engine`
builds the inputs from a run and applies the result. Every number comes from
the `RoundRules` it is given (the game's are `world.digger.rules.ROUND_RULES`):
the engine imports nothing from the game. It is a `RoundPlan` (all that the
dice do not change) rolled once; the balance simulator rolls each plan it
makes over and over.

Rules applied (the numbers are the game's at the time of writing; `help digger
rules` in the game shows the table):

* roll = 2d6 + rating in the card's ability + modifiers (the Tool's bonus,
  +2 for a risk, the party-wide Condition/Effect modifiers); success if
  roll >= 7 + 2 x Level. Members roll in the given order, two
  `rng.randint(1, 6)` each.
* A member at 100+ Exhaustion before the round does nothing and gains nothing.
  A disconnected member makes no roll, is not counted for the pass and takes
  the party's Exhaustion without the parts that need an own failure.
* The party passes if at least half (rounded up) of those who rolled succeed;
  if nobody rolled, it fails.
* Exploration: pass 10 + 5 x Level plus the active on-pass bonuses; fail 5.
* Exhaustion per member: pass 4 x Level, fail 10 + 5 x Level; a failed own roll
  +5; a failed risk +10 more and +5/+10 more with a Minor/Major Tool; then the
  Condition/Effect parts. A gain is never below 0, but at least any active
  minimum (Suffer).
* Outcome: if every member is at 100+ after the round the run is lost (even
  on a passed Final); otherwise a Final card is won on a pass and ends in a
  retreat on a fail.
"""

from typing import NamedTuple

ROLLED = "rolled"
DISCONNECTED = "disconnected"
EXHAUSTED = "exhausted"

# The engine's words, which the game's rules table uses as they are.
ACT, RISK = "act", "risk"  # a member's mode
FINAL = "final"  # the card kind that ends a run
WON, RETREAT, LOST = "won", "retreat", "lost"  # a round's outcome
ALWAYS = "always"  # when an Exhaustion part applies: to everyone,
OWN_FAILURE = "own failure"  # to a member who rolled and failed,
USER_FAILURE = "user failure"  # to all, if one who used the Tool this round failed


class RoundRules(NamedTuple):
    """Every number a round is resolved with, and the Tool bonus.

    tool_bonus(rating, qualities) -> the roll bonus of a Tool; it is called for
    every member with a Tool of every new plan, so give a cached one.
    exhaustion_risk_tool: {tool rating: Exhaustion on top of a failed risk}.
    pass_share: (numerator, denominator) of those who rolled who must succeed.
    """

    dice_sides: int
    target_base: int
    target_per_level: int
    pass_share: tuple
    risk_roll_bonus: int
    exploration_pass_base: int
    exploration_pass_per_level: int
    exploration_fail: int
    exhaustion_pass_per_level: int
    exhaustion_fail_base: int
    exhaustion_fail_per_level: int
    exhaustion_own_failure: int
    exhaustion_risk_failed: int
    exhaustion_risk_tool: dict
    exhaustion_limit: int
    exhaustion_gain_floor: int
    tool_bonus: object

    def target_number(self, level):
        """The roll a member needs on a challenge of `level`."""
        return self.target_base + self.target_per_level * level

    def successes_needed(self, rolled):
        """Successes the party needs among `rolled` rollers (at least half, rounded up)."""
        numerator, denominator = self.pass_share
        return -(-rolled * numerator // denominator)

    def exploration_items(self, level, passed, modifiers):
        """The party's (source, amount) Exploration for the round."""
        if not passed:
            return (("party failed", self.exploration_fail),)
        base = self.exploration_pass_base + self.exploration_pass_per_level * level
        return (("party passed", base),) + modifiers.exploration


class ExhaustionModifier(NamedTuple):
    """An Exhaustion part active this round, from a Condition or Tool effect named `source`.

    `when` is ALWAYS, OWN_FAILURE or USER_FAILURE. `users` are the members
    who used the Tool this round (for USER_FAILURE, and for `user_amount`, which
    a user takes instead of `amount`).
    """

    source: str
    amount: int
    when: str = ALWAYS
    users: tuple = ()
    user_amount: int | None = None


class RoundModifiers(NamedTuple):
    """Everything Conditions and Effects change in this round, for the whole party.

    roll: (source, amount) added to every roll (they already concern the card's ability);
    exploration: (source, amount) added on a pass; exhaustion: ExhaustionModifier parts;
    exhaustion_minimum: (source, minimum) each member's gain is raised to.
    """

    roll: tuple = ()
    exploration: tuple = ()
    exhaustion: tuple = ()
    exhaustion_minimum: tuple = ()


NO_MODIFIERS = RoundModifiers()


class MemberInput(NamedTuple):
    """One party member as the round sees them.

    mode: ACT / RISK, or None if they did not act (only allowed when
    disconnected or at 100+ Exhaustion). tool_*: the Tool used, if any.
    """

    member_id: object
    rating: int
    mode: str | None = ACT
    tool_name: str | None = None
    tool_rating: str | None = None
    tool_qualities: tuple = ()
    connected: bool = True
    exhaustion: int = 0


class MemberRoll(NamedTuple):
    """What happened to one member: dice, modifiers, outcome and Exhaustion gained.

    Like the inputs, an immutable NamedTuple rather than a frozen dataclass: a
    balance simulation builds millions of them, and a frozen dataclass costs
    five times as much to create.
    """

    member_id: object
    status: str  # ROLLED, DISCONNECTED or EXHAUSTED
    mode: str | None
    tool_name: str | None
    rating: int
    dice: tuple  # the two d6, () if no roll
    modifiers: tuple  # (source, amount)
    total: int | None
    target: int
    success: bool | None  # None: did not roll
    exhaustion_before: int
    exhaustion_gain: int
    exhaustion_items: tuple  # (source, amount); they add up to exhaustion_gain

    @property
    def rolled(self):
        return self.status == ROLLED

    @property
    def exhaustion_after(self):
        return self.exhaustion_before + self.exhaustion_gain

    def render(self, name=None):
        """One line: 'Ann: 4+5 +3 Brute +3 Crowbar = 15 vs 11, success; Exhaustion +8 (...)'."""
        who = name if name is not None else str(self.member_id)
        if self.status == EXHAUSTED:
            return f"{who}: did not roll (exhausted)"
        if self.rolled:
            parts = [f"{self.dice[0]}+{self.dice[1]}", f"{self.rating:+d} rating"]
            parts += [f"{amount:+d} {source}" for source, amount in self.modifiers]
            verdict = "success" if self.success else "failure"
            how = " (risk)" if self.mode == RISK else ""
            head = f"{who}{how}: {' '.join(parts)} = {self.total} vs {self.target}, {verdict}"
        else:
            head = f"{who}: did not roll ({self.status})"
        items = ", ".join(f"{source} {amount:+d}" for source, amount in self.exhaustion_items)
        return f"{head}; Exhaustion +{self.exhaustion_gain} ({items})"


class RoundResult(NamedTuple):
    """One resolved challenge (a NamedTuple, like MemberRoll, for the simulator's sake)."""

    ability: str
    level: int
    kind: str
    target: int
    members: tuple  # MemberRoll, in the order given
    rolled: int
    successes: int
    needed: int
    passed: bool
    exploration_gain: int
    exploration_items: tuple  # (source, amount); they add up to exploration_gain
    outcome: str | None  # None, WON, RETREAT or LOST

    def member(self, member_id):
        for roll in self.members:
            if roll.member_id == member_id:
                return roll
        raise KeyError(member_id)

    def render(self, names=None):
        """Short lines: the verdict, Exploration, one line per member, the outcome if any."""
        names = names or {}
        verdict = "the party passes" if self.passed else "the party fails"
        items = ", ".join(f"{source} {amount:+d}" for source, amount in self.exploration_items)
        lines = [
            f"{self.ability} Level {self.level} (target {self.target}): {self.successes} of "
            f"{self.rolled} succeeded, {self.needed} needed: {verdict}.",
            f"Exploration +{self.exploration_gain} ({items}).",
        ]
        lines += [roll.render(names.get(roll.member_id)) for roll in self.members]
        if self.outcome:
            lines.append(_OUTCOME_LINES[self.outcome])
        return "\n".join(lines)


_OUTCOME_LINES = {
    WON: "The dungeon is won!",
    RETREAT: "The party must retreat.",
    LOST: "Everyone is exhausted: the run is lost.",
}


def resolve_round(card, members, modifiers, rng, round_rules):
    """Resolve one challenge: a RoundPlan of it, rolled once.

    card: anything with .ability, .level and .kind (a deck.Card);
    members: MemberInput in roll order; modifiers: RoundModifiers; rng: .randint(a, b);
    round_rules: the RoundRules.
    """
    plan = RoundPlan(card, members, modifiers, round_rules)
    return plan.roll(rng, tuple(member.exhaustion for member in members)).result()


class _Seat(NamedTuple):
    """A member as a RoundPlan sees them: what they add to their roll, if they roll."""

    member: MemberInput
    status: str  # ROLLED, DISCONNECTED or EXHAUSTED
    bonus: int | None  # rating and every modifier together; None: no roll
    modifiers: tuple  # (source, amount), the rating aside


class _Verdict(NamedTuple):
    """What a RoundPlan comes to when the dice fall one way (who succeeds)."""

    rolled: int
    successes: int
    needed: int
    passed: bool
    gains: tuple  # each member's Exhaustion gain, in order
    exhaustion_items: tuple  # each member's (source, amount) items, in order
    exploration_gain: int
    exploration_items: tuple
    outcome: str | None  # unless everyone ends up exhausted


class RoundPlan:
    """One challenge before the dice: everything about it that the dice do not change.

    Made from what `resolve_round` is given but the rng (the rules table must
    not change while a plan is in use), it works out at once who
    rolls with what bonus, and the first time the dice fall a given way (who
    succeeds) what that costs each member; `roll(rng, exhaustion)` rolls the dice.
    The members' Exhaustion counts here only as to who is too exhausted to roll,
    so a plan fits every round that differs from it in nothing else: `roll` is
    given each member's Exhaustion before the round. The balance simulator keeps
    the plans it meets and rolls them again (engine.complete_in_place's `plans`).
    """

    __slots__ = (
        "ability", "level", "kind", "target", "seats", "_modifiers", "_rules", "_verdicts"
    )

    def __init__(self, card, members, modifiers, round_rules):
        self.ability, self.level, self.kind = card.ability, card.level, card.kind
        self.target = round_rules.target_number(self.level)
        self._modifiers, self._rules = modifiers, round_rules
        self.seats = tuple(
            _seat(member, modifiers.roll, round_rules) for member in members
        )  # _Seat each
        self._verdicts = {}  # who succeeded (True/False, None: no roll) -> _Verdict

    def roll(self, rng, exhaustion):
        """A RolledRound: two `rng.randint(1, 6)` per roller, in order. `exhaustion`: each
        member's before the round."""
        randint, sides, target = rng.randint, self._rules.dice_sides, self.target
        rolls, successes = [], []
        for seat in self.seats:
            if seat.bonus is None:
                rolls.append(_NO_ROLL)
                successes.append(None)
                continue
            dice = (randint(1, sides), randint(1, sides))
            total = dice[0] + dice[1] + seat.bonus
            rolls.append((dice, total))
            successes.append(total >= target)
        successes = tuple(successes)
        verdict = self._verdicts.get(successes)
        if verdict is None:
            verdict = self._verdicts[successes] = self._judge(successes)
        limit = self._rules.exhaustion_limit
        everyone_spent = bool(self.seats)
        for before, gain in zip(exhaustion, verdict.gains):
            if before + gain < limit:
                everyone_spent = False
                break
        outcome = LOST if everyone_spent else verdict.outcome
        return RolledRound(self, tuple(rolls), successes, tuple(exhaustion), verdict, outcome)

    def _judge(self, successes):
        """The _Verdict when each member's roll succeeds or not as `successes` says."""
        level, modifiers, rules = self.level, self._modifiers, self._rules
        rolled = sum(success is not None for success in successes)
        succeeded = sum(success is True for success in successes)
        needed = rules.successes_needed(rolled)
        passed = rolled > 0 and succeeded >= needed
        parts = modifiers.exhaustion
        failed_ids = [
            seat.member.member_id
            for seat, success in zip(self.seats, successes)
            if success is False
        ]

        base = (
            ("party passed", rules.exhaustion_pass_per_level * level)
            if passed
            else (
                "party failed",
                rules.exhaustion_fail_base + rules.exhaustion_fail_per_level * level,
            )
        )
        minimum, minimum_source = rules.exhaustion_gain_floor, None
        for source, amount in modifiers.exhaustion_minimum:
            if amount > minimum:
                minimum, minimum_source = amount, f"{source}: at least {amount}"

        gains, exhaustion_items = [], []
        for seat, success in zip(self.seats, successes):
            if seat.status == EXHAUSTED:
                gains.append(0)
                exhaustion_items.append(())
                continue
            if success is not False and not parts:  # the usual case: the party's share alone
                items, gain = (base,), base[1]
            else:
                items, gain = _exhaustion(seat.member, success, base, parts, failed_ids, rules)
            if gain < minimum:
                items += ((minimum_source or f"no less than {minimum}", minimum - gain),)
                gain = minimum
            gains.append(gain)
            exhaustion_items.append(items)

        if self.kind == FINAL:
            outcome = WON if passed else RETREAT
        else:
            outcome = None
        explored = rules.exploration_items(level, passed, modifiers)
        return _Verdict(
            rolled,
            succeeded,
            needed,
            passed,
            tuple(gains),
            tuple(exhaustion_items),
            _total(explored),
            explored,
            outcome,
        )


_NO_ROLL = ((), None)  # (dice, total) of a member who does not roll


class RolledRound(NamedTuple):
    """A RoundPlan rolled: the dice and what they came to.

    Enough for the engine to apply the round (`gains`, `passed`, `exploration_gain`,
    `outcome`); `result()` puts the full RoundResult together, which the game shows
    and keeps and a balance simulation has no use for.
    """

    plan: RoundPlan
    rolls: tuple  # (dice, total) per member; ((), None) for who does not roll
    successes: tuple  # True/False per member; None for who does not roll
    exhaustion: tuple  # each member's before the round
    verdict: _Verdict
    outcome: str | None  # None, WON, RETREAT or LOST

    @property
    def passed(self):
        return self.verdict.passed

    @property
    def gains(self):
        """Each member's Exhaustion gain, in order."""
        return self.verdict.gains

    @property
    def exploration_gain(self):
        return self.verdict.exploration_gain

    def result(self):
        """The RoundResult: every die, modifier and item of the round."""
        plan, verdict = self.plan, self.verdict
        rows = zip(
            plan.seats,
            self.rolls,
            self.successes,
            self.exhaustion,
            verdict.gains,
            verdict.exhaustion_items,
        )
        members = tuple(
            MemberRoll(
                seat.member.member_id,
                seat.status,
                seat.member.mode,
                seat.member.tool_name,
                seat.member.rating,
                dice,
                seat.modifiers,
                total,
                plan.target,
                success,
                before,
                gain,
                items,
            )
            for seat, (dice, total), success, before, gain, items in rows
        )
        return RoundResult(
            plan.ability,
            plan.level,
            plan.kind,
            plan.target,
            members,
            verdict.rolled,
            verdict.successes,
            verdict.needed,
            verdict.passed,
            verdict.exploration_gain,
            verdict.exploration_items,
            self.outcome,
        )


def _seat(member, party_roll, rules):
    """A member's _Seat: who rolls, with their Tool, risk and the party's roll modifiers."""
    if member.exhaustion >= rules.exhaustion_limit:
        return _Seat(member, EXHAUSTED, None, ())
    if not member.connected:
        return _Seat(member, DISCONNECTED, None, ())
    if member.mode is None:
        raise ValueError(f"member {member.member_id!r} is connected and able but has not acted")
    own, bonus = (), 0
    if member.tool_name is not None:
        bonus = rules.tool_bonus(member.tool_rating, member.tool_qualities)
        own = ((member.tool_name, bonus),)
    if member.mode == RISK:
        own += (("risk", rules.risk_roll_bonus),)
        bonus += rules.risk_roll_bonus
    return _Seat(member, ROLLED, member.rating + _total(party_roll) + bonus, own + party_roll)


def _total(items):
    """The sum of the amounts of (source, amount) items."""
    total = 0
    for _, amount in items:
        total += amount
    return total


def _exhaustion(member, success, base, parts, failed_ids, rules):
    """A member's itemised Exhaustion before the minimum; `success` None = no roll."""
    failed = success is False
    items = [base]
    if failed:
        items.append(("own roll failed", rules.exhaustion_own_failure))
        if member.mode == RISK:
            items.append(("risk failed", rules.exhaustion_risk_failed))
            if member.tool_rating is not None:
                items.append(
                    (
                        f"risk with a {member.tool_rating} tool",
                        rules.exhaustion_risk_tool[member.tool_rating],
                    )
                )
    for part in parts:
        when = part.when
        if when == ALWAYS:
            if part.user_amount is not None and member.member_id in part.users:
                items.append((f"{part.source} (user)", part.user_amount))
            else:
                items.append((part.source, part.amount))
        elif when == OWN_FAILURE:
            if failed:
                items.append((part.source, part.amount))
        elif any(user in failed_ids for user in part.users):  # USER_FAILURE
            items.append((part.source, part.amount))
    return tuple(items), _total(items)
