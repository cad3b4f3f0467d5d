"""
Presence: what a player tells others about being online. The `@doing` line,
`afk`, a hidden location and the `+finger` profile are Attributes on the
account (category "social"); `who`, `+where`, `+finger` and `+staff` read
them. `version()` changes whenever any of them changes, and whenever a player
logs in or out, so the shared `who` and `+where` listings (commands/social.py)
know when to remake themselves.
"""

from evennia.utils.utils import crop

from world.access import is_staff
from world.social import rules
from world.social.errors import SocialError

CATEGORY = "social"
_version = [0]


def version():
    return _version[0]


def _changed():
    _version[0] += 1


def note_login_or_logout(sender=None, **kwargs):
    """A receiver of Evennia's login and logout signals (connected in apps.py)."""
    _changed()


def _get(account, key, default=None):
    return account.attributes.get(key, default=default, category=CATEGORY)


def _set(account, key, value):
    if value in (None, "", {}):
        account.attributes.remove(key, category=CATEGORY)
    else:
        account.attributes.add(key, value, category=CATEGORY)
    _changed()


def doing(account):
    return _get(account, "doing", "")


def set_doing(account, text):
    text = " ".join((text or "").split())
    if len(text) > rules.DOING_MAX:
        raise SocialError(
            f"Your @doing line can be at most {rules.DOING_MAX} characters "
            f"(that one has {len(text)})."
        )
    _set(account, "doing", text)
    return text


def afk_message(account):
    """The away message, or None when the player is not away."""
    return _get(account, "afk")


def set_afk(account, message):
    message = " ".join((message or "").split())[: rules.AFK_MAX] or "Away from the keyboard."
    _set(account, "afk", message)
    return message


def clear_afk(account):
    was = afk_message(account)
    _set(account, "afk", None)
    return was


def location_hidden(account):
    return bool(_get(account, "hidden", False))


def set_location_hidden(account, hidden):
    _set(account, "hidden", bool(hidden) or None)


def where_shown(account, looker=None):
    """The room name `looker` may see for `account`'s character, or None."""
    return room_shown(account, _puppet(account), looker)


def room_shown(account, puppet, looker=None):
    """The room name `looker` may see for `puppet`, `account`'s character, or None."""
    if not puppet or not puppet.location:
        return None
    if location_hidden(account) and not (
        looker is not None and (looker == account or is_staff(looker))
    ):
        return None
    return puppet.location.key


def _puppet(account):
    # Evennia finds an account's sessions by walking every session online:
    # fine for one account, not for a listing of everyone (online_puppets).
    for session in account.sessions.all():
        puppet = session.get_puppet()
        if puppet:
            return puppet
    return None


def finger(account):
    """{field: value} in the order set."""
    return dict(_get(account, "finger", None) or {})


def set_finger(account, field, value):
    """Set (or with an empty value, clear) one profile field; returns the field's name."""
    field = " ".join((field or "").split())
    value = (value or "").strip()
    if not field:
        raise SocialError("Name the field, like: +finger/set Timezone=UTC+1")
    if len(field) > rules.FINGER_FIELD_NAME_MAX:
        raise SocialError(f"A field's name can be at most {rules.FINGER_FIELD_NAME_MAX} characters.")
    if len(value) > rules.FINGER_VALUE_MAX:
        raise SocialError(f"A field can hold at most {rules.FINGER_VALUE_MAX} characters.")
    fields = finger(account)
    existing = next((key for key in fields if key.lower() == field.lower()), None)
    if not value:
        if existing is None:
            raise SocialError(f"You have no field called '{crop(field, 20)}' to clear.")
        del fields[existing]
    else:
        if existing is None and len(fields) >= rules.FINGER_FIELDS_MAX:
            raise SocialError(
                f"You have {rules.FINGER_FIELDS_MAX} fields already: clear one first "
                "(+finger/set <field>=)."
            )
        fields[existing or field] = value
    _set(account, "finger", fields or None)
    return existing or field


def online_accounts():
    """The logged-in accounts, once each, sorted by name."""
    return [account for account, _ in online_puppets()]


def online_puppets():
    """(account, its character or None) for each logged-in account, sorted by
    name: one walk over the sessions, however many are online."""
    import evennia

    seen = {}
    for session in evennia.SESSION_HANDLER.get_sessions():
        account = session.account if session.logged_in else None
        if account is not None and seen.get(account.id, (None, None))[1] is None:
            seen[account.id] = (account, session.get_puppet())
    return sorted(seen.values(), key=lambda pair: pair[0].key.lower())


def find_account(name):
    """The account called `name` (its character's name also works)."""
    from evennia.objects.models import ObjectDB

    name = (name or "").strip()
    if not name:
        raise SocialError("Name a player.")
    account = _account_named(name)
    if account is None:
        character = ObjectDB.objects.filter(
            db_key__iexact=name, db_typeclass_path__contains="haracter"
        ).first()
        account = character.account if character else None
    if account is None:
        raise SocialError(f"There is no player called '{crop(name, 30)}'.")
    return account


# {lower-case name: account id} of names found before (`page` names the same
# few people again and again): a hint only, checked against the account in
# memory each time, so a rename or a deletion falls back to the database.
_account_id_by_name = {}


def _account_named(name):
    from evennia.accounts.models import AccountDB

    lowered = name.lower()
    known = _account_id_by_name.get(lowered)
    account = AccountDB.get_cached_instance(known) if known else None
    if account is None or account.username.lower() != lowered:
        account = AccountDB.objects.filter(username__iexact=name).first()
        if account is not None:
            _account_id_by_name[lowered] = account.id
    return account
