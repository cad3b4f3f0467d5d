"""
A page shows what a look-up gives, or answers 404: alike for what does not
exist and for what the viewer may not see, so a page cannot tell the two apart.
"""

from django.http import Http404


def shown(lookup, not_shown, *args):
    """`lookup(*args)`, or Http404 when it raises `not_shown`."""
    try:
        return lookup(*args)
    except not_shown:
        raise Http404("Nothing to show here") from None
