"""
The game's menus: Evennia's EvMenu, fitted to the reader's client.

EvMenu draws its borders to the session's width (NAWS), but sends a node's
text as written and lays its options out in columns for a 78-column screen,
so a narrower client folds lines wherever it likes. Here a node is drawn for
the reader's width (its tables too, world.screen), its text wraps at spaces
as every other text the game sends, and the options fall back to one column
when their columns would not fit.
"""

from evennia.utils.ansi import strip_ansi
from evennia.utils.evmenu import EvMenu
from evennia.utils.utils import m_len

from world.screen import client_columns, drawing, fit, width_for_client


class FittedMenu(EvMenu):
    """An EvMenu whose texts and options fit the reader's client width."""

    def width(self):
        if self._session is not None:
            flags = self._session.protocol_flags
            return width_for_client(flags.get("SCREENWIDTH", {0: None})[0])
        return client_columns(self.caller)

    def goto(self, nodename_or_callable, raw_string, **kwargs):
        with drawing(self.width()):
            super().goto(nodename_or_callable, raw_string, **kwargs)

    def nodetext_formatter(self, nodetext):
        return fit(super().nodetext_formatter(nodetext), self.width())

    def options_formatter(self, optionlist):
        drawn = super().options_formatter(optionlist)
        shown = "\n".join(line.rstrip() for line in drawn.split("\n"))
        # (EvMenu's columns come back with colour already turned into ANSI codes)
        if all(m_len(line) <= self.width() for line in shown.split("\n")):
            return shown
        # One option a line, marked up as EvMenu marks its own (a key is a link).
        lines = []
        for key, desc in optionlist:
            if key or desc:
                raw_key = strip_ansi(key)
                label = key if raw_key != key else f"|w{key}|n"
                lines.append(f" |lc{raw_key}|lt{label}|le" + (f": {desc}" if desc else ""))
        return fit("\n".join(lines), self.width())
