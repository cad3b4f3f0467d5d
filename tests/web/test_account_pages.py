"""The login and register pages sit in the site's frame: navbar, footer, a heading and a centred form."""

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url_name, heading", [("login", "Log in"), ("register", "Create an account")])
def test_account_page_has_the_frame_a_heading_and_a_centred_form(url_name, heading):
    html = Client().get(reverse(url_name)).content.decode()
    assert '<nav class="navbar' in html
    assert '<footer class="footer">' in html
    assert f"<h1" in html and heading in re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1)
    assert "justify-content-center" in html and "<form" in html
    assert 'href="/digger/' in html or "Dungeons" in html


def test_the_site_stylesheet_keeps_navbar_links_on_one_line():
    html = Client().get(reverse("login")).content.decode()
    assert "website/css/custom.css" in html
    from django.contrib.staticfiles import finders

    css = open(finders.find("website/css/custom.css")).read()
    assert "white-space: nowrap" in css and "#roll-log" in css
