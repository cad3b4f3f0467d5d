"""
Kroll commands: `+kroll` (sheets and tests), `+lucky` (who fate picks),
`+expedition` (the loot ledger) and the staff's `+krolladmin`.

Each command parses its input, calls one service in `world.kroll` and shows
the render; test results go to the whole room so everyone sees the same dice.
"""

import re

from evennia import CmdSet

from commands.command import DelverCommand
from commands.news import tell_each
from world import access
from world.dice import kroll as dice
from world.kroll import expedition, render, rules, services
from world.kroll.errors import KrollError
from world.numbers import database_id, whole_number

HELP_CATEGORY = "Kroll"
_VERSUS = re.compile(r"\s+vs\.?\s+", re.I)
# '3 dice', '1 die', '3d'; whatever stands before 'dice' is taken as the count,
# so '² dice' or '-1 dice' is refused as a count, not looked up as a difficulty.
_GM_DICE = re.compile(r"^(?:(.+?)\s*(?:dice|die)|(\d+)\s*d)$", re.I)


def _split_versus(text):
    """'deadly vs very hard' -> ('deadly', 'very hard'), or None."""
    parts = _VERSUS.split(text.strip(), maxsplit=1)
    return (parts[0].strip(), parts[1].strip()) if len(parts) == 2 and all(parts) else None


def find_character(caller, name, anywhere=False):
    """The one character called `name`: here, or anywhere for staff tools."""
    return access.find_character(caller, name, anywhere=anywhere, error=KrollError)


def gm_dice(text):
    """'hard' or '5 dice' -> the GM's dice."""
    counted = _GM_DICE.match(text.strip())
    if counted:
        return services.gm_dice_counted(counted.group(1) or counted.group(2))
    return services.gm_dice_for_difficulty(text)


def quick_number(text):
    """'4' or 'moderate' -> the number the GM calls."""
    text = text.strip()
    if any(character.isdigit() for character in text):
        return services.quick_number_called(text)
    return services.quick_number_for_difficulty(text)


_TWO_WORD_OPTIONS = (("their", "bonus"), ("their", "penalty"), ("last", "ditch"))


def parse_options(caller, text):
    """'bonus 2, their penalty 1, followup Bob, last ditch' -> RollOptions."""
    found = {}
    for part in (text or "").split(","):
        words = part.split()
        if not words:
            continue
        if words[0].lower() == "last-ditch":
            words = ["last", "ditch"] + words[1:]
        if tuple(word.lower() for word in words[:2]) in _TWO_WORD_OPTIONS:
            keyword, rest = " ".join(words[:2]).lower(), words[2:]
        else:
            keyword, rest = words[0].lower(), words[1:]
        if keyword in found:
            raise KrollError(f"'{keyword}' is given twice.")
        if keyword in ("bonus", "their bonus"):
            found[keyword] = services.circumstance_bonus(" ".join(rest))
        elif keyword in ("penalty", "their penalty"):
            found[keyword] = services.penalty_dice(" ".join(rest))
        elif keyword == "followup":
            found[keyword] = _followup(caller, " ".join(rest))
        elif keyword == "last ditch" and not rest:
            found[keyword] = True
        else:
            raise KrollError(
                f"'{part.strip()}' is not a test option. Options: bonus <dice>, "
                "their bonus <dice>, penalty <dice>, their penalty <dice>, last ditch, "
                "followup [<character> or #<roll>]."
            )
    return services.RollOptions(
        bonus=found.get("bonus", 0),
        their_bonus=found.get("their bonus", 0),
        penalty=found.get("penalty", 0),
        their_penalty=found.get("their penalty", 0),
        last_ditch=found.get("last ditch", False),
        followup=found.get("followup"),
    )


def _followup(caller, text):
    if not text:
        return services.Followup()
    if text.startswith("#"):
        roll_id = database_id(text)
        if roll_id is None:
            raise KrollError(
                f"There is no test {text} in this room: name one by its number in "
                "+kroll/log, like #12."
            )
        return services.Followup(roll_id=roll_id)
    return services.Followup(character=find_character(caller, text))


def _announce(caller, text):
    tell_each(caller.location.contents, text, from_obj=caller)


class CmdKroll(DelverCommand):
    """
    Roll Kroll tests and keep your Kroll sheet.

    Usage:
      +kroll <attribute> vs <difficulty>[=<options>]
      +kroll <attribute> vs <number> dice[=<options>]
      +kroll <attribute> vs <character>/<attribute>[=<options>]
      +kroll/quick <attribute> vs <number or difficulty>[=<options>]
      +kroll/new
      +kroll/sheet [<character>]
      +kroll/log

    Your attributes are Tough, Cunning, Sneaky, Quick, Wary, Smooth, Deadly
    and Lucky, each worth that many dice; the first letters are enough
    (+kroll sne vs hard).

    A regular test pits your dice against someone else's. Each side looks at
    its best die; matching best dice are thrown away and the next ones
    compared, and if that leaves a side empty-handed everybody rolls one more
    die. The side with the better die wins, and each of its dice above the
    loser's best is a hit: the more hits, the bigger the success.

      vs <difficulty>  the GM rolls: Easy 1 die, Moderate 2, Hard 4,
                       Very Hard 6, Extraordinarily Hard 8, Unbelievably Hard 10
      vs 3 dice        the GM rolls that many dice
      vs Bob/tough     Bob rolls his own attribute (he must be here)

    A quick test is for small things: only you roll, and each die above the
    GM's number is a hit (matching it is not enough). Easy means 3, Moderate
    4, Hard 5; anything harder always needs a regular test.

    Options, after an = and separated by commas (the GM says which apply):
      bonus <1-3>          extra dice for an advantage you have (you may say
                           moderate, unusual or overwhelming for 1, 2 or 3)
      their bonus <1-3>    extra dice for the other side's advantage
      penalty <dice>       penalty dice for this test, on top of your sheet's
      their penalty <dice> penalty dice for the other side, this test only:
                           your opponent's, or the GM's dice
      last ditch           you have no dice at all for this (nothing on your
                           sheet fits what you try): one last-ditch die
      followup             this test builds on your last test here: the hits
                           of that test come back as extra dice for whoever
                           won it (you, your opponent, or the GM)
      followup Bob         ...on Bob's last test here
      followup #12         ...on roll number 12 (see +kroll/log)

    Penalty dice (wounds, loads, curses) take dice away. Brought down to
    nothing, you still get one last-ditch die, on which a 6 counts as 0; with
    more penalty dice than dice you fail without rolling. A last-ditch test
    counts your attribute as 0 dice: bonus dice still add to it, and any
    penalty dice at all mean you fail without rolling.

    Everyone here sees both sides' dice and the hits. +kroll/new rolls up
    your sheet (one die per attribute) if you have none. +kroll/sheet shows
    it (staff may name anyone's), with the latest tests you won and the
    number of each for a followup. +kroll/log lists the latest rolls here
    with the numbers a followup can name.

    Examples:
      +kroll sneaky vs hard
      +kroll deadly vs 3 dice=bonus 1, followup
      +kroll smooth vs Bob/wary=their bonus unusual
      +kroll/quick wary vs moderate
      +kroll/quick cunning vs 4=penalty 1
      +kroll tough vs Bob/tough=their penalty 2
      +kroll cunning vs hard=last ditch
    """

    key = "+kroll"
    aliases = ["kroll"]
    switch_options = ("quick", "new", "sheet", "log")
    help_category = HELP_CATEGORY

    def func_default(self):
        attribute, target, options = self._parse_test()
        if "/" in target:
            name, _, their_attribute = target.rpartition("/")
            opponent = find_character(self.caller, name)
            report = services.opposed_test(
                self.caller, attribute, opponent, services.attribute_named(their_attribute), options
            )
        else:
            report = services.regular_test(self.caller, attribute, gm_dice(target), options)
        _announce(self.caller, render.result(report))

    def switch_quick(self):
        attribute, target, options = self._parse_test()
        report = services.quick_test(self.caller, attribute, quick_number(target), options)
        _announce(self.caller, render.result(report))

    def _parse_test(self):
        split = _split_versus(self.lhs)
        if split is None:
            self.refuse_usage("Say what you test and against what, e.g. +kroll sneaky vs hard.")
        attribute, target = split
        return services.attribute_named(attribute), target, parse_options(self.caller, self.rhs)

    def switch_new(self):
        adventurer = services.roll_up(self.caller)
        self.msg(render.new_adventurer(self.caller, adventurer))

    def switch_sheet(self):
        target = self.caller
        if self.args and services.is_staff(self.caller):
            target = find_character(self.caller, self.args, anywhere=True)
        elif self.args:
            # A player may only name themselves; nothing is looked up, so the
            # answer never tells whether someone else exists or has a sheet.
            named_self = self.caller.search(
                self.args, candidates=[self.caller], exact=True, quiet=True
            )
            target = self.caller if named_self else None
        self.msg(render.sheet(services.sheet_for_viewing(self.caller, target)))

    def switch_log(self):
        self.msg(render.recent(services.recent_tests(self.caller.location)))


class CmdLucky(DelverCommand):
    """
    Let fate decide with Lucky rolls.

    Usage:
      +lucky <character>, <character>[, ...]
      +lucky/unluckiest <character>, <character>[, ...]
      +lucky/luckiest <character>, <character>[, ...]
      +lucky/gm <character>[, ...] vs <difficulty or number of dice>

    When something happens to one of a few characters and nobody knows
    who, name them (they must be here) and each rolls their Lucky dice.
    For a bad fate (whose step finally breaks the rotten plank?) fate
    picks the worst roll: that is +lucky, or +lucky/unluckiest to say so.
    For a good fate (who grabbed the one sword with an enchantment?) use
    +lucky/luckiest, and fate picks the best roll. Best dice that match are
    set aside and the next ones compared, exactly as in a test, until one
    is left.

    When any number of them might be caught, or spared, each named
    character rolls Lucky against the GM's dice instead, in a regular test
    of its own: winners are the ones luck favours, whether that means they
    dodged the falling roof or found their rations untouched.

    Penalty dice do not count for Lucky rolls: nobody is trying anything,
    fate is choosing.

    Examples:
      +lucky Ann, Bob, Cid
      +lucky/luckiest Ann, Bob
      +lucky/gm Ann, Bob vs moderate
      +lucky/gm me, Bob vs 3 dice
    """

    key = "+lucky"
    aliases = ["lucky"]
    switch_options = ("unluckiest", "luckiest", "gm")
    help_category = HELP_CATEGORY

    def func_default(self):
        self._draw(dice.UNLUCKIEST)

    def switch_unluckiest(self):
        self._draw(dice.UNLUCKIEST)

    def switch_luckiest(self):
        self._draw(dice.LUCKIEST)

    def _draw(self, pick):
        if not self.args:
            self.refuse_usage("Name the characters fate chooses between.")
        characters = [find_character(self.caller, name) for name in self.args.split(",")]
        report = services.lucky_draw(self.caller, characters, pick=pick)
        _announce(self.caller, render.lucky_draw(report))

    def switch_gm(self):
        split = _split_versus(self.args)
        if split is None:
            self.refuse_usage("Name the characters and the GM's dice, e.g. +lucky/gm Ann vs hard.")
        names, target = split
        characters = [find_character(self.caller, name) for name in names.split(",")]
        gm = gm_dice(target)
        reports = services.lucky_vs_gm(self.caller, characters, gm)
        _announce(self.caller, render.lucky_vs_gm(reports, gm))


class CmdKrollAdmin(DelverCommand):
    """
    Staff tools for Kroll sheets.

    Usage:
      +krolladmin/penalty <character>=<dice>
      +krolladmin/set <character>/<attribute>=<rating>
      +krolladmin/kill <character>

    /penalty sets the penalty dice a character carries into every test until
    changed (0 clears them). /set changes one rating, from 1 up to 10 for the
    truly exceptional. /kill ends the adventurer now playing: the next life on
    the sheet is rolled up at once, and after the third death the sheet is
    spent. The dead stay on the sheet as its history.

    Examples:
      +krolladmin/penalty Bob=2
      +krolladmin/set Bob/deadly=7
      +krolladmin/kill Bob
    """

    key = "+krolladmin"
    switch_options = ("penalty", "set", "kill")
    locks = "cmd:perm(Builder)"
    help_category = HELP_CATEGORY

    def switch_penalty(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the character and give the penalty dice.")
        penalty = services.penalty_dice(self.rhs)
        character = find_character(self.caller, self.lhs, anywhere=True)
        adventurer = services.set_penalty(self.caller, character, penalty)
        self._tell(character, render.penalty_carried(character, adventurer.penalty))

    def switch_set(self):
        name, _, attribute = self.lhs.rpartition("/")
        if not name or not self.rhs:
            self.refuse_usage("Name the character and attribute, and give the rating.")
        rating = services.rating_given(self.rhs)
        character = find_character(self.caller, name, anywhere=True)
        attribute = services.attribute_named(attribute)
        adventurer = services.set_rating(self.caller, character, attribute, rating)
        self._tell(
            character,
            f"{character.key}'s {attribute.capitalize()} is now {adventurer.rating(attribute)}.",
        )

    def switch_kill(self):
        if not self.args:
            self.refuse_usage("Name the character whose adventurer dies.")
        character = find_character(self.caller, self.args, anywhere=True)
        death = services.kill_adventurer(self.caller, character)
        self._tell(character, render.death(character, death))

    def _tell(self, character, text):
        self.msg(text)
        if character != self.caller:
            tell_each([character], text)


class CmdExpedition(DelverCommand):
    """
    Keep the expedition's ledger: who leads, and each member's share of the loot.

    Usage:
      +expedition
      +expedition/start <name>=<your share>
      +expedition/offer <character>=<share>
      +expedition/ask <share>
      +expedition/accept [<character>]
      +expedition/decline [<character>]
      +expedition/leave
      +expedition/disband

    Shares are percentages of whatever comes back up, and together they can
    never pass 100%. Whoever starts an expedition leads it and sets their own
    share. Nobody's share changes unless they agree: the leader /offers a
    share (to someone here, that is an invitation to join) and the member
    /accepts it; or a member /asks for a share and the leader /accepts it,
    naming the member. /decline turns an offer down, or takes back your own.
    Everyone on the expedition hears about each change.

    Examples:
      +expedition/start The Sunken Mine=40
      +expedition/offer Bob=20
      +expedition/accept
      +expedition/ask 25
      +expedition/accept Bob
    """

    key = "+expedition"
    aliases = ["expedition"]
    switch_options = ("start", "offer", "ask", "accept", "decline", "leave", "disband")
    help_category = HELP_CATEGORY

    def func_default(self):
        if expedition.membership(self.caller) is None:
            waiting = expedition.invitations(self.caller)
            if waiting:
                self.msg(render.invitations(waiting))
                return
        self.msg(render.ledger(expedition.ledger_of(self.caller)))

    def switch_start(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the expedition and your own share.")
        ledger = expedition.start(self.caller, self.lhs, self._share(self.rhs))
        self.msg(f"You lead '{ledger.expedition.name}'.\n{render.ledger(ledger)}")

    def switch_offer(self):
        if not self.lhs or not self.rhs:
            self.refuse_usage("Name the character and the share you offer.")
        character = find_character(self.caller, self.lhs, anywhere=True)
        share = self._share(self.rhs)
        ledger = expedition.offer(self.caller, character, share)
        if character == self.caller:
            self._tell_all(ledger, f"{self.caller.key} now keeps {share}% as leader.")
        else:
            self._tell_all(
                ledger, f"{self.caller.key} offers {character.key} {share}% of the loot."
            )

    def switch_ask(self):
        share = self._share(self.args)
        ledger = expedition.ask(self.caller, share)
        self._tell_all(ledger, f"{self.caller.key} asks for {share}% of the loot.")

    def switch_accept(self):
        change = expedition.accept(self.caller, self._other())
        who = change.character.key
        if change.old_share is None:
            text = f"{who} joins '{change.ledger.expedition.name}' for {change.new_share}%."
        else:
            text = f"{who}'s share goes from {change.old_share}% to {change.new_share}%, agreed."
        self._tell_all(change.ledger, text)

    def switch_decline(self):
        ledger = expedition.decline(self.caller, self._other())
        self._tell_all(ledger, f"{self.caller.key} turns down or takes back a share offer.")

    def switch_leave(self):
        ledger = expedition.leave(self.caller)
        self._tell_all(ledger, f"{self.caller.key} leaves '{ledger.expedition.name}'.")

    def switch_disband(self):
        ledger = expedition.disband(self.caller)
        self._tell_all(ledger, f"{self.caller.key} disbands '{ledger.expedition.name}'.")

    def _share(self, text):
        share = whole_number((text or "").strip().removesuffix("%"), 0, rules.FULL_LOOT_PERCENT)
        if share is None:
            self.refuse_usage(
                f"Give the share as a whole percentage from 0 to {rules.FULL_LOOT_PERCENT}, "
                "e.g. 20."
            )
        return share

    def _other(self):
        return find_character(self.caller, self.args, anywhere=True) if self.args else None

    def _tell_all(self, ledger, text):
        tell_each(dict.fromkeys([self.caller, *ledger.characters]), text)


class KrollCmdSet(CmdSet):
    key = "Kroll"

    def at_cmdset_creation(self):
        self.add(CmdKroll())
        self.add(CmdLucky())
        self.add(CmdKrollAdmin())
        self.add(CmdExpedition())
