"""The Old Gold sheet page: the owner and staff see it, others get a 404."""

import pytest
from django.conf import settings
from django.test import Client
from evennia.utils import create

from tests.oldgold.helpers import give_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def adventurer(make_account):
    account = make_account("Ann")
    character = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key="Ann")
    account.characters.add(character)
    give_sheet(character, might=3, coin=300, items=[("sword", "hands")])
    return account, character


def client_for(account):
    client = Client()
    client.force_login(account)
    return client


def test_the_owner_reads_the_sheet(adventurer):
    account, character = adventurer
    page = client_for(account).get(f"/oldgold/sheets/{character.id}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Level 1 Human" in text and "Sword" in text and "[ooo]" in text
    assert "Coin pouch x1" in text and "Milán László" in text
    assert "speaks Common" in text and "Inventory (2/12 slots)" in text  # sword, a pouch
    mine = client_for(account).get("/oldgold/").content.decode()
    assert f"/oldgold/sheets/{character.id}/" in mine


def test_staff_see_it_and_other_players_do_not(adventurer, make_account):
    _, character = adventurer
    staff = make_account("Sage", "Builder")
    other = make_account("Mallory")
    assert client_for(staff).get(f"/oldgold/sheets/{character.id}/").status_code == 200
    assert client_for(other).get(f"/oldgold/sheets/{character.id}/").status_code == 404
    assert client_for(other).get("/oldgold/sheets/999999/").status_code == 404


def test_a_visitor_must_log_in(adventurer):
    _, character = adventurer
    page = Client().get(f"/oldgold/sheets/{character.id}/")
    assert page.status_code == 302


def test_the_page_shows_name_bonds_and_deity(adventurer):
    account, character = adventurer
    sheet = character.oldgold_sheet
    sheet.details = {**sheet.details, "name": "Wren", "appearance": "scarred",
                     "personality": "curious", "background": "sailor", "motivation": "wealth",
                     "bonds": [{"id": 1, "with": "Bob", "text": "We fled the same fire."}],
                     "deity": {"name": "Sella", "domain": "the rivers", "tenet": "never dam"}}
    sheet.save()
    text = client_for(account).get(f"/oldgold/sheets/{character.id}/").content.decode()
    assert "A scarred, curious former sailor, out for wealth." in text
    assert "Called Wren." in text and "Bond with Bob: We fled the same fire." in text
    assert "Deity: Sella, of the rivers (tenet: never dam)." in text
