"""URLs of the Old Gold region maps (mounted at /oldgold/regions/ by web/urls.py)."""

from django.urls import path

from web.oldgold_travel import views

app_name = "oldgold_travel"

urlpatterns = [
    path("", views.regions, name="regions"),
    path("<int:region_id>/", views.region, name="region"),
]
