"""
The +request desk on the web, through Django's test client: a player and a
staff member through the flow, privacy (404s), CSRF, escaping and refusals.
"""

import re
from datetime import timedelta
from types import SimpleNamespace
from unittest.mock import patch

import pytest
from django.test import Client
from django.urls import reverse

from world.requests import rules, services
from world.requests.models import Entry, Request


_CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def logged_in(account, **client_options):
    client = Client(**client_options)
    client.force_login(account)
    return client


def file_on_web(
    client, title="Lantern broken", text="My lantern went out for good.", category="bug"
):
    response = client.post(
        reverse("requests:new"), {"title": title, "text": text, "category": category}
    )
    assert response.status_code == 302, response.content.decode()[:500]
    return Request.objects.latest("id")


def act(client, request, action, value=None):
    data = {} if value is None else {"value": value}
    return client.post(reverse("requests:act", args=[request.id, action]), data, follow=True)


def page(client, name, *args, **query):
    return client.get(reverse(name, args=args), query)


@pytest.mark.django_db
def test_player_and_staff_through_a_request(player, staff):
    alice, sage = logged_in(player), logged_in(staff)

    assert page(alice, "requests:new").status_code == 200
    request = file_on_web(alice)
    assert (request.filer, request.category, request.status) == (player, "bug", "open")
    shown = page(alice, "requests:detail", request.id)
    assert shown.status_code == 200
    assert "Lantern broken" in shown.content.decode()
    assert "Lantern broken" in page(alice, "requests:mine").content.decode()

    queue = page(sage, "requests:queue").content.decode()
    assert "Lantern broken" in queue and "Alice" in queue
    assert "Claim" in page(sage, "requests:detail", request.id).content.decode()
    act(sage, request, "claim")
    act(sage, request, "note", "Lantern oil rule misapplied")
    act(sage, request, "comment", "Refilled it; try again.")
    answered = act(sage, request, "close", "Lantern fixed.")
    staff_view = answered.content.decode()
    for expected in ("Lantern oil rule misapplied", "History", "claimed", "Lantern fixed."):
        assert expected in staff_view

    request.refresh_from_db()
    assert (request.status, request.assignee, request.resolution) == (
        "closed",
        staff,
        "Lantern fixed.",
    )
    # The player's list marks the reply as new until the player reads it.
    assert "new</span>" in page(alice, "requests:mine").content.decode()
    player_view = page(alice, "requests:detail", request.id).content.decode()
    assert "Refilled it; try again." in player_view and "Lantern fixed." in player_view
    assert "Lantern oil rule misapplied" not in player_view
    assert "History" not in player_view and "Claim" not in player_view
    assert "new</span>" not in page(alice, "requests:mine").content.decode()

    act(sage, request, "reopen")
    act(alice, request, "comment", "Thanks!")
    act(alice, request, "cancel")
    request.refresh_from_db()
    assert request.status == "cancelled"
    assert list(request.events.values_list("action", flat=True)) == [
        "filed",
        "claimed",
        "noted",
        "commented",
        "closed",
        "reopened",
        "commented",
        "cancelled",
    ]


@pytest.mark.django_db
def test_staff_queue_filters_and_assignment(player, staff, make_account):
    warden = make_account("Warden", "Builder")
    sage = logged_in(staff)
    bug = file_on_web(logged_in(player))
    plot = file_on_web(logged_in(player), title="A rumour", category="plot")
    act(sage, bug, "assign", "Warden")
    assert Request.objects.get(id=bug.id).assignee == warden

    def queue(**filters):
        return page(sage, "requests:queue", **filters).content.decode()

    assert "A rumour" not in queue(category="bug")
    assert "Lantern broken" in queue(assignee="Warden")
    assert "Lantern broken" not in queue(assignee="none")
    assert "There is no status lost" in queue(status="lost")
    assert "Lantern broken" in queue(player="Alice", status="all")


@pytest.mark.django_db
def test_the_queue_lists_open_requests_oldest_first(player, staff):
    alice, sage = logged_in(player), logged_in(staff)
    newer = file_on_web(alice, title="Newer one")
    older = file_on_web(alice, title="Older one")
    closed = file_on_web(alice, title="Oldest closed one")
    # Numbers and age disagree, so the order shows which one the queue follows.
    Request.objects.filter(id=older.id).update(created=newer.created - timedelta(hours=1))
    Request.objects.filter(id=closed.id).update(created=newer.created - timedelta(days=1))
    act(sage, closed, "close", "Done.")
    act(sage, older, "comment", "Latest activity.")
    html = page(sage, "requests:queue", status="all").content.decode()
    titles = ["Older one", "Newer one", "Oldest closed one"]
    assert all(title in html for title in titles)
    assert sorted(titles, key=html.index) == titles
    assert "Oldest closed one" not in page(sage, "requests:queue").content.decode()


@pytest.mark.django_db
def test_another_player_gets_404_everywhere(player, other_player):
    request = file_on_web(logged_in(player))
    mallory = logged_in(other_player)

    assert page(mallory, "requests:detail", request.id).status_code == 404
    assert page(mallory, "requests:detail", request.id + 1000).status_code == 404
    for action, value in [
        ("comment", "mine now"),
        ("cancel", None),
        ("close", "done"),
        ("claim", None),
        ("note", "x"),
        ("reopen", None),
        ("assign", "Mallory"),
        ("addplayer", "Mallory"),
    ]:
        response = act(mallory, request, action, value)
        assert response.status_code == 404, action
    assert page(mallory, "requests:queue").status_code == 404
    assert "Lantern broken" not in page(mallory, "requests:mine").content.decode()

    request.refresh_from_db()
    assert (request.status, request.entries.count(), request.events.count()) == ("open", 0, 1)


@pytest.mark.django_db
def test_a_failed_notice_does_not_fail_the_page(player):
    alice = logged_in(player)
    broken = patch("world.requests.notify.staff_channel", side_effect=RuntimeError("down"))
    with broken, patch("world.requests.notify.logger.log_trace") as trace:
        request = file_on_web(alice)
        response = act(alice, request, "comment", "Any news?")
    assert response.status_code == 200
    assert f"You added a comment to #{request.id}." in response.content.decode()
    assert trace.call_count == 2
    assert Entry.objects.get().text == "Any news?"


@pytest.mark.django_db
def test_odd_numbers_in_urls_are_404(player, staff):
    request = file_on_web(logged_in(player))
    sage = logged_in(staff)
    for number in ("9" * 25, "9" * 5000, "%C2%B2", "%D9%A3", f"{request.id}%C2%B2"):
        assert sage.get(f"/requests/{number}/").status_code == 404, number[:30]
        assert sage.post(f"/requests/{number}/comment/", {"value": "x"}).status_code == 404
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_action_urls_answer_the_same_for_private_and_missing_requests(player, other_player):
    private = file_on_web(logged_in(player)).id
    missing = private + 1000
    mallory = logged_in(other_player)

    def answer(number, action, method, data):
        url = reverse("requests:act", args=[number, action])
        response = getattr(mallory, method)(url, data, follow=True)
        html = _CSRF_TOKEN.sub("", response.content.decode())
        return response.status_code, html.replace(f"/{number}/", "/N/").replace(f"#{number}", "#N")

    tries = [("get", {}), ("post", {}), ("post", {"value": ""}), ("post", {"value": "x"})]
    for action in ("comment", "cancel", "close", "claim", "note", "reopen", "assign", "addplayer"):
        for method, data in tries:
            assert answer(private, action, method, data) == answer(missing, action, method, data)
            assert answer(private, action, method, data)[0] in (404, 405), (action, method, data)
    assert Request.objects.get().entries.count() == 0


@pytest.mark.django_db
def test_staff_notes_never_reach_the_player(player, staff):
    request = file_on_web(logged_in(player))
    act(logged_in(staff), request, "note", "Secret: the player is right")
    alice = logged_in(player)
    for url in (reverse("requests:detail", args=[request.id]), reverse("requests:mine")):
        assert "Secret" not in alice.get(url).content.decode()
    assert Entry.objects.get().kind == "note"


@pytest.mark.django_db
def test_login_required(client, player):
    for url in (reverse("requests:mine"), reverse("requests:new"), reverse("requests:queue")):
        response = client.get(url)
        assert response.status_code == 302 and "login" in response["Location"]
    response = client.post(reverse("requests:new"), {"title": "T", "text": "x", "category": "bug"})
    assert response.status_code == 302 and not Request.objects.exists()


@pytest.mark.django_db
def test_csrf_is_enforced(player):
    strict = logged_in(player, enforce_csrf_checks=True)
    response = strict.post(reverse("requests:new"), {"title": "T", "text": "x", "category": "bug"})
    assert response.status_code == 403
    assert not Request.objects.exists()
    request = file_on_web(logged_in(player))
    assert strict.post(reverse("requests:act", args=[request.id, "cancel"])).status_code == 403
    request.refresh_from_db()
    assert request.status == "open"
    assert "csrfmiddlewaretoken" in strict.get(reverse("requests:new")).content.decode()


@pytest.mark.django_db
def test_player_text_is_escaped_and_colour_codes_stripped(player, staff):
    alice = logged_in(player)
    request = file_on_web(alice, title="<script>alert(1)</script>", text="|rRed|n & <b>bold</b>")
    act(logged_in(staff), request, "comment", "<img src=x onerror=alert(2)>")
    for html in (
        page(alice, "requests:mine").content.decode(),
        page(alice, "requests:detail", request.id).content.decode(),
        page(logged_in(staff), "requests:queue").content.decode(),
    ):
        assert "<script>alert(1)</script>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    detail = page(alice, "requests:detail", request.id).content.decode()
    assert "Red &amp; &lt;b&gt;bold&lt;/b&gt;" in detail and "|r" not in detail
    assert "<img src=x" not in detail
    assert Request.objects.get().text == "|rRed|n & <b>bold</b>"  # stored as typed


@pytest.mark.django_db
def test_character_names_are_shown_without_colour_codes(player, staff):
    character = SimpleNamespace(key="|rRed|n <i>Knight</i> |lcquit|ltnow|le")
    alice = services.Actor(account=player, is_staff=False, character=character)
    request = services.file_request(alice, "Filed in-game", "x").request
    for html in (
        page(logged_in(player), "requests:detail", request.id).content.decode(),
        page(logged_in(staff), "requests:detail", request.id).content.decode(),
        page(logged_in(staff), "requests:queue").content.decode(),
    ):
        assert "(Red &lt;i&gt;Knight&lt;/i&gt; now)" in html
        assert "|r" not in html and "|lc" not in html


@pytest.mark.django_db
def test_refusals_on_the_web(player, staff):
    alice = logged_in(player)
    for data, problem in [
        ({"title": "", "text": "x", "category": "bug"}, "The title is empty"),
        ({"title": "T", "text": "   ", "category": "bug"}, "The text is empty"),
        (
            {"title": "T", "text": "x" * (rules.TEXT_MAX + 1), "category": "bug"},
            "The text is too long",
        ),
        (
            {"title": "T" * (rules.TITLE_MAX + 1), "text": "x", "category": "bug"},
            "The title is too long",
        ),
        ({"title": "T", "text": "x", "category": "weird"}, "Select a valid choice"),
    ]:
        response = alice.post(reverse("requests:new"), data)
        assert response.status_code == 200
        assert problem in response.content.decode()
    assert not Request.objects.exists()

    request = file_on_web(alice)
    sage = logged_in(staff)
    act(sage, request, "close", "Done.")
    again = act(sage, request, "close", "Done again.")
    assert f"#{request.id} is already closed." in again.content.decode()
    assert (
        "is closed: file a new request" in act(alice, request, "comment", "But!").content.decode()
    )
    assert "The comment is empty" in act(sage, request, "comment", "").content.decode()
    assert act(sage, request, "explode").status_code == 404
    assert alice.get(reverse("requests:act", args=[request.id, "comment"])).status_code == 405
    assert Entry.objects.filter(kind="comment").count() == 0


@pytest.mark.django_db
def test_menu_links_to_requests(client, player):
    assert "/requests/" not in client.get("/").content.decode()
    assert 'href="/requests/"' in logged_in(player).get("/").content.decode()
