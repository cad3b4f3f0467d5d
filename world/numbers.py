"""
Reading the whole numbers players type into commands.

`str.isdigit()` is the wrong test for this: it accepts '²' and other
superscripts, which `int()` then rejects with an exception, and `int()`
itself reads '٣' as 3 and gives up on strings of more than 4,300 digits.
`whole_number` takes only the digits 0-9, and never converts more digits than
the largest number allowed has, so no input can turn into an exception or a
number too big for the database.
"""

import re

_DIGITS = re.compile(r"[0-9]+")

DATABASE_ID_MAX = 2**63 - 1
"""The largest id a database row can have (a signed 64-bit integer)."""


def whole_number(text, low, high):
    """`text` (spaces around it allowed) as an int from `low` to `high`, or None.

    None also for anything that is not written with the digits 0-9 alone:
    signs, decimals, other scripts' digits, superscripts.
    """
    text = (text or "").strip()
    if not _DIGITS.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(high)):
        return None
    value = int(digits)
    return value if low <= value <= high else None


def database_id(text):
    """The row id written as '12' or '#12', or None if it cannot be one."""
    return whole_number((text or "").strip().removeprefix("#"), 1, DATABASE_ID_MAX)
