from evennia.utils.test_resources import EvenniaCommandTest
from evennia.commands.default.general import CmdLook


class TestHarness(EvenniaCommandTest):
    def test_look_shows_room(self):
        self.call(CmdLook(), "", "Room")
