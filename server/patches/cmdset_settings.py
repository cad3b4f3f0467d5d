"""
The "current cmdset" a cmdset provider hands Evennia's command handler.

For every line typed, the command handler asks each provider (the session,
the account, the character) for its cmdset stack and for its current merged
cmdset. The stacks make the commands the line can use (Evennia keeps those
merges). The current cmdsets it merges as well, into a running total that
only providers' hooks see, and from the character's it reads `no_objs` and
`no_exits`. That merge copies and compares every command, on every line.
Delver's hooks do not look at the total, so:

- the session and the account hand over no current cmdset at all (Evennia
  skips merging a None; nothing of theirs is read);
- the character hands over the settings of its current cmdset without its
  commands: the merge is then one of empty sets, and the settings read are
  the same.

Installed by the Server: `get_cmdsets` of Evennia's sessions, accounts and
objects.
"""

from evennia.accounts.accounts import DefaultAccount
from evennia.objects.objects import DefaultObject
from evennia.server.serversession import ServerSession

from server.patches import Patch

_evennia_object_cmdsets = DefaultObject.get_cmdsets
_evennia_account_cmdsets = DefaultAccount.get_cmdsets
_evennia_session_cmdsets = ServerSession.get_cmdsets


def settings_only(current):
    """
    A cmdset with `current`'s merge settings and no commands (None stays
    None), made once per current cmdset: the cmdset handler makes a new one
    whenever a cmdset is added or removed.
    """
    if current is None:
        return None
    kept = current.__dict__.get("_delver_settings_only")
    if kept is None:
        kept = current._delver_settings_only = current._duplicate()
    return kept


def _object_cmdsets(self, caller, current, **kwargs):
    current, stack = _evennia_object_cmdsets(self, caller, current, **kwargs)
    return settings_only(current), stack


def _account_cmdsets(self, caller, current, **kwargs):
    _, stack = _evennia_account_cmdsets(self, caller, current, **kwargs)
    return None, stack


def _session_cmdsets(self, caller, current, **kwargs):
    _, stack = _evennia_session_cmdsets(self, caller, current, **kwargs)
    return None, stack


def install():
    """Make sessions, accounts and objects hand over their cmdsets this way (idempotent)."""
    DefaultObject.get_cmdsets = _object_cmdsets
    DefaultAccount.get_cmdsets = _account_cmdsets
    ServerSession.get_cmdsets = _session_cmdsets


def uninstall():
    DefaultObject.get_cmdsets = _evennia_object_cmdsets
    DefaultAccount.get_cmdsets = _evennia_account_cmdsets
    ServerSession.get_cmdsets = _evennia_session_cmdsets


PATCH = Patch(
    name="cmdset_settings",
    targets={
        "evennia.objects.objects:DefaultObject.get_cmdsets": (
            "132ab8fb8f9d7868a92f5ba6e9a67a7c385e75ad595f56e7d33e2ebb728dd58c"
        ),
        "evennia.accounts.accounts:DefaultAccount.get_cmdsets": (
            "ed88415a4521c44ecbd3ec13b111cc41a2936ec60d981bd6a997192b94a7e41d"
        ),
        "evennia.server.serversession:ServerSession.get_cmdsets": (
            "ed88415a4521c44ecbd3ec13b111cc41a2936ec60d981bd6a997192b94a7e41d"
        ),
        "evennia.commands.cmdhandler:get_and_merge_cmdsets": (
            "bd00c58c65071b271a47546a31eb2df847b43c35287138b3d3ea3e0bb4ab532a"
        ),
    },
    process="server",
    why="Every line merged each provider's whole current cmdset into a total nobody reads.",
    install=install,
    uninstall=uninstall,
)
