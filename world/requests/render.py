"""
How the +request desk looks in the game: lists, one request, confirmations
and the notices others receive. Nothing here changes state.

Player-typed text is shown as typed in the game (colour codes included,
closed with |n so they cannot bleed) but without MXP link codes (`_typed`),
so a title can never become a clickable command on someone's client; the
web strips colour codes with `plain_text` and lets Django escape the rest.
"""

from django.utils import timezone
from evennia.utils.ansi import strip_ansi, strip_mxp
from evennia.utils.utils import crop, datetime_format

from world.requests import rules
from world.requests.models import Entry, Event
from world.text_table import text_table

TITLE_IN_LISTS = 40  # characters of a title that lists show

_DONE = {
    Event.Action.COMMENTED: "You added a comment to #{number}.",
    Event.Action.NOTED: "Staff note added to #{number}.",
    Event.Action.CLAIMED: "#{number} is yours now.",
    Event.Action.ASSIGNED: "#{number} is now assigned to {detail}.",
    Event.Action.CLOSED: "#{number} is closed; its players can read your answer.",
    Event.Action.REOPENED: "#{number} is open again.",
    Event.Action.CANCELLED: "You withdrew request #{number}.",
    Event.Action.PLAYER_ADDED: "{detail} can now read and follow #{number}.",
}


def account_name(account):
    return account.username if account else "(deleted account)"


def filer_name(request):
    """The filer's account name, and the character they filed as when it differs."""
    name = account_name(request.filer)
    if request.filed_as and request.filed_as.lower() != name.lower():
        return f"{name} (as {_typed(request.filed_as)}|n)"
    return name


def stamp(moment):
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


def plain_text(text):
    """Text without Evennia colour codes (for the web, which escapes the rest)."""
    return strip_mxp(strip_ansi(text or ""))


def _typed(text):
    """
    Text a player typed, for the game: colour codes kept, MXP links
    (|lc..|lt..|le, |lu..|lt..|le) reduced to their visible text.
    """
    text = text or ""
    # What a client without colour shows: escapes (||) resolved, whole links
    # reduced, colour codes gone. Clients read MXP links only after all that.
    clean = strip_ansi(text)
    if "|l" in clean:
        # Pieces of a link are left that could still join (across colour codes,
        # or with the text shown next to this one): break every |l apart.
        return clean.replace("|", "||").replace("||l", "|| l")
    if "|l" not in text:
        return text
    if "||" in text:
        # Escaped pipes can be part of a link, which strip_mxp cannot tell.
        return clean.replace("|", "||")
    return strip_mxp(text)


# ---------------------------------------------------------------- answers to the actor


def filed(event):
    request = event.request
    return (
        f"Request |w#{request.id}|n filed ({request.category}): {_typed(request.title)}|n\n"
        f"Staff will answer in its thread; read it with |w+request {request.id}|n."
    )


def done(event):
    """The one-line confirmation of a change, for whoever made it."""
    return _DONE[event.action].format(number=event.request_id, detail=event.detail)


def own_list(rows):
    if not rows:
        return "You have no requests. File one with |w+request <title>=<text>|n."
    table = text_table(
        ["#", "Title", "Category", "Status", "Last activity"],
        [
            [
                _number(row),
                _title(row),
                row.request.category,
                row.request.status,
                datetime_format(row.request.updated),
            ]
            for row in rows
        ],
    )
    return (
        f"|wYour requests|n\n{table}\n"
        f"|y*|n: news since you last read it. Read one with |w+request <#>|n."
    )


def queue(result):
    if not result.rows:
        return f"No requests match ({_filters(result.filters)})."
    table = text_table(
        ["#", "Title", "Cat", "Status", "Player", "Assignee", "Filed"],
        [
            [
                _number(row),
                _title(row),
                row.request.category,
                row.request.status,
                _short(_typed(row.request.filed_as) or account_name(row.request.filer), 10),
                _short(account_name(row.request.assignee), 9) if row.request.assignee else "-",
                datetime_format(row.request.created),
            ]
            for row in result.rows
        ],
    )
    more = ""
    if result.total > len(result.rows):
        more = f"\n{result.total - len(result.rows)} more not shown: narrow the filters."
    return f"|wRequest queue|n ({_filters(result.filters)})\n{table}{more}\n|y*|n: new to you."


def _number(row):
    return f"{row.request.id}{'|y*|n' if row.unread else ''}"


def _short(text, length):
    return crop(text, length, suffix="..")


def _title(row):
    """A title as a list shows it: cut short, so that a row stays a line or two."""
    return _short(_typed(row.request.title), TITLE_IN_LISTS) + "|n"


def _filters(filters):
    status = filters.get("status", rules.QUEUE_DEFAULT_STATUS)
    shown = {"status": status, **{k: v for k, v in filters.items() if k != "status"}}
    return " ".join(f"{key}={value}" for key, value in shown.items())


def detail(view):
    request = view.request
    lines = [
        f"|wRequest #{request.id}:|n {_typed(request.title)}|n",
        f"Category: {request.category}   Status: {request.status}   "
        f"Handled by: {account_name(request.assignee) if request.assignee else 'nobody yet'}",
        f"Filed by {filer_name(request)} on {stamp(request.created)}",
    ]
    if view.players:
        lines.append("Also following: " + ", ".join(account_name(p) for p in view.players))
    if view.for_staff and request.run_id:
        lines.append(f"Filed during Digger run #{request.run_id}")
    lines += ["", f"{_typed(request.text)}|n", "", "|wThread:|n"]
    lines += [_entry(entry) for entry in view.entries] or ["(no replies yet)"]
    if view.for_staff:
        lines += ["", "|wHistory (staff only):|n"] + [_event(event) for event in view.events]
        if request.run_id:
            lines += ["", f"|wRoll log of Digger run #{request.run_id}:|n"]
            lines += (
                [f"{_typed(line)}|n" for line in view.run_log]
                if view.run_log is not None
                else ["(the run's log is not available)"]
            )
    return "\n".join(lines)


def _entry(entry):
    who = account_name(entry.author) + (" (staff)" if entry.by_staff else "")
    label = {
        Entry.Kind.COMMENT: f"{who}",
        Entry.Kind.NOTE: f"|m[staff note]|n {who}",
        Entry.Kind.RESOLUTION: f"{who} |gclosed it|n",
    }[entry.kind]
    return f"[{stamp(entry.created)}] {label}: {_typed(entry.text)}|n"


def _event(event):
    detail = f" ({event.detail})" if event.detail else ""
    return (
        f"[{stamp(event.created)}] {account_name(event.actor)} {event.get_action_display()}{detail}"
    )


# ---------------------------------------------------------------- notices to others


def staff_announcement(event):
    """The staff channel's line for a change, or None for changes staff need not hear of."""
    request = event.request
    who = account_name(event.actor)
    lines = {
        Event.Action.FILED: (
            f"New {request.category} request #{request.id} from {filer_name(request)}: "
            f"{_typed(request.title)}|n"
        ),
        Event.Action.COMMENTED: f"{who} commented on #{request.id}: {_typed(request.title)}|n",
        Event.Action.CANCELLED: f"{who} withdrew #{request.id}: {_typed(request.title)}|n",
    }
    return lines.get(event.action)


def assignee_notice(event):
    return (
        f"|wRequests:|n {account_name(event.actor)} gave you request #{event.request_id}: "
        f"{_typed(event.request.title)}|n (|w+request {event.request_id}|n)"
    )


def player_notice(event):
    """What the request's players hear of a staff change, or None."""
    number = event.request_id
    what = {
        Event.Action.COMMENTED: f"Staff replied to your request #{number}",
        Event.Action.CLOSED: f"Staff closed your request #{number} with an answer",
        Event.Action.REOPENED: f"Staff reopened your request #{number}",
        Event.Action.PLAYER_ADDED: f"Staff added you to request #{number}",
    }.get(event.action)
    if what is None:
        return None
    title = _typed(event.request.title)
    return f"|wRequests:|n {what}: {title}|n. Read it with |w+request {number}|n."


def login_notice(numbers):
    plural = "requests" if len(numbers) > 1 else "request"
    return (
        f"|wRequests:|n staff have replied to your {plural} {_numbers(numbers)} since you last "
        f"looked. See |w+requests|n."
    )


def assigned_login_notice(numbers):
    """For staff at login: open requests assigned to them with news they have not read."""
    if len(numbers) > 1:
        which = "open requests assigned to you have"
    else:
        which = "an open request assigned to you has"
    return (
        f"|wRequests:|n {which} news you have not read: {_numbers(numbers)}. "
        f"See |w+requests/all assignee=me|n."
    )


def _numbers(numbers):
    return ", ".join(f"#{number}" for number in numbers)
