"""URLs of the social layer: /scenes/, /mail/, /boards/ (mounted by web/urls.py)."""

from django.urls import path

from web.social import views

app_name = "social"

urlpatterns = [
    path("scenes/", views.scene_list, name="scenes"),
    path("scenes/<int:number>/", views.scene_detail, name="scene"),
    path("mail/", views.mail_list, name="mail"),
    path("mail/<int:number>/", views.mail_detail, name="mail_detail"),
    path("boards/", views.board_list, name="boards"),
    path("boards/<int:board>/", views.board_detail, name="board"),
    path("boards/<int:board>/<int:number>/", views.post_detail, name="post"),
]
