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


def test_signed_out_visitors_are_sent_to_log_in(vale):
    page = Client().get(f"/oldgold/regions/{vale.id}/")
    assert page.status_code == 302


def test_an_unknown_region_is_a_404(make_account):
    client = Client()
    client.force_login(make_account("Ann"))
    assert client.get("/oldgold/regions/999/").status_code == 404
