"""The account pages (log in, register, passwords, logged out) sit in the site's
frame: navbar, footer, a heading and a centred form or card."""

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def in_the_frame(html, heading):
    assert '<nav class="navbar' in html
    assert '<footer class="footer">' in html
    assert heading in re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1)
    assert "justify-content-center" in html
    assert "Dungeons" in html


@pytest.mark.parametrize("url_name, heading", [
    ("login", "Log in"), ("register", "Create an account"),
    ("password_reset", "Forgotten password"), ("password_reset_done", "Link sent"),
    ("password_reset_complete", "Password set"),
])
def test_account_page_has_the_frame_a_heading_and_a_centred_form(url_name, heading):
    html = Client().get(reverse(url_name)).content.decode()
    in_the_frame(html, heading)
    if url_name in ("login", "register", "password_reset"):
        assert "<form" in html


def test_a_stale_reset_link_says_so_in_the_frame():
    stale = reverse("password_reset_confirm", args=["MQ", "stale-token"])
    html = Client().get(stale).content.decode()
    in_the_frame(html, "A new password")
    assert "expired or was used" in html


def test_password_change_and_logout_are_in_the_frame(make_account):
    client = Client()
    client.force_login(make_account("Alice"))
    in_the_frame(client.get(reverse("password_change")).content.decode(), "Change your password")
    in_the_frame(client.get(reverse("password_change_done")).content.decode(), "Password changed")
    in_the_frame(client.post(reverse("logout")).content.decode(), "Logged out")


def test_the_site_stylesheet_keeps_navbar_links_on_one_line():
    html = Client().get(reverse("login")).content.decode()
    assert "website/css/custom.css" in html
    from django.contrib.staticfiles import finders

    css = open(finders.find("website/css/custom.css")).read()
    assert "white-space: nowrap" in css and "#roll-log" in css
