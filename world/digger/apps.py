from django.apps import AppConfig


class DiggerConfig(AppConfig):
    name = "world.digger"
    label = "digger"
    verbose_name = "Digger dungeons"
    default_auto_field = "django.db.models.BigAutoField"
