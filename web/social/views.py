"""
The social layer on the web: scene logs, one's own mail, the boards.

Every view asks the same services as the game, so the same privacy holds:
a private scene, someone else's mail or a board one may not read is a 404,
exactly like one that does not exist.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from world.social import boards, mail, scenes
from world.social.errors import SocialError
from world.social.models import PostRead


def _account(request):
    return request.user if request.user.is_authenticated else None


def scene_list(request):
    title = request.GET.get("q", "").strip()[:80]
    person = request.GET.get("with", "").strip()[:80]
    found = scenes.search(_account(request), text=title, participant=person)
    return render(request, "social/scenes.html", {
        "scenes": found, "q": title, "with": person, "page_title": "Scene logs",
    })


def scene_detail(request, number):
    try:
        scene = scenes.get_readable(number, _account(request))
    except SocialError:
        raise Http404("No such scene")
    return render(request, "social/scene.html", {
        "scene": scene, "entries": scene.entries.all(),
        "participants": scene.participants.all(), "page_title": scene.title or "Scene",
    })


@login_required
def mail_list(request):
    folder = request.GET.get("folder", "Inbox")[:20] or "Inbox"
    messages = mail.inbox(request.user, folder)
    rows = [(number, msg, mail.is_unread(msg)) for number, msg in enumerate(messages, start=1)]
    return render(request, "social/mail.html", {
        "rows": rows, "folder": folder, "folders": mail.folders(request.user),
        "page_title": "My mail",
    })


@login_required
def mail_detail(request, number):
    try:
        msg = mail.mark_read(request.user, mail.by_id(request.user, number))
    except SocialError:
        raise Http404("No such mail")
    return render(request, "social/mail_detail.html", {
        "msg": msg, "sender": msg.senders[0].key if msg.senders else "?",
        "to": ", ".join(a.key for a in mail.recipients(msg)), "page_title": msg.header,
    })


def _board(request, number):
    visible = boards.visible_boards(request.user)
    if not 1 <= number <= len(visible):
        raise Http404("No such board")
    return visible, visible[number - 1]


@login_required
def board_list(request):
    rows = []
    for number, board in enumerate(boards.visible_boards(request.user), start=1):
        posts = board.posts.all()
        rows.append((number, board, posts.count(), len(boards.unread_ids(request.user, posts))))
    return render(request, "social/boards.html", {"rows": rows, "page_title": "Boards"})


@login_required
def board_detail(request, board):
    _, found = _board(request, board)
    posts = list(enumerate(boards.threads(found), start=1))
    return render(request, "social/board.html", {
        "board": found, "number": board, "posts": posts, "page_title": found.name,
    })


@login_required
def post_detail(request, board, number):
    _, found = _board(request, board)
    posts = boards.threads(found)
    if not 1 <= number <= len(posts):
        raise Http404("No such post")
    post = posts[number - 1]
    replies = list(post.replies.order_by("id"))
    for item in [post, *replies]:
        PostRead.objects.get_or_create(post=item, account=request.user)
    return render(request, "social/post.html", {
        "board": found, "number": board, "post": post, "replies": replies,
        "page_title": post.subject,
    })
