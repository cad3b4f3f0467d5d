"""
What every Digger command shares: finding characters by name, and delivering
news to a party (each member wherever they are) and to the room, each reader's
copy drawn for their client's width.
"""

from commands.command import DelverCommand
from commands.news import drawn_for, tell_each
from world import access
from world.access import STAFF_LOCK, is_staff
from world.digger import rules
from world.digger.errors import DiggerError
from world.numbers import INTEGER_COLUMN_MAX, whole_number
from world.screen import client_columns

HELP_CATEGORY = "Digger"


# The rating +digger's help climbs to in its example of what ratings cost.
_EXAMPLE_RATING = 5


def help_numbers():
    """The rules table's numbers that the help texts quote, by the names they use there
    (read from the table when a help text is made, so help never disagrees with it)."""
    return {
        "rating_min": rules.RATING_MIN,
        "rating_max": rules.RATING_MAX,
        "first_step": rules.RATING_MIN + 1,
        "first_step_dp": rules.raise_cost(rules.RATING_MIN),
        "example_rating": _EXAMPLE_RATING,
        "example_from": _EXAMPLE_RATING - 1,
        "example_step_dp": rules.raise_cost(_EXAMPLE_RATING - 1),
        "example_total_dp": rules.rating_total_cost(_EXAMPLE_RATING),
        "grant_max": rules.GRANT_MAX,
        "start_dp": rules.STARTING_DP,
        "slot_dp": rules.EARLY_SLOT_COST,
        "slot_dp_late": rules.EARLY_SLOT_COST_LATE,
        "late_chapter": rules.EARLY_SLOT_LATE_FROM_CHAPTER,
        "slots_1": rules.BELT_SLOTS_CHAPTER_1,
        "slots_max": rules.BELT_SLOTS_MAX,
        "tool_dp": rules.TOOL_COST_DP,
        "tp": rules.TOOL_POINTS,
        "major_tp": rules.RATING_TP[rules.MAJOR],
        "major_bonus": rules.TOOL_BONUS[rules.MAJOR],
        "major_uses": rules.TOOL_USES[rules.MAJOR],
        "minor_tp": rules.RATING_TP[rules.MINOR],
        "minor_bonus": rules.TOOL_BONUS[rules.MINOR],
        "minor_uses": rules.TOOL_USES[rules.MINOR],
        "lesser_tp": rules.TIER_TP[rules.LESSER],
        "greater_tp": rules.TIER_TP[rules.GREATER],
        "greatest_tp": rules.TIER_TP[rules.GREATEST],
        "drawback_tp": rules.TIER_TP[rules.DRAWBACK],
        "categories": rules.MAX_TOOL_CATEGORIES,
        "party_max": rules.PARTY_MAX,
        "final": rules.FINAL_TRIGGER,
        "limit": rules.EXHAUSTION_LIMIT,
        "risk_bonus": rules.RISK_ROLL_BONUS,
        "risk_failed": rules.EXHAUSTION_RISK_FAILED,
        "risk_minor": rules.EXHAUSTION_RISK_TOOL[rules.MINOR],
        "risk_major": rules.EXHAUSTION_RISK_TOOL[rules.MAJOR],
    }


def with_rules(text):
    """Help text with the rules table's numbers filled in."""
    return text.format(**help_numbers())


def find_character(caller, name):
    """The one character called `name`, wherever they are."""
    return access.find_character(caller, name, anywhere=True, error=DiggerError)


def tell_party(members, text):
    """Send `text` (a text or a render, see commands.news) to every member of a
    party, wherever they are."""
    tell_each(members, text)


def tell_staff(text):
    """Send `text` to every member of staff who is online, fitted to their client."""
    import evennia

    for account in evennia.SESSION_HANDLER.all_connected_accounts():
        if is_staff(account):
            account.msg(drawn_for(client_columns(account), text))


def tell_room(caller, text, members=()):
    """Send the public part to the caller's room (members there already know it all)."""
    tell_rooms((caller.location,), text, members, caller)


def tell_rooms(rooms, text, members=(), from_obj=None):
    """
    Send the public part (a text or a render, see commands.news) to everyone in
    `rooms` but the `members`. The text is final, so it goes to each onlooker
    as it is: the room's `msg_contents` would run it through the `$func`
    parser and `str.format` once per onlooker, work that a card's text does
    not need and that tool names players choose (`{`, `$`) would upset.
    """
    members = set(members)
    onlookers = [
        onlooker
        for room in dict.fromkeys(room for room in rooms if room is not None)  # each room once
        for onlooker in room.contents
        if onlooker not in members
    ]
    tell_each(onlookers, text, from_obj)


class DiggerCommand(DelverCommand):
    """Base for the Digger commands (not a command players call)."""

    help_category = HELP_CATEGORY
    locks = f"cmd:all();staff:{STAFF_LOCK}"

    def number(self, text, what, maximum=None, signed=False):
        """The number typed for `what` (ASCII digits, a '#' before them allowed, up to
        `maximum` and, if `signed`, down to -`maximum`); refused with the usage if not."""
        bound = INTEGER_COLUMN_MAX if maximum is None else maximum
        low = -bound if signed else 0
        value = whole_number((text or "").strip().removeprefix("#"), low, bound, signed)
        if value is None:
            if maximum is None:
                self.refuse_usage(f"Give {what} as a number.")
            self.refuse_usage(f"Give {what} as a whole number from {low} to {maximum}.")
        return value

    def character(self, text):
        return find_character(self.caller, text)
