"""
The Digger sheet and what stands around it: +digger (ratings, DP, ledger,
grants), +form, the game's approval (+approve, +unapprove) and +chapter.
"""

from world.digger import approval, belt, chapter, render, rules, sheets

from .common import DiggerCommand, tell_staff, with_rules


class CmdDigger(DiggerCommand):
    __doc__ = with_rules("""
    your delver's Digger sheet: ratings, Digger Points, tools and belt

    Usage:
      +digger [<character>]
      +digger/raise <ability>[=<new rating>]
      +digger/lower <ability>[=<new rating>]
      +digger/slot
      +digger/submit
      +digger/log [<character>]
      +digger/grant <character>=<DP> <reason>

    Every form of your character has four Dungeon Abilities, each rated
    {rating_min} to {rating_max}: Brute (its basic action is Force), Agility (Rush), Wits
    (Investigate) and Combat (Fight). Each step up costs Digger Points
    (DP): {rating_min} to {first_step} costs {first_step_dp}, {example_from} to {example_rating} costs {example_step_dp}, so a rating of {example_rating} has cost
    {example_total_dp} DP in all. New characters get {start_dp} DP. /raise and /lower go one
    step, or straight to the rating you name.

    While your character waits for approval you may /lower a rating to get
    its DP back; once staff have approved you, DP only goes into things.
    /submit asks staff to approve your character when your sheet is ready
    (staff are told; the sheet shows where it stands). Only approved
    delvers may enter a dungeon (see |whelp approval|n).

    /slot buys your current form's tool belt one more slot than the Chapter
    gives ({slot_dp} DP, {slot_dp_late} DP from Chapter {late_chapter}); when the next Chapter
    makes that slot free, the DP comes back by itself.

    /log lists every DP you received or spent, and why. Sheets of approved
    characters are open to all; sheets in chargen only to their owner and
    staff.

    Staff: /grant gives DP, at most {grant_max} at a time (a negative number
    takes some back, to correct a mistake); the reason goes into the ledger.

    Examples:
      +digger
      +digger/raise wits
      +digger/raise brute=5
      +digger/lower combat
      +digger/submit
      +digger/grant Ann=5 ran the harvest festival plot
    """)

    key = "+digger"
    switch_options = ("raise", "lower", "slot", "submit", "log", "grant")
    switch_locks = {"grant": "staff"}

    def func_default(self):
        target = self.character(self.args) if self.args else self.caller
        self.msg(render.sheet(sheets.sheet_view(self.caller, target)))

    def switch_raise(self):
        self._change_rating(sheets.raise_rating)

    def switch_lower(self):
        self._change_rating(sheets.lower_rating)

    def _change_rating(self, change):
        if not self.lhs:
            self.refuse_usage("Name the ability to change.")
        target = None if self.rhs is None else self.number(self.rhs, "the new rating")
        self.msg(render.rating_change(change(self.caller, self.lhs, target)))

    def switch_slot(self):
        self.msg(render.slot_bought(belt.buy_early_slot(self.caller)))

    def switch_submit(self):
        found, asked_anew = approval.request_approval(self.caller)
        self.msg(render.approval_requested(found, asked_anew))
        if asked_anew:
            tell_staff(
                f"|wApproval|n: {self.caller.key} asks to be approved. "
                f"+digger {self.caller.key} shows the sheet; +approve lists everyone waiting."
            )

    def switch_log(self):
        target = self.character(self.args) if self.args else self.caller
        self.msg(render.ledger(*sheets.ledger_view(self.caller, target)))

    def switch_grant(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the character, then = the DP and the reason.")
        amount, _, reason = self.rhs.strip().partition(" ")
        amount = self.number(amount, "the DP", maximum=rules.GRANT_MAX, signed=True)
        target = self.character(self.lhs)
        entry = sheets.grant(self.caller, target, amount, reason)
        self.msg(render.granted(entry, target))
        if target != self.caller:
            target.msg(f"Staff: {render.granted(entry, target)}")


class CmdForm(DiggerCommand):
    """
    see and switch your forms

    Usage:
      +form
      +form <name>
      +form/create <character>=<name>

    A character may have more than one form, each with its own Digger
    statblock: ratings, tools and belt. +form lists yours; +form <name>
    makes that form the one you play (and the one +digger and +tools show).
    You cannot switch while your party is in a dungeon.

    Staff: /create makes a new form for a character, starting as a copy of
    their base form: its ratings, its tools, and its belt as far as the new
    form's free slots go (an early slot bought for the base form, and its
    refund, stay with the base form).

    Examples:
      +form
      +form Wolf
      +form/create Ann=Wolf
    """

    key = "+form"
    switch_options = ("create",)
    switch_locks = {"create": "staff"}

    def func_default(self):
        if not self.args:
            self.msg(render.forms(sheets.sheet_view(self.caller, self.caller)))
            return
        form = sheets.switch_form(self.caller, self.args)
        self.msg(f"You are in your {form.name} form now.")

    def switch_create(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the character, then = the new form's name.")
        target = self.character(self.lhs)
        form = sheets.create_form(self.caller, target, self.rhs)
        self.msg(f"{target.key} has a new form, {form.name}, copied from their base form.")


class _ApprovalCommand(DiggerCommand):
    """Base of +approve and +unapprove (not a command players call)."""

    locks = "cmd:perm(Builder)"
    change = None  # the approval service to call
    asked = done = notice = ""

    def func_default(self):
        if not self.args:
            self.refuse_usage(f"Name the character to {self.asked}.")
        self._change()

    def _change(self):
        target = self.character(self.args)
        self.change(self.caller, target)
        self.msg(f"{target.key} {self.done}.")
        target.msg(self.notice)


class CmdApprove(_ApprovalCommand):
    """
    approve a character for play

    Usage:
      +approve
      +approve <character>

    +approve alone lists the characters waiting for approval (players ask
    with +digger/submit), oldest first.

    A new character is in chargen until staff approve it. Until then its
    player may sell Digger ratings back and has the initial application
    bonus (the first tool bought brings a second one free). The sheet
    (+digger) shows the status. +unapprove puts a character back in
    chargen.

    Examples:
      +approve
      +approve Ann
    """

    key = "+approve"

    def func_default(self):
        if not self.args:
            self.msg(render.pending_approvals(approval.pending()))
            return
        self._change()
    change = staticmethod(approval.approve)
    asked, done = "approve", "is approved"
    notice = "Staff have approved your character. Welcome to the game!"


class CmdUnapprove(_ApprovalCommand):
    """
    put an approved character back into chargen

    Usage:
      +unapprove <character>

    Lets the player fix their sheet as in chargen (selling ratings back)
    until staff +approve the character again.

    Example:
      +unapprove Ann
    """

    key = "+unapprove"
    change = staticmethod(approval.unapprove)
    asked, done = "put back into chargen", "is back in chargen"
    notice = "Staff have put your character back into chargen for changes."


class CmdChapter(DiggerCommand):
    __doc__ = with_rules("""
    the game's current Chapter

    Usage:
      +chapter
      +chapter/advance

    The story moves on in Chapters. Tool belts have {slots_1} free slots in
    Chapter 1 and one more with every Chapter, up to {slots_max}. +chapter shows the
    current one.

    Staff: /advance starts the next Chapter. Anyone who bought a belt slot
    early gets its DP back when the new Chapter makes it free.

    Examples:
      +chapter
      +chapter/advance
    """)

    key = "+chapter"
    switch_options = ("advance",)
    switch_locks = {"advance": "staff"}

    def func_default(self):
        number = chapter.current_chapter()
        self.msg(
            f"This is Chapter {number}: tool belts have {rules.free_belt_slots(number)} free "
            "slots."
        )

    def switch_advance(self):
        advance = chapter.advance_chapter(self.caller)
        self.msg(render.chapter_advanced(advance))
        for refund in advance.refunds:
            refund.character.msg(
                f"Chapter {advance.chapter} makes your early belt slot free: {refund.amount} DP "
                "come back to you."
            )
