"""
Reading a number a player typed: the one test every Digger command and
service uses to decide whether a word is a number, and which one.

`str.isdigit()` is no such test: it is true for '²' and other characters that
`int()` refuses, and `int()` takes things no player means as a number ('١٢',
'1_000', thousands of digits). A number here is ASCII digits only, with one
leading sign where a sign is allowed, and never larger than a database's
integer column holds, so whatever passes can be looked up or stored.
"""

INTEGER_COLUMN_MAX = 2_147_483_647  # the largest value an integer column holds everywhere


def whole_number(text, maximum=INTEGER_COLUMN_MAX, signed=False):
    """
    The whole number `text` spells, or None if it spells none.

    `text` is ASCII digits (surrounding blanks ignored), with one leading '+'
    or '-' when `signed`; a number beyond `maximum` (either way) is None too.
    """
    text = (text or "").strip()
    sign = 1
    if signed and text[:1] in ("+", "-"):
        sign, text = (-1 if text[0] == "-" else 1), text[1:]
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(maximum)):
        return None
    value = int(text)
    return sign * value if value <= maximum else None
