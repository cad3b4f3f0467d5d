"""
Accounts: who logs in. An account puppets its character; guests are
Evennia's.
"""

from django.conf import settings
from evennia.accounts.accounts import DefaultAccount, DefaultGuest
from evennia.objects.models import ObjectDB
from evennia.utils.utils import is_iter

from world.digger import comeback as digger_return
from world.requests import notify as requests_notify
from world.social import setup as social_setup  # issue 21


class Account(DefaultAccount):
    """A player's account: logs in, chats, puppets one character."""

    def at_post_login(self, session=None, **kwargs):
        super().at_post_login(session=session, **kwargs)
        requests_notify.on_login(self)
        digger_return.tell_staff(self)  # characters waiting for approval
        social_setup.on_login(self)  # issue 21: unread mail and posts, default channels

    def at_look(self, target=None, session=None, **kwargs):
        # A character made outside `create` (the admin's, a staff-made one) is
        # not on Evennia's playable list: never tell its player they have none.
        if target is None or is_iter(target) or hasattr(target, "all"):
            target = playable_characters(self)
        return super().at_look(target=target, session=session, **kwargs)


def playable_characters(account):
    """The account's characters: its playable list, those it owns, and its last one."""
    found = list(account.characters.all())
    owned = ObjectDB.objects.filter(db_account=account, db_typeclass_path=settings.BASE_CHARACTER_TYPECLASS)
    last = account.db._last_puppet
    for character in [*owned, last]:
        if character and character not in found:
            found.append(character)
    return found


class Guest(DefaultGuest):
    """A guest login (off unless GUEST_ENABLED); deleted when it disconnects."""
