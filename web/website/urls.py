"""
This reroutes from an URL to a python view-function/class.

The main web/urls.py includes these routes for all urls (the root of the url)
so it can reroute to all website pages.

"""

from django.urls import path

from evennia.web.website.urls import urlpatterns as evennia_website_urlpatterns

from web.website.views.characters import DelverCharacterDetailView
from web.website.views.index import DelverIndexView

# add patterns here (they win over Evennia's of the same path)
urlpatterns = [
    path("", DelverIndexView.as_view(), name="index"),
    path(
        "characters/detail/<str:slug>/<int:pk>/",
        DelverCharacterDetailView.as_view(),
        name="character-detail",
    ),
]

# read by Django
urlpatterns = urlpatterns + evennia_website_urlpatterns
