"""
The webclient's party panel in a real browser: a player logs in, gathers a
party with a telnet player, and plays a round; the panel opens by itself on
joining and its gauges follow the run with nothing typed to refresh them
(no +camp). In a wide window it sits beside the text, in a narrow one above
it, with nothing wider than the window; it moves when the window is narrowed
or widened. Screenshots go to the test's tmp_path
(run with --basetemp=DIR to keep them where you can look at them).
"""

import pytest

from tests.e2e.telnet_client import TelnetClient
from tests.e2e.test_webclient_browser import Recorder, send, wait_for_text

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PASSWORD = "panel-pw-9182"
WAIT_MS = 20_000
EXPLORATION = "[data-gauge=exploration]"


def log_in(page, url, name):
    page.goto(url + "/webclient/")
    page.wait_for_load_state("load")
    wait_for_text(page, "create <name> <password>")
    send(page, f"create {name} {PASSWORD}")
    wait_for_text(page, "[Y]/N?")
    send(page, "y")
    wait_for_text(page, "was created")
    send(page, f"connect {name} {PASSWORD}")
    wait_for_text(page, "Welcome to Delver")


def gauge_value(page, selector):
    return int(page.get_attribute(selector, "aria-valuenow"))


def wait_for_gauge(page, selector, above):
    page.wait_for_function(
        "([s, n]) => { const g = document.querySelector(s);"
        " return g && Number(g.getAttribute('aria-valuenow')) > n; }",
        arg=[selector, above],
        timeout=WAIT_MS,
    )


def box(page, selector):
    return page.locator(selector).first.bounding_box()


ABOVE_THE_TEXT = (
    "() => { const p = document.querySelector('.digger-panel').getBoundingClientRect(),"
    " t = document.querySelector('#messagewindow').getBoundingClientRect();"
    " return p.bottom <= t.top + 1; }"
)


def assert_beside(page):
    panel, text = box(page, ".digger-panel"), box(page, "#messagewindow")
    assert panel["x"] >= text["x"] + text["width"] - 1  # to the right of the text


def assert_above_and_within(page, width):
    panel, text = box(page, ".digger-panel"), box(page, "#messagewindow")
    assert panel["y"] + panel["height"] <= text["y"] + 1  # above the text
    assert panel["width"] <= width and text["width"] > width / 2
    overflow = page.eval_on_selector(".digger-panel", "e => e.scrollWidth - e.clientWidth")
    assert overflow <= 0, f"the panel is {overflow}px wider than its pane"


def play_a_round(page, game_server, name, partner):
    """`name` (in the browser) and `partner` (over telnet) play the Entry card of #1."""
    recorder = Recorder(page)
    log_in(page, game_server.web_url, name)
    assert page.locator(".digger-panel").count() == 0  # not in a party: no panel yet
    send(page, "+party/create 1")
    page.wait_for_selector(".digger-panel .dp-roster", timeout=WAIT_MS)
    partner.command(f"+party/join {name}")
    page.wait_for_function(
        "n => document.querySelector('.digger-panel').innerText.includes(n)",
        arg=partner.name,
        timeout=WAIT_MS,
    )
    send(page, "+dungeon/enter")
    page.wait_for_selector(EXPLORATION, timeout=WAIT_MS)
    assert gauge_value(page, EXPLORATION) == 0
    assert "The Swollen Door" in page.inner_text(".digger-panel .dp-card")
    send(page, "+act force")
    page.wait_for_function(
        "() => document.querySelector('.digger-panel .dp-status').innerText === 'Force'",
        timeout=WAIT_MS,
    )
    partner.command("+act force")
    send(page, "+act/complete")
    wait_for_gauge(page, EXPLORATION, 0)
    for member in (name, partner.name):
        wait_for_gauge(page, f"[data-gauge=exhaustion][data-member='{member}']", 0)
    assert "Next to draw" in page.inner_text(".digger-panel .dp-move")
    assert not recorder.outside(), recorder.outside()
    assert not recorder.errors, recorder.errors


@pytest.fixture
def partner(game_server, unique_name):
    client = TelnetClient(game_server.telnet_port)
    client.name = unique_name("Pal")
    client.create_and_connect(client.name, PASSWORD)
    yield client
    client.close()


def test_the_panel_opens_beside_the_text_and_follows_the_round(
    page, game_server, unique_name, partner, tmp_path
):
    page.set_viewport_size({"width": 1280, "height": 800})
    play_a_round(page, game_server, unique_name("Wide"), partner)
    assert_beside(page)
    page.screenshot(path=str(tmp_path / "panel-wide.png"))
    # The window narrowed: the panel moves above the text; widened again: beside it.
    page.set_viewport_size({"width": 400, "height": 800})
    page.wait_for_function(ABOVE_THE_TEXT, timeout=WAIT_MS)
    assert_above_and_within(page, 400)
    page.screenshot(path=str(tmp_path / "panel-narrowed.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(f"() => !({ABOVE_THE_TEXT})()", timeout=WAIT_MS)
    assert_beside(page)
    assert page.locator(".digger-panel").count() == 1
    assert gauge_value(page, EXPLORATION) > 0  # it drew the run again from what it had


def test_in_a_narrow_window_the_panel_sits_above_the_text(
    page, game_server, unique_name, partner, tmp_path
):
    page.set_viewport_size({"width": 400, "height": 800})
    play_a_round(page, game_server, unique_name("Slim"), partner)
    assert_above_and_within(page, 400)
    page.screenshot(path=str(tmp_path / "panel-narrow.png"))
