from django.apps import AppConfig


class GoldengraveConfig(AppConfig):
    name = "world.goldengrave"
    label = "goldengrave"
    verbose_name = "Goldengrave delves"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Walking into a dungeon room (through an exit) moves the company and
        # rolls for wandering monsters in starred rooms.
        from evennia.server.signals import SIGNAL_EXIT_TRAVERSED

        from world.goldengrave import exploring

        SIGNAL_EXIT_TRAVERSED.connect(exploring.on_exit_traversed, dispatch_uid="goldengrave-enter")
