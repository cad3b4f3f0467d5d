"""
URLs of the +request desk (mounted at /requests/ by web/urls.py).
"""

from django.urls import path

from web.requests import views

app_name = "requests"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("new/", views.file_new, name="new"),
    path("queue/", views.queue, name="queue"),
    path("<int:number>/", views.detail, name="detail"),
    path("<int:number>/<slug:action>/", views.act, name="act"),
]
