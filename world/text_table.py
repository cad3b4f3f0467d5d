"""
Plain fixed-width tables for game screens.

A header row, a rule of `~`, then the rows; every cell has a space either
side and wraps within its column when the table would be wider than asked.
Evennia colour codes may be used in cells and take no width. This looks like
an EvTable with `border="header"` but costs microseconds instead of
milliseconds a row, which matters for screens a party asks for every round.
"""

import textwrap

from world.screen import WIDEST, fill, screen_width, visible_len, words_to_lines

RULE = "~"
MIN_COLUMN = 3  # the narrowest a column is squeezed to (text, without its padding)


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
    """Every line of `text` longer than `width` columns (default the width being
    drawn) folded at spaces, colour codes taking none; a folded line goes on
    under its own leading spaces and `indent` more."""
    width = width or screen_width()
    folded = []
    for line in str(text).split("\n"):
        if visible_len(line) <= width:
            folded.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        folded.append(fill(line[len(lead):], width, indent=lead, hang=lead + indent))
    return "\n".join(folded)


def _wrap(text, size):
    """`text` as lines of at most `size` columns (a longer word keeps its own line)."""
    if "\n" in text:
        return [line for part in text.split("\n") for line in _wrap(part, size)]
    if visible_len(text) <= size:
        return [text]
    if "|" not in text:
        return textwrap.wrap(text, size) or [""]
    return words_to_lines(text.split(), size)
