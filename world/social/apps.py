from django.apps import AppConfig


class SocialConfig(AppConfig):
    name = "world.social"
    label = "social"
    verbose_name = "Social layer (scenes, boards)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from evennia.server.signals import SIGNAL_ACCOUNT_POST_LOGIN, SIGNAL_ACCOUNT_POST_LOGOUT

        from world.social.presence import note_login_or_logout

        SIGNAL_ACCOUNT_POST_LOGIN.connect(note_login_or_logout)
        SIGNAL_ACCOUNT_POST_LOGOUT.connect(note_login_or_logout)
