from django.apps import AppConfig


class OldGoldDungeonConfig(AppConfig):
    name = "world.oldgold_dungeon"
    label = "oldgold_dungeon"
    verbose_name = "Old Gold bestiary and generated dungeons"
    default_auto_field = "django.db.models.BigAutoField"
