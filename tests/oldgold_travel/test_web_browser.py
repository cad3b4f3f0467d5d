"""The region map in a real browser: log in, open it, see the hexes drawn."""

import pytest
from playwright.sync_api import expect

from tests.requests.test_browser import django_beside_playwright, local_page  # noqa: F401
from world.oldgold_travel.models import Hex, Region

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_sees_the_region_map(local_page, live_server, make_account):
    make_account("Ann")
    region = Region.objects.create(name="Vale", climate="temperate", season="autumn")
    Hex.objects.bulk_create(Hex(region=region, column=c, row=r, terrain="plains")
                            for r in range(6) for c in range(6))
    Hex.objects.filter(region=region, column=2, row=2).update(settlement="town",
                                                              place_name="Greyfell")
    page = local_page
    page.goto(f"{live_server.url}/oldgold/regions/")
    page.fill("#id_username", "Ann")
    page.fill("#id_password", "testpassword")
    page.click("input[type=submit][value=Login]")
    expect(page.locator("h1")).to_have_text("Old Gold regions")
    page.click(f"a[href='/oldgold/regions/{region.id}/']")
    expect(page.locator("#region-map g.hex")).to_have_count(36)
    expect(page.locator("#region-map rect.town[data-hex='C3']")).to_have_count(1)
    box = page.locator("#region-map").bounding_box()
    assert box["width"] > 200 and box["height"] > 200
    expect(page.locator("#places")).to_contain_text("C3: town of Greyfell")
