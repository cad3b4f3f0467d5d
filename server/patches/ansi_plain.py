"""
Evennia's colour parsing, at once for text without markup.

The Portal runs every line it sends a telnet player through
`ansi.parse_ansi`, with `|n` added at the end to reset the colour. Evennia
runs a dozen regular expressions over the text and keeps the result, for the
next time the very same text is sent. Most lines are new (what a player
says, a command's answer) and hold no markup at all: no `|` (every colour,
MXP and escape code starts with one), no `{{` or doubled backslash (escapes)
and no raw ANSI code. For such a text followed by the `|n`, the result is
known at once: the text and Evennia's reset code, or the bare text when
colours are stripped. Any other text (and any other parser) is parsed by
Evennia, as before.

Installed by the Portal at start-up.
"""

import re

from evennia.utils import ansi

from server.patches import Patch, Replaced

_evennia_parse_ansi = ansi.parse_ansi
RESET = "|n"
# Anything Evennia's parser could change: markup, escapes, raw ANSI codes.
_MARKUP = re.compile(r"\||\{\{|\\\\|\x1b")


def parse_ansi(
    string, strip_ansi=False, parser=ansi.ANSI_PARSER, xterm256=False, mxp=False, truecolor=False
):
    """Evennia's `ansi.parse_ansi` (same arguments, same result)."""
    if (
        type(string) is str
        and string.endswith(RESET)
        and parser is ansi.ANSI_PARSER
        and not _MARKUP.search(string, 0, len(string) - len(RESET))
    ):
        text = string[: -len(RESET)]
        return text if strip_ansi else text + ansi.ANSI_NORMAL
    return _evennia_parse_ansi(
        string,
        strip_ansi=strip_ansi,
        parser=parser,
        xterm256=xterm256,
        mxp=mxp,
        truecolor=truecolor,
    )


_replaced = Replaced()


def install():
    """Make `ansi.parse_ansi` answer plain text at once (idempotent)."""
    _replaced.replace(ansi, "parse_ansi", parse_ansi)


PATCH = Patch(
    name="ansi_plain",
    targets={
        "evennia.utils.ansi:parse_ansi": (
            "c38c94dd2dc840271d8280c9f876cc480e943187f32b916f4342e2874170b2e1"
        ),
        "evennia.utils.ansi:ANSIParser.parse_ansi": (
            "62778b7e90604a4062504d72bf725624d8511c2c1bf497ddce5b6a4f3655df08"
        ),
    },
    process="portal",
    why="A dozen regular expressions ran over every line sent, though most hold no markup.",
    install=install,
    uninstall=_replaced.restore,
)
