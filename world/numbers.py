"""
Reading the whole numbers players type into commands: the one test every
command and service uses to decide whether a word is a number, and which.

`str.isdigit()` is the wrong test for this: it accepts '²' and other
superscripts, which `int()` then rejects with an exception, and `int()`
itself reads '٣' as 3 and gives up on strings of more than 4,300 digits.
A number here is written with the digits 0-9 alone (with one leading sign
where a sign is allowed), and no more digits are converted than the largest
number allowed has, so no input can turn into an exception or a number too
big for the database.
"""

import re

_DIGITS = re.compile(r"[0-9]+")

INTEGER_COLUMN_MAX = 2_147_483_647
"""The largest value an integer column holds in every database."""

DATABASE_ID_MAX = 2**63 - 1
"""The largest id a database row can have (a signed 64-bit integer)."""


def is_digits(text):
    """Whether `text` (spaces around it allowed) is written with the digits 0-9 alone."""
    return bool(_DIGITS.fullmatch((text or "").strip()))


def whole_number(text, low=0, high=INTEGER_COLUMN_MAX, signed=False):
    """`text` (spaces around it allowed) as an int from `low` to `high`, or None.

    None also for anything that is not written with the digits 0-9 alone
    (after one leading '+' or '-' when `signed`): decimals, other scripts'
    digits, superscripts.
    """
    text = (text or "").strip()
    sign = 1
    if signed and text[:1] in ("+", "-"):
        sign, text = (-1 if text[0] == "-" else 1), text[1:]
    if not _DIGITS.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(max(abs(low), abs(high)))):
        return None
    value = sign * int(digits)
    return value if low <= value <= high else None


def database_id(text):
    """The row id written as '12' or '#12', or None if it cannot be one."""
    return whole_number((text or "").strip().removeprefix("#"), 1, DATABASE_ID_MAX)
