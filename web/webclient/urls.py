"""The webclient page is Evennia's own; web/urls.py mounts it under `webclient/`."""

from evennia.web.webclient.urls import urlpatterns  # noqa: F401 (read by Django)
