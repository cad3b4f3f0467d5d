"""
Telling several readers the same news, each copy drawn for the reader's
client width (NAWS): a text or table drawn for the one who typed the command
would be too wide for a narrower reader.
"""

from world.screen import by_width, drawing, fit


def drawn_for(width, text):
    """`text` for a reader `width` columns wide: `text` may be a render (a function
    without arguments), drawn anew for that width, or a finished text, fitted."""
    if callable(text):
        with drawing(width):
            return fit(text())
    return fit(text, width)


def tell_each(readers, text, from_obj=None):
    """Send `text` (a text or a render, see drawn_for) to every reader, drawn
    once for each client width among them."""
    for width, group in by_width(readers):
        shown = drawn_for(width, text)
        for reader in group:
            reader.msg(text=shown, from_obj=from_obj)
