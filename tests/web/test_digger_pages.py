"""
Digger's web pages through Django's test client: the dungeon list and detail
(drafts hidden, cards never shown), sheets (own, another player's, staff's
view), run logs for the party and staff, 404s for everyone else, login
redirects and escaping.
"""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from evennia.utils import create

from tests.digger.fixtures import (
    BARROW_CARDS,
    HIT,
    MISS,
    ScriptedDice,
    barrow,
    give_ratings,
    give_tool,
)
from tests.web.asset_refs import remote_asset_loads
from world.digger import approval, party, rules, services
from world.digger.deck import Dungeon
from world.digger.store import save_dungeon

pytestmark = pytest.mark.django_db


@pytest.fixture
def make_delver(make_account):
    """make_delver(name, *permissions) -> (account, its character of the same name)."""

    def make(name, *permissions):
        account = make_account(name, *permissions)
        character = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key=name)
        account.characters.add(character)
        return account, character

    return make


@pytest.fixture
def ann(make_delver):
    return make_delver("Ann")


@pytest.fixture
def bob(make_delver):
    return make_delver("Bob")


@pytest.fixture
def mallory(make_delver):
    return make_delver("Mallory")


@pytest.fixture
def sage(make_delver):
    return make_delver("Sage", "Builder")


@pytest.fixture
def barrow_dungeon(db):
    return save_dungeon(barrow(), published=True)


@pytest.fixture
def online(monkeypatch):
    monkeypatch.setattr(services, "is_connected", lambda character: True)


def logged_in(account):
    client = Client()
    client.force_login(account)
    return client


def html(client, name, *args):
    """The page's HTML, its white space runs made single spaces."""
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, f"{name}{args}: {response.status_code}"
    return " ".join(response.content.decode().split())


def status(client, name, *args):
    return client.get(reverse(name, args=args)).status_code


def with_dice(monkeypatch, *pairs):
    monkeypatch.setattr(services, "rng", ScriptedDice(*pairs))


CARD_TEXTS = [card.text for card in BARROW_CARDS]


# ---------------------------------------------------------------- dungeons


def test_the_list_shows_published_dungeons_only(client, barrow_dungeon):
    save_dungeon(barrow(2, name="Unfinished Vault"), published=False)
    page = html(client, "digger:dungeons")
    assert "Test Barrow" in page and "A small barrow." in page
    assert reverse("digger:dungeon", args=[1]) in page
    row = page.split('id="dungeons"')[1]
    assert "<td>Ruin</td>" in row and "<td>6</td>" in row and "Level 3" in row
    assert "Unfinished Vault" not in page
    assert not remote_asset_loads(page)


def test_the_detail_tells_about_the_dungeon_but_shows_no_card(client, barrow_dungeon):
    page = html(client, "digger:dungeon", 1)
    assert "Test Barrow" in page and "A small barrow." in page
    assert "A golden idol." in page  # the reward
    assert "Ruin" in page and "52% to 68%" in page and "Level 1 to" in page
    counts = page.split('id="challenges-by-ability"')[1].split("</table>")[0]
    for ability, action, count in (
        ("Brute", "Force", 2),
        ("Agility", "Rush", 1),
        ("Wits", "Investigate", 1),
        ("Combat", "Fight", 2),
    ):
        assert f"<td>{ability}</td><td>{action}</td><td>{count}</td>" in counts
    for card in BARROW_CARDS:
        assert card.text not in page
        assert card.title not in page
    assert 'id="draft"' not in page
    assert status(client, "digger:dungeon", 99) == 404


def test_a_draft_is_404_except_for_staff(client, ann, sage):
    save_dungeon(barrow(2, name="Unfinished Vault"), published=False)
    assert status(client, "digger:dungeon", 2) == 404
    assert status(logged_in(ann[0]), "digger:dungeon", 2) == 404
    page = html(logged_in(sage[0]), "digger:dungeon", 2)
    assert "Unfinished Vault" in page and 'id="draft"' in page
    assert "Unfinished Vault" not in html(logged_in(sage[0]), "digger:dungeons")
    assert not any(text in page for text in CARD_TEXTS)


def test_player_text_is_escaped_and_colour_codes_stripped(client):
    save_dungeon(
        Dungeon(
            3,
            "<script>alert(1)</script>",
            rules.RUIN,
            "|rRed|n & <b>bold</b>",
            "<img src=x onerror=alert(2)>",
            BARROW_CARDS,
        ),
        published=True,
    )
    for page in (html(client, "digger:dungeons"), html(client, "digger:dungeon", 3)):
        assert "<script>alert(1)</script>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "Red &amp; &lt;b&gt;bold&lt;/b&gt;" in page and "|r" not in page
    assert "<img src=x" not in html(client, "digger:dungeon", 3)


# ---------------------------------------------------------------- sheets


def test_my_delver_shows_the_whole_sheet(ann):
    account, character = ann
    give_ratings(character, brute=4, wits=2)
    give_tool(character, "Crowbar", rules.BRUTE)
    give_tool(character, "Lantern", rules.WITS, rules.MINOR, load=False)
    page = html(logged_in(account), "digger:mine")
    assert "Ann" in page and "Base form" in page and "in chargen" in page
    ratings = page.split("sheet-ratings")[1].split("</table>")[0]
    assert "Brute (Force)" in ratings and "<td>4</td><td>3</td><td>2</td><td>3</td>" in ratings
    assert f"DP unspent:</strong> {rules.STARTING_DP}" in page
    tools = page.split("sheet-tools")[1].split("</table>")[0]
    assert "Crowbar" in tools and "Brute Major" in tools and "Lantern" in tools
    assert tools.count("loaded</span>") == 1
    assert "Belt: 1 of 2 slots loaded (Chapter 1)" in page
    assert "starting Digger Points" in page  # the DP ledger
    assert reverse("digger:sheet", args=[character.id]) in page


def test_another_players_sheet_once_approved_and_without_private_parts(ann, mallory, sage):
    account, character = ann
    give_ratings(character, combat=5)
    give_tool(character, "Crowbar", rules.BRUTE)
    nosy = logged_in(mallory[0])
    assert status(nosy, "digger:sheet", character.id) == 404
    own = html(logged_in(account), "digger:sheet", character.id)
    assert "in chargen" in own and "starting Digger Points" in own

    approval.approve(sage[1], character)
    public = html(nosy, "digger:sheet", character.id)
    assert "Ann" in public and "approved" in public and "Crowbar" in public
    assert "<td>3</td><td>3</td><td>3</td><td>5</td>" in public
    for private in ("DP unspent", "DP ledger", "starting Digger Points", "Belt:", "Uses"):
        assert private not in public


def test_staff_see_every_sheet_with_its_ledger(ann, sage):
    _account, character = ann
    page = html(logged_in(sage[0]), "digger:sheet", character.id)
    assert "in chargen" in page and "DP unspent" in page and "starting Digger Points" in page


def test_only_characters_have_sheets(ann, barrow_dungeon):
    room = create.create_object(settings.BASE_ROOM_TYPECLASS, key="Hall")
    client = logged_in(ann[0])
    assert status(client, "digger:sheet", room.id) == 404
    assert status(client, "digger:sheet", 99999) == 404


# ---------------------------------------------------------------- runs


@pytest.fixture
def entered_run(ann, bob, barrow_dungeon, online, monkeypatch):
    """Ann leads Bob into the barrow: the Gate is drawn. Returns the run's id."""
    for _account, character in (ann, bob):
        give_ratings(character)
    party.create_party(ann[1], 1)
    party.join_party(bob[1], ann[1])
    with_dice(monkeypatch)
    services.enter(ann[1])
    return services.active_run_id(ann[1])


@pytest.fixture
def run_in_progress(ann, bob, entered_run, monkeypatch):
    """The party has passed the Gate (Ann rolled 4+5, Bob 1+1)."""
    services.act(ann[1], "force")
    services.act(bob[1], "force")
    with_dice(monkeypatch, (4, 5), MISS)
    services.complete(ann[1])
    return entered_run


def test_a_run_for_its_party(ann, bob, run_in_progress, monkeypatch):
    runs = html(logged_in(bob[0]), "digger:runs")
    assert reverse("digger:run", args=[run_in_progress]) in runs
    assert "#1 Test Barrow" in runs and "Ann, Bob" in runs and "in progress" in runs

    page = html(logged_in(ann[0]), "digger:run", run_in_progress)
    rounds = page.split('id="run-rounds"')[1].split("</table>")[0]
    assert "The Gate" in rounds and "Entry" in rounds and "Brute" in rounds
    assert "1 (target 9)" in rounds and "passed" in rounds and "+15 (now 15)" in rounds
    log = page.split('id="roll-log"')[1].split("</table>")[0]
    assert "<td>4+5</td>" in log and "+3 rating" in log and "12 vs 9" in log
    assert "success" in log and "<td>1+1</td>" in log and "5 vs 9" in log and "failure" in log
    assert "Tire +3" in log and "party passed +4" in log
    assert not any(text in page for text in CARD_TEXTS)

    services.draw(ann[1])
    services.act(ann[1], "rush")
    services.act(bob[1], "rush")
    with_dice(monkeypatch, HIT, HIT)
    services.complete(ann[1])
    page = html(logged_in(bob[0]), "digger:run", run_in_progress)
    assert "The Hall" in page and "+15 (now 30)" in page
    assert "<td>6+6</td>" in page and "&rarr; 19" in page  # Bob's Exhaustion: 12, then +7


def test_a_run_is_404_for_anyone_else_but_staff(ann, mallory, sage, run_in_progress):
    nosy = logged_in(mallory[0])
    assert status(nosy, "digger:run", run_in_progress) == 404
    assert status(nosy, "digger:run", run_in_progress + 100) == 404
    assert reverse("digger:run", args=[run_in_progress]) not in html(nosy, "digger:runs")
    assert "Latest runs of everyone" not in html(nosy, "digger:runs")

    staff = logged_in(sage[0])
    assert "12 vs 9" in html(staff, "digger:run", run_in_progress)
    recent = html(staff, "digger:runs").split('id="recent-runs"')[1]
    assert reverse("digger:run", args=[run_in_progress]) in recent
    assert status(staff, "digger:run", run_in_progress + 100) == 404


def test_a_run_just_entered_and_a_finished_one(ann, bob, entered_run):
    page = html(logged_in(bob[0]), "digger:run", entered_run)
    assert "pending" in page and "No round has been completed yet." in page

    services.retreat(ann[1])
    page = html(logged_in(bob[0]), "digger:run", entered_run)
    assert "<strong>retreat</strong>" in page
    assert "retreat" in html(logged_in(ann[0]), "digger:runs")


# ---------------------------------------------------------------- logins and the menu


def test_logins_are_required_except_for_dungeons(client, ann, barrow_dungeon):
    character_id = ann[1].id
    for name, args in (
        ("digger:mine", ()),
        ("digger:sheet", (character_id,)),
        ("digger:runs", ()),
        ("digger:run", (1,)),
    ):
        response = client.get(reverse(name, args=args))
        assert response.status_code == 302 and "login" in response["Location"], name
    assert status(client, "digger:dungeons") == 200


def test_menu_links(client, ann):
    anonymous = client.get("/").content.decode()
    assert 'href="/dungeons/"' in anonymous and 'href="/dungeons/delver/"' not in anonymous
    member = logged_in(ann[0]).get("/").content.decode()
    assert 'href="/dungeons/delver/"' in member and 'href="/requests/"' in member
