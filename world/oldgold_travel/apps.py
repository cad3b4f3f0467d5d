from django.apps import AppConfig


class OldGoldTravelConfig(AppConfig):
    name = "world.oldgold_travel"
    label = "oldgold_travel"
    verbose_name = "Old Gold travel, encounters and followers"
    default_auto_field = "django.db.models.BigAutoField"
