"""
Plain fixed-width tables for game screens.

A header row, a rule of `~`, then the rows; every cell has a space either
side and wraps within its column when the table would be wider than asked.
Evennia colour codes may be used in cells and take no width. This looks like
an EvTable with `border="header"` but costs microseconds instead of
milliseconds a row, which matters for screens a party asks for every round.
"""

import textwrap
from contextvars import ContextVar

from evennia.utils.ansi import strip_ansi

RULE = "~"
MIN_COLUMN = 3  # the narrowest a column is squeezed to (text, without its padding)
WIDEST = 78  # a screen's lines never pass this, however wide the client
NARROWEST = 30  # a client reporting less (or nonsense) still gets readable columns

# The width of the screen being drawn: the reader's client width while a
# command runs (set by the command), else WIDEST.
_screen_width = ContextVar("screen_width", default=WIDEST)


def screen_width():
    """The width to draw for now: the client's reported width, at most WIDEST."""
    return _screen_width.get()


def width_for_client(reported):
    """The width to draw for a client that reported `reported` columns (NAWS)."""
    try:
        reported = int(reported)
    except (TypeError, ValueError):
        return WIDEST
    if reported <= 0:
        return WIDEST
    return max(NARROWEST, min(WIDEST, reported))


def draw_for_client(reported):
    """Draw for a client of `reported` columns until reset(token)."""
    return _screen_width.set(width_for_client(reported))


def reset_width(token):
    _screen_width.reset(token)


def visible_len(text):
    """How many columns `text` takes on screen (colour codes take none)."""
    return len(strip_ansi(text)) if "|" in text else len(text)


def text_table(headers, rows, width=None, widths=None):
    """
    The table as one string. `widths` fixes columns ({index: width}, padding
    included, as EvTable counts it); the other columns get what their texts
    need, the widest giving way first if the table is too wide.
    """
    width = min(width or WIDEST, screen_width())
    grid = [[str(cell) for cell in headers]] + [[str(cell) for cell in row] for row in rows]
    sizes = _column_sizes(grid, width, {i: w - 2 for i, w in (widths or {}).items()})
    lines = _row_lines(grid[0], sizes)
    lines.append(RULE * (sum(sizes) + 2 * len(sizes)))
    for row in grid[1:]:
        lines += _row_lines(row, sizes)
    return "\n".join(lines)


def _column_sizes(grid, width, fixed):
    """The text width of each column."""
    count = len(grid[0])
    sizes = [
        fixed.get(i, max(visible_len(row[i]) for row in grid)) for i in range(count)
    ]
    excess = sum(sizes) + 2 * count - width
    free = [i for i in range(count) if i not in fixed]
    while excess > 0 and free:
        widest = max(free, key=lambda i: sizes[i])
        if sizes[widest] <= MIN_COLUMN:
            break
        sizes[widest] -= 1
        excess -= 1
    return sizes


def _row_lines(row, sizes):
    """One row as screen lines, each cell wrapped within its column."""
    cells = [_wrap(text, size) for text, size in zip(row, sizes)]
    height = max(len(cell) for cell in cells)
    lines = []
    for number in range(height):
        parts = []
        for cell, size in zip(cells, sizes):
            text = cell[number] if number < len(cell) else ""
            parts.append(f" {text}{' ' * (size - visible_len(text))} ")
        lines.append("".join(parts).rstrip())
    return lines


def fold(text, width=None, indent="  "):
    """Every line of `text` folded at spaces to `width` columns (default the width
    being drawn), colour codes taking none; a folded line goes on under its own
    leading spaces and `indent` more."""
    width = width or screen_width()
    folded = []
    for line in str(text).split("\n"):
        lead = line[: len(line) - len(line.lstrip(" "))]
        first, *rest = _wrap(line[len(lead) :], width - len(lead), width - len(lead + indent))
        folded.append(lead + first)
        folded.extend(lead + indent + part for part in rest)
    return "\n".join(folded)


def _wrap(text, size, later=None):
    """`text` as lines of at most `size` columns, those after the first at most `later`
    (default `size`); a longer word keeps its own line."""
    later = size if later is None else later
    if "\n" in text:
        return [line for part in text.split("\n") for line in _wrap(part, size, later)]
    if visible_len(text) <= size:
        return [text]
    if "|" not in text and later == size:
        return textwrap.wrap(text, size) or [""]
    lines, line, used, room = [], [], 0, size
    for word in text.split():
        length = visible_len(word)
        if line and used + 1 + length > room:
            lines.append(" ".join(line))
            line, used, room = [], 0, later
        used += length + (1 if line else 0)
        line.append(word)
    lines.append(" ".join(line))
    return lines
