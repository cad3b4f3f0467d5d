"""Channel creation under hostile input (issue 24, point 6)."""

from evennia.comms.models import ChannelDB
from evennia.utils.test_resources import EvenniaCommandTest

from commands.guarded import CmdChannel
from typeclasses.channels import Channel, safe_log_name


class TestChannelCreation(EvenniaCommandTest):
    def test_a_player_cannot_create_a_channel(self):
        self.account2.permissions.remove("Developer")
        text = self.call(CmdChannel(), "/create Lamp", caller=self.account2)
        assert "Only staff create or change channels" in text
        assert not ChannelDB.objects.filter(db_key__iexact="Lamp").exists()

    def test_staff_create_a_plain_channel(self):
        self.call(CmdChannel(), "/create Lamplighters;lamp = Lamp talk", "Created (and joined)",
                  caller=self.account)
        assert ChannelDB.objects.filter(db_key="Lamplighters").exists()

    def test_bad_names_are_refused_clearly(self):
        for name, why in (("-inf/" + "\U0001f409" * 60, "at most 30"),
                          ("bad/name", "starts with a letter"),
                          ("a\x01b", "starts with a letter"),
                          ("ok;{}", "starts with a letter"),
                          ("x" * 31, "at most 30")):
            text = self.call(CmdChannel(), f"/create {name}", caller=self.account)
            assert why in text, (name, text)
        assert not ChannelDB.objects.filter(db_key__startswith="-inf").exists()

    def test_a_typeclass_only_for_developers(self):
        self.account.permissions.remove("Developer")
        self.account.permissions.add("Builder")
        self.account.is_superuser = False
        text = self.call(CmdChannel(), "/create Lamp:os.system", caller=self.account)
        assert "Only developers" in text or "There is no channel typeclass" in text


def test_log_names_are_safe_for_any_name():
    assert safe_log_name("Public") == "channel_public.log"
    for key in ("-inf/" + "\U0001f409" * 200, "a/b", "x\x00y\x1b", "..", "  "):
        name = safe_log_name(key)
        assert "/" not in name and "\x00" not in name and len(name) < 80
        assert name.startswith("channel_") and name.endswith(".log")
        assert name != "channel_.log"


class TestChannelLog(EvenniaCommandTest):
    def test_an_old_badly_named_channel_logs_safely(self):
        channel = Channel.create("odd/\U0001f409" * 20)[0]
        assert "/" not in channel.get_log_filename()
