"""
Commands for kroll (placeholder until the system lands).
"""

from evennia import CmdSet


class KrollCmdSet(CmdSet):
    key = "Kroll"

    def at_cmdset_creation(self):
        pass
