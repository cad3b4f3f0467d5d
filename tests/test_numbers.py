"""Reading whole numbers players type: plain digits only, within bounds."""

import pytest

from world.numbers import DATABASE_ID_MAX, database_id, whole_number


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
