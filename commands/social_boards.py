"""+bb: bulletin boards (list, read, post, reply, edit and delete your own)."""

from evennia.utils.utils import crop

from commands.command import DelverCommand
from world.access import STAFF_LOCK
from world.social import boards
from world.social.render import fold, fold_lines, rule


class CmdBoard(DelverCommand):
    """
    read and post on the bulletin boards

    Usage:
      +bb
      +bb <board>
      +bb <board>/<#>
      +bb/next
      +bb/post <board>=<subject>/<text>
      +bb/reply <board>/<#>=<text>
      +bb/edit <board>/<#>=<new text>
      +bb/delete <board>/<#>
      +bb/create <name>=<description>        (staff)
      +bb/lock <board>=<lock string>         (staff)

    `+bb` lists the boards with how many posts you have not read (you are
    told at login too); name a board by its number or name. In a board's
    list U marks what you have not read; `+bb/next` reads the next thread
    with something unread, board by board. A reply is <#>.<n>: 2/4.1 is the
    first reply to post 4 on board 2. Some boards, like Announcements, take
    posts from staff only. You may edit or delete only your own posts and
    replies. The boards are on the website, at /boards/.

    Examples:
      +bb
      +bb General
      +bb 2/4
      +bb/next
      +bb/post General=Lost lantern/Brass, one cracked pane. Reward!
      +bb/reply 2/4=Found it by the well.
      +bb/edit 2/4.1=Found it by the old well.
      +bb/lock General=read:all();post:perm(Builder)
    """

    key = "+bb"
    aliases = ["bb", "+bbread"]
    locks = f"cmd:all();staff:{STAFF_LOCK}"
    help_category = "Social"
    account_caller = True
    switch_options = ("next", "post", "reply", "edit", "delete", "create", "lock")
    switch_locks = {"create": "staff", "lock": "staff"}

    def func_default(self):
        args = self.args.strip()
        if not args:
            self.msg(render_boards(self.caller))
        elif "/" in args:
            name, number = args.rsplit("/", 1)
            self.msg(render_post(*boards.read(self.caller, name, number.strip())))
        else:
            self.msg(render_board(self.caller, boards.find_board(self.caller, args)))

    def switch_next(self):
        found = boards.next_unread(self.caller)
        if found is None:
            self.msg("You have read everything on the boards.")
            return
        board, number = found
        self.msg(render_post(*boards.read(self.caller, board.name, number)))

    def _where(self):
        if self.rhs is None or "/" not in self.lhs:
            self.refuse_usage("Name the post as <board>/<#>, then = and the text.")
        name, number = self.lhs.rsplit("/", 1)
        return name, number.strip(), self.rhs

    def switch_post(self):
        if self.rhs is None or "/" not in self.rhs:
            self.refuse_usage("Write the board, =, the subject, / and the text.")
        subject, body = self.rhs.split("/", 1)
        board, _, number = boards.post(self.caller, self.lhs, subject, body)
        self.msg(f"You posted {board.name}/{number}.")

    def switch_reply(self):
        board, parent, _ = boards.reply(self.caller, *self._where())
        self.msg(f"You replied to {board.name}: {parent.subject}.")

    def switch_edit(self):
        board, item = boards.edit(self.caller, *self._where())
        self.msg(f"Your {'reply' if item.parent_id else 'post'} on {board.name} is changed.")

    def switch_delete(self):
        if "/" not in self.args:
            self.refuse_usage("Name the post as <board>/<#>.")
        name, number = self.args.rsplit("/", 1)
        board, item = boards.delete(self.caller, name, number.strip())
        self.msg(f"Your {'reply' if item.parent_id else 'post'} on {board.name} is deleted.")

    def switch_create(self):
        board = boards.create_board(self.lhs, self.rhs or "")
        self.msg(f"Board {board.name} is made.")

    def switch_lock(self):
        if not self.rhs:
            self.refuse_usage("Give the board, = and the lock string.")
        board = boards.set_locks(boards.find_board(self.caller, self.lhs), self.rhs.strip())
        self.msg(f"{board.name} is locked: {board.locks}")


def render_boards(account):
    lines = [rule(" Boards "), f"|w{'#':>3}  {'Board':<24} {'Posts':>5} {'Unread':>6}  Note|n"]
    for number, board in enumerate(boards.visible_boards(account), start=1):
        posts = board.posts.all()
        unread = len(boards.unread_ids(account, posts))
        note = "" if boards.can(account, board, "post") else "read only"
        lines.append(f"{number:>3}  {crop(board.name, 24):<24} {posts.count():>5} {unread:>6}  {note}")
    lines.append(rule())
    return "\n".join(lines)


def render_board(account, board):
    posts = boards.threads(board)
    unread = boards.unread_ids(account, [p for post in posts for p in [post, *post.replies.all()]])
    lines = [rule(f" {board.name} "), fold(board.description)]
    if posts:
        lines.append(f"|w  {'#':>3}  {'Subject':<36} {'By':<14} {'Date':<5} Replies|n")
    for number, post in enumerate(posts, start=1):
        replies = list(post.replies.all())
        new = any(p.id in unread for p in [post, *replies])
        flag = "|gU|n" if new else " "
        lines.append(
            f"{flag} {number:>3}  {crop(post.subject, 36):<36} {crop(post.author_name, 14):<14} "
            f"{post.posted_at:%m-%d} {len(replies) or ''}".rstrip()
        )
    if not posts:
        lines.append(f"Nothing posted yet: |w+bb/post {board.name}=<subject>/<text>|n.")
    lines.append(rule())
    return "\n".join(lines)


def render_post(board, post, replies):
    lines = [rule(f" {board.name}: {crop(post.subject, 50)} ")]
    for reply_number, item in enumerate([post, *replies]):
        edited = f" (edited {item.edited_at:%Y-%m-%d %H:%M})" if item.edited_at else ""
        said = f"Reply {reply_number} by" if reply_number else "Posted by"
        lines.append(fold(
            f"{said} |w{item.author_name}|n, {item.posted_at:%Y-%m-%d %H:%M} UTC{edited}"
        ))
        lines.append(fold_lines(item.body))
        lines.append("")
    lines[-1] = rule()
    return "\n".join(lines)
