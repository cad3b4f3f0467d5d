"""
The width of the reader's screen, and text wrapped to it.

A telnet client reports its width (NAWS); Evennia keeps it in the session's
`protocol_flags["SCREENWIDTH"]`. While a command runs, the base command sets
the width being drawn to its caller's (`draw_for_client`), so tables and
wrapped texts made then fit that reader. News for other readers (a party, a
room) is drawn again for each width among them (`by_width`, `drawing`).
Lines never pass WIDEST, however wide the client: a MUSH screen is 78
columns and wider lines are harder to read.
"""

import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from evennia.utils.ansi import strip_ansi, strip_mxp

WIDEST = 78  # a screen's lines never pass this, however wide the client
NARROWEST = 30  # a client reporting less (or nonsense) still gets readable lines

# The width of the screen being drawn: the reader's client width while a
# command runs (set by the command), else WIDEST.
_screen_width = ContextVar("screen_width", default=WIDEST)
_INDENT = re.compile(r"[ ]*")
_WORD_GAP = re.compile(r" (?=\S)")


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
    """Draw for a client of `reported` columns until reset_width(token)."""
    return _screen_width.set(width_for_client(reported))


def reset_width(token):
    _screen_width.reset(token)


@contextmanager
def drawing(reported):
    """Draw for a client of `reported` columns inside the block."""
    token = draw_for_client(reported)
    try:
        yield
    finally:
        reset_width(token)


def client_columns(reader):
    """The width `reader` (a character or an account) reports from its first
    session, as drawn (WIDEST when it has no session or reports none)."""
    sessions = getattr(reader, "sessions", None)
    found = sessions.all() if sessions is not None else ()
    if not found:
        return WIDEST
    flags = getattr(found[0], "protocol_flags", None) or {}
    return width_for_client(flags.get("SCREENWIDTH", {0: WIDEST}).get(0))


def by_width(readers):
    """[(width, readers of that width)], in the order the widths first appear."""
    groups = {}
    for reader in readers:
        groups.setdefault(client_columns(reader), []).append(reader)
    return list(groups.items())


def visible_len(text):
    """How many columns `text` takes on screen (colour codes and the hidden
    part of a clickable link take none)."""
    if "|" not in text:
        return len(text)
    return len(strip_ansi(strip_mxp(text) if "|l" in text else text))


def words_to_lines(words, width, first="", rest=""):
    """Words as lines of at most `width` visible columns, the first line starting
    with `first`, the others with `rest` (a longer word keeps a line of its own)."""
    lines, line, used = [], first, visible_len(first)
    bare = True
    for word in words:
        length = visible_len(word)
        if not bare and used + 1 + length > width:
            lines.append(line)
            line, used, bare = rest, visible_len(rest), True
        line += word if bare else " " + word
        used += length if bare else 1 + length
        bare = False
    lines.append(line)
    return lines


def fill(text, width=None, indent="", hang=None):
    """`text` as one paragraph of lines no wider than `width` (the screen being
    drawn), the first starting with `indent`, the others with `hang` (`indent`
    if not given); colour codes take no width."""
    return _fill(text, width or screen_width(), indent, indent if hang is None else hang)


@lru_cache(maxsize=512)
def _fill(text, width, indent, hang):
    return "\n".join(words_to_lines(text.split(), width, indent, hang))


def fit(text, width=None):
    """
    Every line of `text` that is wider than `width` (the screen being drawn)
    wrapped; the continuation lines of an indented line are indented two more
    than it, so lists and notes keep their shape, and those of a flush line
    stay flush, as prose does. Lines that fit are left as they are.
    """
    return _fit(text, width or screen_width())


@lru_cache(maxsize=512)
def _fit(text, width):
    if len(text) <= width:
        return text
    lines = []
    for line in text.split("\n"):
        if visible_len(line) <= width:
            lines.append(line)
            continue
        indent = _INDENT.match(line).group()
        hang = indent + "  " if indent and len(indent) + 2 < width // 2 else indent
        words = _words(line[len(indent):].rstrip())
        lines += [part.rstrip() for part in words_to_lines(words, width, indent, hang)]
    return "\n".join(lines)


def _words(line):
    """The words of `line` to wrap at: a wider gap stays with its word, and a
    clickable link (`|lchelp dungeon|ltthe rules|le`) is never split."""
    words = []
    for word in _WORD_GAP.split(line):
        if words and words[-1].rfind("|lc") > words[-1].rfind("|le"):
            words[-1] += " " + word
        else:
            words.append(word)
    return words
