"""Scene, mail and board pages: what the owner sees, and 404s for everyone else."""

import pytest
from django.test import Client
from django.urls import reverse

from world.social import boards, mail
from world.social.models import Entry, Participant, Scene


def logged_in(account):
    client = Client()
    client.force_login(account)
    return client


@pytest.fixture
def players(make_account):
    return make_account("Corwin"), make_account("Wren"), make_account("Mallory")


def make_scene(corwin, wren, shared=False):
    scene = Scene.objects.create(title="The Gate at Dusk", room_name="The Lantern Yard",
                                 shared=shared)
    Participant.objects.create(scene=scene, account=corwin, name="Corwin")
    Participant.objects.create(scene=scene, account=wren, name="Wren")
    Entry.objects.create(scene=scene, kind="say", speaker="Corwin",
                         text='Corwin says, "The vault is under the well."')
    return scene


@pytest.mark.django_db
def test_private_scene_only_for_participants(players):
    corwin, wren, mallory = players
    scene = make_scene(corwin, wren)
    url = reverse("social:scene", args=[scene.id])
    page = logged_in(wren).get(url)
    assert page.status_code == 200 and "The vault is under the well." in page.content.decode()
    assert logged_in(mallory).get(url).status_code == 404
    assert Client().get(url).status_code == 404
    listing = logged_in(mallory).get(reverse("social:scenes"), {"with": "Corwin"})
    assert "The Gate at Dusk" not in listing.content.decode()
    mine = logged_in(wren).get(reverse("social:scenes"), {"with": "Corwin"})
    assert "The Gate at Dusk" in mine.content.decode()


@pytest.mark.django_db
def test_shared_scene_is_public_and_searchable(players):
    corwin, wren, _ = players
    scene = make_scene(corwin, wren, shared=True)
    assert Client().get(reverse("social:scene", args=[scene.id])).status_code == 200
    found = Client().get(reverse("social:scenes"), {"q": "gate"}).content.decode()
    assert "The Gate at Dusk" in found
    found = Client().get(reverse("social:scenes"), {"with": "wren"}).content.decode()
    assert "The Gate at Dusk" in found
    assert "The Gate at Dusk" not in Client().get(
        reverse("social:scenes"), {"q": "harbour"}).content.decode()


@pytest.mark.django_db
def test_mail_is_only_ones_own(players):
    corwin, wren, mallory = players
    _, (copy,) = mail.send(corwin, ["Wren"], "Tonight", "Meet at <b>eight</b>.")
    page = logged_in(wren).get(reverse("social:mail"))
    assert "Tonight" in page.content.decode()
    detail = logged_in(wren).get(reverse("social:mail_detail", args=[copy.id])).content.decode()
    assert "Meet at &lt;b&gt;eight&lt;/b&gt;." in detail
    assert not mail.is_unread(copy)
    assert logged_in(mallory).get(reverse("social:mail_detail", args=[copy.id])).status_code == 404
    assert "Tonight" not in logged_in(mallory).get(reverse("social:mail")).content.decode()
    assert Client().get(reverse("social:mail")).status_code == 302  # to the login page


@pytest.mark.django_db
def test_boards_respect_read_locks(players, make_account):
    corwin, wren, _ = players
    boards.ensure_default_boards()
    staff_board = boards.create_board("Staff notes", "x", "read:perm(Builder);post:perm(Builder)")
    boards.post(corwin, "General", "Lost lantern", "Brass, one cracked pane.")
    sage = make_account("Sage", "Builder")
    boards.post(sage, "Staff notes", "Secret", "Staff only.")
    page = logged_in(wren).get(reverse("social:boards")).content.decode()
    assert "General" in page and "Staff notes" not in page
    general = boards.visible_boards(wren).index(boards.find_board(wren, "General")) + 1
    post = logged_in(wren).get(reverse("social:post", args=[general, 1])).content.decode()
    assert "Brass, one cracked pane." in post
    hidden = len(boards.visible_boards(sage))
    assert staff_board in boards.visible_boards(sage)
    assert logged_in(wren).get(reverse("social:post", args=[hidden, 1])).status_code == 404
    assert "Staff only." in logged_in(sage).get(
        reverse("social:post", args=[hidden, 1])).content.decode()
