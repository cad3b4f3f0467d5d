"""
Goldengrave on the web, read-only: the companies a player belongs to (all of
them for staff) and each company's page: its sheet, members, Glory history,
roll log and the map of its dungeon as far as the difficulty allows. What a
viewer may not see is a 404, like what does not exist.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from world.goldengrave import lookups


@login_required
def companies(request):
    return render(
        request,
        "goldengrave/companies.html",
        {"companies": lookups.visible_companies(request.user), "page_title": "Goldengrave"},
    )


@login_required
def company(request, company_id):
    try:
        page = lookups.company_page(request.user, company_id)
    except lookups.NotShown:
        raise Http404("Nothing to show here") from None
    return render(
        request,
        "goldengrave/company.html",
        {"page": page, "company": page.view.company, "page_title": page.view.company.name},
    )
