"""URLs of Goldengrave's web pages (mounted at /goldengrave/ by web/urls.py)."""

from django.urls import path

from web.goldengrave import views

app_name = "goldengrave"

urlpatterns = [
    path("", views.companies, name="companies"),
    path("companies/<int:company_id>/", views.company, name="company"),
    path("dungeons/<int:dungeon_id>/", views.dungeon, name="dungeon"),
]
