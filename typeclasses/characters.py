"""
Characters: what a player puppets in the game.
"""

from django.conf import settings
from evennia.objects.objects import DefaultCharacter

from world.identity import WELCOME

from .objects import ObjectParent


class Character(ObjectParent, DefaultCharacter):
    """A Delver character: greets its player on every login."""

    def at_post_puppet(self, **kwargs):
        super().at_post_puppet(**kwargs)
        self.msg(WELCOME.format(game=settings.SERVERNAME, name=self.key))
