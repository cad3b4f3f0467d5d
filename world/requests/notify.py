"""
Who hears about a change on the +request desk, and the staff channel.

Commands and web views call `announce(actor, event)` after a service has
made a change. Staff hear of new requests, withdrawals and player comments
on the "Requests" channel; an assignee is told when given a request; the
request's players are told when staff reply, close, reopen or add them.
People who are offline find the same news as unread marks (+requests) and
in the login notice (`on_login`), as do assignees.
"""

import evennia
from evennia.comms.models import ChannelDB
from evennia.utils import create, logger

from world.requests import render, rules, services
from world.requests.models import Event

_ALWAYS_TO_STAFF = (Event.Action.FILED, Event.Action.CANCELLED)
_TO_ALL_PLAYERS = (Event.Action.COMMENTED, Event.Action.CLOSED, Event.Action.REOPENED)


def staff_channel():
    """
    The staff channel, created (locked to Builder and up) if it is missing.
    Staff join it at login; those already online when it is made join it then.
    """
    channel = ChannelDB.objects.get_channel(rules.STAFF_CHANNEL)
    if channel is None:
        channel = create.create_channel(
            rules.STAFF_CHANNEL, desc=rules.STAFF_CHANNEL_DESC, locks=rules.STAFF_CHANNEL_LOCKS
        )
        for account in evennia.SESSION_HANDLER.all_connected_accounts():
            if services.is_staff(account):
                channel.connect(account)
    return channel


def ensure_staff_channel():
    """At server start: make the staff channel if it is missing (logs, never raises)."""
    try:
        staff_channel()
    except Exception:
        logger.log_trace("requests: could not make the staff channel at server start")


def announce(actor, event):
    """
    Tell staff, the assignee and the players what `event` changed.

    Never raises: the change is saved by now, so a notice that fails is
    logged and must not look like a failed change (nor undo it).
    """
    for deliver in (_to_staff, _to_assignee, _to_players):
        try:
            deliver(actor, event)
        except Exception:
            logger.log_trace(
                f"requests: {deliver.__name__} failed after #{event.request_id} {event.action}"
            )


def _to_staff(actor, event):
    if event.action in _ALWAYS_TO_STAFF or (
        event.action == Event.Action.COMMENTED and not actor.is_staff
    ):
        staff_channel().msg(render.staff_announcement(event))


def _to_assignee(actor, event):
    if event.action == Event.Action.ASSIGNED and event.target_id != actor.account.id:
        _tell(event.target, render.assignee_notice(event))


def _to_players(actor, event):
    if actor.is_staff and event.action in _TO_ALL_PLAYERS:
        for player in _players(event.request):
            if player.id != actor.account.id:
                _tell(player, render.player_notice(event))
    if event.action == Event.Action.PLAYER_ADDED:
        _tell(event.target, render.player_notice(event))


def on_login(account):
    """
    At login: staff join the staff channel (they may mute it: channel/mute
    requests) and hear of requests given to them that they have not read;
    players hear of unread staff replies.
    """
    notices = []
    try:
        if services.is_staff(account):
            channel = staff_channel()
            if not channel.has_connection(account):
                channel.connect(account)
            assigned = services.unread_assigned(account)
            if assigned:
                notices.append(render.assigned_login_notice(assigned))
        unread = services.unread_staff_replies(account)
        if unread:
            notices.append(render.login_notice(unread))
    except Exception:
        # The desk must never be the reason a player cannot log in.
        logger.log_trace(f"requests: login notice failed for {account}")
        return
    for notice in notices:
        account.msg(notice)


def _players(request):
    players = list(request.players.all())
    return ([request.filer] if request.filer else []) + players


def _tell(account, text):
    if account and account.is_connected:
        account.msg(text)
