"""
Presence: `who` (+who, doing), `@doing`, `afk`, `+where`, `+finger`, `+staff`.

Evennia's own `who` draws an EvTable, whose cost grows with every row (a few
milliseconds each): a game with a thousand players online would spend
seconds on one `who`. This one writes padded lines without colour codes,
the name column only as wide as the longest name. With a thousand players
online, dozens ask every second for the same thousand lines, so the players'
list is shared and made again every few seconds (rules.LISTING_SECONDS), and
when someone changes their @doing, afk or hiding (world/social/listing.py).
"""

import time

import evennia
from evennia.utils.utils import crop, time_format

from commands.command import DelverCommand
from world.access import is_staff
from world.social import presence, rules
from world.social.listing import SharedListing
from world.social.render import fold

WIDTH = rules.WIDTH
NAME_MAX = 25  # longer names are cropped, as Evennia's `who` crops them
ROOM_WIDTH = 18
STAFF_PERMISSIONS = ("Developer", "Admins")  # who sees the staff listing


class CmdWho(DelverCommand):
    """
    see who is online

    Usage:
      +who
      +who/hide
      +who/show

    Lists everyone logged in: how long they have been on, how long idle,
    where they are and their @doing line. Flags: S is staff, A is away
    (afk), I is idle for half an hour or more. `+who/hide` keeps your room
    out of `who` and `+where` (staff still see it); `+who/show` shows it
    again. `who` is the same as `+who`. Staff see each player's character,
    room, commands, connection and address; `doing` gives staff the
    players' list.

    Examples:
      +who
      +who/hide
    """

    key = "+who"
    aliases = ["who", "doing"]
    locks = "cmd:all()"
    help_category = "Social"
    switch_options = ("hide", "show")
    account_caller = True  # self.caller is the account, puppeting or not

    def func_default(self):
        account = self.caller
        staff_view = self.cmdstring != "doing" and any(
            account.check_permstring(permission) for permission in STAFF_PERMISSIONS
        )
        self.msg(staff_listing(account) if staff_view else player_listing())

    def switch_hide(self):
        presence.set_location_hidden(self.caller, True)
        self.msg("Your room is now hidden from |wwho|n and |w+where|n (staff still see it).")

    def switch_show(self):
        presence.set_location_hidden(self.caller, False)
        self.msg("Your room shows in |wwho|n and |w+where|n again.")


def player_listing():
    """The players' `who`, shared: made again every few seconds, or when it changes."""
    return _shared_who.text(_made_for(), len(evennia.SESSION_HANDLER))


def _made_for():
    """What a shared listing shows: the few seconds it is for, how many sessions
    there are, and their presence (whose version moves at each login and logout)."""
    period = int(time.time() // rules.LISTING_SECONDS)
    return (period, len(evennia.SESSION_HANDLER), presence.version())


def staff_listing(looker):
    lines = _listing(lambda sessions, now: _staff_lines(sessions, now, looker), time.time())
    return "\n".join(lines)


def _sessions():
    return sorted(
        (session for session in evennia.SESSION_HANDLER.get_sessions() if session.logged_in),
        key=lambda session: session.account.key,
    )


def _listing(lines_of, now):
    """The lines of a `who` listing, one by one."""
    yield _rule(" Who is online ")
    yield from lines_of(_sessions(), now)
    yield _rule()
    yield _count_line(evennia.SESSION_HANDLER.account_count())


_shared_who = SharedListing(lambda: _listing(_player_lines, int(time.time())))


def _rule(title=""):
    return f"|w{title:-^{WIDTH}}|n"


def _count_line(count):
    if count == 1:
        return "One unique account logged in."
    return f"{count} unique accounts logged in."


def _column(text, width):
    """`text` cropped to `width` (marked `[...]` as Evennia crops) and padded to it."""
    return f"{crop(text, width=width):<{width}}"


def _times(session, now):
    """(time on, time idle) as Evennia's `who` writes them."""
    return (
        time_format(now - session.conn_time, 0),
        time_format(now - session.cmd_last_visible, 1),
    )


def flags(account, session, now):
    """S staff, A away, I idle: three letters or spaces."""
    return (
        ("S" if is_staff(account) else " ")
        + ("A" if presence.afk_message(account) else " ")
        + ("I" if now - session.cmd_last_visible >= rules.IDLE_MARK_SECONDS else " ")
    )


def _player_lines(sessions, now):
    names = [session.get_account().key for session in sessions]
    width = min(NAME_MAX, max(map(len, names), default=0))
    width = max(width, len("Player"))
    doing_width = WIDTH - (width + 1 + 3 + 1 + 8 + 1 + 4 + 1 + ROOM_WIDTH + 1)
    yield (
        f"|w{'Player':<{width}} {'Flg'} {'On for':>8} {'Idle':>4} "
        f"{'Where':<{ROOM_WIDTH}} Doing|n"
    )
    for name, session in zip(names, sessions):
        account = session.get_account()
        on_for, idle = _times(session, now)
        puppet = session.get_puppet()
        room = presence.room_shown(account, puppet) or "(hidden)" if puppet else "(OOC)"
        doing = crop(presence.doing(account), width=doing_width)
        yield (
            f"{_column(name, width)} {flags(account, session, now)} {on_for:>8} {idle:>4} "
            f"{_column(room, ROOM_WIDTH)} {doing}".rstrip()
        )


def _staff_lines(sessions, now, looker):
    yield (
        f"|w{'Player':<12} {'On for':>8} {'Idle':>4} {'Character':<12} {'Room':<12} "
        f"{'Cmds':>5} {'Via':<9} Host|n"
    )
    for session in sessions:
        on_for, idle = _times(session, now)
        puppet = session.get_puppet()
        character = puppet.get_display_name(looker) if puppet else "None"
        room = puppet.location.key if puppet and puppet.location else "None"
        address = session.address[0] if isinstance(session.address, tuple) else session.address
        yield (
            f"{_column(session.get_account().key, 12)} {on_for:>8} {idle:>4} "
            f"{_column(character, 12)} {_column(room, 12)} {session.cmd_total:>5} "
            f"{_column(session.protocol_key, 9)} {address}"
        )


class CmdDoing(DelverCommand):
    """
    set the short line others see beside your name in who

    Usage:
      @doing <text>
      @doing

    Your @doing line shows in the last column of `who` (at most 40
    characters). With nothing after it, the line is cleared.

    Examples:
      @doing Looking for a Digger party
      @doing
    """

    key = "@doing"
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True

    def func_default(self):
        text = presence.set_doing(self.caller, self.args)
        self.msg(f"Your @doing line is now: {text}" if text else "Your @doing line is cleared.")


class CmdAfk(DelverCommand):
    """
    mark yourself away from the keyboard, or back

    Usage:
      afk [<message>]

    Marks you away (A in `who`); whoever pages you reads your message. Type
    `afk` again when you are back.

    Examples:
      afk Dinner, back in 20 minutes.
      afk
    """

    key = "afk"
    aliases = ["+afk"]
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True

    def func_default(self):
        if presence.afk_message(self.caller) and not self.args.strip():
            presence.clear_afk(self.caller)
            self.msg("Welcome back: you are no longer marked away.")
            return
        message = presence.set_afk(self.caller, self.args)
        self.msg(f"You are marked away: {message} (type |wafk|n again when you are back)")


class CmdWhere(DelverCommand):
    """
    see which rooms the players online are in

    Usage:
      +where

    Lists the rooms that have players in them, with who is there. Players
    who hide their room (+who/hide) are counted at the end but not named
    (staff see them).

    Example:
      +where
    """

    key = "+where"
    aliases = ["where"]
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True

    def func_default(self):
        if is_staff(self.caller):
            self.msg(where_listing(self.caller))
        else:
            self.msg(shared_where_listing())


def forget_shared_listings():
    """Drop the shared `who` and `+where` listings (tests: session ids are reused
    from one test to the next, within the same second)."""
    _shared_who.forget()
    _shared_where.forget()


def shared_where_listing():
    """Players' +where: the same for everyone, made again every few seconds or when it changes."""
    return _shared_where.text(_made_for(), len(evennia.SESSION_HANDLER))


def where_listing(looker):
    return "\n".join(line for line in _where_lines(looker) if line is not None)


def _where_lines(looker):
    """Rooms with the players in them; those hiding are only counted (staff see all).
    Yields None after each player placed (a listing may pause there)."""
    rooms, hidden = {}, 0
    for account, puppet in presence.online_puppets():
        room = presence.room_shown(account, puppet, looker)
        if room is None:
            hidden += 1 if puppet else 0
        else:
            rooms.setdefault(room, []).append(account.key)
        yield None
    yield _rule(" Where everyone is ")
    for room in sorted(rooms, key=str.lower):
        names = ", ".join(rooms[room])
        yield fold(f"|w{crop(room, 30)}|n ({len(rooms[room])}): {names}")
    if not rooms:
        yield "Nobody online can be seen in a room."
    if hidden:
        yield fold(f"{hidden} more in rooms they keep to themselves.")
    yield _rule()


_shared_where = SharedListing(lambda: _where_lines(None))


class CmdFinger(DelverCommand):
    """
    read or write a player's profile

    Usage:
      +finger <player>
      +finger
      +finger/set <field>=<text>
      +finger/set <field>=

    `+finger <player>` shows their profile: when they were last on, their
    @doing line and the fields they wrote; `+finger` alone shows yours.
    `+finger/set` writes one of your fields (any name; try Alias, Played
    by, Timezone, RP hours, RP prefs, Quote); with nothing after = it
    clears the field.

    Examples:
      +finger Corwin
      +finger/set Timezone=UTC+1, evenings
      +finger/set Quote=Trust the rope, not the map.
      +finger/set Quote=
    """

    key = "+finger"
    aliases = ["finger"]
    locks = "cmd:all()"
    help_category = "Social"
    switch_options = ("set",)
    account_caller = True

    def func_default(self):
        account = presence.find_account(self.args) if self.args.strip() else self.caller
        self.msg(render_finger(account, self.caller))

    def switch_set(self):
        if "=" not in self.args:
            self.refuse_usage("Write the field, an = and the text.")
        field = presence.set_finger(self.caller, self.lhs, self.rhs)
        if self.rhs:
            self.msg(f"Your +finger field |w{field}|n is set.")
        else:
            self.msg(f"Your +finger field |w{field}|n is cleared.")


def render_finger(account, looker):
    online = bool(account.sessions.all())
    lines = [_rule(f" {account.key} ")]
    if online:
        session = account.sessions.all()[0]
        on_for, idle = _times(session, time.time())
        lines.append(f"|wOnline|n for {on_for}, idle {idle}.")
        room = presence.where_shown(account, looker)
        if room:
            lines.append(f"|wWhere:|n {room}")
    else:
        last = account.last_login
        lines.append(f"|wLast on:|n {last:%Y-%m-%d %H:%M} UTC" if last else "|wLast on:|n never")
    if is_staff(account):
        lines.append("|wStaff|n: ask them with page or +request.")
    if presence.doing(account):
        lines.append(f"|wDoing:|n {presence.doing(account)}")
    if presence.afk_message(account):
        lines.append(f"|wAway:|n {presence.afk_message(account)}")
    fields = presence.finger(account)
    for field, value in fields.items():
        lines.append(fold(f"|w{field}:|n {value}"))
    if not fields and account == looker:
        lines.append("You have written no profile yet: |w+finger/set <field>=<text>|n.")
    elif not fields:
        lines.append(f"{account.key} has written no profile yet.")
    lines.append(_rule())
    return "\n".join(lines)


class CmdStaff(DelverCommand):
    """
    see which staff are online

    Usage:
      +staff

    Lists the staff logged in, with their idle time and whether they are
    away. Page one, or file a +request for anything that can wait.

    Example:
      +staff
    """

    key = "+staff"
    aliases = ["staff"]
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True

    def func_default(self):
        now = time.time()
        lines = [_rule(" Staff online ")]
        for account in presence.online_accounts():
            if not is_staff(account):
                continue
            session = account.sessions.all()[0]
            _, idle = _times(session, now)
            away = presence.afk_message(account)
            state = f"away: {away}" if away else presence.doing(account)
            lines.append(crop(f"{account.key:<20} idle {idle:>4}  {state}", WIDTH))
        if len(lines) == 1:
            lines.append("No staff are online: a |w+request|n reaches them later.")
        lines.append(_rule())
        self.msg("\n".join(lines))


PRESENCE_COMMANDS = (CmdWho, CmdDoing, CmdAfk, CmdWhere, CmdFinger, CmdStaff)
