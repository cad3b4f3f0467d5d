"""
Old Gold region maps on the web: the list of regions and each one's hex map,
drawn by the server as SVG (no scripts). For signed-in players, who can read
the same maps in the game with +region.
"""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from world.oldgold_travel import render as travel_render
from world.oldgold_travel.models import Region
from world.oldgold_travel.rules import TERRAINS


@login_required
def regions(request):
    return render(request, "oldgold_travel/regions.html",
                  {"regions": Region.objects.all(), "page_title": "Old Gold regions"})


@login_required
def region(request, region_id):
    found = get_object_or_404(Region, pk=region_id)
    hexes = list(found.hexes.all())
    svg = travel_render.region_svg(found, hexes, found.journeys.all())
    present = sorted({h.terrain for h in hexes if h.terrain})
    legend = [(TERRAINS[t].name, travel_render.TERRAIN_COLOURS[t]) for t in present]
    places = [h for h in hexes if h.settlement or h.landmark]
    return render(request, "oldgold_travel/region.html",
                  {"region": found, "svg": mark_safe(svg), "legend": legend, "places": places,
                   "journeys": found.journeys.all(), "page_title": f"Region {found.name}"})
