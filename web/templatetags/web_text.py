"""
Template filters for every web page that shows text typed in the game.

Loaded as `{% load web_text %}` (registered in server/conf/settings.py, since
`web` is not a Django app of its own).
"""

from django import template
from evennia.utils.ansi import strip_ansi, strip_mxp

register = template.Library()


@register.filter
def plain(text):
    """Text without Evennia colour and link codes; autoescaping still applies."""
    return strip_mxp(strip_ansi(text or ""))
