"""
The +request desk in a real browser: a player logs in through the website,
files a request, staff answer, and the player sees the answer on reload.
"""

import pytest
from playwright.sync_api import expect

from world.requests import services
from world.requests.models import Request

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="session", autouse=True)
def django_beside_playwright():
    # Playwright's sync API keeps an event loop in this thread; the test's own
    # database calls (setting up the test database included) are still plain
    # synchronous ones. Session scope: it must be set before the database is made.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture
def local_page(page, live_server):
    """The browser page, kept off the internet (CDN assets are simply not loaded)."""

    def only_local(route):
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            route.abort()

    page.route("**/*", only_local)
    return page


def test_player_files_on_the_web_and_reads_the_staff_reply(local_page, live_server, player, staff):
    page = local_page
    page.goto(f"{live_server.url}/requests/")
    page.fill("#id_username", "Alice")
    page.fill("#id_password", "testpassword")
    page.click("input[type=submit][value=Login]")
    expect(page.locator("h1")).to_have_text("My requests")

    page.click("text=File a new request")
    page.fill("#id_title", "Torch went out")
    page.select_option("#id_category", "digger")
    page.fill("#id_text", "My torch died in the second room; was that right?")
    page.click("button:has-text('File request')")
    expect(page.locator("#request-title")).to_have_text("Torch went out")

    request = Request.objects.get()
    assert (request.filer, request.category) == (player, "digger")
    services.comment(services.actor_for(staff), request.id, "Yes: the damp rule put it out.")

    page.reload()
    expect(page.locator("#thread")).to_contain_text("Yes: the damp rule put it out.")
    expect(page.locator("#thread")).to_contain_text("Sage (staff)")
