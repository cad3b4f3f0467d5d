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
"""


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
