"""
Digger's commands, one module per area: the sheet (+digger, +form, +approve,
+unapprove, +chapter), tools (+tools and its design menu), parties (+party),
dungeons (+dungeon, +act, +risk, +camp, +challenge) and building them
(+dungeon's builder switches, +card).
"""

from evennia import CmdSet

from .building import CmdCard
from .dungeon import CmdAct, CmdCamp, CmdChallenge, CmdDungeon, CmdRisk
from .party import CmdParty
from .sheet import CmdApprove, CmdChapter, CmdDigger, CmdForm, CmdUnapprove
from .tools import CmdTools

COMMANDS = (
    CmdDigger,
    CmdForm,
    CmdApprove,
    CmdUnapprove,
    CmdChapter,
    CmdTools,
    CmdParty,
    CmdDungeon,
    CmdAct,
    CmdRisk,
    CmdCamp,
    CmdChallenge,
    CmdCard,
)


class DiggerCmdSet(CmdSet):
    key = "Digger"

    def at_cmdset_creation(self):
        for command in COMMANDS:
            self.add(command())
