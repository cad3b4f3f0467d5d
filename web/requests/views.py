"""
The +request desk on the web: a player's own requests, and the staff queue.

Every view calls the same services as the game, so the same privacy holds:
a request the user may not see is a 404, exactly like one that does not
exist, and staff pages are a 404 for players. Every form is a POST under
Django's CSRF protection.
"""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from web.requests.forms import FileRequestForm, NameForm, QueueFilterForm, TextForm
from world.requests import notify, rules, services
from world.requests import render as desk_render
from world.requests.errors import NoSuchRequest, RequestError


@dataclass(frozen=True)
class Action:
    """A change made from a request's page: the service, its form, whether staff only."""

    service: object
    form: type | None
    staff_only: bool


ACTIONS = {
    "comment": Action(services.comment, TextForm, staff_only=False),
    "cancel": Action(services.cancel, None, staff_only=False),
    "note": Action(services.add_note, TextForm, staff_only=True),
    "close": Action(services.close, TextForm, staff_only=True),
    "claim": Action(services.claim, None, staff_only=True),
    "reopen": Action(services.reopen, None, staff_only=True),
    "assign": Action(services.assign, NameForm, staff_only=True),
    "addplayer": Action(services.add_player, NameForm, staff_only=True),
}


@login_required
def mine(request):
    actor = services.actor_for(request.user)
    rows = services.own_requests(actor)
    return render(
        request,
        "requests/mine.html",
        {"rows": rows, "is_staff": actor.is_staff, "page_title": "My requests"},
    )


@login_required
def file_new(request):
    actor = services.actor_for(request.user)
    form = FileRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = services.file_request(actor, data["title"], data["text"], data["category"])
        except RequestError as err:
            form.add_error(None, desk_render.plain_text(str(err)))
        else:
            notify.announce(actor, event)
            messages.success(request, f"Request #{event.request_id} filed: staff will answer here.")
            return redirect("requests:detail", number=event.request_id)
    return render(
        request,
        "requests/new.html",
        {"form": form, "page_title": "File a request", "categories": rules.CATEGORIES},
    )


@login_required
def detail(request, number):
    actor = services.actor_for(request.user)
    try:
        view = services.read_request(actor, number)
    except NoSuchRequest:
        raise Http404("No such request")
    context = {
        "view": view,
        "req": view.request,
        "can_comment": actor.is_staff or view.request.is_open,
        "can_cancel": view.request.is_open and view.request.filer_id == actor.account.id,
        "comment_form": TextForm(),
        "page_title": f"Request #{view.request.id}",
    }
    if actor.is_staff:
        context.update(note_form=TextForm(), close_form=TextForm(), name_form=NameForm())
    return render(request, "requests/detail.html", context)


@login_required
@require_POST
def act(request, number, action):
    spec = ACTIONS.get(action)
    actor = services.actor_for(request.user)
    if spec is None or (spec.staff_only and not actor.is_staff):
        raise Http404("No such page")
    args = ()
    if spec.form:
        form = spec.form(request.POST)
        form.is_valid()  # the fields are optional: the service judges the text
        args = (form.cleaned_data.get("value", ""),)
    try:
        event = spec.service(actor, number, *args)
    except NoSuchRequest:
        raise Http404("No such request")
    except RequestError as err:
        messages.error(request, desk_render.plain_text(str(err)))
    else:
        notify.announce(actor, event)
        messages.success(request, desk_render.plain_text(desk_render.done(event)))
    return redirect("requests:detail", number=number)


@login_required
def queue(request):
    actor = services.actor_for(request.user)
    if not actor.is_staff:
        raise Http404("No such page")
    filters = {key: request.GET.get(key, "") for key in rules.QUEUE_FILTERS}
    result, problem = None, None
    try:
        result = services.staff_queue(actor, filters)
    except RequestError as err:
        problem = desk_render.plain_text(str(err))
    return render(
        request,
        "requests/queue.html",
        {
            "result": result,
            "problem": problem,
            "filter_form": QueueFilterForm(request.GET or None),
            "page_title": "Request queue",
        },
    )
