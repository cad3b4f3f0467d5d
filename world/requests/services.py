"""
What the +request desk does: file, read, comment, and the staff actions.

Every function takes an `Actor` (who is asking, and whether as staff),
checks, changes the database inside one transaction, and returns what
happened (an `Event`, or a view of the data). Nothing here messages a
player: commands and web views render the result, and `notify` tells the
people who should hear about it.

Privacy lives here, once, for both the game and the web: a player may only
load requests they filed or were added to, and any other number is
`NoSuchRequest`, exactly as if it did not exist.
"""

import importlib
from dataclasses import dataclass, field, replace

from django.db import transaction
from django.db.models import Case, IntegerField, Max, Q, Value, When
from evennia.accounts.models import AccountDB
from evennia.objects.models import ObjectDB
from evennia.utils import logger
from evennia.utils.utils import inherits_from

from world.access import is_staff
from world.requests import rules
from world.requests.errors import NoSuchRequest, RequestError
from world.requests.models import Entry, Event, ReadMarker, Request

_LARGEST_NUMBER = 2**63 - 1


@dataclass(frozen=True)
class Actor:
    """Who is using the desk: their account, the character they play (in-game) and staff rights."""

    account: AccountDB
    is_staff: bool
    character: object = None


@dataclass(frozen=True)
class RequestRow:
    """One line of a request list."""

    request: Request
    unread: bool


@dataclass(frozen=True)
class Queue:
    """The staff queue: the rows shown, how many matched, and the filters used."""

    rows: list
    total: int
    filters: dict


@dataclass(frozen=True)
class RequestView:
    """One request as the actor may see it."""

    request: Request
    entries: list
    players: list
    for_staff: bool
    events: list = field(default_factory=list)
    run_log: list | None = None


# ---------------------------------------------------------------- who asks


def actor_for(caller):
    """The Actor for an in-game caller (character or account) or a logged-in web user."""
    if inherits_from(caller, "evennia.objects.objects.DefaultObject"):
        if not caller.account:
            raise RequestError("Only a player's character can use the request desk.")
        return Actor(account=caller.account, is_staff=is_staff(caller), character=caller)
    return Actor(account=caller, is_staff=is_staff(caller))


def find_account(name):
    """The account called `name`, or the account of the character called `name`."""
    name = (name or "").strip().lstrip("*")
    if not name:
        raise RequestError("Name a player.")
    account = AccountDB.objects.filter(username__iexact=name).first()
    if account:
        return account
    character = (
        ObjectDB.objects.filter(db_key__iexact=name, db_account__isnull=False)
        .select_related("db_account")
        .first()
    )
    if character:
        return character.db_account
    raise RequestError(f"Nobody here is called {name}.")


# ---------------------------------------------------------------- player side


def file_request(actor, title, text, category=rules.DEFAULT_CATEGORY):
    """File a new request; returns its FILED event (event.request is the request)."""
    title = _clean(title, "title", rules.TITLE_MAX)
    text = _clean(text, "text")
    category = _known_category(category)
    run_id = _current_run_id(actor.character)
    with transaction.atomic():
        request = Request.objects.create(
            title=title,
            text=text,
            category=category,
            filer=actor.account,
            filed_as=actor.character.key[:80] if actor.character else "",
            run_id=run_id,
        )
        ReadMarker.objects.create(request=request, account=actor.account)
        return _record(request, actor, Event.Action.FILED, category)


def own_requests(actor):
    """The requests the actor filed or was added to: open first, then by number."""
    requests = list(
        _participating(actor.account).select_related("assignee").order_by(_open_first(), "id")
    )
    return _rows(actor, requests)


def read_request(actor, number):
    """One request with what the actor may see of it; marks it read."""
    with transaction.atomic():
        request = _load(actor, number)
        entries = request.entries.select_related("author")
        if not actor.is_staff:
            entries = entries.exclude(kind=Entry.Kind.NOTE)
        entries = list(entries)
        _mark_read(request, actor.account)
    view = RequestView(
        request=request,
        entries=entries,
        players=list(request.players.order_by("username")),
        for_staff=actor.is_staff,
    )
    if actor.is_staff:
        view = replace(
            view,
            events=list(request.events.select_related("actor", "target")),
            run_log=run_log(request.run_id) if request.run_id else None,
        )
    return view


def comment(actor, number, text):
    """Add a public comment. Players may comment only while the request is open."""
    text = _clean(text, "comment")
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        if not actor.is_staff and not request.is_open:
            raise RequestError(
                f"#{request.id} is {request.status}: file a new request, or ask staff to reopen it."
            )
        _add_entry(request, actor, Entry.Kind.COMMENT, text)
        return _record(request, actor, Event.Action.COMMENTED)


def cancel(actor, number):
    """The filer withdraws an open request."""
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        if request.filer_id != actor.account.id:
            raise RequestError(f"Only the player who filed #{request.id} can withdraw it.")
        _require_open(request)
        request.status = Request.Status.CANCELLED
        request.save(update_fields=["status", "updated"])
        return _record(request, actor, Event.Action.CANCELLED)


def unread_staff_replies(account):
    """Numbers of the account's requests with staff replies it has not read yet."""
    numbers = list(_participating(account).values_list("id", flat=True))
    newest = _newest_entries(
        Entry.objects.filter(request_id__in=numbers, by_staff=True)
        .exclude(kind=Entry.Kind.NOTE)
        .exclude(author=account)
    )
    read = _markers(account, numbers)
    return sorted(number for number, entry_id in newest.items() if entry_id > read.get(number, 0))


# ---------------------------------------------------------------- staff side


def unread_assigned(account):
    """Numbers of the open requests assigned to a staff account with news it has not read."""
    assigned = Request.objects.filter(status=Request.Status.OPEN, assignee=account).order_by("id")
    rows = _rows(Actor(account=account, is_staff=True), list(assigned))
    return [row.request.id for row in rows if row.unread]


def staff_queue(actor, filters=None):
    """The queue for staff: open first, oldest first, narrowed by `filters` (see rules)."""
    _require_staff(actor)
    filters = {key.lower(): value for key, value in (filters or {}).items() if value}
    unknown = sorted(set(filters) - set(rules.QUEUE_FILTERS))
    if unknown:
        raise RequestError(
            f"Unknown filter {', '.join(unknown)}: use {', '.join(rules.QUEUE_FILTERS)}."
        )
    requests = _filtered(Request.objects.all(), actor, filters)
    total = requests.count()
    shown = list(
        requests.select_related("filer", "assignee").order_by(_open_first(), "created", "id")[
            : rules.QUEUE_LIMIT
        ]
    )
    return Queue(rows=_rows(actor, shown), total=total, filters=filters)


def add_note(actor, number, text):
    """A note only staff will ever see."""
    _require_staff(actor)
    text = _clean(text, "note")
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        _add_entry(request, actor, Entry.Kind.NOTE, text)
        # Players see the last activity: a note they cannot read must not move it.
        return _record(request, actor, Event.Action.NOTED, activity=False)


def claim(actor, number):
    """The staff member takes the request on."""
    _require_staff(actor)
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        _require_open(request)
        if request.assignee_id == actor.account.id:
            raise RequestError(f"#{request.id} is already yours.")
        request.assignee = actor.account
        request.save(update_fields=["assignee", "updated"])
        return _record(request, actor, Event.Action.CLAIMED, target=actor.account)


def assign(actor, number, staff_name):
    """Give the request to a staff member (who is told, see notify)."""
    _require_staff(actor)
    assignee = find_account(staff_name)
    if not is_staff(assignee):
        raise RequestError(f"{assignee.username} is not staff: requests go to staff only.")
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        _require_open(request)
        if request.assignee_id == assignee.id:
            raise RequestError(f"#{request.id} is already assigned to {assignee.username}.")
        request.assignee = assignee
        request.save(update_fields=["assignee", "updated"])
        if assignee.id != actor.account.id:
            # The request is news to its new owner, even if they had read it before.
            ReadMarker.objects.filter(request=request, account=assignee).delete()
        return _record(request, actor, Event.Action.ASSIGNED, assignee.username, target=assignee)


def close(actor, number, resolution):
    """Close an open request with its answer (the players see it in the thread)."""
    _require_staff(actor)
    resolution = _clean(resolution, "resolution")
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        _require_open(request)
        request.status = Request.Status.CLOSED
        request.resolution = resolution
        request.save(update_fields=["status", "resolution", "updated"])
        _add_entry(request, actor, Entry.Kind.RESOLUTION, resolution)
        return _record(request, actor, Event.Action.CLOSED)


def reopen(actor, number):
    """Open a closed or withdrawn request again."""
    _require_staff(actor)
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        if request.is_open:
            raise RequestError(f"#{request.id} is already open.")
        request.status = Request.Status.OPEN
        request.resolution = ""
        request.save(update_fields=["status", "resolution", "updated"])
        return _record(request, actor, Event.Action.REOPENED)


def add_player(actor, number, player_name):
    """Let another player see and follow the request."""
    _require_staff(actor)
    player = find_account(player_name)
    with transaction.atomic():
        request = _load(actor, number, for_update=True)
        if request.filer_id == player.id or request.players.filter(id=player.id).exists():
            raise RequestError(f"{player.username} can already see #{request.id}.")
        request.players.add(player)
        return _record(request, actor, Event.Action.PLAYER_ADDED, player.username, target=player)


# ---------------------------------------------------------------- the Digger link


def _digger_function(name):
    """A function of the Digger app's services, or None while that app lacks it."""
    try:
        module = importlib.import_module("world.digger.services")
    except ImportError:
        return None
    return getattr(module, name, None)


def _current_run_id(character):
    """The id of the Digger run the character is in, if any."""
    active_run_id = _digger_function("active_run_id")
    if character is None or active_run_id is None:
        return None
    try:
        return active_run_id(character)
    except Exception:
        # A broken Digger must not stop anyone from filing (least of all a bug report).
        logger.log_trace("requests: active_run_id failed; filing without a run link")
        return None


def run_log(run_id):
    """The roll log lines of a Digger run, or None if the Digger app cannot give them."""
    lines_of = _digger_function("run_log")
    if lines_of is None:
        return None
    try:
        lines = lines_of(run_id)
    except Exception:
        logger.log_trace(f"requests: run_log({run_id}) failed")
        return None
    return None if lines is None else [str(line) for line in lines]


# ---------------------------------------------------------------- helpers


def _clean(text, what, limit=rules.TEXT_MAX):
    text = (text or "").strip()
    if not text:
        raise RequestError(f"The {what} is empty: write something.")
    if len(text) > limit:
        raise RequestError(f"The {what} is too long: {len(text)} characters, at most {limit}.")
    return text


def _known_category(category):
    category = (category or "").strip().lower()
    if category not in rules.CATEGORIES:
        known = ", ".join(rules.CATEGORIES)
        raise RequestError(f"There is no category {category or '(none)'}: use one of {known}.")
    return category


def _require_staff(actor):
    if not actor.is_staff:
        raise RequestError("Only staff can do that.")


def _require_open(request):
    if not request.is_open:
        raise RequestError(f"#{request.id} is already {request.status}.")


def _participating(account):
    return Request.objects.filter(_participant(account))


def _participant(account):
    """Filed by the account or added to it (a subquery, so no row comes twice)."""
    added = Request.players.through.objects.filter(accountdb_id=account.id).values("request_id")
    return Q(filer=account) | Q(id__in=added)


def _load(actor, number, for_update=False):
    """The request numbered `number` if the actor may see it, else NoSuchRequest."""
    if not 0 < number <= _LARGEST_NUMBER:
        raise NoSuchRequest(number)
    requests = Request.objects.select_related("filer", "assignee")
    if for_update:
        requests = requests.select_for_update(of=("self",))
    request = requests.filter(id=number).first()
    if request is None or not (actor.is_staff or _participates(request, actor.account)):
        raise NoSuchRequest(number)
    return request


def _participates(request, account):
    return request.filer_id == account.id or request.players.filter(id=account.id).exists()


def _add_entry(request, actor, kind, text):
    entry = Entry.objects.create(
        request=request, kind=kind, author=actor.account, by_staff=actor.is_staff, text=text
    )
    _mark_read(request, actor.account)
    return entry


def _record(request, actor, action, detail="", target=None, activity=True):
    """
    Log a change in the request's history and, unless `activity` is False,
    count it as the request's last activity (which its players see).
    """
    if activity:
        request.save(update_fields=["updated"])
    return Event.objects.create(
        request=request, actor=actor.account, action=action, detail=detail[:200], target=target
    )


def _mark_read(request, account):
    newest = request.entries.aggregate(newest=Max("id"))["newest"] or 0
    ReadMarker.objects.update_or_create(
        request=request, account=account, defaults={"last_entry_id": newest}
    )


def _markers(account, numbers):
    return dict(
        ReadMarker.objects.filter(account=account, request_id__in=numbers).values_list(
            "request_id", "last_entry_id"
        )
    )


def _newest_entries(entries):
    """{request id: id of its newest entry among `entries`}."""
    return dict(
        entries.order_by()
        .values("request_id")
        .annotate(newest=Max("id"))
        .values_list("request_id", "newest")
    )


def _rows(actor, requests):
    """List rows with the unread mark: never opened, or something new by someone else."""
    numbers = [request.id for request in requests]
    entries = Entry.objects.filter(request_id__in=numbers).exclude(author=actor.account)
    if not actor.is_staff:
        entries = entries.exclude(kind=Entry.Kind.NOTE)
    newest = _newest_entries(entries)
    read = _markers(actor.account, numbers)
    return [
        RequestRow(
            request=request,
            unread=request.id not in read or newest.get(request.id, 0) > read[request.id],
        )
        for request in requests
    ]


def _open_first():
    return Case(
        When(status=Request.Status.OPEN, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )


def _filtered(requests, actor, filters):
    status = filters.get("status", rules.QUEUE_DEFAULT_STATUS).lower()
    if status != "all":
        if status not in Request.Status.values:
            raise RequestError(
                f"There is no status {status}: use {', '.join(Request.Status.values)} or all."
            )
        requests = requests.filter(status=status)
    if "category" in filters:
        requests = requests.filter(category=_known_category(filters["category"]))
    if "assignee" in filters:
        name = filters["assignee"].lower()
        if name == "none":
            requests = requests.filter(assignee__isnull=True)
        else:
            assignee = actor.account if name == "me" else find_account(name)
            requests = requests.filter(assignee=assignee)
    if "player" in filters:
        player = find_account(filters["player"])
        requests = requests.filter(_participant(player))
    return requests
