"""+act/complete costs the same database queries for a party of 2 and of 7, whatever
the tools, Effects and rounds already played, with the game's own test of who is
online (each member has a session; nothing is patched)."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from commands.digger import CmdAct, CmdDungeon
from world.digger import rules

from .fixtures import HIT, DiggerCommandTest, give_ratings, give_tool

# Each round's card in the test barrow, and what a member with tools answers it with.
ROUNDS = (rules.BRUTE, rules.AGILITY, rules.WITS)
WITH_TOOLS = {rules.BRUTE: "Maul", rules.AGILITY: "Boots"}


class TestCompleteQueries(DiggerCommandTest):
    real_sessions = True

    def party(self, name, size, tools):
        members = [self.make_character(f"{name}{i}") for i in range(size)]
        for member in members:
            self.connect(member)
            give_ratings(member)
            if tools:
                give_tool(
                    member, "Maul", rules.BRUTE, qualities=("Strengthen",), drawback="Sacrifice"
                )
                give_tool(member, "Boots", rules.AGILITY, rules.MINOR, ("Efficient", "Rally"))
        self.form_party(*members)
        with self.dice():
            self.call(CmdDungeon(), "/enter", caller=members[0])
        return members

    def queries_of_complete(self, members, answers, round_number):
        """Play up to round `round_number` and count the queries of its +act/complete."""
        leader = members[0]
        for played, ability in enumerate(ROUNDS[:round_number], start=1):
            if played > 1:
                self.call(CmdDungeon(), "/draw", caller=leader)
            for member in members:
                self.call(CmdAct(), answers.get(ability, ability), caller=member)
            with self.dice(*[HIT] * len(members)):
                if played < round_number:
                    self.call(CmdAct(), "/complete", caller=leader)
                    continue
                with CaptureQueriesContext(connection) as queries:
                    out = self.call(CmdAct(), "/complete", "[Digger] Challenge", caller=leader)
        assert f"{len(members)} of {len(members)} rolls reached" in out  # nobody counted away
        return len(queries)

    def test_the_count_does_not_grow_with_members_tools_effects_or_rounds(self):
        two = self.queries_of_complete(self.party("Pair", 2, tools=False), {}, 1)
        seven = self.queries_of_complete(self.party("Crew", 7, tools=True), WITH_TOOLS, 3)
        assert seven == two, f"7 members with tools, round 3: {seven}; 2 plain, round 1: {two}"
        assert two <= 12, f"+act/complete made {two} queries"
