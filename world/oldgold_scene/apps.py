from django.apps import AppConfig


class OldGoldSceneConfig(AppConfig):
    name = "world.oldgold_scene"
    label = "oldgold_scene"
    verbose_name = "Old Gold scene clock, light and oracles"
    default_auto_field = "django.db.models.BigAutoField"
