"""What onlookers hear of a party's moves: the text as written, and once."""

from commands.digger import CmdAct, CmdDungeon, CmdParty
from world.digger import rules

from .fixtures import DiggerCommandTest, give_ratings, give_tool

ODD_NAME = "Hook {x} $you()"  # braces and a $-call are plain text in a tool's name


class TestRoomNews(DiggerCommandTest):
    def test_onlookers_hear_a_tool_name_exactly_as_its_owner_wrote_it(self):
        give_ratings(self.char1)
        give_tool(self.char1, ODD_NAME, rules.BRUTE)
        self.form_party(self.char1)
        bystander = self.make_character("Watcher")
        self.call(CmdParty(), "/watch Char", caller=bystander)
        with self.dice():
            self.call(CmdDungeon(), "/enter", caller=self.char1)
        heard = self.run_cmd(CmdAct(), ODD_NAME, caller=self.char1, receivers=[self.char1, bystander])
        assert f"Char answers with {ODD_NAME}" in heard[bystander]

    def test_party_members_in_the_room_hear_it_once(self):
        for member in (self.char1, self.char2):
            give_ratings(member)
        self.form_party(self.char1, self.char2)
        with self.dice():
            heard = self.run_cmd(
                CmdDungeon(), "/enter", caller=self.char1, receivers=[self.char1, self.char2]
            )
        assert heard[self.char2].count("Challenge 1: The Gate") == 1
        assert "faces a new challenge" not in heard[self.char2]
