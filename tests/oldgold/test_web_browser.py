"""The Old Gold sheet in a real browser: log in, open it, read the numbers."""

import pytest
from django.conf import settings
from evennia.utils import create
from playwright.sync_api import expect

from tests.oldgold.helpers import give_sheet
from tests.requests.test_browser import django_beside_playwright, local_page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_reads_their_sheet(local_page, live_server, make_account):
    account = make_account("Ann")
    character = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key="Ann")
    account.characters.add(character)
    give_sheet(character, might=3, hp=9, coin=40, items=[("sword", "hands"),
                                                          ("light armour", "body")])
    page = local_page
    page.goto(f"{live_server.url}/oldgold/")
    page.fill("#id_username", "Ann")
    page.fill("#id_password", "testpassword")
    page.click("input[type=submit][value=Login]")
    expect(page.locator("h1")).to_have_text("My adventurers")
    page.click(f"a[href='/oldgold/sheets/{character.id}/']")
    expect(page.locator("#attributes tr[data-attribute='might']")).to_contain_text("3")
    expect(page.locator("#attributes tr[data-attribute='might']")).to_contain_text("+2")
    expect(page.locator("#vitals")).to_contain_text("HP 9/9")
    expect(page.locator("#vitals")).to_contain_text("DP 1")
    expect(page.locator("#inventory tr.item")).to_have_count(2)
    expect(page.locator("#coin")).to_contain_text("40 gp")
