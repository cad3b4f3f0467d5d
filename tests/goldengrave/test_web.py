"""A company's web page through Django's test client, and in a real browser:
members and staff see it, anyone else gets a 404; the map follows the
dungeon's difficulty."""

import pytest
from django.conf import settings
from django.test import Client
from evennia.utils import create
from playwright.sync_api import expect

from tests.goldengrave.helpers import give_pc, make_company
from tests.requests.test_browser import django_beside_playwright, local_page  # noqa: F401
from world.goldengrave import services
from world.goldengrave.models import Dungeon, DungeonRoom, GloryEntry, GoldengraveRoll


def _player(make_account, name, *perms):
    account = make_account(name, *perms)
    character = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key=name)
    account.characters.add(character)
    return account, character


def _delving_company(ann_char, difficulty="normal"):
    company = make_company()
    give_pc(ann_char, "Wren", company)
    town = create.create_object("typeclasses.rooms.Room", key="Gatetown")
    hall = create.create_object("typeclasses.rooms.Room", key="Mossy Hall")
    crypt = create.create_object("typeclasses.rooms.Room", key="Low Crypt")
    create.create_object("typeclasses.exits.Exit", key="east", location=hall, destination=crypt)
    dungeon = Dungeon.objects.create(name="Chapel", gm=None, town=town, difficulty=difficulty)
    staff = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key="Gm")
    staff.permissions.add("Builder")
    services.add_room(staff, dungeon, hall)
    services.add_room(staff, dungeon, crypt)
    ann_char.location = hall
    services.enter_room(ann_char, hall)
    GloryEntry.objects.create(company=company, change=3, balance=3, reason="Night in town, Rank B")
    GoldengraveRoll.objects.create(kind="damage", company=company, roller=ann_char,
                                   dice=[3, 5], outcome="Power 2 damage: [3, ~5~] = 3")
    return company


@pytest.mark.django_db
def test_members_and_staff_see_the_page_others_do_not(make_account):
    ann, ann_char = _player(make_account, "Ann")
    mal, _ = _player(make_account, "Mallory")
    sage, _ = _player(make_account, "Sage", "Builder")
    company = _delving_company(ann_char)
    url = f"/goldengrave/companies/{company.pk}/"
    client = Client()
    assert client.get(url).status_code == 302  # login first
    client.force_login(ann)
    page = client.get(url).content.decode()
    assert "Wren (Ann)" in page and "Night in town, Rank B" in page
    assert "[3, ~5~]" in page and "Mossy Hall" in page and "Low Crypt" not in page
    client.force_login(mal)
    assert client.get(url).status_code == 404
    assert client.get("/goldengrave/companies/999999/").status_code == 404
    client.force_login(sage)
    assert client.get(url).status_code == 200
    assert "The Lanterns" in client.get("/goldengrave/").content.decode()


@pytest.mark.django_db
def test_map_by_difficulty_on_the_page(make_account):
    ann, ann_char = _player(make_account, "Ann")
    company = _delving_company(ann_char, "hard")
    client = Client()
    client.force_login(ann)
    page = client.get(f"/goldengrave/companies/{company.pk}/").content.decode()
    assert "Hard: the game gives no map" in page and "Mossy Hall" not in page
    assert 'class="gg-map"' not in page
    type(company).objects.filter(pk=company.pk).update(map_note="[1]--[2]\n |")
    page = client.get(f"/goldengrave/companies/{company.pk}/").content.decode()
    assert '<pre id="mapper-map">[1]--[2]\n |\n</pre>' in page  # the mapper's own
    Dungeon.objects.update(difficulty="easy")
    page = client.get(f"/goldengrave/companies/{company.pk}/").content.decode()
    # the whole map, unlabelled: two rooms and their corridor, the company's
    # room marked @, no room named or numbered (not even in a tooltip)
    assert page.count('<g class="room') == 2 and page.count('class="corridor"') == 1
    assert '<g class="room here">' in page and ">@</text>" in page
    assert "Mossy Hall" not in page and "Low Crypt" not in page and ">2</text>" not in page
    Dungeon.objects.update(difficulty="normal")
    page = client.get(f"/goldengrave/companies/{company.pk}/").content.decode()
    # only the room entered: no corridor to a room not yet seen
    assert page.count('<g class="room') == 1 and 'class="corridor"' not in page
    assert "1: Mossy Hall" in page and "Low Crypt" not in page


@pytest.mark.django_db
def test_the_dungeon_page_is_for_its_gm_and_staff(make_account):
    ann, ann_char = _player(make_account, "Ann")
    gm, gm_char = _player(make_account, "Gemma")
    sage, _ = _player(make_account, "Sage", "Builder")
    company = _delving_company(ann_char)
    dungeon = Dungeon.objects.get()
    dungeon.gm = gm_char
    dungeon.save()
    DungeonRoom.objects.filter(number=2).update(starred=True)
    crypt = DungeonRoom.objects.get(number=2).room
    create.create_object("typeclasses.goldengrave.GoldengraveTrap", key="Dart Trap", location=crypt)
    url = f"/goldengrave/dungeons/{dungeon.pk}/"
    client = Client()
    client.force_login(ann)
    assert client.get(url).status_code == 404  # a player in the company is not its GM
    assert "Dungeons you run" not in client.get("/goldengrave/").content.decode()
    for who in (gm, sage):
        client.force_login(who)
        assert f'href="{url}"' in client.get("/goldengrave/").content.decode()
        page = client.get(url).content.decode()
        assert "Mossy Hall" in page and "Low Crypt" in page and "Dart Trap (trap, Power 1)" in page
        assert page.count('<g class="room') == 2 and 'class="star"' in page
        assert company.name in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_member_reads_the_company_page_in_a_browser(local_page, live_server, make_account):
    ann, ann_char = _player(make_account, "Ann")
    company = _delving_company(ann_char)
    page = local_page
    page.goto(f"{live_server.url}/goldengrave/")
    page.fill("#id_username", "Ann")
    page.fill("#id_password", "testpassword")
    page.click("input[type=submit][value=Login]")
    page.click(f"#companies a[href='/goldengrave/companies/{company.pk}/']")
    expect(page.locator("h1")).to_have_text("The Lanterns")
    expect(page.locator("#company-sheet")).to_contain_text("Stamina")
    expect(page.locator("#company-members")).to_contain_text("Wren (Ann)")
    expect(page.locator("#glory-history")).to_contain_text("Rank B")
    expect(page.locator("#roll-log")).to_contain_text("[3, ~5~] = 3")
    expect(page.locator("#company-map svg g.room.here")).to_have_count(1)
    expect(page.locator("#company-map svg g.room.here")).to_be_visible()
    expect(page.locator("#company-map li")).to_have_text(["1: Mossy Hall"])
