"""
Bulletin boards (+bb). Each board has an Evennia lock string with `read`
and `post` access types (staff always may both); posts are numbered per
board, 1 upwards, as they were posted. An account has read a post once a
PostRead row says so.
"""

from django.db import transaction
from django.utils import timezone
from evennia.locks.lockhandler import check_lockstring
from evennia.utils.utils import crop

from world.access import is_staff
from world.numbers import whole_number
from world.social import rules
from world.social.errors import SocialError
from world.social.models import Board, Post, PostRead


def can(account, board, access):
    return is_staff(account) or check_lockstring(account, board.locks, access_type=access)


def visible_boards(account):
    return [board for board in Board.objects.all() if can(account, board, "read")]


def find_board(account, name):
    """A board by its number in the list or (the start of) its name."""
    name = (name or "").strip()
    boards = visible_boards(account)
    if not name:
        raise SocialError("Name a board, by number or name (+bb lists them).")
    if name.isascii() and name.isdigit() and 1 <= int(name) <= len(boards):
        return boards[int(name) - 1]
    exact = [b for b in boards if b.name.lower() == name.lower()]
    starts = exact or [b for b in boards if b.name.lower().startswith(name.lower())]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise SocialError("That could be " + ", ".join(b.name for b in starts) + ".")
    raise SocialError(f"There is no board '{crop(name, 30)}' you can read. +bb lists them.")


def threads(board):
    """The board's top posts in order (their number is their place, from 1)."""
    return list(board.posts.filter(parent__isnull=True).order_by("id"))


def unread_ids(account, posts):
    ids = [p.id for p in posts]
    read = set(PostRead.objects.filter(account=account, post_id__in=ids)
               .values_list("post_id", flat=True))
    return {i for i in ids if i not in read}


def unread_count(account):
    total = 0
    for board in visible_boards(account):
        total += board.posts.exclude(reads__account=account).count()
    return total


def next_unread(account):
    """(board, post number) of the first thread, board by board, with something the
    account has not read; None when it has read everything."""
    for board in visible_boards(account):
        for number, post in enumerate(threads(board), start=1):
            if unread_ids(account, [post, *post.replies.all()]):
                return board, number
    return None


def find_post(account, board_name, number):
    """(board, post) for `<#>` (a post) or `<#>.<n>` (its n-th reply), numbered from 1."""
    board = find_board(account, board_name)
    top, dot, nth = str(number).strip().partition(".")
    post = _nth(threads(board), top)
    if post is not None and dot:
        post = _nth(list(post.replies.order_by("id")), nth)
    if post is None:
        raise SocialError(f"{board.name} has no post {crop(str(number), 8)}. "
                          f"|w+bb {board.name}|n lists its posts.")
    return board, post


def _nth(items, number):
    place = whole_number(number, low=1)
    return items[place - 1] if place is not None and place <= len(items) else None


def read(account, board_name, number):
    """The thread `number` is in (a reply's number shows its post), all marked read."""
    board, post = find_post(account, board_name, number)
    post = post.parent or post
    replies = list(post.replies.order_by("id"))
    for item in [post, *replies]:
        PostRead.objects.get_or_create(post=item, account=account)
    return board, post, replies


def _check_text(subject, body):
    subject = " ".join((subject or "").split())
    body = (body or "").strip()
    if not subject or not body:
        raise SocialError("A post needs a subject and a text: +bb/post <board>=<subject>/<text>")
    if len(subject) > rules.BOARD_SUBJECT_MAX:
        raise SocialError(f"A subject can be at most {rules.BOARD_SUBJECT_MAX} characters.")
    if len(body) > rules.BOARD_BODY_MAX:
        raise SocialError(f"A post can be at most {rules.BOARD_BODY_MAX} characters.")
    return subject, body


def post(account, board_name, subject, body):
    board = find_board(account, board_name)
    if not can(account, board, "post"):
        raise SocialError(f"Only staff post on {board.name}. Try the General board.")
    subject, body = _check_text(subject, body)
    with transaction.atomic():
        item = Post.objects.create(board=board, author=account, author_name=account.key,
                                   subject=subject, body=body)
        PostRead.objects.create(post=item, account=account)
    return board, item, len(threads(board))


def reply(account, board_name, number, body):
    board, parent = find_post(account, board_name, number)
    parent = parent.parent or parent  # answering a reply answers its post
    if not can(account, board, "post"):
        raise SocialError(f"Only staff post on {board.name}.")
    _, body = _check_text("Re: " + parent.subject, body)
    with transaction.atomic():
        item = Post.objects.create(board=board, parent=parent, author=account,
                                   author_name=account.key, subject=("Re: " + parent.subject)[:80],
                                   body=body)
        PostRead.objects.create(post=item, account=account)
    return board, parent, item


def edit(account, board_name, number, body):
    board, item = find_post(account, board_name, number)
    if item.author_id != account.id and not is_staff(account):
        raise SocialError("You can edit only your own posts.")
    _, body = _check_text(item.subject, body)
    item.body, item.edited_at = body, timezone.now()
    item.save(update_fields=["body", "edited_at"])
    return board, item


def delete(account, board_name, number):
    board, item = find_post(account, board_name, number)
    if item.author_id != account.id and not is_staff(account):
        raise SocialError("You can delete only your own posts.")
    item.delete()
    return board, item


def create_board(name, description="", locks="read:all();post:all()"):
    name = " ".join((name or "").split())
    if not name or len(name) > 40:
        raise SocialError("A board needs a name of at most 40 characters.")
    if Board.objects.filter(name__iexact=name).exists():
        raise SocialError(f"There is a board called {name} already.")
    return Board.objects.create(name=name, description=description[:200], locks=locks,
                                order=Board.objects.count() + 1)


def set_locks(board, locks):
    if "read:" not in locks and "post:" not in locks:
        raise SocialError("Give read: and/or post: locks, like read:all();post:perm(Builder)")
    board.locks = locks
    board.save(update_fields=["locks"])
    return board


def ensure_default_boards():
    for order, (name, description, locks) in enumerate(rules.DEFAULT_BOARDS, start=1):
        Board.objects.get_or_create(
            name=name, defaults={"description": description, "locks": locks, "order": order}
        )
