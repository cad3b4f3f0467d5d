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
