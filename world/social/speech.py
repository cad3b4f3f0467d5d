"""
Speech helpers: who may @emit where, NOSPOOF, page delivery and room details.

A room allows player @emits when staff tagged it (`@emit/allow`) or while a
scene runs there. NOSPOOF is an account Attribute; players who set it read
each @emit with the emitter's name in front.
"""

from evennia.utils.utils import crop

from world.access import is_staff
from world.social import rules
from world.social.errors import SocialError
from world.social.presence import CATEGORY, afk_message, find_account

EMIT_TAG = "emit_allowed"


def emit_allowed(room, emitter):
    from world.social import scenes

    return bool(
        is_staff(emitter)
        or room.tags.has(EMIT_TAG, category=CATEGORY)
        or scenes.open_scene_id(room)
    )


def set_emit_allowed(room, allowed):
    if allowed:
        room.tags.add(EMIT_TAG, category=CATEGORY)
    else:
        room.tags.remove(EMIT_TAG, category=CATEGORY)


def nospoof(account):
    return bool(account and account.attributes.get("nospoof", category=CATEGORY))


def set_nospoof(account, on):
    if on:
        account.attributes.add("nospoof", True, category=CATEGORY)
    else:
        account.attributes.remove("nospoof", category=CATEGORY)


def emit(room, emitter, text):
    """Send `text` to the room: plain to most, with the emitter's name to NOSPOOF readers."""
    text = (text or "").strip()
    if not text:
        raise SocialError("Emit what? Write the text after @emit.")
    if not emit_allowed(room, emitter):
        raise SocialError(
            "This room does not allow @emit. Use |wpose|n (or |w:|n) instead, or start a "
            "scene here with |w+scene/start|n, which allows it."
        )
    spoof_readers = [
        obj for obj in room.contents if obj.account and nospoof(obj.account)
    ]
    room.msg_contents(text=(text, {"type": "emit"}), exclude=spoof_readers, from_obj=emitter)
    for reader in spoof_readers:
        reader.msg(text=(f"|c[{emitter.key}]|n {text}", {"type": "emit"}), from_obj=emitter)


# Page ---------------------------------------------------------------------


def speaker_name(account):
    """The name a page is signed with: the character's name, else the account's."""
    for session in account.sessions.all():
        puppet = session.get_puppet()
        if puppet:
            return puppet.key
    return account.key


def _accounts(key, account):
    """The accounts whose ids `account` keeps under `key`, in that order."""
    from evennia.accounts.models import AccountDB

    ids = account.attributes.get(key, default=[], category=CATEGORY) or []
    found = {acc.id: acc for acc in AccountDB.objects.filter(id__in=ids)}
    return [found[i] for i in ids if i in found]


def _keep(account, key, accounts):
    """Keep `accounts`' ids under `key` (written only when they changed)."""
    ids = [other.id for other in accounts]
    if account.attributes.get(key, category=CATEGORY) != ids:
        account.attributes.add(key, ids, category=CATEGORY)


def last_paged(account):
    """Whom a `page` with no names goes to: those the account paged last or,
    before it has paged anyone, those who paged it last (the pager and the
    others paged with it), as a reply."""
    return _accounts("last_paged", account) or _accounts("paged_by", account)


def page(sender, names, text):
    """
    Page the players named (or, with no names, those paged last).
    Returns (what the sender is shown, delivered, offline, away: [(account, message)]).
    """
    text = (text or "").strip()
    if not text:
        raise SocialError("Page what? Like: page Corwin=Are you free for a run?")
    if len(text) > rules.PAGE_MAX:
        raise SocialError(f"A page can be at most {rules.PAGE_MAX} characters.")
    if names:
        targets = []
        for name in names:
            account = find_account(name)
            if account not in targets:
                targets.append(account)
    else:
        _refuse_a_bare_name(text)
        targets = last_paged(sender)
        if not targets:
            raise SocialError(
                "Nobody has paged you and you have paged nobody yet: name them the "
                "first time, like |wpage Wren=<text>|n."
            )
    targets = [target for target in targets if target != sender] or targets
    online = [target for target in targets if target.sessions.count()]
    offline = [target for target in targets if target not in online]
    if not online:
        names = ", ".join(target.key for target in offline)
        raise SocialError(f"Not online: {names}. Try |w+mail|n instead.")
    signed = speaker_name(sender)
    if text.startswith(":"):
        body = echo = f"From afar, {signed} {text[1:].strip()}"
    elif text.startswith(";"):
        body = echo = f"From afar, {signed}{text[1:].strip()}"
    else:
        body, echo = f"{signed} pages: {text}", text
    for target in online:
        others = [other for other in online if other != target]
        prefix = f"(to you, {', '.join(map(speaker_name, others))}) " if others else ""
        target.msg(text=(f"|m{prefix}{body}|n", {"type": "page"}), from_obj=sender)
        if not target.attributes.has("last_paged", category=CATEGORY):  # else never read
            _keep(target, "paged_by", [sender, *others])
    _keep(sender, "last_paged", targets)
    away = [(target, afk_message(target)) for target in online if afk_message(target)]
    return echo, online, offline, away


def _refuse_a_bare_name(text):
    """`page Wren` (no =, one word that is a player's name) means to page Wren,
    not to send "Wren" to whoever was paged last."""
    if len(text.split()) != 1:
        return
    try:
        account = find_account(text)
    except SocialError:
        return
    raise SocialError(f"Page {account.key} what? Write it after an =: |wpage {account.key}=<text>|n")


# Details ------------------------------------------------------------------


def details(room):
    return dict(room.attributes.get("details", default={}, category=CATEGORY) or {})


def find_detail(room, name):
    name = " ".join((name or "").lower().split())
    if not room or not name:
        return None
    known = details(room)
    if name in known:
        return known[name]
    partial = [key for key in known if name in key]
    return known[partial[0]] if len(partial) == 1 else None


def set_detail(room, name, text):
    name = " ".join((name or "").lower().split())
    if not name:
        raise SocialError("Name the detail, like: @detail notice board=Pinned maps...")
    known = details(room)
    if text:
        known[name] = text.strip()
    elif name in known:
        del known[name]
    else:
        raise SocialError(f"This room has no detail called '{crop(name, 30)}'.")
    room.attributes.add("details", known, category=CATEGORY)
    return name
