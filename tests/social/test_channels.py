"""Default channels, joined once at login with aliases; comlist, clist; Staff is staff-only."""

from evennia.comms.models import ChannelDB

from commands.social_channels import CmdClist, CmdComlist, CmdJoinChannel
from world.social import rules, setup
from tests.social.helpers import SocialTest


class TestChannels(SocialTest):
    def test_default_channels_and_aliases(self):
        setup.ensure_social_world()
        for name, *_ in rules.DEFAULT_CHANNELS:
            assert ChannelDB.objects.get_channel(name) is not None
        setup.join_default_channels(self.account3)
        listing = self.call(CmdComlist(), "", caller=self.account3)
        assert "Digger LFG" in listing and "lfg" in listing and "Newbie" in listing
        assert "Staff" not in listing.replace("Staff only", "")
        assert "Staff" not in self.call(CmdClist(), "", caller=self.account3)
        staff = ChannelDB.objects.get_channel("Staff")
        assert not staff.has_connection(self.account3)
        self.call(CmdJoinChannel(), "st=Staff", "No channel found matching 'Staff'",
                  caller=self.account3)
        assert not staff.has_connection(self.account3)

    def test_alias_talks_and_poses(self):
        setup.ensure_social_world()
        setup.join_default_channels(self.account2)
        setup.join_default_channels(self.account3)
        self.log_in(self.account3, self.char3)  # channels speak to those online
        lfg = ChannelDB.objects.get_channel("Digger LFG")
        with self.listening(self.account3) as heard:
            lfg.msg("Need a fourth.", senders=self.account2)
            lfg.msg(":waves.", senders=self.account2)
        assert heard[self.account3][0].endswith(f"{self.account2.key}: Need a fourth.")
        assert heard[self.account3][1].endswith(f"{self.account2.key} waves.")
        nicks = self.account3.nicks.get(category="channel", return_obj=False)
        assert nicks
