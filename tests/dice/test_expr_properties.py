"""Property tests of the general dice roller (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.dice.scripted import RandintOnly, ScriptedRng
from world.dice.expr import DiceExpressionError, RolledTerm, RollResult, roll

KEEPS = ("kh", "kl", "dh", "dl")


@st.composite
def dice_terms(draw):
    count = draw(st.integers(1, 40))
    sides = draw(st.integers(1, 1000))
    keep = draw(st.sampled_from((None,) + KEEPS))
    n = 0
    if keep in ("kh", "kl"):
        n = draw(st.integers(1, count))
    elif keep:
        n = draw(st.integers(0, count - 1))
    kept = {None: count, "kh": n, "kl": n}.get(keep, count - n)
    text = f"{count}d{sides}" + (f"{keep}{n}" if keep else "")
    return {"text": text, "count": count, "sides": sides, "keep": keep, "kept": kept}


@st.composite
def expressions(draw):
    """(text, parts) for a valid expression; parts hold what the test expects."""
    parts = draw(
        st.lists(
            st.tuples(st.sampled_from((1, -1)), st.one_of(dice_terms(), st.integers(0, 1000))),
            min_size=1,
            max_size=8,
        )
    )
    if not any(isinstance(term, dict) for _, term in parts):
        parts.append((1, draw(dice_terms())))
    text = ""
    for sign, term in parts:
        written = term["text"] if isinstance(term, dict) else str(term)
        spacing = draw(st.sampled_from(("", " ")))
        text += spacing + ("-" if sign < 0 else ("+" if text else "")) + spacing + written
    return text, parts


def expected_bounds(parts):
    low = high = 0
    for sign, term in parts:
        if isinstance(term, int):
            low, high = low + sign * term, high + sign * term
        elif sign > 0:
            low, high = low + term["kept"], high + term["kept"] * term["sides"]
        else:
            low, high = low - term["kept"] * term["sides"], high - term["kept"]
    return low, high


rngs = st.builds(random.Random, st.integers(0, 2**32)) | st.builds(
    RandintOnly, st.integers(0, 2**32)
)


@settings(max_examples=300, deadline=None)
@given(expressions(), rngs)
def test_totals_stay_within_the_possible_range(expression, rng):
    text, parts = expression
    result = roll(text, rng)
    low, high = expected_bounds(parts)
    assert low <= result.total <= high
    assert result.expression.bounds == (low, high)


@settings(max_examples=300, deadline=None)
@given(expressions(), rngs)
def test_every_die_is_recorded_and_keep_drop_keeps_exactly_k(expression, rng):
    text, parts = expression
    result = roll(text, rng)
    dice_parts = [term for _, term in parts if isinstance(term, dict)]
    assert len(result.dice) == sum(term["count"] for term in dice_parts)
    rolled_terms = [p for p in result.terms if isinstance(p, RolledTerm)]
    assert len(rolled_terms) == len(dice_parts)
    total = sum(result.modifiers)
    for expected, got in zip(dice_parts, rolled_terms, strict=True):
        assert len(got.rolled) == expected["count"]
        assert all(1 <= die <= expected["sides"] for die in got.rolled)
        assert len(got.kept) == expected["kept"]
        assert sorted(got.kept + got.dropped) == sorted(got.rolled)
        if got.dropped and expected["keep"] in ("kh", "dl"):
            assert min(got.kept) >= max(got.dropped)
        if got.dropped and expected["keep"] in ("kl", "dh"):
            assert max(got.kept) <= min(got.dropped)
        total += got.value
        assert got.value == got.term.sign * sum(got.kept)
    assert total == result.total


@settings(max_examples=100, deadline=None)
@given(expressions(), st.integers(0, 2**32))
def test_recomputing_a_result_from_its_dice_gives_the_same_total(expression, seed):
    result = roll(expression[0], random.Random(seed))
    rebuilt = RollResult(result.expression, result.dice, result.total)
    assert sum(p.value if isinstance(p, RolledTerm) else p.signed for p in rebuilt.terms) == (
        result.total
    )


def roll_or_refuse(text):
    try:
        result = roll(text, random.Random(0))
    except DiceExpressionError as err:
        assert str(err)
        return None
    low, high = result.expression.bounds
    assert low <= result.total <= high
    return result


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=60))
def test_junk_text_only_ever_raises_the_dice_error(text):
    roll_or_refuse(text)


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="0123456789dDkKhHlL% +-<>=x", max_size=40))
def test_near_miss_expressions_only_ever_raise_the_dice_error(text):
    roll_or_refuse(text)


@st.composite
def rolls_with_a_keep(draw):
    """(text, faces, dropped positions expected): a d6 term, so ties are common."""
    faces = draw(st.lists(st.integers(1, 6), min_size=2, max_size=8))
    count = len(faces)
    keep = draw(st.sampled_from(KEEPS))
    n = draw(st.integers(1, count)) if keep in ("kh", "kl") else draw(st.integers(1, count - 1))
    drop = count - n if keep in ("kh", "kl") else n
    lowest_go = keep in ("kh", "dl")
    # Discard the lowest (or highest) dice; among equal faces the later die goes.
    order = sorted(range(count), key=lambda i: (faces[i] if lowest_go else -faces[i], -i))
    return f"{count}d6{keep}{n}", faces, set(order[:drop])


@settings(max_examples=300, deadline=None)
@given(rolls_with_a_keep(), st.sampled_from(("", " + 2", " - 1d4")), st.booleans())
def test_the_line_shows_every_die_and_marks_exactly_the_dropped_ones(roll_case, tail, target):
    text, faces, dropped = roll_case
    extra = [3] if "d4" in tail else []
    comparison = " >= 7" if target else ""
    result = roll(text + tail + comparison, ScriptedRng(*faces, *extra))
    assert set(result.terms[0].dropped_positions) == dropped
    shown = ", ".join(f"~{face}~" if i in dropped else str(face) for i, face in enumerate(faces))
    line = f"{text}{tail.replace(' ', '')}{comparison}: [{shown}]"
    line += {"": "", " + 2": " + 2", " - 1d4": " - [3]"}[tail] + f" = {result.total}"
    if target:
        line += ", success" if result.total >= 7 else ", failure"
    assert result.render() == line
