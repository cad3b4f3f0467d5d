from django.apps import AppConfig


class ClientStateConfig(AppConfig):
    """Live game state for clients (GMCP/MSDP, the webclient's party panel)."""

    name = "world.client_state"
    label = "client_state"

    def ready(self):
        from evennia.server.signals import SIGNAL_OBJECT_POST_PUPPET, SIGNAL_OBJECT_POST_UNPUPPET

        from world.client_state.inputs import on_puppet, on_unpuppet

        SIGNAL_OBJECT_POST_PUPPET.connect(on_puppet, dispatch_uid="client_state.puppet")
        SIGNAL_OBJECT_POST_UNPUPPET.connect(on_unpuppet, dispatch_uid="client_state.unpuppet")
