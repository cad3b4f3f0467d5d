"""
MUX-style channel commands on Evennia's channels: addcom and delcom (from
Evennia's mux_comms_cmds contrib), comlist, clist and chistory. Talking is
`<alias> <text>` and `<alias> :<pose>`, Evennia's channel nicks.
"""

from evennia.comms.models import ChannelDB
from evennia.commands.default.comms import CmdChannel
from evennia.contrib.base_systems.mux_comms_cmds.mux_comms_cmds import CmdAddCom, CmdDelCom
from evennia.utils.utils import crop

from world.social.render import rule


class CmdJoinChannel(CmdAddCom):
    """
    join a channel, with an alias to talk on it

    Usage:
      addcom <alias>=<channel>
      addcom <channel>

    Joins the channel; with an alias, `<alias> <text>` talks on it and
    `<alias> :<pose>` poses there. `clist` lists the channels.

    Examples:
      addcom lfg=Digger LFG
      lfg Party of three wants a fourth for the Sunken Stair.
      lfg :waves to the newcomers.
    """

    help_category = "Social"


class CmdLeaveChannel(CmdDelCom):
    """
    drop a channel alias, or leave a channel

    Usage:
      delcom <alias>
      delcom/all <channel>

    With an alias, removes it (and leaves the channel when it was the last
    one). With /all and a channel's name, leaves it and drops all its
    aliases.

    Examples:
      delcom lfg
      delcom/all Newbie
    """

    help_category = "Social"


class CmdComlist(CmdChannel):
    """
    list the channels you are on, with your aliases

    Usage:
      comlist

    Example:
      comlist
    """

    key = "comlist"
    aliases = []
    switch_options = ()
    locks = "cmd:all()"
    help_category = "Social"

    def func(self):
        lines = [rule(" Your channels "), f"|w{'Channel':<20} {'Aliases':<20} Description|n"]
        for channel in _channels(self.caller):
            if not channel.has_connection(self.caller):
                continue
            aliases = ", ".join(self.get_channel_aliases(channel))
            lines.append(f"{crop(channel.key, 20):<20} {crop(aliases, 20):<20} "
                         f"{crop(channel.db.desc or '', 36)}")
        if len(lines) == 2:
            lines.append("You are on no channel: |wclist|n lists them, |waddcom|n joins one.")
        lines.append(rule())
        self.msg("\n".join(lines))


class CmdClist(CmdChannel):
    """
    list every channel you may join

    Usage:
      clist

    Example:
      clist
    """

    key = "clist"
    aliases = []
    switch_options = ()
    locks = "cmd:all()"
    help_category = "Social"

    def func(self):
        lines = [rule(" Channels "), f"|w{'Channel':<20} {'On':<3} Description|n"]
        for channel in _channels(self.caller):
            on = "yes" if channel.has_connection(self.caller) else ""
            lines.append(f"{crop(channel.key, 20):<20} {on:<3} {crop(channel.db.desc or '', 52)}")
        lines.append(rule())
        lines.append("Join one with |waddcom <alias>=<channel>|n.")
        self.msg("\n".join(lines))


class CmdChannelHistory(CmdChannel):
    """
    read a channel's last lines

    Usage:
      chistory <channel or alias> [= <from how far back>]

    Shows the channel's last 20 lines; with a number, starts that many lines
    further back.

    Examples:
      chistory Public
      chistory pub = 40
    """

    key = "chistory"
    aliases = []
    switch_options = ()
    locks = "cmd:all()"
    help_category = "Social"

    def func(self):
        name = (self.lhs or "").strip()
        if not name:
            self.msg("Usage: chistory <channel or alias> [= <from how far back>]")
            return
        channel = self.search_channel(name)
        if not channel:
            return
        channel = channel[0] if isinstance(channel, list) else channel
        if not channel.access(self.caller, "listen"):
            self.msg(f"You may not read {channel.key}.")
            return
        start = int(self.rhs) if self.rhs and self.rhs.strip().isdigit() else 0
        self.get_channel_history(channel, start_index=start)


CHANNEL_COMMANDS = (CmdJoinChannel, CmdLeaveChannel, CmdComlist, CmdClist, CmdChannelHistory)


def _channels(account):
    """The channels `account` may listen to, by name."""
    return [
        channel for channel in ChannelDB.objects.all().order_by("db_key")
        if channel.access(account, "listen")
    ]
