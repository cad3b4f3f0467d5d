"""
Every page of the site in a real browser at 1280 and 420 px, with something on
it: a heading, no sideways overflow by the browser's own layout metrics (a
table may scroll inside its own box, visibly), the navbar in one row at 1280,
and a screenshot kept in server/logs/screenshots/ for a person to look at.
"""

import random
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from evennia.utils import create

from tests.digger.fixtures import MISS, ScriptedDice, barrow, give_ratings, give_tool
from tests.goldengrave.helpers import give_pc, make_company
from tests.oldgold.helpers import give_sheet
from tests.requests.test_browser import django_beside_playwright, local_page  # noqa: F401
from world.digger import approval, party, rules, services
from world.digger.simulate import balance
from world.digger.simulation_jobs import keep_report
from world.digger.store import save_dungeon
from world.kroll import services as kroll
from world.oldgold_travel.models import Hex, Region
from world.requests import services as requests
from world.social import boards, mail
from world.social.models import Entry, Participant, Scene

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "server" / "logs" / "screenshots"
WIDTHS = [1280, 1000, 420]

# An element overflows when it reaches past the page's right edge, unless a box
# that scrolls sideways (a table on a narrow screen, a roll log) holds it.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = el => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (['auto', 'scroll'].includes(style.overflowX)) return true;
    }
    return false;
  };
  const wide = [...document.querySelectorAll('body *')].filter(el => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.right > width + 1 && getComputedStyle(el).position !== 'fixed'
      && !scrolls(el);
  }).map(el => el.tagName + (el.id ? '#' + el.id : '') + '.' + el.className);
  return {scroll: document.documentElement.scrollWidth, width: width, wide: wide.slice(0, 5)};
}"""
NAVBAR_ROWS = """() => [...document.querySelectorAll('.navbar .nav-link')]
  .filter(a => a.offsetParent).map(a => Math.round(a.getBoundingClientRect().top))"""


def _character(account):
    character = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key=account.key)
    account.characters.add(character)
    return character


@pytest.fixture
def site(make_account, monkeypatch):
    """A game with something on every page: Alice plays in every system, Sage is staff."""
    alice, sage = make_account("Alice"), make_account("Sage", "Admin")
    hero, warden = _character(alice), _character(sage)

    # Digger: an approved delver with a tool, a published dungeon, a run one round in
    give_ratings(hero)
    give_tool(hero, "Crowbar", rules.BRUTE)
    approval.approve(warden, hero)
    dungeon = save_dungeon(barrow(), published=True)
    monkeypatch.setattr(services, "is_connected", lambda character: True)
    monkeypatch.setattr(services, "rng", ScriptedDice((4, 5), MISS))
    party.create_party(hero, dungeon.number)
    services.enter(hero)
    run_id = services.active_run_id(hero)
    services.act(hero, "force")
    services.complete(hero)
    simulation = keep_report(warden, dungeon, balance(barrow(), 40, seed=1))

    kroll.roll_up(hero, random.Random(3))
    give_sheet(hero, might=3, hp=9, coin=40, items=[("sword", "hands")])
    company = make_company()
    give_pc(hero, "Wren", company)

    region = Region.objects.create(name="Vale", climate="temperate", season="autumn")
    Hex.objects.bulk_create(Hex(region=region, column=c, row=r, terrain="plains")
                            for r in range(4) for c in range(4))

    filed = requests.file_request(requests.actor_for(alice), "Torch went out",
                                  "My torch died in the second room; was that right?")
    requests.comment(requests.actor_for(sage), filed.request.id, "Yes: the damp rule.")

    scene = Scene.objects.create(title="The Gate at Dusk", room_name="The Lantern Yard",
                                 shared=True)
    Participant.objects.create(scene=scene, account=alice, name="Alice")
    Entry.objects.create(scene=scene, kind="say", speaker="Alice",
                         text='Alice says, "The vault is under the well."')
    _, (letter,) = mail.send(sage, ["Alice"], "Tonight", "Meet at eight by the gate.")
    boards.ensure_default_boards()
    boards.post(alice, "General", "Lost lantern", "Brass, one cracked pane.")
    general = boards.visible_boards(alice).index(boards.find_board(alice, "General")) + 1
    return {
        "hero": hero, "dungeon": dungeon.number, "run": run_id, "simulation": simulation.pk,
        "company": company.pk, "region": region.pk, "request": filed.request.id,
        "scene": scene.id, "letter": letter.id, "board": general,
    }


def public_pages(site):
    return [
        reverse("index"), reverse("login"), reverse("register"), reverse("password_reset"),
        reverse("password_reset_done"),
        reverse("digger:dungeons"), reverse("digger:dungeon", args=[site["dungeon"]]),
        reverse("social:scenes"), reverse("social:scene", args=[site["scene"]]),
        reverse("help"), reverse("characters"), reverse("channels"),
    ]


def player_pages(site):
    hero = site["hero"].id
    return [
        reverse("index"), reverse("webclient:index"), site["hero"].web_get_detail_url(),
        reverse("character-manage"),
        reverse("digger:mine"), reverse("digger:sheet", args=[hero]), reverse("digger:runs"),
        reverse("digger:run", args=[site["run"]]), reverse("kroll:sheet", args=[hero]),
        reverse("goldengrave:companies"), reverse("goldengrave:company", args=[site["company"]]),
        reverse("oldgold:mine"), reverse("oldgold:sheet", args=[hero]),
        reverse("oldgold_travel:regions"), reverse("oldgold_travel:region", args=[site["region"]]),
        reverse("requests:mine"), reverse("requests:new"),
        reverse("requests:detail", args=[site["request"]]),
        reverse("social:mail"), reverse("social:mail_detail", args=[site["letter"]]),
        reverse("social:boards"), reverse("social:board", args=[site["board"]]),
        reverse("social:post", args=[site["board"], 1]), reverse("password_change"),
        reverse("password_change_done"),
    ]


def staff_pages(site):
    return [
        reverse("requests:queue"), reverse("digger:simulations"),
        reverse("digger:simulation", args=[site["simulation"]]),
    ]


def log_in(page, base, name):
    page.goto(f"{base}{reverse('login')}")
    page.fill("#id_username", name)
    page.fill("#id_password", "testpassword")
    page.click("input[type=submit][value=Login]")


def check(page, base, path, width, tag):
    page.set_viewport_size({"width": width, "height": 900})
    response = page.goto(f"{base}{path}")
    assert response.status < 400, f"{path}: {response.status}"
    assert page.url.rstrip("/").endswith(path.rstrip("/")), f"{path} sent us to {page.url}"
    assert page.locator("h1").count() >= 1, f"{path} has no heading"
    metrics = page.evaluate(OVERFLOW)
    assert metrics["scroll"] <= metrics["width"], f"{path} at {width}px overflows: {metrics}"
    assert not metrics["wide"], f"{path} at {width}px: {metrics}"
    if width >= 1280 and not path.startswith(reverse("webclient:index")):  # (it has no navbar)
        heights = page.evaluate(NAVBAR_ROWS)
        # Links of one row differ by a few pixels (left and right groups); a
        # second row is a line lower.
        assert max(heights) - min(heights) < 16, f"{path}: the navbar wraps at {width}px: {heights}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = path.strip("/").replace("/", "_") or "index"
    page.screenshot(path=str(SHOTS / f"{tag}-{name}-{width}.png"), full_page=True)


def test_public_pages_fit_at_both_widths(local_page, live_server, site):
    for width in WIDTHS:
        for path in public_pages(site):
            check(local_page, live_server.url, path, width, "public")


def test_player_pages_fit_at_both_widths(local_page, live_server, site):
    log_in(local_page, live_server.url, "Alice")
    for width in WIDTHS:
        for path in player_pages(site):
            check(local_page, live_server.url, path, width, "player")


def test_staff_pages_fit_at_both_widths(local_page, live_server, site):
    log_in(local_page, live_server.url, "Sage")
    for width in WIDTHS:
        for path in staff_pages(site):
            check(local_page, live_server.url, path, width, "staff")


def test_the_character_page_links_to_every_sheet(local_page, live_server, site):
    log_in(local_page, live_server.url, "Alice")
    local_page.goto(f"{live_server.url}{site['hero'].web_get_detail_url()}")
    links = local_page.locator("#sheet-links a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    hero = site["hero"].id
    assert hrefs == [
        reverse("digger:sheet", args=[hero]), reverse("kroll:sheet", args=[hero]),
        reverse("goldengrave:company", args=[site["company"]]),
        reverse("oldgold:sheet", args=[hero]),
    ]
    for href in hrefs:
        assert local_page.goto(f"{live_server.url}{href}").status == 200, href
