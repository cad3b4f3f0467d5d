"""
The desk's services on their own: the Digger link, unread marks, the login
notice, and that a refused change leaves nothing behind.
"""

import re
import sys
import types
from datetime import timedelta
from unittest.mock import Mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from world.requests import notify, services
from world.requests.errors import NoSuchRequest, RequestError
from world.requests.models import Event, ReadMarker, Request


class FakeCharacter:
    key = "Brannoc"


def actor(account, character=None):
    return services.Actor(account=account, is_staff=services.is_staff(account), character=character)


@pytest.fixture
def digger(monkeypatch):
    """A stand-in for world.digger.services with the two functions the desk calls."""
    module = types.ModuleType("world.digger.services")
    module.active_run_id = lambda character: 42 if character.key == "Brannoc" else None
    module.run_log = lambda run_id: [
        f"run {run_id}: Brannoc rolled 2d6 (3, 5) +4 = 12 vs 9: success"
    ]
    monkeypatch.setitem(sys.modules, "world.digger.services", module)
    return module


@pytest.mark.django_db
def test_request_filed_in_a_run_links_it_and_staff_see_its_log(digger, player, staff):
    event = services.file_request(
        actor(player, FakeCharacter()), "Trap", "Level looked wrong.", "digger"
    )
    request = event.request
    assert request.run_id == 42 and request.filed_as == "Brannoc"

    staff_view = services.read_request(actor(staff), request.id)
    assert staff_view.run_log == ["run 42: Brannoc rolled 2d6 (3, 5) +4 = 12 vs 9: success"]
    player_view = services.read_request(actor(player), request.id)
    assert player_view.run_log is None and player_view.events == []

    html = _client(staff).get(reverse("requests:detail", args=[request.id])).content.decode()
    assert "Roll log of Digger run #42" in html and "12 vs 9: success" in html
    html = _client(player).get(reverse("requests:detail", args=[request.id])).content.decode()
    assert "Roll log" not in html and "12 vs 9" not in html


@pytest.mark.django_db
def test_without_the_digger_app_requests_still_work(monkeypatch, player, staff):
    monkeypatch.setitem(sys.modules, "world.digger.services", None)  # import fails
    request = services.file_request(actor(player, FakeCharacter()), "T", "x").request
    assert request.run_id is None
    assert services.run_log(5) is None


@pytest.mark.django_db
def test_a_broken_digger_does_not_stop_a_bug_report(digger, player):
    def broken(character):
        raise RuntimeError("digger is broken")

    digger.active_run_id = broken
    request = services.file_request(
        actor(player, FakeCharacter()), "Bug", "It broke.", "bug"
    ).request
    assert request.run_id is None


@pytest.mark.django_db
def test_filed_on_the_web_no_run_is_linked(digger, player):
    request = services.file_request(actor(player), "T", "x").request
    assert (request.run_id, request.filed_as) == (None, "")


@pytest.mark.django_db
def test_unread_marks_follow_what_each_reader_may_see(player, staff, other_player):
    alice, sage = actor(player), actor(staff)
    number = services.file_request(alice, "T", "x").request.id

    def unread(who):
        rows = services.own_requests(who) if not who.is_staff else services.staff_queue(who).rows
        return [row.unread for row in rows]

    assert unread(alice) == [False]  # filing counts as reading
    assert unread(sage) == [True]  # new to staff
    services.read_request(sage, number)
    assert unread(sage) == [False]
    services.add_note(sage, number, "internal")
    assert unread(alice) == [False]  # a note is nothing new for the player
    services.comment(sage, number, "answer")
    assert unread(alice) == [True]
    assert services.unread_staff_replies(player) == [number]
    services.read_request(alice, number)
    assert unread(alice) == [False] and services.unread_staff_replies(player) == []
    services.comment(alice, number, "thanks")
    assert unread(alice) == [False]
    assert services.unread_staff_replies(other_player) == []


@pytest.mark.django_db
def test_a_staff_note_is_not_activity_the_player_sees(player, staff):
    alice, sage = actor(player), actor(staff)
    number = services.file_request(alice, "T", "x").request.id
    long_ago = timezone.now() - timedelta(days=3)
    Request.objects.filter(id=number).update(updated=long_ago)
    services.add_note(sage, number, "internal")
    assert Request.objects.get(id=number).updated == long_ago
    (row,) = services.own_requests(alice)
    assert row.request.updated == long_ago
    shown = long_ago.astimezone(timezone.get_current_timezone()).strftime("%Y-%m-%d %H:%M")
    assert shown in _client(player).get(reverse("requests:mine")).content.decode()
    services.comment(sage, number, "answer")
    assert Request.objects.get(id=number).updated > long_ago


@pytest.mark.django_db
def test_an_assigned_request_is_new_to_its_assignee(player, staff, make_account):
    warden = actor(make_account("Warden", "Builder"))
    number = services.file_request(actor(player), "T", "x").request.id
    services.read_request(warden, number)
    assert [row.unread for row in services.staff_queue(warden).rows] == [False]
    services.assign(actor(staff), number, "Warden")
    assert [row.unread for row in services.staff_queue(warden).rows] == [True]


@pytest.mark.django_db
def test_requests_are_in_the_admin(player, make_account):
    number = services.file_request(actor(player), "Admin view", "x").request.id
    superuser = make_account("Root")
    superuser.is_superuser = superuser.is_staff = True
    superuser.save()
    root = _client(superuser)
    listing = root.get("/admin/requests_desk/request/")
    assert listing.status_code == 200 and "Admin view" in listing.content.decode()
    change = root.get(f"/admin/requests_desk/request/{number}/change/")
    assert change.status_code == 200
    html = change.content.decode()
    assert 'name="title" value="Admin view"' in html
    # The history inline: the FILED event, by Alice.
    assert re.search(r'class="field-action">\s*<p>filed</p>', html)
    assert re.search(r'class="field-actor">\s*<p><a [^>]*>Alice\b', html)


@pytest.mark.django_db
def test_added_player_is_told_at_login(player, staff, other_player):
    number = services.file_request(actor(player), "T", "x").request.id
    services.add_player(actor(staff), number, "Mallory")
    services.comment(actor(staff), number, "Both of you, look.")
    told = []
    other_player.msg = told.append
    notify.on_login(other_player)
    assert len(told) == 1 and f"#{number}" in told[0]


@pytest.mark.django_db
def test_staff_are_told_at_login_of_unread_requests_assigned_to_them(player, staff, make_account):
    warden = make_account("Warden", "Builder")
    alice, sage = actor(player), actor(staff)
    first = services.file_request(alice, "First", "x").request.id
    second = services.file_request(alice, "Second", "x").request.id
    closed = services.file_request(alice, "Closed", "x").request.id
    services.file_request(alice, "Not Warden's", "x")
    for number in (first, second, closed):
        services.assign(sage, number, "Warden")
    services.close(sage, closed, "Done.")

    def told():
        heard = []
        warden.msg = heard.append
        notify.on_login(warden)
        del warden.msg
        return [text for text in heard if "assigned to you" in text]

    assert told() == [
        f"|wRequests:|n open requests assigned to you have news you have not read: "
        f"#{first}, #{second}. See |w+requests/all assignee=me|n."
    ]
    services.read_request(actor(warden), first)
    (notice,) = told()
    assert f"#{second}." in notice and f"#{first}" not in notice
    services.read_request(actor(warden), second)
    assert told() == []
    services.comment(alice, second, "Any news?")  # news again
    (notice,) = told()
    assert f"#{second}." in notice and f"#{first}" not in notice
    assert services.unread_assigned(staff) == []


@pytest.mark.django_db
def test_the_account_login_hook_gives_the_notice(player, staff):
    number = services.file_request(actor(player), "T", "x").request.id
    services.comment(actor(staff), number, "Answered.")
    player.msg = Mock()
    player.at_post_login()  # the game's Account typeclass (typeclasses/accounts.py)
    told = " ".join(str(call.args[0]) for call in player.msg.call_args_list if call.args)
    assert f"#{number}" in told and "+requests" in told


@pytest.mark.django_db
def test_staff_join_the_channel_at_login_and_players_do_not(player, staff):
    notify.on_login(staff)
    notify.on_login(player)
    channel = notify.staff_channel()
    assert channel.has_connection(staff) and not channel.has_connection(player)


@pytest.mark.django_db
def test_refused_changes_leave_no_trace(player, staff):
    alice, sage = actor(player), actor(staff)
    request = services.file_request(alice, "T", "x").request
    before = (Event.objects.count(), ReadMarker.objects.count())
    for change in (
        lambda: services.close(sage, request.id, ""),
        lambda: services.assign(sage, request.id, "Alice"),
        lambda: services.comment(alice, request.id, "y" * 5000),
        lambda: services.file_request(alice, "T", "x", "weird"),
        lambda: services.cancel(actor(staff), request.id),
    ):
        with pytest.raises(RequestError):
            change()
    assert (Event.objects.count(), ReadMarker.objects.count()) == before
    assert Request.objects.get().status == "open"


@pytest.mark.django_db
def test_no_such_request_is_the_same_for_missing_and_private(player, other_player):
    number = services.file_request(actor(player), "T", "x").request.id
    with pytest.raises(NoSuchRequest) as private:
        services.read_request(actor(other_player), number)
    with pytest.raises(NoSuchRequest) as missing:
        services.read_request(actor(other_player), number + 1)
    assert str(private.value).replace(str(number), "N") == str(missing.value).replace(
        str(number + 1), "N"
    )


def _client(account):
    client = Client()
    client.force_login(account)
    return client
