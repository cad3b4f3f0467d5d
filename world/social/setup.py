"""
What the social layer needs in the database, made at server start if
missing (default channels and boards, the start room's details and its
description as this version words it), and what a player hears at login
(unread mail and posts; default channels joined once).
"""

from evennia.comms.models import ChannelDB
from evennia.objects.models import ObjectDB
from evennia.utils import create, logger

from world.identity import START_ROOM_DESC, START_ROOM_NAME
from world.social import boards, mail, rules, speech

JOINED = "channels_joined"


def ensure_social_world():
    """At server start: channels, boards, the start room's details (logs, never raises)."""
    try:
        for name, aliases, description, locks in rules.DEFAULT_CHANNELS:
            if ChannelDB.objects.get_channel(name) is None:
                create.create_channel(name, aliases=list(aliases), desc=description, locks=locks)
        boards.ensure_default_boards()
        room = ObjectDB.objects.filter(db_key=START_ROOM_NAME).first()
        if room is not None:
            if not speech.details(room):
                for name, text in rules.START_ROOM_DETAILS.items():
                    speech.set_detail(room, name, text)
            refresh_start_room_desc(room)
    except Exception:
        logger.log_trace("social: could not set up channels, boards or details")


def refresh_start_room_desc(room):
    """
    The start room's description is set once, on the first start; a game
    begun under an earlier version keeps that version's text. When it holds
    the same words as ours, broken into other lines (an earlier version's ran
    past 78 columns), it gets today's; one a builder rewrote is left alone.
    """
    desc = room.db.desc or ""
    if desc != START_ROOM_DESC and desc.split() == START_ROOM_DESC.split():
        room.db.desc = START_ROOM_DESC


def join_default_channels(account):
    """Once per account: join the default channels it may listen to, with their aliases."""
    if account.attributes.get(JOINED, category="social"):
        return
    for name, aliases, _, _ in rules.DEFAULT_CHANNELS:
        channel = ChannelDB.objects.get_channel(name)
        if channel is None or not channel.access(account, "listen"):
            continue
        if not channel.has_connection(account):
            channel.connect(account)
        for alias in aliases:
            channel.add_user_channel_alias(account, alias)
    account.attributes.add(JOINED, True, category="social")


def on_login(account):
    """The login notice: unread mail and board posts (never raises)."""
    try:
        join_default_channels(account)
        unread_mail = mail.unread_count(account)
        unread_posts = boards.unread_count(account)
        parts = []
        if unread_mail:
            parts.append(f"{unread_mail} unread +mail")
        if unread_posts:
            parts.append(f"{unread_posts} unread post{'s' if unread_posts != 1 else ''} on +bb")
        if parts:
            account.msg("|yYou have " + " and ".join(parts) + ".|n")
    except Exception:
        logger.log_trace("social: login notice failed")
