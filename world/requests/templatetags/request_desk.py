"""
Template filters for the +request desk's web pages.
"""

from django import template

from world.requests import render

register = template.Library()


@register.filter
def plain(text):
    """Player text without Evennia colour codes; autoescaping still applies."""
    return render.plain_text(text)
