"""
The general dice roller behind `+roll`: read an expression such as
`4d6kh3+2 >= 12`, check it, and roll it.

Grammar (letters in any case, spaces allowed between parts):

    expression := sum [comparison target]
    sum        := ["+" | "-"] term {("+" | "-") term}
    term       := dice | number
    dice       := [count] "d" (sides | "%") [keep]
    keep       := ("kh" | "kl" | "dh" | "dl") number
    comparison := ">=" | ">" | "<=" | "<" | "=" | "=="
    target     := ["+" | "-"] number

`kh n` / `kl n` keep the n highest / lowest dice of a term, `dh n` / `dl n`
drop the n highest / lowest; among equal dice the later one is the one
dropped. `d%` is a d100. At least one dice term is required.

Every limit below is checked while reading the text, so an absurd request
(`999999999d999999999`) is refused before a single die is rolled.

API:
    parse(text) -> Expression            (cached; raises DiceExpressionError)
    roll(text, rng) -> RollResult         (rng: anything with randint(a, b))
"""

import operator
import random
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from world.dice.results import DROPPED, DiceError, outcome_word

MAX_LENGTH = 300
MAX_TERMS = 20
MAX_DICE_PER_TERM = 100
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_NUMBER = 100_000
"""Largest constant or target, in absolute value."""

_WORDS = re.compile(r">=|<=|==|[-+<>=]|[^\s+\-<>=]+")
_DICE = re.compile(r"([0-9]*)d([0-9]+|%)(?:(kh|kl|dh|dl)([0-9]+))?", re.I)
_NUMBER = re.compile(r"[0-9]+")
_COMPARE = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "=": operator.eq,
    "==": operator.eq,
}

# Dice from these generators come from rng.random(): floor(random() * sides)
# is how the standard library's own random.choices() picks, its bias is below
# one part in 10**12 for our sizes, and it is several times faster than
# randint(). Any other rng (scripted ones in tests) goes through randint().
_FLOAT_RNGS = frozenset({random.Random, random.SystemRandom})
_new_object = object.__new__


class DiceExpressionError(DiceError):
    """The expression cannot be rolled; the message names the part at fault."""


@dataclass(frozen=True)
class DiceTerm:
    """One `NdS` part of an expression, with its sign and keep/drop rule."""

    text: str
    sign: int
    count: int
    sides: int
    keep: str | None = None
    """'kh', 'kl', 'dh', 'dl' or None."""
    keep_count: int = 0
    """The number written after `keep`."""

    kept_count: int = field(init=False)
    """How many of the term's dice count towards the total."""
    keeps_highest: bool = field(init=False)

    def __post_init__(self):
        kept = {"kh": self.keep_count, "kl": self.keep_count, None: self.count}.get(
            self.keep, self.count - self.keep_count
        )
        object.__setattr__(self, "kept_count", kept)
        object.__setattr__(self, "keeps_highest", self.keep in ("kh", "dl"))


@dataclass(frozen=True)
class Constant:
    """A number added to or taken from the total."""

    sign: int
    value: int

    @property
    def signed(self):
        return self.sign * self.value


@dataclass(frozen=True)
class Expression:
    """A checked expression, ready to roll any number of times."""

    text: str
    """The expression as the game writes it back (`4d6kh3+2 >= 12`)."""
    terms: tuple
    """DiceTerm and Constant parts, in the order written."""
    comparison: str | None
    target: int | None
    modifier: int
    """The sum of the signed constants."""
    dice_count: int
    plan: tuple = field(repr=False, compare=False)
    """(sign, count, sides, kept slice of the sorted dice or None) per DiceTerm."""
    line: str = field(repr=False, compare=False)
    """The result line with a `%s` for each die, the total and the outcome."""
    drop_spans: tuple = field(repr=False, compare=False)
    """(start, end, DiceTerm) in `dice` of each term that drops dice."""

    @property
    def bounds(self):
        """(lowest, highest) total this expression can give."""
        low = high = self.modifier
        for term in self.terms:
            if isinstance(term, DiceTerm):
                least, most = term.kept_count, term.kept_count * term.sides
                if term.sign > 0:
                    low, high = low + least, high + most
                else:
                    low, high = low - most, high - least
        return low, high


@dataclass(frozen=True)
class RolledTerm:
    """The dice of one DiceTerm as they fell, and which were dropped."""

    term: DiceTerm
    rolled: tuple
    dropped_positions: tuple
    """Indexes into `rolled` of the discarded dice."""
    value: int
    """What the term added to the total (negative for a `-` term)."""

    @property
    def kept(self):
        return tuple(d for i, d in enumerate(self.rolled) if i not in self.dropped_positions)

    @property
    def dropped(self):
        return tuple(self.rolled[i] for i in self.dropped_positions)


@dataclass(frozen=True)
class RollResult:
    """
    One roll of an Expression: every die in the order rolled and the total.
    Which dice were dropped and what each term gave follow from these two, so
    they are worked out only when asked for (`terms`).
    """

    expression: Expression
    dice: tuple
    total: int

    @property
    def success(self):
        """True/False against the target, None when there is no target."""
        expression = self.expression
        if expression.comparison is None:
            return None
        return _COMPARE[expression.comparison](self.total, expression.target)

    @property
    def modifiers(self):
        """The signed constants of the expression, in order."""
        return tuple(t.signed for t in self.expression.terms if isinstance(t, Constant))

    @cached_property
    def terms(self):
        """RolledTerm for each dice term and the Constant parts, in order."""
        return tuple(
            (
                term
                if rolled is None
                else RolledTerm(
                    term,
                    rolled,
                    drops,
                    term.sign * sum(d for i, d in enumerate(rolled) if i not in drops),
                )
            )
            for term, rolled, drops in self._parts()
        )

    @property
    def dropped(self):
        """Every discarded die, term by term."""
        return tuple(d for t in self.terms if isinstance(t, RolledTerm) for d in t.dropped)

    def render(self, dropped=DROPPED, outcome=outcome_word):
        """
        `4d6kh3+2 >= 12: [3, 6, ~1~, 5] + 2 = 16, success`. Commands may pass
        their own `dropped` format and `outcome` (success bool -> word) to colour it.

        The expression's `line` already holds everything but the dice, the
        total and the outcome, so a roll's line is one %-format (twice as
        quick as `str.format` here).
        """
        expression = self.expression
        dice = shown = self.dice
        if expression.drop_spans:
            shown = list(dice)
            for start, end, term in expression.drop_spans:
                for index in _dropped_positions(dice[start:end], term):
                    shown[start + index] = dropped.format(dice[start + index])
        if expression.comparison is None:
            return expression.line % (*shown, self.total)
        return expression.line % (*shown, self.total, outcome(self.success))

    def _parts(self):
        """(term, its dice or None for a Constant, dropped positions), in order."""
        dice = self.dice
        position = 0
        for term in self.expression.terms:
            if term.__class__ is Constant:
                yield term, None, ()
            else:
                end = position + term.count
                rolled = dice[position:end]
                position = end
                yield term, rolled, _dropped_positions(rolled, term)


def _dropped_positions(rolled, term):
    drop = term.count - term.kept_count
    if not drop:
        return ()
    # Among equal dice the later one is dropped.
    if drop == 1:  # 4d6kh3, 2d20kl1: no need to sort
        worst = min(rolled) if term.keeps_highest else max(rolled)
        return (len(rolled) - 1 - rolled[::-1].index(worst),)
    if term.keeps_highest:
        order = sorted(range(len(rolled)), key=lambda i: (rolled[i], -i))
    else:
        order = sorted(range(len(rolled)), key=lambda i: (-rolled[i], -i))
    return tuple(sorted(order[:drop]))


def roll(expression, rng):
    """
    Roll `expression` (text) with `rng`; raises DiceExpressionError, before
    rolling anything, if it cannot be rolled.
    """
    parsed = parse(expression)
    rand = rng.random if type(rng) in _FLOAT_RNGS else None
    randint = rng.randint
    dice = []
    total = parsed.modifier
    for sign, count, sides, kept in parsed.plan:
        if rand is not None:
            rolled = [int(rand() * sides) + 1 for _ in range(count)]
        else:
            rolled = [randint(1, sides) for _ in range(count)]
        dice += rolled
        if kept is not None:
            rolled.sort()
            rolled = rolled[kept[0] : kept[1]]
        total += sum(rolled) if sign > 0 else -sum(rolled)
    # A frozen dataclass's __init__ sets each field through object.__setattr__,
    # which costs about a third of a whole roll; filling the fresh instance's
    # __dict__ gives the very same (still frozen) object.
    result = _new_object(RollResult)
    fields = result.__dict__
    fields["expression"] = parsed
    fields["dice"] = tuple(dice)
    fields["total"] = total
    return result


@lru_cache(maxsize=4096)
def parse(text):
    """Read and check `text`; returns an Expression or raises DiceExpressionError."""
    if len(text) > MAX_LENGTH:
        raise DiceExpressionError(f"that expression is too long: at most {MAX_LENGTH} characters")
    words = _WORDS.findall(text)
    if not words:
        raise DiceExpressionError("there is nothing to roll")
    comparisons = [i for i, word in enumerate(words) if word in _COMPARE]
    comparison = target = None
    if comparisons:
        _check_single_comparison(words, comparisons)
        at = comparisons[0]
        comparison = "=" if words[at] == "==" else words[at]
        target = _target(words[at], words[at + 1 :])
        words = words[:at]
        if not words:
            raise DiceExpressionError(f"'{comparison}' needs dice before it")
    terms = _terms(words)
    return _expression(terms, comparison, target)


def _check_single_comparison(words, comparisons):
    if len(comparisons) == 1:
        return
    first, second = comparisons[:2]
    if second == first + 1:
        raise DiceExpressionError(
            f"'{words[first]}{words[second]}' is not a comparison: use >=, >, <=, < or ="
        )
    raise DiceExpressionError(
        f"only one comparison is allowed, found '{words[first]}' and '{words[second]}'"
    )


def _target(comparison, words):
    sign = 1
    if len(words) == 2 and words[0] in ("+", "-"):
        sign = -1 if words[0] == "-" else 1
        words = words[1:]
    if len(words) != 1 or not _NUMBER.fullmatch(words[0]):
        raise DiceExpressionError(f"'{comparison}' needs a whole number after it")
    return sign * _bounded_number(words[0])


def _terms(words):
    terms = []
    sign = 1
    previous = None
    expecting_term = True
    for word in words:
        if word == "+" or word == "-":
            if expecting_term and previous is not None:
                raise DiceExpressionError(f"'{previous}{word}': put a single + or - between terms")
            sign = -1 if word == "-" else 1
            expecting_term = True
        else:
            if not expecting_term:
                raise DiceExpressionError(f"'{previous} {word}': put + or - between terms")
            terms.append(_term(word, sign))
            if len(terms) > MAX_TERMS:
                raise DiceExpressionError(f"too many terms: at most {MAX_TERMS}")
            sign = 1
            expecting_term = False
        previous = word
    if expecting_term:
        raise DiceExpressionError(f"'{previous}' needs a term after it")
    return terms


def _term(word, sign):
    if _NUMBER.fullmatch(word):
        return Constant(sign, _bounded_number(word))
    match = _DICE.fullmatch(word)
    if not match:
        raise DiceExpressionError(f"'{word}' is not a dice term")
    text = word.lower()
    count_digits, sides_text, keep, keep_digits = match.groups()
    count = _bounded(count_digits or "1", MAX_DICE_PER_TERM)
    if count is None:
        raise DiceExpressionError(
            f"'{text}' rolls too many dice: at most {MAX_DICE_PER_TERM} in one term"
        )
    if count == 0:
        raise DiceExpressionError(f"'{text}' rolls no dice")
    sides = 100 if sides_text == "%" else _bounded(sides_text, MAX_SIDES)
    if sides is None:
        raise DiceExpressionError(f"'{text}' has too many sides: at most {MAX_SIDES}")
    if sides == 0:
        raise DiceExpressionError(f"'{text}': a die needs at least one side")
    keep_count = 0
    if keep:
        keep = keep.lower()
        keep_count = _bounded(keep_digits, MAX_DICE_PER_TERM)
        _check_keep(text, keep, keep_count, count)
    return DiceTerm(text, sign, count, sides, keep, keep_count)


def _check_keep(text, keep, keep_count, count):
    if keep in ("kh", "kl"):
        if keep_count == 0:
            raise DiceExpressionError(f"'{text}' keeps no dice")
        if keep_count is None or keep_count > count:
            raise DiceExpressionError(f"'{text}' keeps more dice than it rolls ({count})")
    elif keep_count is None or keep_count >= count:
        raise DiceExpressionError(f"'{text}' drops every die it rolls: drop fewer than {count}")


def _bounded(digits, limit):
    """int(digits) if it is at most `limit`, else None (never converts a huge string)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(limit)):
        return None
    value = int(digits)
    return value if value <= limit else None


def _bounded_number(digits):
    value = _bounded(digits, MAX_NUMBER)
    if value is None:
        raise DiceExpressionError(f"'{digits}' is too big: at most {MAX_NUMBER}")
    return value


def _expression(terms, comparison, target):
    dice_terms = [t for t in terms if isinstance(t, DiceTerm)]
    if not dice_terms:
        raise DiceExpressionError("there are no dice to roll: add a term such as 1d20")
    dice_count = sum(t.count for t in dice_terms)
    if dice_count > MAX_DICE:
        raise DiceExpressionError(f"that asks for {dice_count} dice in all: at most {MAX_DICE}")
    text = ""
    for term in terms:
        written = term.text if isinstance(term, DiceTerm) else str(term.value)
        if term.sign < 0:
            text += "-" + written
        else:
            text += ("+" if text else "") + written
    if comparison is not None:
        text += f" {comparison} {target}"
    return Expression(
        text=text,
        terms=tuple(terms),
        comparison=comparison,
        target=target,
        modifier=sum(t.signed for t in terms if isinstance(t, Constant)),
        dice_count=dice_count,
        plan=tuple((t.sign, t.count, t.sides, _kept_slice(t)) for t in dice_terms),
        line=_line(text, terms, comparison),
        drop_spans=_drop_spans(terms),
    )


def _line(text, terms, comparison):
    """`2d6+3: [%s, %s] + 3 = %s` (and `, %s` for the outcome)."""
    line = text.replace("%", "%%") + ":"
    for index, term in enumerate(terms):
        if isinstance(term, DiceTerm):
            shown = "[" + ", ".join(["%s"] * term.count) + "]"
        else:
            shown = str(term.value)
        if index == 0:
            line += (" -" if term.sign < 0 else " ") + shown
        else:
            line += (" + " if term.sign > 0 else " - ") + shown
    return line + " = %s" + (", %s" if comparison is not None else "")


def _drop_spans(terms):
    spans, start = [], 0
    for term in terms:
        if isinstance(term, DiceTerm):
            if term.kept_count != term.count:
                spans.append((start, start + term.count, term))
            start += term.count
    return tuple(spans)


def _kept_slice(term):
    kept = term.kept_count
    if kept == term.count:
        return None
    return (term.count - kept, term.count) if term.keeps_highest else (0, kept)
