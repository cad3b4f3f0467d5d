"""
The pages as Django serves them (test client, no running server): they answer,
load nothing from outside, every local asset they load exists, and the front
page tells a visitor what Delver is and how to connect.
"""

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client, override_settings
from django.urls import reverse
from evennia.utils.utils import class_from_module

from tests.web.asset_refs import asset_loads, remote_asset_loads

pytestmark = pytest.mark.django_db

PAGES = ["index", "webclient:index", "login", "help", "channels"]


def get(url_name, account=None, **client_options):
    client = Client(**client_options)
    if account:
        client.force_login(account)
    response = client.get(reverse(url_name))
    assert response.status_code == 200, f"{url_name}: {response.status_code}"
    return response.content.decode()


@pytest.mark.parametrize("url_name", PAGES)
def test_page_loads_nothing_from_outside(url_name):
    html = get(url_name)
    assert asset_loads(html), "the page should load its stylesheets and scripts"
    assert not remote_asset_loads(html), remote_asset_loads(html)


@pytest.mark.parametrize("url_name", PAGES)
def test_every_local_asset_a_page_loads_exists(url_name):
    prefix = settings.STATIC_URL
    static = [url for _tag, url in asset_loads(get(url_name)) if url.startswith(prefix)]
    missing = [url for url in static if not finders.find(url.removeprefix(prefix))]
    assert not missing


def test_pages_load_the_vendored_libraries():
    website, webclient = get("index"), get("webclient:index")
    assert "/static/vendor/bootstrap-4.6.0/css/bootstrap.min.css" in website
    assert "/static/vendor/jquery-3.2.1/jquery.slim.min.js" in website
    for asset in ("jquery-3.2.1/jquery.min.js", "golden-layout-1.5.9/goldenlayout.min.js",
                  "favico.js-0.3.10/favico-0.3.10.min.js", "bootstrap-4.6.0/js/bootstrap.min.js"):
        assert f"/static/vendor/{asset}" in webclient


def test_front_page_says_what_the_game_is_and_how_to_connect():
    html = get("index", HTTP_HOST="delver.example.net:4001")
    assert settings.SERVERNAME in html
    assert "Digger" in html
    assert f"telnet delver.example.net {settings.TELNET_PORTS[0]}" in html
    assert reverse("webclient:index") in html
    assert "Welcome to Evennia" not in html
    assert "<code>help newbie</code>" in html  # the first-steps topic, as in the game


@override_settings(SERVER_HOSTNAME="mush.example.org")
def test_front_page_prefers_the_configured_host_name():
    html = get("index", HTTP_HOST="10.0.0.5:4001")
    assert f"telnet mush.example.org {settings.TELNET_PORTS[0]}" in html


def test_character_pages_show_a_local_portrait():
    Account = class_from_module(settings.BASE_ACCOUNT_TYPECLASS)
    account, errors = Account.create(username="Portia", password="lantern-oil-77")
    assert not errors and account.characters
    html = get("character-manage", account=account)
    assert "Portia" in html
    assert ("img", "/static/website/images/portrait-placeholder.svg") in asset_loads(html)
    assert not remote_asset_loads(html)
