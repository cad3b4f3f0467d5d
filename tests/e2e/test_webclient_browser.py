"""
The webclient and website in a real browser against the real server: every
request stays on this machine (nothing comes from a CDN), the stylesheets and
scripts load, and a new player logs in through the webclient and looks around.
"""

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from world.identity import START_ROOM_NAME

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

LOCAL_HOSTS = {"127.0.0.1", "localhost"}
LOCAL_SCHEMES = {"data", "blob", "about"}
WAIT_MS = 20_000


def is_local(url):
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS


class Recorder:
    """Every URL the page asks for (outside ones are refused, so none can hang), and the answers."""

    def __init__(self, page):
        self.urls, self.statuses, self.errors = [], {}, []
        page.route("**/*", self._route)
        page.on("websocket", lambda socket: self.urls.append(socket.url))
        page.on("response", lambda answer: self.statuses.setdefault(answer.url, answer.status))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _route(self, route):
        self.urls.append(route.request.url)
        if is_local(route.request.url):
            route.continue_()
        else:
            route.abort()

    def outside(self):
        return [url for url in self.urls if not is_local(url)]

    def failed_assets(self, page):
        """Stylesheets and scripts the page names that did not answer 200."""
        urls = page.eval_on_selector_all(
            "link[rel=stylesheet], script[src]", "els => els.map(e => e.href || e.src)"
        )
        assert urls, "the page names no stylesheets or scripts"
        return {url: self.statuses.get(url) for url in urls if self.statuses.get(url) != 200}


@pytest.fixture
def recorded(page):
    return page, Recorder(page)


def bootstrap_applied(page):
    """Bootstrap lays a .card out as a flex box; unstyled it is a plain block."""
    return page.eval_on_selector(".card", "e => getComputedStyle(e).display") == "flex"


def occurrences(page, text):
    return page.evaluate("t => document.body.innerText.split(t).length - 1", text)


def send(page, line):
    field = page.locator("textarea.inputfield").first
    field.click()
    field.fill(line)
    field.press("Enter")


def wait_for_text(page, text, more_than=0):
    page.wait_for_function(
        "([t, n]) => document.body.innerText.split(t).length - 1 > n",
        arg=[text, more_than],
        timeout=WAIT_MS,
    )


@pytest.mark.parametrize("path", ["/", "/auth/login/"])
def test_website_pages_are_styled_from_the_game_itself(game_server, recorded, path):
    page, recorder = recorded
    page.goto(game_server.web_url + path)
    page.wait_for_load_state("load")
    assert not recorder.outside()
    assert not recorder.failed_assets(page)
    assert bootstrap_applied(page)
    assert not recorder.errors


def test_front_page_tells_how_to_connect(game_server, recorded):
    page, _recorder = recorded
    page.goto(game_server.web_url + "/")
    expect(page.locator("main, #main-copy").first).to_contain_text(
        f"telnet 127.0.0.1 {game_server.telnet_port}"
    )


def test_webclient_plays_offline(game_server, recorded, unique_name):
    page, recorder = recorded
    name, password = unique_name("Lamp"), "webclient-pw-2468"
    page.goto(game_server.web_url + "/webclient/")
    page.wait_for_load_state("load")
    assert page.evaluate("() => [!!window.jQuery, !!window.GoldenLayout, !!window.Favico]") == [
        True,
        True,
        True,
    ]
    wait_for_text(page, "create <name> <password>")

    send(page, f"create {name} {password}")
    wait_for_text(page, "[Y]/N?")
    send(page, "y")
    wait_for_text(page, "was created")
    send(page, f"connect {name} {password}")
    wait_for_text(page, "Welcome to Delver")

    seen = occurrences(page, START_ROOM_NAME)
    send(page, "look")
    wait_for_text(page, START_ROOM_NAME, more_than=seen)

    assert any(url.startswith("ws://127.0.0.1:") for url in recorder.urls), recorder.urls
    assert not recorder.outside(), recorder.outside()
    assert not recorder.failed_assets(page)
    assert not recorder.errors
