from django.apps import AppConfig


class OldGoldConfig(AppConfig):
    name = "world.oldgold"
    label = "oldgold"
    verbose_name = "Old Gold scenes"
    default_auto_field = "django.db.models.BigAutoField"
