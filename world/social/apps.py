from django.apps import AppConfig


class SocialConfig(AppConfig):
    name = "world.social"
    label = "social"
    verbose_name = "Social layer (scenes, boards)"
    default_auto_field = "django.db.models.BigAutoField"
