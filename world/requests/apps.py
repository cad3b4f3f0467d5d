from django.apps import AppConfig


class RequestsConfig(AppConfig):
    name = "world.requests"
    label = "requests_desk"
    verbose_name = "+request desk"
    default_auto_field = "django.db.models.BigAutoField"
