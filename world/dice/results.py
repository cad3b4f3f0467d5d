"""
Pieces every dice engine shares: the error type, advantage rolls, and how a
list of dice looks in a player's line.

Plain Python: no Evennia or Django import, so engines stay testable with any
`rng` that has `randint(a, b)`.
"""

ADVANTAGE = "advantage"
DISADVANTAGE = "disadvantage"

DROPPED = "~{}~"
"""How a discarded die is written in a plain line: `[3, ~1~, 5]`."""


class DiceError(ValueError):
    """A roll that cannot be made as asked (bad expression, impossible input)."""


def advantage_mode(advantage, disadvantage):
    """
    `ADVANTAGE`, `DISADVANTAGE` or None: the two cancel out and never stack
    (they are plain flags, so "advantage twice" cannot be asked for).
    """
    if bool(advantage) == bool(disadvantage):
        return None
    return ADVANTAGE if advantage else DISADVANTAGE


def roll_with_mode(roll_once, mode):
    """
    Make a roll once, or twice under advantage/disadvantage.

    `roll_once()` makes one roll and returns something with a `.total` or an
    int. Returns `(rolls, chosen)`: every roll made, in order, and the one that
    counts (higher under advantage, lower under disadvantage, the first on a
    tie).
    """
    first = roll_once()
    if mode is None:
        return (first,), first
    second = roll_once()
    value_of = _total_of
    if mode == ADVANTAGE:
        chosen = second if value_of(second) > value_of(first) else first
    else:
        chosen = second if value_of(second) < value_of(first) else first
    return (first, second), chosen


def _total_of(roll):
    return roll if isinstance(roll, int) else roll.total


def format_dice(dice, dropped_positions=(), dropped=DROPPED):
    """
    `[3, 6, ~1~, 5]`: dice in the order rolled, discarded ones marked with the
    `dropped` format (commands pass a coloured one).
    """
    if not dropped_positions:
        return "[" + ", ".join(map(str, dice)) + "]"
    return (
        "["
        + ", ".join(
            dropped.format(die) if index in dropped_positions else str(die)
            for index, die in enumerate(dice)
        )
        + "]"
    )


def outcome_word(success):
    """'success' / 'failure' for a check's line."""
    return "success" if success else "failure"
