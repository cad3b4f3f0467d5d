"""+party: gather a party for a dungeon, join, leave, hand over the lead."""

from functools import partial

from world.digger import party, render_run, services

from .common import DiggerCommand, tell_party, tell_room, with_rules

TAG = render_run.TAG


class CmdParty(DiggerCommand):
    __doc__ = with_rules("""
    gather a party to explore a dungeon

    Usage:
      +party
      +party/create <dungeon #>
      +party/join <player>
      +party/leave
      +party/promote <player>
      +party/reset
      +party/name <name>
      +party/watch <leader>
      +party/unwatch

    /create makes a new party for a dungeon from +dungeon/list, with you
    as its leader. Others /join it by naming anyone already in it; a party
    holds at most {party_max}. Once the leader has taken the party into the
    dungeon (+dungeon/enter) nobody can join until the run is over.

    /leave takes you out of the party (in a run, your Exhaustion stays on
    its record). A leader with others in the party must /promote one of
    them first; a leader alone disbands it. /promote does not work while
    anyone's action is waiting in the current round.

    /reset clears your party information whatever state it is in: you are
    taken out, and if you led, the next member in line leads.

    +party alone shows your party. Everything that happens to it (cards,
    each member's move, the round's results) reaches every member, wherever
    they are. The room hears one line per draw and per result, naming the
    party by its leader ("Ann's party") or by the name its leader gives it
    with /name (/name alone goes back to the leader's name).

    /watch follows another party's news in full, as its members hear it,
    wherever you are; /unwatch stops.

    Examples:
      +party/create 1
      +party/join Ann
      +party/promote Bob
      +party/name The Lantern Crew
      +party/watch Ann
      +party/leave
    """)

    key = "+party"
    switch_options = ("create", "join", "leave", "promote", "reset", "name", "watch", "unwatch")

    def func_default(self):
        self.msg(render_run.roster(services.camp(self.caller)))

    def switch_create(self):
        change = party.create_party(self.caller, self.number(self.args, "the dungeon's number"))
        self.announce(change, public=True)

    def switch_join(self):
        if not self.args:
            self.refuse_usage("Name someone in the party you want to join.")
        self.announce(party.join_party(self.caller, self.character(self.args)), public=True)

    def switch_leave(self):
        self.announce(party.leave_party(self.caller))

    def switch_reset(self):
        self.announce(party.reset_party(self.caller))

    def switch_promote(self):
        if not self.args:
            self.refuse_usage("Name the member who should lead.")
        self.announce(party.promote(self.caller, self.character(self.args)))

    def switch_name(self):
        named = party.name_party(self.caller, self.args)
        tell_party(named.members, render_run.party_named(self.caller, named))

    def switch_watch(self):
        if not self.args:
            self.refuse_usage("Name the leader (or any member) of the party you want to follow.")
        label = party.watch_party(self.caller, self.character(self.args))
        self.msg(
            f"{TAG} You follow {label}: you hear its cards, moves and results wherever you are. "
            "+party/unwatch stops it."
        )

    def switch_unwatch(self):
        if party.stop_watching(self.caller):
            self.msg(f"{TAG} You stop following that party's news.")
        else:
            self.msg("You are not following any party. +party/watch <leader> follows one.")

    def announce(self, change, public=False):
        text = partial(render_run.party_change, change)
        audience = set(change.members) | {self.caller}
        tell_party(audience, text)
        if public:
            tell_room(self.caller, text, audience)
