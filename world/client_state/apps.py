from django.apps import AppConfig


class ClientStateConfig(AppConfig):
    """Live game state for clients (GMCP/MSDP, the webclient's party panel)."""

    name = "world.client_state"
    label = "client_state"

    def ready(self):
        from django.apps import apps
        from django.db.models.signals import post_save, pre_delete
        from evennia.server.signals import SIGNAL_OBJECT_POST_PUPPET, SIGNAL_OBJECT_POST_UNPUPPET

        from world.client_state.character import WATCHED, row_changed
        from world.client_state.inputs import on_puppet, on_unpuppet

        SIGNAL_OBJECT_POST_PUPPET.connect(on_puppet, dispatch_uid="client_state.puppet")
        SIGNAL_OBJECT_POST_UNPUPPET.connect(on_unpuppet, dispatch_uid="client_state.unpuppet")
        for label in WATCHED:
            model = apps.get_model(label)
            for signal in (post_save, pre_delete):
                signal.connect(row_changed, sender=model, dispatch_uid=f"client_state.{label}")
