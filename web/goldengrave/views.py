"""
Goldengrave on the web, read-only: the companies a player belongs to (all of
them for staff) and each company's page: its sheet, members, treasures, wars,
Glory history, roll log and the map of its dungeon as far as the difficulty
allows; and for a GM (and staff) each of their dungeons with the whole map.
What a viewer may not see is a 404, like what does not exist.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe

from world.goldengrave import lookups
from world.goldengrave import render as gg_render
from world.goldengrave.map_picture import map_svg


@login_required
def companies(request):
    return render(
        request,
        "goldengrave/companies.html",
        {
            "companies": lookups.visible_companies(request.user),
            "dungeons": lookups.visible_dungeons(request.user),
            "page_title": "Goldengrave",
        },
    )


def _shown(lookup, request, pk):
    """The page `lookup` builds for this viewer, or a 404."""
    try:
        return lookup(request.user, pk)
    except lookups.NotShown:
        raise Http404("Nothing to show here") from None


@login_required
def company(request, company_id):
    page = _shown(lookups.company_page, request, company_id)
    members = [(sheet, gg_render.origin(sheet.spark_a, sheet.spark_b))
               for sheet in page.view.members]
    return render(
        request,
        "goldengrave/company.html",
        {
            "page": page,
            "company": page.view.company,
            "members": members,
            "map_svg": mark_safe(map_svg(page.map)) if page.map else "",
            "page_title": page.view.company.name,
        },
    )


@login_required
def dungeon(request, dungeon_id):
    page = _shown(lookups.dungeon_page, request, dungeon_id)
    rooms = [
        (entry, ", ".join(map(gg_render.threat_word, page.threats.get(entry.room_id, ()))))
        for entry in page.map.rooms
    ]
    return render(
        request,
        "goldengrave/dungeon.html",
        {
            "page": page,
            "dungeon": page.dungeon,
            "rooms": rooms,
            "map_svg": mark_safe(map_svg(page.map)),
            "page_title": page.dungeon.name,
        },
    )
