"""
How the desk shows player-typed text in the game: colour kept, and never a
clickable MXP link, whatever tricks the text tries.
"""

from types import SimpleNamespace

import pytest
from evennia.server.portal.mxp import mxp_parse
from evennia.utils.ansi import parse_ansi

from world.requests import render


def as_sent(text, colour):
    """What an MXP client receives, with or without colour (as the telnet protocol sends it)."""
    return mxp_parse(parse_ansi(text, strip_ansi=not colour, mxp=True))


def filed(title):
    return render.filed(SimpleNamespace(request=SimpleNamespace(id=7, category="bug", title=title)))


@pytest.mark.parametrize(
    "title, shown",
    [
        ("|lcquit|ltClick me|le", "Click me"),
        ("|luhttp://example.com|ltsite|le", "http://example.com"),
        ("||lcquit||ltescaped||le", "escaped"),  # clients read links after escapes
        ("|||rlcquit|||rltsplit by colour|||rle", "ltsplit by colour"),
        ("|lcquit|ltonly the start", "lcquit"),  # the rest may come from text shown next to it
        ("|lc|lcquit|ltnested|le|ltouter|le", "nested"),
    ],
)
def test_no_typed_text_becomes_a_link(title, shown):
    for colour in (True, False):
        # As if the text shown after it (another player's, say) ended a link.
        sent = as_sent(filed(title) + " |le", colour)
        assert "SEND" not in sent and "\x1b[4z" not in sent
        assert shown in parse_ansi(sent, strip_ansi=True)


def test_colour_and_plain_text_are_kept():
    assert "|rRed|n and ||pipes|n" in filed("|rRed|n and ||pipes")
    assert "|r|lcquit|ltClick|le|n" not in filed("|r|lcquit|ltClick|le|n")
    assert "|rClick|n" in filed("|r|lcquit|ltClick|le|n")
