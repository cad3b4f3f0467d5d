"""
+request and +requests: ask staff for something and follow the answer.

Thin commands: they parse, call `world.requests.services`, have
`world.requests.notify` tell whoever should hear, and show a render.
"""

from functools import partialmethod

from evennia import CmdSet

from commands.command import DelverCommand
from world.numbers import database_id, is_digits
from world.requests import notify, render, rules, services
from world.requests.errors import NoSuchRequest

_STAFF_SWITCHES = ("claim", "assign", "note", "close", "reopen", "addplayer")


class CmdRequest(DelverCommand):
    """
    ask staff for something, and follow their answer

    Usage:
      +request <title>=<text>
      +request/<category> <title>=<text>
      +request <#>
      +request/comment <#>=<text>
      +request/cancel <#>

    A request goes to the staff: a ruling on a challenge, help with your
    character, a bug, an idea for a plot. It gets a number, and staff answer
    in its thread. The categories are general (the default), chargen,
    digger, bug and plot. Filed while your party is in a Digger run, the
    request carries that run's roll log to the staff.

    +request <#> shows one of your requests with its thread and marks it
    read. +request/comment adds to the thread; +request/cancel withdraws a
    request that is still open. +requests lists yours.

    Examples:
      +request Stuck door=The exit north of the shrine will not open.
      +request/digger Disputed roll=We think the trap's Level was wrong.
      +request 12
      +request/comment 12=It happened again just now.

    Staff (Builder and up) also have:
      +request/claim <#>              take a request on
      +request/assign <#>=<staff>     give it to another staff member
      +request/note <#>=<text>        a note only staff ever see
      +request/comment <#>=<text>     answer the player (they see it)
      +request/close <#>=<answer>     close it with the answer
      +request/reopen <#>             open a closed or withdrawn one
      +request/addplayer <#>=<player> let another player follow it
    and see notes, history and the Digger roll log in +request <#>.
    """

    key = "+request"
    help_category = "Requests"
    switch_options = ("comment", "cancel", *_STAFF_SWITCHES, *rules.CATEGORIES)

    def func_default(self):
        if not self.args:
            self.msg(render.own_list(services.own_requests(self.actor())))
        elif self.rhs is None:
            self.msg(render.detail(services.read_request(self.actor(), self.number(self.lhs))))
        else:
            self.file_in(rules.DEFAULT_CATEGORY)

    def file_in(self, category):
        if self.rhs is None:
            self.refuse_usage("Give a title and a text, with = between them.")
        actor = self.actor()
        event = services.file_request(actor, self.lhs, self.rhs, category)
        notify.announce(actor, event)
        self.msg(render.filed(event))

    def switch_comment(self):
        self.change(services.comment, self.number(self.lhs), self.required_rhs("your comment"))

    def switch_cancel(self):
        self.change(services.cancel, self.number(self.args))

    def switch_claim(self):
        self.change(services.claim, self.number(self.args))

    def switch_assign(self):
        self.change(services.assign, self.number(self.lhs), self.required_rhs("a staff member"))

    def switch_note(self):
        self.change(services.add_note, self.number(self.lhs), self.required_rhs("the note"))

    def switch_close(self):
        self.change(services.close, self.number(self.lhs), self.required_rhs("the answer"))

    def switch_reopen(self):
        self.change(services.reopen, self.number(self.args))

    def switch_addplayer(self):
        self.change(services.add_player, self.number(self.lhs), self.required_rhs("a player"))

    def change(self, service, *args):
        """Run one change on a request, tell whoever should hear, confirm it."""
        actor = self.actor()
        event = service(actor, *args)
        notify.announce(actor, event)
        self.msg(render.done(event))

    def actor(self):
        return services.actor_for(self.caller)

    def number(self, text):
        """The request number typed ('12' or '#12'); digits naming no row are no request."""
        digits = (text or "").strip().removeprefix("#")
        if not is_digits(digits):
            self.refuse_usage("Give the request's number, like 12.")
        number = database_id(digits)
        if number is None:
            raise NoSuchRequest(digits.lstrip("0") or "0")
        return number

    def required_rhs(self, what):
        if self.rhs is None:
            self.refuse_usage(f"Give {what} after =.")
        return self.rhs


# +request/bug, +request/plot ...: one filing switch per category of the rules table.
for _category in rules.CATEGORIES:
    setattr(CmdRequest, f"switch_{_category}", partialmethod(CmdRequest.file_in, _category))


class CmdRequests(DelverCommand):
    """
    list your requests (staff: the request queue)

    Usage:
      +requests
      +requests/all [status=<status>] [category=<category>] [assignee=<name>] [player=<name>]

    +requests lists the requests you filed or were added to, with a * on
    those that have news since you last read them.

    Staff (Builder and up): +requests/all is the queue, open requests first
    and the oldest first. It shows open requests unless you give another
    status: open, closed, cancelled or all. assignee= takes a name, me or
    none; player= shows the requests a player filed or follows.

    Examples:
      +requests
      +requests/all
      +requests/all status=closed category=bug
      +requests/all assignee=none
    """

    key = "+requests"
    help_category = "Requests"
    switch_options = ("all",)

    def func_default(self):
        if self.args:
            self.refuse_usage()
        rows = services.own_requests(services.actor_for(self.caller))
        self.msg(render.own_list(rows))

    def switch_all(self):
        filters = {}
        for word in self.args.split():
            key, sep, value = word.partition("=")
            if not sep or not key or not value:
                self.refuse_usage(f"Filters look like key=value, not {word!r}.")
            filters[key.lower()] = value
        queue = services.staff_queue(services.actor_for(self.caller), filters)
        self.msg(render.queue(queue))


class RequestCmdSet(CmdSet):
    key = "Request"

    def at_cmdset_creation(self):
        self.add(CmdRequest)
        self.add(CmdRequests)
