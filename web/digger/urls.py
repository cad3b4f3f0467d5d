"""
URLs of Digger's web pages (mounted at /dungeons/ by web/urls.py).
"""

from django.urls import path

from web.digger import views

app_name = "digger"

urlpatterns = [
    path("", views.dungeons, name="dungeons"),
    path("<int:number>/", views.dungeon, name="dungeon"),
    path("delver/", views.mine, name="mine"),
    path("sheets/<int:character_id>/", views.sheet, name="sheet"),
    path("runs/", views.runs, name="runs"),
    path("runs/<int:run_id>/", views.run, name="run"),
    path("simulations/", views.simulations, name="simulations"),
    path("simulations/<int:simulation_id>/", views.simulation, name="simulation"),
]
