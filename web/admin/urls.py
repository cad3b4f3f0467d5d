"""The admin pages are Evennia's own; web/urls.py mounts them under `admin/`."""

from evennia.web.admin.urls import urlpatterns  # noqa: F401 (read by Django)
