from django.apps import AppConfig


class KrollConfig(AppConfig):
    name = "world.kroll"
    label = "kroll"
    verbose_name = "Kroll scenes"
    default_auto_field = "django.db.models.BigAutoField"
