"""
Digger on the web, read-only: the open dungeons, sheets and run logs, and for
builders the balance simulations (+dungeon/simulate) kept with their reports.

Each view asks `world.digger.lookups`, which decides who may see what; what
a viewer may not see is a 404, exactly like what does not exist. The dungeon
pages are public; the rest need a login.
"""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from web.shown import shown
from world.digger import lookups
from world.numbers import whole_number


def dungeons(request):
    return render(
        request,
        "digger/dungeons.html",
        {"dungeons": lookups.published_dungeons(), "page_title": "Dungeons"},
    )


def dungeon(request, number):
    facts = shown(lookups.dungeon_facts, lookups.NotShown, request.user, number)
    return render(
        request,
        "digger/dungeon.html",
        {
            "dungeon": facts,
            "builder": lookups.viewer_is_staff(request.user),
            "page_title": f"Dungeon #{facts.number}",
        },
    )


@login_required
def mine(request):
    return render(
        request,
        "digger/mine.html",
        {"sheets": lookups.own_sheets(request.user), "page_title": "My delver"},
    )


@login_required
def sheet(request, character_id):
    page = shown(lookups.sheet_page, lookups.NotShown, request.user, character_id)
    return render(
        request,
        "digger/sheet.html",
        {"sheet": page, "page_title": f"Digger sheet of {page.character.key}"},
    )


@login_required
def runs(request):
    return render(
        request,
        "digger/runs.html",
        {
            "runs": lookups.own_runs(request.user),
            "recent": lookups.recent_runs(request.user),
            "page_title": "My runs",
        },
    )


@login_required
def run(request, run_id):
    record = shown(lookups.run_record, lookups.NotShown, request.user, run_id)
    return render(
        request,
        "digger/run.html",
        {"record": record, "page_title": f"Run {record.summary.id}"},
    )


@login_required
def simulations(request):
    number = whole_number(request.GET.get("dungeon", ""))
    return render(
        request,
        "digger/simulations.html",
        {
            "simulations": shown(lookups.simulations, lookups.NotShown, request.user, number),
            "dungeon_number": number,
            "page_title": "Balance simulations",
        },
    )


@login_required
def simulation(request, simulation_id):
    page = shown(lookups.simulation_page, lookups.NotShown, request.user, simulation_id)
    return render(
        request,
        "digger/simulation.html",
        {"page": page, "page_title": f"Simulation {page.record.pk}"},
    )
