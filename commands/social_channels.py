"""
MUX-style channel commands on Evennia's channels: addcom and delcom (Evennia's
mux_comms_cmds contrib, with our own answers), comlist, clist and chistory.
Talking is `<alias> <text>` and `<alias> :<pose>`, Evennia's channel nicks.

Each command is a DelverCommand (usage on a refusal, no traceback) that takes
the channel helpers of Evennia's `channel` command through the contrib's
classes: joining, leaving and the aliases stay Evennia's own.
"""

from evennia.comms.models import ChannelDB
from evennia.commands.default.comms import CmdChannel
from evennia.contrib.base_systems.mux_comms_cmds.mux_comms_cmds import CmdAddCom, CmdDelCom
from evennia.utils.logger import tail_log_file
from evennia.utils.utils import crop

from commands.command import DelverCommand
from world.social import rules
from world.social.errors import SocialError
from world.social.render import fold, rule


class ChannelCommand(DelverCommand):
    """Finding a channel by name or alias, with a refusal that says what to type."""

    account_caller = True

    def find_channel(self, name):
        found = self.search_channel(name.strip(), handle_errors=False)
        if len(found) > 1:
            choices = ", ".join(channel.key for channel in found)
            raise SocialError(f"'{crop(name, 30)}' could be {choices}: type more of its name.")
        if not found:
            raise SocialError(
                f"There is no channel '{crop(name.strip(), 30)}' you may join. "
                "|wclist|n lists them."
            )
        return found[0]


class CmdJoinChannel(ChannelCommand, CmdAddCom):
    """
    join a channel, with an alias to talk on it

    Usage:
      addcom <alias>=<channel>
      addcom <channel>

    Joins the channel; with an alias, `<alias> <text>` talks on it and
    `<alias> :<pose>` poses there. A channel you are on already gets the
    new alias beside its others. `clist` lists the channels.

    Examples:
      addcom lfg=Digger LFG
      lfg Party of three wants a fourth for the Sunken Stair.
      lfg :waves to the newcomers.
    """

    # Named again: Evennia's command metaclass gives each class in between
    # (DelverCommand, ChannelCommand) its own `key`, which would come first.
    key, aliases, locks = CmdAddCom.key, [], CmdAddCom.locks
    help_category = "Social"

    def func_default(self):
        alias, name = (self.lhs, self.rhs) if self.rhs is not None else ("", self.args)
        alias, name = alias.strip(), name.strip()
        if not name or (self.rhs is not None and not alias):
            self.refuse_usage("Name the channel, with an alias and = before it if you like.")
        if " " in alias:
            raise SocialError("An alias is one word, as in |waddcom lfg=Digger LFG|n.")
        channel = self.find_channel(name)
        joined = not channel.has_connection(self.caller)
        if joined:
            connected, _ = self.sub_to_channel(channel)
            if not connected:
                raise SocialError(f"You may not join {channel.key}.")
        else:
            channel.unmute(self.caller)  # a muted channel is heard again, as MUX's addcom does
        if alias:
            self.add_alias(channel, alias)
        self.msg(_joined_text(channel, alias, joined))


def _joined_text(channel, alias, joined):
    if joined and alias:
        return f"You join {channel.key}. Talk on it with |w{alias} <text>|n."
    if joined:
        return f"You join {channel.key}. Talk on it with |w{channel.key.lower()} <text>|n."
    if alias:
        return f"You are on {channel.key} already; |w{alias} <text>|n now talks on it too."
    return f"You are on {channel.key} already. |wcomlist|n shows your aliases for it."


class CmdLeaveChannel(ChannelCommand, CmdDelCom):
    """
    drop a channel alias, or leave a channel

    Usage:
      delcom <alias>
      delcom <channel>
      delcom/all <alias or channel>

    With an alias, drops it; when it was your last alias for the channel,
    you leave the channel too. With a channel's name, or with /all, leaves
    the channel and drops all your aliases for it. `addcom` joins again.

    Examples:
      delcom lfg
      delcom Newbie
    """

    key, aliases, locks = CmdDelCom.key, [], CmdDelCom.locks  # see CmdJoinChannel
    help_category = "Social"
    switch_options = ("all",)

    def func_default(self):
        self.drop(leave=False)

    def switch_all(self):
        self.drop(leave=True)

    def drop(self, leave):
        name = self.args.strip()
        if not name:
            self.refuse_usage("Name the alias or the channel to drop.")
        channel = self.find_channel(name)
        if not channel.has_connection(self.caller):
            raise SocialError(f"You are not on {channel.key}. |wcomlist|n lists yours.")
        aliases = self.get_channel_aliases(channel)
        alias = next((known for known in aliases if known.lower() == name.lower()), None)
        if alias is not None and len(aliases) > 1 and not leave:
            self.remove_alias(alias)
            self.msg(f"You drop the alias |w{alias}|n; you are still on {channel.key}.")
            return
        self.unsub_from_channel(channel)  # Evennia drops the aliases with the connection
        self.msg(f"You leave {channel.key}. |waddcom {channel.key}|n joins it again.")


class CmdComlist(ChannelCommand, CmdChannel):
    """
    list the channels you are on, with your aliases

    Usage:
      comlist

    Example:
      comlist
    """

    key = "comlist"
    aliases = []
    help_category = "Social"

    def func_default(self):
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


class CmdClist(ChannelCommand, CmdChannel):
    """
    list every channel you may join

    Usage:
      clist

    Example:
      clist
    """

    key = "clist"
    aliases = []
    help_category = "Social"

    def func_default(self):
        lines = [rule(" Channels "), f"|w{'Channel':<20} {'On':<3} Description|n"]
        for channel in _channels(self.caller):
            on = "yes" if channel.has_connection(self.caller) else ""
            lines.append(f"{crop(channel.key, 20):<20} {on:<3} {crop(channel.db.desc or '', 52)}")
        lines.append(rule())
        lines.append("Join one with |waddcom <alias>=<channel>|n.")
        self.msg("\n".join(lines))


class CmdChannelHistory(ChannelCommand, CmdChannel):
    """
    read a channel's last lines

    Usage:
      chistory <channel or alias>
      chistory <channel or alias>=<lines back>

    Shows the channel's last lines, each with the day and the time (the
    game's clock) it was said. With a number, starts that many lines
    further back.

    Examples:
      chistory Public
      chistory pub=40
    """

    key = "chistory"
    aliases = ["+chistory"]
    help_category = "Social"

    def func_default(self):
        name = (self.lhs or "").strip()
        if not name:
            self.refuse_usage("Name the channel, or your alias for it.")
        back = (self.rhs or "0").strip()
        if not (back.isascii() and back.isdigit()):
            self.refuse_usage("After the = give how many lines back to start, like 40.")
        channel = self.find_channel(name)
        if not channel.access(self.caller, "listen"):
            raise SocialError(f"You may not read {channel.key}.")
        # None when the log cannot be opened (no log directory yet): nothing kept
        lines = tail_log_file(channel.get_log_filename(), int(back), rules.CHANNEL_HISTORY_LINES)
        self.msg(history_text(channel, lines or []))


def history_text(channel, lines):
    """A channel's log lines (`YY-MM-DD HH:MM:SS [-] text`) as `[MM-DD HH:MM] text`."""
    shown = []
    for line in lines:
        stamp, marker, text = line.rstrip("\n").partition(" [-] ")
        if not marker:
            continue
        moment = stamp[3:14] if len(stamp) >= 14 else stamp
        shown.append(fold(f"|x[{moment}]|n {_as_said(text)}"))
    if not shown:
        return f"Nothing has been said on {channel.key} that is still kept."
    return "\n".join([rule(f" {channel.key}: the last lines "), *shown, rule()])


def _as_said(text):
    """A logged `Name: text` as the channel showed it: Evennia logs a pose as it
    was typed (`Corwin: :waves.`), the channel showed `Corwin waves.`."""
    name, colon, said = text.partition(": ")
    if colon and said[:1] == ":":
        return f"{name} {said[1:].lstrip()}"
    if colon and said[:1] == ";":
        return f"{name}{said[1:]}"
    return text


CHANNEL_COMMANDS = (CmdJoinChannel, CmdLeaveChannel, CmdComlist, CmdClist, CmdChannelHistory)


def _channels(account):
    """The channels `account` may listen to, by name."""
    return [
        channel for channel in ChannelDB.objects.all().order_by("db_key")
        if channel.access(account, "listen")
    ]
