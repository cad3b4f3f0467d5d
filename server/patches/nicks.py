"""
Nick replacement without reading every nick anew on every line.

Evennia replaces nicks in every line a player types: it gathers the
character's and the account's nicks of the line's categories from their
attribute caches (walking all of them to find the category), unpickles each
nick's value and tries its pattern. Channel aliases are account nicks, so
every player has some. The nicks change only when one is added, changed or
removed, and that always goes through the handler's backend: the backend
here counts those changes, and the handler keeps the patterns it last
gathered, in Evennia's order, for as long as neither count has moved.
"""

import re

from evennia.typeclasses.attributes import (
    ModelAttributeBackend,
    NickHandler,
    NickTemplateInvalid,
    initialize_nick_templates,
    parse_nick_template,
)
from evennia.utils import logger
from evennia.utils.utils import make_iter

from server.patches import Patch

# The backend methods through which what an attribute cache holds changes.
_CHANGING = (
    "_set_cache",
    "_delete_cache",
    "reset_cache",
    "_full_cache",
    "update_attribute",
    "do_batch_update_attribute",
    "do_batch_delete",
)


class CountingAttributeBackend(ModelAttributeBackend):
    """Evennia's database backend for attributes, counting the changes made through it."""

    changes = 0


def _counted(name):
    evennias = getattr(ModelAttributeBackend, name)

    def method(self, *args, **kwargs):
        try:
            return evennias(self, *args, **kwargs)
        finally:
            self.changes += 1  # after the change: a pattern read meanwhile is read again

    method.__name__ = name
    method.__doc__ = f"Evennia's `{name}`, counted as a change."
    return method


for _name in _CHANGING:
    setattr(CountingAttributeBackend, _name, _counted(_name))


class RememberingNickHandler(NickHandler):
    """Evennia's nick handler, keeping the patterns `nickreplace` tries until a nick changes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._patterns_kept = {}

    def add(self, pattern, replacement, category="inputline", pattern_is_regex=False, **kwargs):
        """
        Evennia's `add`, refusing (NickTemplateInvalid) a nick whose pattern
        cannot compile, such as one naming `$1` twice: Evennia stores it,
        and it then fails, logged, on every line typed.
        """
        if category in ("inputline", "object", "account", "channel"):
            nick_regex, _ = initialize_nick_templates(
                pattern, replacement, pattern_is_regex=pattern_is_regex
            )
            try:
                re.compile(nick_regex, re.I + re.DOTALL + re.U)
            except re.error as error:
                raise NickTemplateInvalid(f"That nick's pattern does not work: {error}.") from None
        return super().add(
            pattern, replacement, category=category, pattern_is_regex=pattern_is_regex, **kwargs
        )

    def nickreplace(self, raw_string, categories=("inputline", "channel"), include_account=True):
        """Evennia's `nickreplace`: the first matching nick (the object's, then its account's)."""
        account_nicks = self.obj.account.nicks if include_account and self.obj.has_account else None
        if account_nicks is not None and not isinstance(account_nicks, RememberingNickHandler):
            return super().nickreplace(raw_string, categories, include_account)
        categories = tuple(make_iter(categories))
        stamp = (
            self.backend.changes,
            account_nicks,
            account_nicks.backend.changes if account_nicks is not None else None,
        )
        kept = self._patterns_kept.get(categories)
        if kept is None or kept[0] != stamp:  # the account's handler compares by identity
            kept = self._patterns_kept[categories] = (stamp, self._patterns(categories, account_nicks))
        for regex, template in kept[1]:
            is_match, raw_string = parse_nick_template(raw_string, regex, template)
            if is_match:
                break
        return raw_string

    def _patterns(self, categories, account_nicks):
        """(compiled pattern, template) of each nick, in the order Evennia tries them."""
        nicks = {}
        for handler in (self, account_nicks) if account_nicks is not None else (self,):
            for category in categories:
                nicks.update(
                    {
                        nick.key: nick
                        for nick in make_iter(handler.get(category=category, return_obj=True))
                        if nick and nick.key
                    }
                )
        patterns = []
        for nick in nicks.values():
            nick_regex, template, _, _ = nick.value
            regex = self._compiled(nick_regex)
            if regex is not None:
                patterns.append((regex, template))
        return patterns

    def _compiled(self, nick_regex):
        """The pattern compiled as Evennia compiles it; None (logged) if it does not compile."""
        regex = self._regex_cache.get(nick_regex)
        if not regex:
            try:
                regex = re.compile(nick_regex, re.I + re.DOTALL + re.U)
            except re.error:
                logger.log_trace("Probably nick being created with unvalidated regex mapping.")
                return None
            self._regex_cache[nick_regex] = regex
        return regex


# Installing: Evennia's objects and accounts get this handler.


def _remembering_nicks(self):
    """Evennia's nicks, the patterns tried on each line kept until one changes."""
    return RememberingNickHandler(self, CountingAttributeBackend)


_OWNERS = ("evennia.objects.objects:DefaultObject", "evennia.accounts.accounts:DefaultAccount")
_evennia_nicks = {}


def _owner_classes():
    from evennia.accounts.accounts import DefaultAccount
    from evennia.objects.objects import DefaultObject

    return DefaultObject, DefaultAccount


def install():
    """Give every object and account this nick handler (idempotent)."""
    from evennia.utils.utils import lazy_property

    for owner in _owner_classes():
        if owner not in _evennia_nicks:
            _evennia_nicks[owner] = owner.__dict__["nicks"]
            setattr(owner, "nicks", lazy_property(_remembering_nicks, name="nicks"))


def uninstall():
    """Evennia's nick handler again (for objects that make theirs from now on)."""
    for owner, evennias in list(_evennia_nicks.items()):
        setattr(owner, "nicks", evennias)
        del _evennia_nicks[owner]


PATCH = Patch(
    name="nicks",
    targets={
        "evennia.typeclasses.attributes:NickHandler.nickreplace": (
            "8856c664465364b6e8d7bdbc694573d3552f21f25f284552b51102d6fe44865d"
        ),
        "evennia.typeclasses.attributes:ModelAttributeBackend": (
            "23ed44e085ffd3293e48653cb7c6112d40152d79315532163ae1953c9b4f1220"
        ),
        "evennia.objects.objects:DefaultObject.nicks": (
            "01a541eec08d6f596274afc192f173d571d7969e5bd414c986e078c3e5ae7841"
        ),
        "evennia.accounts.accounts:DefaultAccount.nicks": (
            "9ca29a744fbd5180f9f1e2cad274b9e2ddc74732b37efc921011c50790bbcfb4"
        ),
    },
    process="server",
    why="Every line typed gathered, unpickled and compiled the player's nicks anew.",
    install=install,
    uninstall=uninstall,
)
