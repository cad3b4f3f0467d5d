"""
A Kroll sheet on the web, read-only: your own character's, or any for staff
(as +kroll/sheet in the game). What a viewer may not see is a 404, like what
does not exist.
"""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from web.shown import shown
from world.kroll import lookups


@login_required
def sheet(request, character_id):
    page = shown(lookups.sheet_page, lookups.NotShown, request.user, character_id)
    return render(request, "kroll/sheet.html",
                  {"page": page, "page_title": f"Kroll sheet of {page.character.key}"})
