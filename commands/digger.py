"""
Commands for digger (placeholder until the system lands).
"""

from evennia import CmdSet


class DiggerCmdSet(CmdSet):
    key = "Digger"

    def at_cmdset_creation(self):
        pass
