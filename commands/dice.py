"""
Commands for dice (placeholder until the system lands).
"""

from evennia import CmdSet


class DiceCmdSet(CmdSet):
    key = "Dice"

    def at_cmdset_creation(self):
        pass
