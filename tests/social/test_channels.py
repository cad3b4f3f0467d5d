"""Default channels, joined once at login with aliases; addcom, delcom, comlist, clist,
chistory; Staff is staff-only."""

from unittest.mock import patch

from evennia.comms.models import ChannelDB

from commands.social_channels import (
    CHANNEL_COMMANDS,
    CmdChannelHistory,
    CmdClist,
    CmdComlist,
    CmdJoinChannel,
    CmdLeaveChannel,
)
from world.social import rules, setup
from tests.social.helpers import SocialTest

TAIL = "commands.social_channels.tail_log_file"


class TestChannels(SocialTest):
    def setUp(self):
        super().setUp()
        setup.ensure_social_world()
        self.lfg = ChannelDB.objects.get_channel("Digger LFG")

    def aliases(self, account, channel):
        command = CmdComlist()
        command.caller = account
        return command.get_channel_aliases(channel)

    def test_the_mux_names_are_the_commands_keys(self):
        assert [cmd.key for cmd in CHANNEL_COMMANDS] == [
            "addcom", "delcom", "comlist", "clist", "chistory"]

    def test_default_channels_and_aliases(self):
        for name, *_ in rules.DEFAULT_CHANNELS:
            assert ChannelDB.objects.get_channel(name) is not None
        setup.join_default_channels(self.account3)
        listing = self.call(CmdComlist(), "", caller=self.account3)
        assert "Digger LFG" in listing and "lfg" in listing and "Newbie" in listing
        assert "Staff" not in listing.replace("Staff only", "")
        assert "Staff" not in self.call(CmdClist(), "", caller=self.account3)
        staff = ChannelDB.objects.get_channel("Staff")
        assert not staff.has_connection(self.account3)
        self.call(CmdJoinChannel(), "st=Staff",
                  "There is no channel 'Staff' you may join. clist lists them.",
                  caller=self.account3)
        assert not staff.has_connection(self.account3)

    def test_addcom_says_once_what_happened(self):
        said = self.call(CmdJoinChannel(), "dl=Digger LFG", caller=self.account3)
        assert said == "You join Digger LFG. Talk on it with dl <text>."
        assert self.lfg.has_connection(self.account3)
        said = self.call(CmdJoinChannel(), "looking=digger lfg", caller=self.account3)
        assert said == "You are on Digger LFG already; looking <text> now talks on it too."
        assert {"dl", "looking"} <= set(self.aliases(self.account3, self.lfg))
        self.call(CmdJoinChannel(), "Digger LFG",
                  "You are on Digger LFG already. comlist shows your aliases for it.",
                  caller=self.account3)

    def test_addcom_refusals_name_what_to_type(self):
        self.call(CmdJoinChannel(), "", "Name the channel, with an alias and = before it "
                  "if you like.\nUsage: addcom <alias>=<channel>", caller=self.account3)
        self.call(CmdJoinChannel(), "=Digger LFG", "Name the channel", caller=self.account3)
        self.call(CmdJoinChannel(), "two words=Digger LFG",
                  "An alias is one word, as in addcom lfg=Digger LFG.", caller=self.account3)
        self.call(CmdJoinChannel(), "Nowhere", "There is no channel 'Nowhere' you may join.",
                  caller=self.account3)
        assert not self.lfg.has_connection(self.account3)

    def test_delcom_drops_an_alias_and_leaves_with_the_last(self):
        self.call(CmdJoinChannel(), "dl=Digger LFG", caller=self.account3)
        self.call(CmdJoinChannel(), "looking=Digger LFG", caller=self.account3)
        aliases = self.aliases(self.account3, self.lfg)
        for alias in aliases[:-1]:
            said = self.call(CmdLeaveChannel(), alias, caller=self.account3)
            assert said == f"You drop the alias {alias}; you are still on Digger LFG."
        assert self.lfg.has_connection(self.account3)
        said = self.call(CmdLeaveChannel(), aliases[-1], caller=self.account3)
        assert said == "You leave Digger LFG. addcom Digger LFG joins it again."
        assert not self.lfg.has_connection(self.account3)
        assert self.aliases(self.account3, self.lfg) == []
        self.call(CmdLeaveChannel(), "Digger LFG", "You are not on Digger LFG. comlist lists",
                  caller=self.account3)

    def test_delcom_all_leaves_by_an_alias(self):
        self.call(CmdJoinChannel(), "dl=Digger LFG", caller=self.account3)
        self.call(CmdJoinChannel(), "looking=Digger LFG", caller=self.account3)
        self.call(CmdLeaveChannel(), "/all dl", "You leave Digger LFG.", caller=self.account3)
        assert not self.lfg.has_connection(self.account3)
        assert self.aliases(self.account3, self.lfg) == []

    def test_delcom_by_the_channels_name_leaves_it(self):
        setup.join_default_channels(self.account3)
        self.call(CmdLeaveChannel(), "Digger LFG", "You leave Digger LFG.", caller=self.account3)
        assert not self.lfg.has_connection(self.account3)
        self.call(CmdLeaveChannel(), "", "Name the alias or the channel to drop.",
                  caller=self.account3)

    def test_alias_talks_and_poses(self):
        setup.join_default_channels(self.account2)
        setup.join_default_channels(self.account3)
        self.log_in(self.account3, self.char3)  # channels speak to those online
        with self.listening(self.account3) as heard:
            self.lfg.msg("Need a fourth.", senders=self.account2)
            self.lfg.msg(":waves.", senders=self.account2)
        assert heard[self.account3][0].endswith(f"{self.account2.key}: Need a fourth.")
        assert heard[self.account3][1].endswith(f"{self.account2.key} waves.")
        nicks = self.account3.nicks.get(category="channel", return_obj=False)
        assert nicks

    def test_chistory_shows_the_kept_lines_with_their_times(self):
        setup.join_default_channels(self.account3)
        kept = ["26-12-06 09:37:12 [-] Wren: Need a fourth.\n",
                "26-12-06 09:38:40 [-] Wren: :waves.\n",  # a pose, as Evennia logs it
                "26-12-06 09:38:41 [-] Wren: ;'s lantern flickers.\n"]
        with patch(TAIL, return_value=kept) as tail:
            said = self.call(CmdChannelHistory(), "lfg", caller=self.account3)
        assert tail.call_args.args[1:] == (0, rules.CHANNEL_HISTORY_LINES)
        assert ("[12-06 09:37] Wren: Need a fourth.\n[12-06 09:38] Wren waves.\n"
                "[12-06 09:38] Wren's lantern flickers.") in said
        assert "Digger LFG: the last lines" in said
        with patch(TAIL, return_value=[]) as tail:
            self.call(CmdChannelHistory(), "Digger LFG=40",
                      "Nothing has been said on Digger LFG that is still kept.",
                      caller=self.account3)
        assert tail.call_args.args[1] == 40
        # Evennia's tail gives None when the log cannot be opened (a fresh game
        # directory has no server/logs until the server first starts)
        with patch(TAIL, return_value=None):
            self.call(CmdChannelHistory(), "lfg",
                      "Nothing has been said on Digger LFG that is still kept.",
                      caller=self.account3)

    def test_chistory_refusals(self):
        self.call(CmdChannelHistory(), "", "Name the channel, or your alias for it.\nUsage:",
                  caller=self.account3)
        self.call(CmdChannelHistory(), "Public=lots", "After the = give how many lines back",
                  caller=self.account3)
        self.call(CmdChannelHistory(), "Staff", "There is no channel 'Staff' you may join.",
                  caller=self.account3)
