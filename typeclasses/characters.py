"""
Characters: what a player puppets in the game.
"""

from django.conf import settings
from evennia.objects.objects import DefaultCharacter

from world.client_state import hooks as client_state
from world.digger import comeback as digger_return
from world.identity import WELCOME
from world.screen import client_columns, fit

from .objects import ObjectParent


class Character(ObjectParent, DefaultCharacter):
    """A Delver character: greets its player on every login."""

    def at_post_puppet(self, **kwargs):
        super().at_post_puppet(**kwargs)
        welcome = WELCOME.format(game=settings.SERVERNAME, name=self.key)
        self.msg(fit(welcome, client_columns(self)))
        digger_return.tell(self)  # back in the middle of a dungeon run: where things stand

    def at_post_move(self, source_location, move_type="move", **kwargs):
        super().at_post_move(source_location, move_type=move_type, **kwargs)
        client_state.moved(self)  # Room.Info, to the clients that asked for it
