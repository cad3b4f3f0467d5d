"""Reading whole numbers players type: plain digits only, within bounds."""

import pytest

from world.numbers import DATABASE_ID_MAX, INTEGER_COLUMN_MAX, database_id, is_digits, whole_number


@pytest.mark.parametrize(
    "text, expected",
    [("0", 0), ("7", 7), (" 12 ", 12), ("007", 7), ("20", 20), ("0" * 40 + "3", 3)],
)
def test_plain_digits_within_bounds_are_read(text, expected):
    assert whole_number(text, 0, 20) == expected


@pytest.mark.parametrize(
    "text",
    [
        "21",
        "-1",
        "+3",
        "1.5",
        "1e3",
        "²",
        "٣",
        "３",
        "1 2",
        "",
        None,
        "\n",
        "5\n6",
        "1" * 30,
        "9" * 5000,
    ],
)
def test_anything_else_is_none(text):
    assert whole_number(text, 0, 20) is None


def test_the_low_bound_counts():
    assert whole_number("0", 1, 3) is None and whole_number("1", 1, 3) == 1


def test_database_ids():
    assert database_id("#12") == 12 and database_id("12") == 12
    assert database_id(f"#{DATABASE_ID_MAX}") == DATABASE_ID_MAX
    for bad in ("#0", "#", f"#{DATABASE_ID_MAX + 1}", "#²", "#-3", "##4"):
        assert database_id(bad) is None, bad


def test_by_default_any_number_an_integer_column_holds():
    assert whole_number(str(INTEGER_COLUMN_MAX)) == INTEGER_COLUMN_MAX
    for bad in (str(INTEGER_COLUMN_MAX + 1), "-5", "+5", "1_000", "١٢", "five"):
        assert whole_number(bad) is None, bad


def test_a_sign_only_where_asked_and_the_bounds_both_ways():
    assert whole_number("-5", -10, 10, signed=True) == -5
    assert whole_number("+5", -10, 10, signed=True) == 5
    for bad in ("--5", "-", "-²", "+-5", "-11", "11"):
        assert whole_number(bad, -10, 10, signed=True) is None, bad
    assert whole_number("-5", 0, 10, signed=True) is None  # the low bound still counts


def test_digits_alone():
    assert is_digits(" 0042 ") and is_digits("9" * 5000)
    for bad in ("", None, "²", "#4", "-4", "4a"):
        assert not is_digits(bad), bad
