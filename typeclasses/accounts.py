"""
Accounts: who logs in. An account puppets its character; guests are
Evennia's.
"""

from evennia.accounts.accounts import DefaultAccount, DefaultGuest

from world.requests import notify as requests_notify
from world.social import setup as social_setup  # issue 21


class Account(DefaultAccount):
    """A player's account: logs in, chats, puppets one character."""

    def at_post_login(self, session=None, **kwargs):
        super().at_post_login(session=session, **kwargs)
        requests_notify.on_login(self)
        social_setup.on_login(self)  # issue 21: unread mail and posts, default channels


class Guest(DefaultGuest):
    """A guest login (off unless GUEST_ENABLED); deleted when it disconnects."""
