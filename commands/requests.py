"""
Commands for requests (placeholder until the system lands).
"""

from evennia import CmdSet


class RequestCmdSet(CmdSet):
    key = "Request"

    def at_cmdset_creation(self):
        pass
