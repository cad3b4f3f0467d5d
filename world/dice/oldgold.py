"""
Old Gold's dice: d20 checks, group checks, damage, morale, death rolls and
the initiative order.

Every roll takes `rng` (anything with `randint(a, b)`) and returns a frozen
result keeping every die, with a `render()` line for players. Advantage and
disadvantage are flags: both together cancel, and they never stack.

Rolls:
    check(score, difficulty, rng, advantage=False, disadvantage=False,
          reroll_ones=False) -> Check
    group_check(scores, difficulty, rng, advantage=False, disadvantage=False)
        -> GroupCheck
    roll_damage(dice, dp, rng, advantage=False, disadvantage=False,
                direct=False) -> Damage
    roll_amount(dice, rng, advantage=False, disadvantage=False) -> Amount
    morale_check(morale, rng) -> MoraleCheck
    death_roll(rng, advantage=False, disadvantage=False) -> DeathRoll
Rules without dice:
    attribute_bonus(score), difficulty_against(score),
    group_succeeds(successes, members),
    damage_after_dp(amount, dp, direct=False), initiative_order(combatants)

A check adds the attribute *score* (not the bonus) to the d20, as the text
says; the bonus (half the score, rounded up) is for damage and effects.

Criticals, as we read the text: a natural 1 "always fails", so it is a
failure whatever the total. A natural 20 is, in the text, the best result the
situation allows; we take that as a success even when the total does not
exceed the difficulty, because a check is only rolled when the outcome is
uncertain, so success must be possible, and success is the best outcome a
check has. What a 20 achieves beyond that (how well, which extra effect) is
the GM's call, not the engine's; a task that cannot succeed gets no roll.
"""

from dataclasses import dataclass

from world.dice import expr
from world.dice.results import (
    DiceError,
    advantage_mode,
    format_dice,
    outcome_word,
    roll_with_mode,
)

CHECK_DIE = 20
OPPOSED_BASE = 10
"""Against a creature, the difficulty is 10 plus its attribute score."""

DEATH_ROLL_DIE = 6
DEATH_ROLL = {
    1: "dies",
    2: "dying",
    3: "dying",
    4: "dying",
    5: "dying",
    6: "recovers",
}
"""
The game's own table (our copy of the text names the Death Roll but lost its
table): 1d6 each time a character at 0 HP would act; on a 1 they die, on a 6
they get back up with 1 HP, otherwise they stay down and roll again next time.
"""
DEATH_ROLL_SOURCE = "game"
RECOVERED_HP = 1


def attribute_bonus(score):
    """Half the score, rounded up (the text always rounds up)."""
    return (score + 1) // 2


def difficulty_against(score):
    """The difficulty of acting against a creature's attribute `score`."""
    return OPPOSED_BASE + score


# ---------------------------------------------------------------- checks


@dataclass(frozen=True)
class Check:
    """
    One d20 check. `dice` is every d20 thrown, in order (two under
    advantage/disadvantage, more if natural 1s were rerolled); `natural` is the
    one that counts.
    """

    score: int
    difficulty: int
    dice: tuple
    natural: int
    mode: str | None
    """'advantage', 'disadvantage' or None."""

    @property
    def total(self):
        return self.natural + self.score

    @property
    def critical(self):
        """'success' on a natural 20, 'failure' on a natural 1, else None."""
        if self.natural == CHECK_DIE:
            return "success"
        if self.natural == 1:
            return "failure"
        return None

    @property
    def success(self):
        """The total must exceed the difficulty; a natural 20 always succeeds and
        a natural 1 always fails (see the module's note on criticals)."""
        critical = self.critical
        if critical is not None:
            return critical == "success"
        return self.total > self.difficulty

    def render(self):
        mode = f" with {self.mode}" if self.mode else ""
        critical = f" (natural {self.natural})" if self.critical else ""
        sign = "+" if self.score >= 0 else "-"
        return (
            f"d20{mode} {format_dice(self.dice)} {sign} {abs(self.score)} = {self.total} "
            f"vs {self.difficulty}: {outcome_word(self.success)}{critical}"
        )


def check(score, difficulty, rng, advantage=False, disadvantage=False, reroll_ones=False):
    """
    Roll 1d20 + `score` against `difficulty`: success if the total is greater.

    reroll_ones: each d20 showing 1 is rolled once more and the new die stands
    (the Halfkin's gift).
    """
    mode = advantage_mode(advantage, disadvantage)
    thrown = []

    def one_d20():
        die = rng.randint(1, CHECK_DIE)
        thrown.append(die)
        if die == 1 and reroll_ones:
            die = rng.randint(1, CHECK_DIE)
            thrown.append(die)
        return die

    _, natural = roll_with_mode(one_d20, mode)
    return Check(score, difficulty, tuple(thrown), natural, mode)


def group_succeeds(successes, members):
    """Whether a group of `members` passes: half of them or more passed (with
    the members rolling their parts one by one, only the counts are kept)."""
    if members < 1:
        raise DiceError("a group check needs at least one member")
    return successes * 2 >= members


@dataclass(frozen=True)
class GroupCheck:
    """Everyone rolls; the group passes when half of them or more pass."""

    checks: tuple

    @property
    def successes(self):
        return sum(1 for c in self.checks if c.success)

    @property
    def success(self):
        return group_succeeds(self.successes, len(self.checks))

    def render(self):
        return (
            f"Group check: {self.successes} of {len(self.checks)} succeed, "
            f"{outcome_word(self.success)}"
        )


def group_check(scores, difficulty, rng, advantage=False, disadvantage=False):
    """One check per score in `scores` (in order), all against `difficulty`."""
    if not scores:
        raise DiceError("a group check needs at least one member")
    return GroupCheck(tuple(check(s, difficulty, rng, advantage, disadvantage) for s in scores))


# ---------------------------------------------------------------- damage


def damage_after_dp(amount, dp, direct=False):
    """Damage left after Defense Points; direct damage ignores DP. Never below 0."""
    return max(0, amount if direct else amount - dp)


@dataclass(frozen=True)
class Amount:
    """A dice expression rolled for an amount (healing, say), twice under
    advantage or disadvantage."""

    rolls: tuple
    """Every expr.RollResult made, in order."""
    chosen: object
    mode: str | None

    @property
    def total(self):
        return max(0, self.chosen.total)

    def render(self):
        mode = f", with {self.mode}" if self.mode else ""
        return " / ".join(r.render() for r in self.rolls) + mode


def roll_amount(dice, rng, advantage=False, disadvantage=False):
    """Roll `dice` (an expression like 1d6+2) once, or twice and keep the
    higher (advantage) or lower (disadvantage) total."""
    mode = advantage_mode(advantage, disadvantage)
    rolls, chosen = roll_with_mode(lambda: expr.roll(dice, rng), mode)
    return Amount(rolls, chosen, mode)


@dataclass(frozen=True)
class Damage:
    """A damage roll (made twice under advantage/disadvantage) and what gets through DP."""

    rolls: tuple
    """Every expr.RollResult made, in order."""
    chosen: object
    """The RollResult that counts."""
    dp: int
    direct: bool
    mode: str | None

    @property
    def rolled(self):
        return max(0, self.chosen.total)

    @property
    def taken(self):
        return damage_after_dp(self.rolled, self.dp, self.direct)

    def render(self):
        rolls = " / ".join(r.render() for r in self.rolls)
        mode = f" with {self.mode}" if self.mode else ""
        guard = "direct, ignores DP" if self.direct else f"DP {self.dp}"
        return f"Damage{mode} {rolls} ({guard}): {self.taken} taken"


def roll_damage(dice, dp, rng, advantage=False, disadvantage=False, direct=False):
    """
    Roll a damage expression (`1d6+2`: weapon die plus bonus, as the
    bestiary writes it) and take the target's `dp` off unless `direct`.
    """
    amount = roll_amount(dice, rng, advantage, disadvantage)
    return Damage(amount.rolls, amount.chosen, dp, bool(direct), amount.mode)


# ---------------------------------------------------------------- morale, death


@dataclass(frozen=True)
class MoraleCheck:
    morale: int
    dice: tuple

    @property
    def total(self):
        return sum(self.dice)

    @property
    def breaks(self):
        """Over the morale score: the side gives way (runs, gives up or pulls back)."""
        return self.total > self.morale

    def render(self):
        result = "they break" if self.breaks else "they hold"
        return f"Morale {self.morale}: {format_dice(self.dice)} = {self.total}, {result}"


def morale_check(morale, rng):
    return MoraleCheck(morale, (rng.randint(1, 6), rng.randint(1, 6)))


@dataclass(frozen=True)
class DeathRoll:
    dice: tuple
    die: int
    mode: str | None

    @property
    def outcome(self):
        """'dies', 'dying' (still down, roll again) or 'recovers' (back up with 1 HP)."""
        return DEATH_ROLL[self.die]

    def render(self):
        words = {
            "dies": "dies",
            "dying": "hangs on, still dying",
            "recovers": f"pulls through with {RECOVERED_HP} HP",
        }
        mode = f" with {self.mode}" if self.mode else ""
        return f"Death roll{mode}: {format_dice(self.dice)}, {words[self.outcome]}"


def death_roll(rng, advantage=False, disadvantage=False):
    """The game's own death roll (see DEATH_ROLL); advantage applies as to any roll."""
    mode = advantage_mode(advantage, disadvantage)
    rolls, die = roll_with_mode(lambda: rng.randint(1, DEATH_ROLL_DIE), mode)
    return DeathRoll(rolls, die, mode)


# ---------------------------------------------------------------- initiative


@dataclass(frozen=True)
class Combatant:
    name: str
    grace: int
    is_pc: bool


@dataclass(frozen=True)
class InitiativeOrder:
    order: tuple
    """Combatants, first to act first."""
    pc_ties: tuple
    """Groups of PCs sharing a Grace score: their players choose who goes first."""

    def render(self):
        return "Initiative: " + ", ".join(f"{c.name} ({c.grace})" for c in self.order)


def initiative_order(combatants):
    """
    Highest Grace first; on equal Grace, PCs before NPCs. Otherwise the order
    given is kept. No dice: `combatants` are Combatant (or anything with
    name, grace and is_pc).
    """
    order = tuple(sorted(combatants, key=lambda c: (-c.grace, not c.is_pc)))
    ties = {}
    for c in order:
        if c.is_pc:
            ties.setdefault(c.grace, []).append(c)
    return InitiativeOrder(order, tuple(tuple(g) for g in ties.values() if len(g) > 1))


# ---------------------------------------------------------------- chargen and chances


@dataclass(frozen=True)
class AttributeRoll:
    """The d4s of rolled attributes: `dice` every d4 thrown, `rerolled` those
    thrown again because they would have pushed an attribute past the cap."""

    dice: tuple
    rerolled: tuple
    scores: tuple
    """Points per attribute, in the order of the table's faces 1..4."""


def roll_attributes(count, cap, rng, sides=4):
    """Roll `count` d4s, each adding +1 to the attribute its face names (face
    1 the first attribute ... face 4 the fourth); a die that would push an
    attribute above `cap` is rerolled. Needs count <= cap * sides."""
    if count > cap * sides:
        raise DiceError("more dice than the attributes can hold under the cap")
    scores = [0] * sides
    thrown, rerolled = [], []
    for _ in range(count):
        while True:
            die = rng.randint(1, sides)
            thrown.append(die)
            if scores[die - 1] < cap:
                scores[die - 1] += 1
                break
            rerolled.append(die)
    return AttributeRoll(tuple(thrown), tuple(rerolled), tuple(scores))


@dataclass(frozen=True)
class HpRoll:
    dice: tuple
    die: int
    base: int
    mode: str | None

    @property
    def total(self):
        return self.base + self.die

    def render(self):
        mode = f" with {self.mode}" if self.mode else ""
        base = f"{self.base} + " if self.base else ""
        return f"HP {base}1d6{mode} {format_dice(self.dice)} = {self.total}"


def roll_hp(base, rng, advantage=False, sides=6):
    """A level's HP: `base` (6 + 3 x Might at creation, 0 later) + 1d6, twice
    with advantage for a Dwarf."""
    mode = advantage_mode(advantage, False)
    rolls, die = roll_with_mode(lambda: rng.randint(1, sides), mode)
    return HpRoll(rolls, die, base, mode)


def chance(in_n, of, rng):
    """An x-in-y chance: (die, happened) with happened when die <= in_n."""
    die = rng.randint(1, of)
    return die, die <= in_n


def roll_dual_damage(first, second, dp, rng, advantage=False, disadvantage=False, direct=False):
    """Dual-wielding: roll both weapons' damage, keep the higher. Returns
    (Damage kept, Damage other)."""
    a = roll_damage(first, dp, rng, advantage, disadvantage, direct)
    b = roll_damage(second, dp, rng, advantage, disadvantage, direct)
    return (b, a) if b.rolled > a.rolled else (a, b)
