"""
The builders' balance report in a real browser: a builder logs in through the
website and reads a kept simulation, its picture drawn by the server (one bar
per party, the band, the intervals) and the warning when the standard party
misses the band.
"""

import pytest
from django.conf import settings
from evennia.utils import create
from playwright.sync_api import expect

from tests.digger.fixtures import barrow
from tests.requests.test_browser import django_beside_playwright, local_page  # noqa: F401
from world.digger import rules
from world.digger.sim_parties import SHIPPED
from world.digger.simulate import balance
from world.digger.simulation_jobs import keep_report
from world.digger.store import save_dungeon

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def staff(make_account):
    return make_account("Sage", "Builder")


def test_a_builder_reads_the_spread_and_the_warning(local_page, live_server, staff, monkeypatch):
    model = save_dungeon(barrow(), published=True)
    # every roll succeeds: far above the band
    monkeypatch.setattr(rules, "ROUND_RULES", rules.ROUND_RULES._replace(target_base=-100))
    builder = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key="Sage")
    record = keep_report(builder, model, balance(barrow(), 40, seed=1))
    monkeypatch.undo()

    page = local_page
    page.goto(f"{live_server.url}/dungeons/simulations/")
    page.fill("#id_username", "Sage")
    page.fill("#id_password", "testpassword")
    page.click("input[type=submit][value=Login]")
    expect(page.locator("h1")).to_have_text("Balance simulations")
    page.click(f"#simulations a[href='/dungeons/simulations/{record.pk}/']")

    expect(page.locator("#simulation-warning")).to_contain_text("above the Ruin band of 52%-68%")
    chart = page.locator("#spread-chart svg")
    expect(chart.locator("g.party")).to_have_count(len(SHIPPED))
    expect(chart.locator("rect.band")).to_have_count(1)
    box = chart.bounding_box()
    assert box["width"] > 500 and box["height"] > 100  # drawn, not an empty tag
    standard = chart.locator("g.party[data-party='standard'] rect.won")
    band = chart.locator("rect.band").bounding_box()
    won = standard.bounding_box()
    assert won["x"] + won["width"] > band["x"] + band["width"]  # the bar ends past the band
    expect(page.locator("#spread")).to_contain_text("standard (held to the band)")
