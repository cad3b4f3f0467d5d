"""The region map page: an SVG of the hexes drawn by the server, for signed-in players."""

import re

import pytest
from django.test import Client

from world.oldgold_travel.models import Hex, Region

pytestmark = pytest.mark.django_db


@pytest.fixture
def vale():
    region = Region.objects.create(name="Vale", climate="temperate", season="autumn")
    Hex.objects.bulk_create(Hex(region=region, column=c, row=r, terrain="forest")
                            for r in range(6) for c in range(6))
    Hex.objects.filter(region=region, column=2, row=2).update(settlement="town",
                                                              place_name="Greyfell", road=True)
    Hex.objects.filter(region=region, column=0, row=0).update(terrain="mountains")
    return region


def test_the_map_page_draws_every_hex(vale, make_account):
    client = Client()
    client.force_login(make_account("Ann"))
    page = client.get(f"/oldgold/regions/{vale.id}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count('class="hex"') == 36
    assert 'data-hex="C3"' in text and "Greyfell" in text and "mountains" in text
    assert re.search(r'<svg[^>]+id="region-map"', text)
    assert "Milán László" in text
    listing = client.get("/oldgold/regions/").content.decode()
    assert f"/oldgold/regions/{vale.id}/" in listing


def test_roads_join_neighbours_and_the_party_leaves_a_trail(vale, make_account):
    from world.oldgold_travel.models import Journey
    from world.oldgold_travel.render import region_svg
    from evennia.utils import create

    # C3 and D3 are neighbours (D3 lies south-east of C3); F6 has a road of its own.
    Hex.objects.filter(region=vale, column__in=(3, 5), row__in=(2, 5)).update(road=True)
    room = create.create_object("typeclasses.rooms.Room", key="Camp")
    journey = Journey.objects.create(room=room, region=vale, column=3, row=2,
                                     visited=[[2, 2], [3, 2]])
    svg = region_svg(vale, list(vale.hexes.all()), [journey])
    roads = re.findall(r'<line [^>]*class="road"', svg)
    # C3-D3 joined by one line; D6, F3 and F6 have no road neighbour: a short stroke each.
    assert len(roads) == 4
    assert svg.count('class="crossed"') == 1 and svg.count('class="party"') == 1


def test_signed_out_visitors_are_sent_to_log_in(vale):
    page = Client().get(f"/oldgold/regions/{vale.id}/")
    assert page.status_code == 302


def test_an_unknown_region_is_a_404(make_account):
    client = Client()
    client.force_login(make_account("Ann"))
    assert client.get("/oldgold/regions/999/").status_code == 404
