"""The general dice roller: grammar, keep/drop, targets, limits and errors."""

import dataclasses
import random

import pytest

from tests.dice.scripted import RandintOnly, ScriptedRng
from world.dice.expr import (
    Constant,
    DiceExpressionError,
    RolledTerm,
    RollResult,
    parse,
    roll,
)
from world.dice.results import DiceError


def scripted_roll(text, *values):
    rng = ScriptedRng(*values)
    result = roll(text, rng)
    assert rng.used_up, f"{text} left scripted dice unused: {rng.values}"
    return result, rng


@pytest.mark.parametrize(
    "text, values, ranges, total",
    [
        ("3d6", (1, 2, 3), [(1, 6)] * 3, 6),
        ("d20", (17,), [(1, 20)], 17),
        ("1d20-1", (10,), [(1, 20)], 9),
        ("2d6+3", (4, 2), [(1, 6)] * 2, 9),
        ("3d6+1d4-2", (1, 2, 3, 4), [(1, 6)] * 3 + [(1, 4)], 8),
        ("d%", (73,), [(1, 100)], 73),
        ("2d%", (100, 1), [(1, 100)] * 2, 101),
        ("-1d4+10", (3,), [(1, 4)], 7),
        ("+1d8", (8,), [(1, 8)], 8),
        ("1d6-1d6", (2, 5), [(1, 6)] * 2, -3),
        ("1d1", (1,), [(1, 1)], 1),
        (" 2D6 +  3 ", (6, 6), [(1, 6)] * 2, 15),
    ],
)
def test_sums_of_dice_and_numbers(text, values, ranges, total):
    result, rng = scripted_roll(text, *values)
    assert result.total == total
    assert result.dice == values
    assert rng.calls == ranges


def test_dice_are_recorded_in_the_order_rolled_with_modifiers():
    result, _ = scripted_roll("1d4+2d6-3+1", 4, 6, 1)
    assert result.dice == (4, 6, 1)
    assert result.modifiers == (-3, 1)
    parts = result.terms
    assert [type(p) for p in parts] == [RolledTerm, RolledTerm, Constant, Constant]
    assert parts[0].rolled == (4,) and parts[1].rolled == (6, 1)
    assert [p.value for p in parts[:2]] == [4, 7]


@pytest.mark.parametrize(
    "text, values, total, kept, dropped, dropped_positions",
    [
        ("4d6kh3", (3, 6, 1, 5), 14, (3, 6, 5), (1,), (2,)),
        ("4d6dl1", (3, 6, 1, 5), 14, (3, 6, 5), (1,), (2,)),
        ("4d6dh1", (3, 6, 1, 5), 9, (3, 1, 5), (6,), (1,)),
        ("4d6kl2", (3, 6, 1, 5), 4, (3, 1), (6, 5), (1, 3)),
        ("2d20kl1", (15, 4), 4, (4,), (15,), (0,)),
        ("2d20kh1", (15, 4), 15, (15,), (4,), (1,)),
        ("4d6dl0", (1, 1, 1, 1), 4, (1, 1, 1, 1), (), ()),
        ("3d6kh3", (1, 2, 3), 6, (1, 2, 3), (), ()),
        # Among equal dice the later one is dropped.
        ("2d20kh1", (7, 7), 7, (7,), (7,), (1,)),
        ("2d20kl1", (7, 7), 7, (7,), (7,), (1,)),
        ("4d6kh3", (2, 2, 2, 5), 9, (2, 2, 5), (2,), (2,)),
    ],
)
def test_keep_and_drop(text, values, total, kept, dropped, dropped_positions):
    result, _ = scripted_roll(text, *values)
    (term,) = result.terms
    assert result.total == total
    assert term.kept == kept
    assert term.dropped == dropped
    assert term.dropped_positions == dropped_positions
    assert result.dropped == dropped


def test_a_negative_keep_term_subtracts_only_its_kept_dice():
    result, _ = scripted_roll("10-2d6kh1", 2, 5)
    assert result.total == 5
    assert result.terms[1].value == -5


@pytest.mark.parametrize(
    "text, values, success",
    [
        ("2d6+1 >= 8", (3, 4), True),
        ("2d6+1 >= 8", (3, 3), False),
        ("2d6+1 > 8", (3, 4), False),
        ("2d6+1 > 8", (3, 5), True),
        ("2d6 <= 4", (2, 2), True),
        ("2d6 <= 4", (2, 3), False),
        ("2d6 < 4", (2, 2), False),
        ("2d6 < 4", (1, 2), True),
        ("1d6 = 3", (3,), True),
        ("1d6 == 3", (4,), False),
        ("1d4-5 >= -2", (3,), True),
        ("1d4-5>=-2", (2,), False),
    ],
)
def test_target_comparisons(text, values, success):
    result, _ = scripted_roll(text, *values)
    assert result.success is success


def test_no_target_means_no_success_or_failure():
    result, _ = scripted_roll("1d6", 4)
    assert result.success is None
    assert "success" not in result.render() and "failure" not in result.render()


@pytest.mark.parametrize(
    "text, values, line",
    [
        ("4d6kh3+2 >= 12", (3, 6, 1, 5), "4d6kh3+2 >= 12: [3, 6, ~1~, 5] + 2 = 16, success"),
        ("1d20", (14,), "1d20: [14] = 14"),
        ("-1d4 + 10 < 5", (1,), "-1d4+10 < 5: -[1] + 10 = 9, failure"),
        ("3d6+1d4-2", (1, 2, 3, 4), "3d6+1d4-2: [1, 2, 3] + [4] - 2 = 8"),
        ("1d6 == 3", (3,), "1d6 = 3: [3] = 3, success"),
        ("d% + 5 > 50", (42,), "d%+5 > 50: [42] + 5 = 47, failure"),
        ("4d6dl2 - 1", (2, 5, 2, 6), "4d6dl2-1: [~2~, 5, ~2~, 6] - 1 = 10"),
    ],
)
def test_render_shows_every_die_and_marks_dropped_ones(text, values, line):
    result, _ = scripted_roll(text, *values)
    assert result.render() == line


def test_render_takes_a_format_for_dropped_dice_and_outcome_words():
    result, _ = scripted_roll("2d20kl1 >= 10", 15, 4)
    line = result.render(dropped="<{}>", outcome=lambda ok: "YES" if ok else "NO")
    assert line == "2d20kl1 >= 10: [<15>, 4] = 4, NO"


@pytest.mark.parametrize(
    "text, message",
    [
        ("2x6", "'2x6' is not a dice term"),
        ("2d6kh", "'2d6kh' is not a dice term"),
        ("\u0663d6", "'\u0663d6' is not a dice term"),
        ("d", "'d' is not a dice term"),
        ("", "there is nothing to roll"),
        ("   ", "there is nothing to roll"),
        ("2d6+", "'+' needs a term after it"),
        ("-", "'-' needs a term after it"),
        ("2d6++3", "'++': put a single + or - between terms"),
        ("2d6 3", "'2d6 3': put + or - between terms"),
        ("5+3", "there are no dice to roll"),
        ("4d6kh5", "'4d6kh5' keeps more dice than it rolls (4)"),
        ("4d6kh0", "'4d6kh0' keeps no dice"),
        ("4d6dl4", "'4d6dl4' drops every die it rolls"),
        ("4d6dh9", "'4d6dh9' drops every die it rolls"),
        ("0d6", "'0d6' rolls no dice"),
        ("1d0", "'1d0': a die needs at least one side"),
        ("101d6", "'101d6' rolls too many dice: at most 100 in one term"),
        ("1d1001", "'1d1001' has too many sides: at most 1000"),
        ("999999999d999999999", "'999999999d999999999' rolls too many dice"),
        ("1d6+100001", "'100001' is too big: at most 100000"),
        ("1d6+" + "9" * 250, "is too big"),
        ("+".join(["100d6"] * 11), "that asks for 1100 dice in all: at most 1000"),
        ("+".join(["1d6"] * 21), "too many terms: at most 20"),
        ("1d6" + " " * 300, "too long"),
        ("2d6 >= ", "'>=' needs a whole number after it"),
        ("2d6 >= 1d6", "'>=' needs a whole number after it"),
        (">= 5", "'>=' needs dice before it"),
        ("2d6 => 5", "'=>' is not a comparison"),
        ("2d6 > 3 < 5", "only one comparison is allowed, found '>' and '<'"),
    ],
)
def test_bad_expressions_name_the_bad_part(text, message):
    with pytest.raises(DiceExpressionError) as raised:
        roll(text, ScriptedRng())
    assert message in str(raised.value)


def test_the_error_is_a_value_error():
    assert issubclass(DiceExpressionError, DiceError)
    assert issubclass(DiceExpressionError, ValueError)


class ExplodingRng:
    def randint(self, a, b):
        raise AssertionError("a die was rolled for an expression that should be refused")

    random = randint


@pytest.mark.parametrize(
    "text", ["999999999d999999999", "1000d6", "1d6+1d6+2x6", "+".join(["100d100"] * 11)]
)
def test_absurd_sizes_are_refused_before_any_die_is_rolled(text):
    with pytest.raises(DiceExpressionError):
        roll(text, ExplodingRng())


def test_limits_themselves_are_allowed():
    text = "+".join(["100d1000kh100"] * 10)
    result = roll(text, random.Random(1))
    assert len(result.dice) == 1000


def test_results_are_frozen_and_compare_by_value():
    result, _ = scripted_roll("2d6+1", 3, 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 99
    twin = RollResult(result.expression, result.dice, result.total)
    assert twin == result and hash(twin) == hash(result)
    assert twin.render() == result.render()


def test_parsed_expressions_are_cached_and_report_their_bounds():
    assert parse("4d6kh3+2") is parse("4d6kh3+2")
    assert parse("4d6kh3+2").bounds == (5, 20)
    assert parse("10-2d6").bounds == (-2, 8)


def test_a_seeded_random_gives_the_same_rolls():
    first = [roll("3d6+1d4-2", random.Random(7)).dice for _ in range(3)]
    assert first[0] == first[1] == first[2]


def test_any_object_with_randint_works_including_random_subclasses():
    class CountingRandom(random.Random):
        calls = 0

        def randint(self, a, b):
            CountingRandom.calls += 1
            return super().randint(a, b)

    for rng in (CountingRandom(3), RandintOnly(3)):
        result = roll("4d6kh3+1d4", rng)
        assert len(result.dice) == 5
        assert all(1 <= d <= 6 for d in result.dice[:4]) and 1 <= result.dice[4] <= 4
    assert CountingRandom.calls == 5
