"""URLs of Kroll's web pages (mounted at /kroll/ by web/urls.py)."""

from django.urls import path

from web.kroll import views

app_name = "kroll"

urlpatterns = [
    path("sheets/<int:character_id>/", views.sheet, name="sheet"),
]
