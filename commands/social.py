"""
Who is online: Evennia's `who`, written as plain fixed-width lines.

Evennia's own `who` draws an EvTable, whose cost grows with every row (a few
milliseconds each): a game with a thousand players online would spend
seconds on one `who`. This one shows the same columns (staff see where
everyone is and how they connected) as padded lines without colour codes,
the name column only as wide as the longest name. With a thousand players
online, dozens ask every second for the same thousand lines, so the players'
list is made once per second (its times are whole seconds anyway) and shared.
"""

import time

import evennia
from evennia.commands.default.muxcommand import MuxCommand
from evennia.utils.utils import crop, time_format

WIDTH = 78
STAFF_PERMISSIONS = ("Developer", "Admins")
NAME_MAX = 25  # longer names are cropped, as Evennia's `who` crops them


class CmdWho(MuxCommand):
    """
    see who is online

    Usage:
      who
      doing

    Lists everyone logged in, how long they have been on and how long they
    have been idle. Staff also see each player's character, room, command
    count, connection and address; `doing` shows staff the short list too.

    Example:
      who
    """

    key = "who"
    aliases = ["doing"]
    locks = "cmd:all()"
    help_category = "General"
    account_caller = True  # self.caller is the account, puppeting or not

    def func(self):
        account = self.account
        staff_view = self.cmdstring != "doing" and any(
            account.check_permstring(permission) for permission in STAFF_PERMISSIONS
        )
        self.msg(staff_listing(account) if staff_view else player_listing())


_shared = {"made_for": None, "text": ""}


def player_listing():
    """The players' `who`, made at most once per second for the same sessions."""
    second = int(time.time())
    made_for = (second, tuple(evennia.SESSION_HANDLER))
    if _shared["made_for"] != made_for:
        _shared["text"] = _listing(_player_lines, second)
        _shared["made_for"] = made_for
    return _shared["text"]


def staff_listing(looker):
    return _listing(lambda sessions, now: _staff_lines(sessions, now, looker), time.time())


def _listing(lines_of, now):
    sessions = sorted(
        (session for session in evennia.SESSION_HANDLER.get_sessions() if session.logged_in),
        key=lambda session: session.account.key,
    )
    count = evennia.SESSION_HANDLER.account_count()
    lines = [_rule(" Who is online "), *lines_of(sessions, now), _rule(), _count_line(count)]
    return "\n".join(lines)


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


def _player_lines(sessions, now):
    names = [session.get_account().key for session in sessions]
    width = min(NAME_MAX, max(map(len, names), default=0))
    width = max(width, len("Player"))
    lines = [f"|w{'Player':<{width}} {'On for':>8} {'Idle':>4}|n"]
    for name, session in zip(names, sessions):
        on_for, idle = _times(session, now)
        lines.append(f"{_column(name, width)} {on_for:>8} {idle:>4}")
    return lines


def _staff_lines(sessions, now, looker):
    lines = [
        f"|w{'Player':<12} {'On for':>8} {'Idle':>4} {'Character':<12} {'Room':<12} "
        f"{'Cmds':>5} {'Via':<9} Host|n"
    ]
    for session in sessions:
        on_for, idle = _times(session, now)
        puppet = session.get_puppet()
        character = puppet.get_display_name(looker) if puppet else "None"
        room = puppet.location.key if puppet and puppet.location else "None"
        address = session.address[0] if isinstance(session.address, tuple) else session.address
        lines.append(
            f"{_column(session.get_account().key, 12)} {on_for:>8} {idle:>4} "
            f"{_column(character, 12)} {_column(room, 12)} {session.cmd_total:>5} "
            f"{_column(session.protocol_key, 9)} {address}"
        )
    return lines
