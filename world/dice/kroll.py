"""
The Kroll dice engine: regular tests, quick tests, Lucky draws and dice pools.

Plain Python (no Django, no Evennia). Every roll takes `rng`, any object with
`randint(a, b)`, and returns a frozen result that records every die each side
rolled, every tie discarded and every modifier, with `render()` giving a short
line for players.

Rules in brief:

- Regular test: both sides roll and call their highest die. Equal calls are
  discarded and both call again. When a tie takes a side's last die, every
  side rolls one more die (side a first) and adds it to what it has left. The
  higher call wins; each of the winner's remaining dice above the loser's call
  is a hit.
- Quick test: one hit per die above the called number; ties never count.
- Pools: attribute + circumstance bonus + followup dice - penalty dice. A pool
  brought to exactly nothing rolls one last-ditch die (a 6 counts as 0); a pool
  pushed below nothing fails automatically without rolling. Someone who does
  not qualify for any dice has an attribute of 0 (`build_pool(0)`): one
  last-ditch die.
- Lucky draw: fate picks the contender with the lowest roll for a bad fate, or
  the highest for a good one, comparing and discarding as a regular test does.
"""

from dataclasses import dataclass, replace

from world.dice.results import DiceError

SIDES = 6
LAST_DITCH_SIX_COUNTS_AS = 0


@dataclass(frozen=True)
class Difficulty:
    """A row of the difficulty table: GM dice for a regular test, the number
    for a quick test (None where only a regular test will do)."""

    name: str
    dice: int
    quick_number: int | None


DIFFICULTIES = (
    Difficulty("Easy", 1, 3),
    Difficulty("Moderate", 2, 4),
    Difficulty("Hard", 4, 5),
    Difficulty("Very Hard", 6, None),
    Difficulty("Extraordinarily Hard", 8, None),
    Difficulty("Unbelievably Hard", 10, None),
)

# Extra dice for the side with the upper hand.
CIRCUMSTANCE_BONUS = {"moderate": 1, "unusual": 2, "overwhelming": 3}

NORMAL = "dice"
LAST_DITCH = "last-ditch"
AUTOMATIC_FAILURE = "automatic failure"


def difficulty_named(name):
    """The difficulty row called `name` (any case), or None."""
    wanted = " ".join(name.lower().replace("-", " ").split())
    return next((row for row in DIFFICULTIES if row.name.lower() == wanted), None)


def circumstance_bonus(advantage):
    """Bonus dice for a 'moderate', 'unusual' or 'overwhelming' advantage."""
    return CIRCUMSTANCE_BONUS[advantage.lower()]


def followup_dice(earlier_hits):
    """Extra dice for a test that follows up an earlier one: one per hit."""
    if earlier_hits < 0:
        raise DiceError("hits cannot be negative")
    return earlier_hits


@dataclass(frozen=True)
class Die:
    """One rolled die. A last-ditch die's 6 counts as 0."""

    face: int
    last_ditch: bool = False

    @property
    def value(self):
        if self.last_ditch and self.face == SIDES:
            return LAST_DITCH_SIX_COUNTS_AS
        return self.face

    def render(self):
        return f"{self.face}(=0)" if self.value != self.face else str(self.face)


def roll_die(rng, last_ditch=False):
    return Die(rng.randint(1, SIDES), last_ditch)


def _roll(count, rng, last_ditch):
    return tuple(roll_die(rng, last_ditch) for _ in range(count))


def _faces(dice):
    return " ".join(die.render() for die in dice) or "no dice"


def _name(who, start=False):
    """A side's name in a line; 'you' is capitalised only to start a sentence."""
    if _second_person(who):
        return "You" if start else "you"
    return who


def _verb(who, verb):
    """`verb` agreeing with the side's name: 'rolls' for Ann, 'roll' for you."""
    if _second_person(who):
        return verb
    return "has" if verb == "have" else verb + "s"


def _does(who, verb, start=False):
    """'Ann rolls', 'You roll'."""
    return f"{_name(who, start)} {_verb(who, verb)}"


def _second_person(who):
    return who.lower() == "you"


@dataclass(frozen=True)
class Pool:
    """The dice one side rolls, with the modifiers that made it."""

    attribute: int
    bonus: int = 0
    followup: int = 0
    penalty: int = 0

    def __post_init__(self):
        for name in ("attribute", "bonus", "followup", "penalty"):
            if getattr(self, name) < 0:
                raise DiceError(f"{name} cannot be negative")

    @property
    def before_penalty(self):
        return self.attribute + self.bonus + self.followup

    @property
    def kind(self):
        """NORMAL, LAST_DITCH or AUTOMATIC_FAILURE."""
        left = self.before_penalty - self.penalty
        if left > 0:
            return NORMAL
        return LAST_DITCH if left == 0 else AUTOMATIC_FAILURE

    @property
    def dice(self):
        """How many dice this side actually rolls."""
        return {NORMAL: self.before_penalty - self.penalty, LAST_DITCH: 1}.get(self.kind, 0)

    @property
    def last_ditch(self):
        return self.kind == LAST_DITCH

    @property
    def automatic_failure(self):
        return self.kind == AUTOMATIC_FAILURE

    def render(self):
        """'5 dice (3 +1 bonus +2 followup -1 penalty)' or the special cases."""
        parts = [str(self.attribute)]
        for amount, label in (
            (self.bonus, "+{} bonus"),
            (self.followup, "+{} followup"),
            (self.penalty, "-{} penalty"),
        ):
            if amount:
                parts.append(label.format(amount))
        detail = f" ({' '.join(parts)})" if len(parts) > 1 else ""
        if self.kind == NORMAL:
            return f"{self.dice} {'die' if self.dice == 1 else 'dice'}{detail}"
        if self.kind == LAST_DITCH:
            return f"a last-ditch die{detail}"
        return f"no dice: automatic failure{detail}"


def build_pool(attribute, *, bonus=0, followup=0, penalty=0):
    """The pool for an attribute with its modifiers; see `Pool.kind`."""
    return Pool(attribute, bonus, followup, penalty)


@dataclass(frozen=True)
class Tie:
    """Both sides called `value`; each discarded one die of it."""

    value: int


@dataclass(frozen=True)
class ExtraDice:
    """The special case: a tie took a side's last die, so each side rolled one more."""

    a: Die
    b: Die


@dataclass(frozen=True)
class RegularTest:
    """A finished regular test between side a and side b.

    `a_dice`/`b_dice` hold every die each side rolled, in roll order, the
    special case's extra dice included. `steps` lists the ties and extra dice
    in the order they happened. `called` is the loser's final call (None when
    the loser had no dice at all: then every die of the winner is a hit).
    """

    a_dice: tuple
    b_dice: tuple
    steps: tuple
    winner: str
    called: int | None
    hits: int
    a_pool: Pool | None = None
    b_pool: Pool | None = None

    @property
    def loser(self):
        return "b" if self.winner == "a" else "a"

    @property
    def winner_dice(self):
        return self.a_dice if self.winner == "a" else self.b_dice

    def render(self, a="a", b="b"):
        """One short line: the dice, what happened on ties, who won and by how much."""
        names = {"a": a, "b": b}
        parts = [
            f"{_does(a, 'roll', start=True)} {_faces(self.a_dice[: self._first_roll('a')])}; "
            f"{_does(b, 'roll')} {_faces(self.b_dice[: self._first_roll('b')])}."
        ]
        for step in self.steps:
            if isinstance(step, Tie):
                parts.append(f"Both call {step.value}: tie, each discards it.")
            else:
                parts.append(
                    f"A side is out of dice, so each rolls one more: "
                    f"{_name(a)} {step.a.render()}, {_name(b)} {step.b.render()}."
                )
        winner, loser = names[self.winner], names[self.loser]
        if self.called is None:
            against = f"{_does(loser, 'have', start=True)} no dice"
        else:
            against = f"{_does(loser, 'call', start=True)} {self.called}"
        plural = "hit" if self.hits == 1 else "hits"
        parts.append(f"{against}: {_does(winner, 'win')} with {self.hits} {plural}.")
        return " ".join(parts)

    def _first_roll(self, side):
        """How many of a side's dice came from its opening roll."""
        extra = sum(1 for step in self.steps if isinstance(step, ExtraDice))
        return len(self.a_dice if side == "a" else self.b_dice) - extra


def regular_test(a, b, rng, *, a_last_ditch=False, b_last_ditch=False):
    """Side a rolls `a` dice against side b's `b` dice: a's dice first, then b's.

    A side flagged last-ditch rolls last-ditch dice, its special-case die too.
    A side with no dice at all (automatic failure) loses, and every die the
    other side rolled is a hit. Both sides without dice is not a test.
    """
    if a < 0 or b < 0:
        raise DiceError("a side cannot roll fewer than 0 dice")
    if a == 0 and b == 0:
        raise DiceError("a regular test needs dice on at least one side")
    a_dice, b_dice = list(_roll(a, rng, a_last_ditch)), list(_roll(b, rng, b_last_ditch))
    if not a_dice or not b_dice:
        winner = "a" if a_dice else "b"
        dice = a_dice or b_dice
        return RegularTest(tuple(a_dice), tuple(b_dice), (), winner, None, len(dice))

    a_left, b_left = _highest_first(a_dice), _highest_first(b_dice)
    steps = []
    while a_left[0].value == b_left[0].value:
        steps.append(Tie(a_left.pop(0).value))
        b_left.pop(0)
        if not a_left or not b_left:
            extra = ExtraDice(roll_die(rng, a_last_ditch), roll_die(rng, b_last_ditch))
            steps.append(extra)
            a_dice.append(extra.a)
            b_dice.append(extra.b)
            a_left, b_left = _highest_first(a_left + [extra.a]), _highest_first(b_left + [extra.b])

    winner = "a" if a_left[0].value > b_left[0].value else "b"
    winning, losing = (a_left, b_left) if winner == "a" else (b_left, a_left)
    called = losing[0].value
    hits = sum(1 for die in winning if die.value > called)
    return RegularTest(tuple(a_dice), tuple(b_dice), tuple(steps), winner, called, hits)


def _highest_first(dice):
    return sorted(dice, key=lambda die: die.value, reverse=True)


def regular_pool_test(a_pool, b_pool, rng):
    """A regular test between two pools (last-ditch dice and automatic failure
    included); the result keeps the pools for the record."""
    result = regular_test(
        a_pool.dice,
        b_pool.dice,
        rng,
        a_last_ditch=a_pool.last_ditch,
        b_last_ditch=b_pool.last_ditch,
    )
    return replace(result, a_pool=a_pool, b_pool=b_pool)


@dataclass(frozen=True)
class QuickTest:
    """A quick test: one hit per die above `number`; ties never count."""

    dice: tuple
    number: int
    hits: int
    pool: Pool | None = None

    @property
    def success(self):
        return self.hits > 0

    def render(self, who="you"):
        """'Ann rolls 4 5 against 4: succeeds with 1 hit.' or, for 'you',
        'You roll 4 5 against 4: you succeed with 1 hit.'"""
        outcome = _verb(who, "succeed" if self.success else "fail")
        if _second_person(who):
            outcome = "you " + outcome
        if self.success:
            outcome += f" with {self.hits} {'hit' if self.hits == 1 else 'hits'}"
        rolled = f"{_does(who, 'roll', start=True)} {_faces(self.dice)}"
        return f"{rolled} against {self.number}: {outcome}."


def quick_test(dice, number, rng, *, last_ditch=False):
    """Roll `dice` dice against the GM's `number`."""
    if dice < 0:
        raise DiceError("cannot roll fewer than 0 dice")
    rolled = _roll(dice, rng, last_ditch)
    return QuickTest(rolled, number, sum(1 for die in rolled if die.value > number))


def quick_pool_test(pool, number, rng):
    """A quick test for a pool; automatic failure rolls nothing and scores nothing."""
    return replace(quick_test(pool.dice, number, rng, last_ditch=pool.last_ditch), pool=pool)


@dataclass(frozen=True)
class LuckyRound:
    """One call in a Lucky draw: what each contender still in it called."""

    calls: tuple  # (index, value) pairs
    extra: tuple = ()  # (index, Die) pairs rolled before this call (the special case)


UNLUCKIEST, LUCKIEST = "unluckiest", "luckiest"
LUCKY_PICKS = (UNLUCKIEST, LUCKIEST)


@dataclass(frozen=True)
class LuckyDraw:
    """Fate picks one of several contenders by their Lucky rolls: the lowest roll for a bad
    fate (`pick` UNLUCKIEST: who was on the bridge), the highest for a good one
    (LUCKIEST: who picked the enchanted axe).

    Everyone calls their highest die; those who called the worst (or the best)
    are still in it. Ties among them discard the die they called and call
    again, as in a regular test, and when a tie takes someone's last die each
    of them rolls one more. `dice[i]` is every die contender i rolled.
    """

    dice: tuple
    rounds: tuple
    picked: int
    pick: str = UNLUCKIEST

    def render(self, names):
        names = [_name(name) for name in names]
        opening = "; ".join(
            f"{names[i]} {_faces(dice[: len(dice) - self._extra_count(i)])}"
            for i, dice in enumerate(self.dice)
        )
        parts = [f"Lucky rolls: {opening}."]
        unlucky = self.pick == UNLUCKIEST
        for earlier, round_ in zip(self.rounds, self.rounds[1:]):
            tied = [names[i] for i, _ in round_.calls]
            tied[0] = _name(tied[0], start=True)
            value = (min if unlucky else max)(v for _, v in earlier.calls)
            parts.append(
                f"{' and '.join(tied)} tie {'low' if unlucky else 'high'} on {value} "
                f"and discard it."
            )
            if round_.extra:
                rolled = ", ".join(f"{names[i]} {die.render()}" for i, die in round_.extra)
                parts.append(f"Someone is out of dice, so each rolls one more: {rolled}.")
            called = ", ".join(f"{names[i]} {value}" for i, value in round_.calls)
            parts.append(f"They call {called}.")
        called = dict(self.rounds[-1].calls)[self.picked]
        if unlucky:
            parts.append(f"Fate picks {names[self.picked]} (lowest call: {called}).")
        else:
            parts.append(f"Fortune favours {names[self.picked]} (highest call: {called}).")
        return " ".join(parts)

    def _extra_count(self, index):
        return sum(1 for round_ in self.rounds for i, _ in round_.extra if i == index)


def lucky_draw(pools, rng, pick=UNLUCKIEST):
    """Everyone rolls their Lucky dice (`pools`, a count per contender, in
    order); returns who fate picks: the lowest roll (UNLUCKIEST) or the highest
    (LUCKIEST). Needs two contenders with a die each."""
    if len(pools) < 2:
        raise DiceError("a Lucky draw needs at least two contenders")
    if any(count < 1 for count in pools):
        raise DiceError("every contender needs at least one die")
    if pick not in LUCKY_PICKS:
        raise DiceError(f"a Lucky draw picks the {' or the '.join(LUCKY_PICKS)}")
    keep = min if pick == UNLUCKIEST else max
    dice = [list(_roll(count, rng, False)) for count in pools]
    left = {i: _highest_first(rolled) for i, rolled in enumerate(dice)}
    rounds, extra = [], ()
    while True:
        calls = tuple((i, left[i][0].value) for i in sorted(left))
        rounds.append(LuckyRound(calls, extra))
        kept = keep(value for _, value in calls)
        left = {i: left[i] for i, value in calls if value == kept}
        if len(left) == 1:
            break
        for remaining in left.values():
            remaining.pop(0)
        extra = ()
        if any(not remaining for remaining in left.values()):
            extra = tuple((i, roll_die(rng)) for i in sorted(left))
            for i, die in extra:
                dice[i].append(die)
                left[i] = _highest_first(left[i] + [die])
    return LuckyDraw(
        tuple(tuple(rolled) for rolled in dice), tuple(rounds), next(iter(left)), pick
    )
