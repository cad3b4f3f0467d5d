"""
Playing a dungeon: +dungeon (list, info, enter, draw, retreat), +act, +risk,
+camp and +challenge. Every move is told to the whole party wherever they
are, and its public part to the room. The builders' switches of +dungeon
live in `building.py`.
"""

from functools import partial

from world.digger import building, render_building, render_run, rules, services, store

from .building import DungeonBuilding
from .common import DiggerCommand, tell_party, tell_room, tell_rooms, with_rules


class CmdDungeon(DungeonBuilding, DiggerCommand):
    __doc__ = with_rules("""
    explore dungeons: list them, take your party in, draw challenges

    Usage:
      +dungeon/list
      +dungeon/info [<dungeon #>]
      +dungeon/enter
      +dungeon/draw
      +dungeon/retreat

    /list shows the dungeons open for exploring. /info tells the room about
    one (your party's, if you name none).

    /enter is for the party's leader: the run begins, nobody can join any
    more, everyone's belt is locked, and the first card comes up.

    /draw turns the next card; anyone in the party who is not exhausted may
    draw, and whoever draws poses the scene and later completes the round.
    Cards come in the deck's order: the second and third draws may be
    special cards of the dungeon, and once the party has {final} Exploration
    the next draw brings the Climax (if there is one) and then the Final.
    No card can be sent back. You cannot draw while a card is unfinished.

    /retreat (leader) gives up the run and takes everyone home.

    Examples:
      +dungeon/list
      +dungeon/info 2
      +dungeon/enter
      +dungeon/draw
    """)

    key = "+dungeon"
    switch_options = ("list", "info", "enter", "draw", "retreat")

    def func_default(self):
        self.switch_list()

    def switch_list(self):
        if self.is_builder(self.caller):  # builders see the drafts too
            self.msg(render_building.dungeon_list(building.all_dungeons()))
        else:
            self.msg(render_run.dungeon_list(store.open_dungeons()))

    def switch_info(self):
        if self.args:
            dungeon = store.open_dungeon(self.number(self.args, "the dungeon's number"))
        else:
            dungeon = services.party_dungeon(self.caller)
        info = partial(render_run.dungeon_info, dungeon, self.caller)
        self.msg(info())
        tell_room(self.caller, info, [self.caller])

    def switch_enter(self):
        self.tell_draw(services.enter(self.caller))

    def switch_draw(self):
        self.tell_draw(services.draw(self.caller))

    def switch_retreat(self):
        audience, ending = services.retreat(self.caller)
        tell_party(audience.hearers, partial(render_run.retreated, self.caller, ending))
        tell_room(self.caller, partial(render_run.retreated_public, audience), audience.hearers)

    def tell_draw(self, report):
        hearers = report.audience.hearers
        tell_party(hearers, partial(render_run.drawn, report))
        tell_room(self.caller, partial(render_run.drawn_public, report), hearers)


class CmdAct(DiggerCommand):
    """
    answer the challenge in front of your party

    Usage:
      +act <ability, action or tool>
      +act/complete
      +act/complete <player>

    Name the card's ability (Brute, Agility, Wits, Combat) or its action
    (Force, Rush, Investigate, Fight) to answer with your own rating, or a
    tool on your belt (its name or its number from +tools) whose category
    matches the card, for its bonus. A tool's effects reach the whole party
    at once and count for the whole round. You act once per round, and not
    at all once exhausted. +risk is the bolder way to act.

    When everyone able has acted, whoever drew the card finishes the round
    with /complete: the dice are rolled, the party passes or fails, and
    Exploration and Exhaustion change. If the one who drew is gone or away,
    the leader completes instead. Members who are offline do not hold the
    round up: they make no roll and are not counted for the pass, but take
    the party's Exhaustion for the card. If you act and then go offline
    before the round is completed, you make no roll either; a tool you used
    stays spent and its effects still count for the party. Staff may
    complete any party's round by naming a member; the room hears of it
    where that party is.

    Examples:
      +act force
      +act Crowbar
      +act 2
      +act/complete
    """

    key = "+act"
    switch_options = ("complete",)

    def func_default(self):
        act(self, rules.ACT)

    def switch_complete(self):
        member = self.character(self.args) if self.args else None
        report = services.complete(self.caller, member)
        members, hearers = report.audience.members, report.audience.hearers
        tell_party(dict.fromkeys((*hearers, self.caller)), partial(render_run.round_result, report))
        public = partial(render_run.round_public, report)
        if self.caller in members:
            tell_room(self.caller, public, hearers)
        else:  # staff finishing another party's round: the news goes where that party is
            rooms = [member.location for member in members]
            tell_rooms(rooms, public, (*hearers, self.caller), self.caller)


class CmdRisk(DiggerCommand):
    __doc__ = with_rules("""
    answer the challenge boldly, for a bigger bonus and a harder fall

    Usage:
      +risk <ability, action or tool>

    Works like +act, with +{risk_bonus} more on your roll. If your roll still fails,
    you take {risk_failed} more Exhaustion, and with a tool more again
    ({risk_minor} for a Minor tool, {risk_major} for a Major one). The risk is yours
    alone: the rest of the party is not affected.

    Examples:
      +risk fight
      +risk Crowbar
    """)

    key = "+risk"

    def func_default(self):
        act(self, rules.RISK)


def act(command, mode):
    """+act and +risk: answer with what the member named."""
    if not command.args:
        command.refuse_usage("Name an ability, an action or a tool from your belt.")
    report = services.act(command.caller, command.args, mode)
    tell_party(report.audience.hearers, partial(render_run.acted, report))


class CmdCamp(DiggerCommand):
    __doc__ = with_rules("""
    everything about your party and its run

    Usage:
      +camp

    Shows your party's dungeon, its Exploration (the Final comes at
    {final}), every member's Exhaustion (at {limit} they can do no more), what each
    has done this round, the Conditions and Effects on the party with the
    challenges they still last, everyone's belt with uses left, and who is
    next to draw.

    Example:
      +camp
    """)

    key = "+camp"

    def func_default(self):
        self.msg(render_run.camp(services.camp(self.caller)))


class CmdChallenge(DiggerCommand):
    """
    the challenge your party faces now

    Usage:
      +challenge

    Shows the card being played, with its Conditions, and every member with
    what they answered it with so far.

    Example:
      +challenge
    """

    key = "+challenge"

    def func_default(self):
        self.msg(render_run.challenge(services.camp(self.caller)))
