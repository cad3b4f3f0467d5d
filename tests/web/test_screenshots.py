"""
Every main page in a real browser at 1280 and 420 px: a heading, no sideways
overflow (by the browser's own layout metrics), a navbar in one row at 1280,
and a screenshot kept in server/logs/screenshots/ for a person to look at.
"""

from pathlib import Path

import pytest
from django.urls import reverse

from tests.requests.test_browser import django_beside_playwright, local_page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "server" / "logs" / "screenshots"
PUBLIC = ["index", "login", "register", "digger:dungeons", "social:scenes", "help"]
PLAYER = ["index", "digger:mine", "requests:mine", "requests:new", "goldengrave:companies",
          "social:mail", "social:boards"]
WIDTHS = [1280, 420]

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter(el => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.right > width + 1 && style.position !== 'fixed'
      && !el.closest('.table-scroll, .table-responsive, pre');
  }).map(el => el.tagName + (el.id ? '#' + el.id : '') + '.' + el.className);
  return {scroll: document.documentElement.scrollWidth, width: width, wide: wide.slice(0, 5)};
}"""


def _check(page, base, url_name, width, tag):
    path = reverse(url_name)
    page.set_viewport_size({"width": width, "height": 900})
    response = page.goto(f"{base}{path}")
    assert response.status < 400, f"{path}: {response.status}"
    assert page.locator("h1").count() >= 1, f"{path} has no heading"
    metrics = page.evaluate(OVERFLOW)
    assert metrics["scroll"] <= metrics["width"], f"{path} at {width}px overflows: {metrics}"
    assert not metrics["wide"], f"{path} at {width}px: {metrics}"
    if width >= 1280:
        heights = page.evaluate(
            "() => [...document.querySelectorAll('.navbar .nav-link')]"
            ".filter(a => a.offsetParent).map(a => Math.round(a.getBoundingClientRect().top))"
        )
        # Links of one row differ by a few pixels (left and right groups); a second row is a line lower.
        assert max(heights) - min(heights) < 16, f"{path}: the navbar wraps at {width}px ({heights})"
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = path.strip("/").replace("/", "_") or "index"
    page.screenshot(path=str(SHOTS / f"{tag}-{name}-{width}.png"), full_page=True)


def test_public_pages_fit_at_both_widths(local_page, live_server):
    for width in WIDTHS:
        for path in PUBLIC:
            _check(local_page, live_server.url, path, width, "public")


def test_player_pages_fit_at_both_widths(local_page, live_server, make_account):
    make_account("Alice")
    local_page.goto(f"{live_server.url}/auth/login/")
    local_page.fill("#id_username", "Alice")
    local_page.fill("#id_password", "testpassword")
    local_page.click("input[type=submit][value=Login]")
    for width in WIDTHS:
        for path in PLAYER:
            _check(local_page, live_server.url, path, width, "player")
