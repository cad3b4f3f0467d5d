"""URLs of the Old Gold pages (mounted at /oldgold/ by web/urls.py)."""

from django.urls import path

from web.oldgold import views

app_name = "oldgold"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("sheets/<int:character_id>/", views.sheet, name="sheet"),
]
