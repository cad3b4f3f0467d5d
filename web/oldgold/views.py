"""
Old Gold sheets on the web, read-only: your own, or any for GMs and staff.
What a viewer may not see is a 404, like what does not exist.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from world.oldgold import lookups


@login_required
def mine(request):
    return render(request, "oldgold/mine.html",
                  {"pages": lookups.own_sheets(request.user), "page_title": "My adventurers"})


@login_required
def sheet(request, character_id):
    try:
        page = lookups.sheet_page(request.user, character_id)
    except lookups.NotShown:
        raise Http404("Nothing to show here") from None
    return render(request, "oldgold/sheet.html",
                  {"page": page, "page_title": f"Old Gold sheet of {page.character.key}"})
