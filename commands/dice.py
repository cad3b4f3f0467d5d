"""
The general dice command, `+roll`, for everyone.

The dice themselves are rolled by `world.dice.expr`; this module only reads
the command line, picks who gets to see the result, and colours the line.
"""

import random

from evennia import CmdSet

from commands.command import DelverCommand
from world.access import is_staff
from world.dice.expr import DiceExpressionError, roll

DROPPED = "|x~{}~|n"
"""Discarded dice are dimmed as well as marked, for clients without colour."""

_rng = random.SystemRandom()


class CmdRoll(DelverCommand):
    """
    Roll dice where everyone in the room can see them.

    Usage:
      +roll <dice>
      +roll/private <dice>
      +roll/gm <dice>

    Write the dice the usual way: 2d6 is two six-sided dice added up, d20 is
    one twenty-sided die and d% a hundred-sided one. Join dice and plain
    numbers with + and -. Add kh or kl and a number to keep only the highest
    or lowest few dice of a group, dh or dl to drop the highest or lowest few.
    End with a comparison (>=, >, <=, < or =) and a number to have the result
    called a success or a failure.

    Every die is shown in the order it fell; dice that were dropped appear
    between ~tildes~. A roll can use up to 100 dice in one group (1000 in all),
    dice of up to 1000 sides and up to 20 groups and numbers.

    Switches:
      /private  only you see the roll.
      /gm       you and the staff in the room see the roll.

    Examples:
      +roll 1d20+3
      +roll 4d6kh3             (four dice, the lowest one dropped)
      +roll 2d20kl1 >= 12      (roll with disadvantage against 12)
      +roll 3d6+1d4-2
      +roll/gm d%
    """

    key = "+roll"
    locks = "cmd:all()"
    help_category = "Dice"
    switch_options = ("private", "gm")

    def func_default(self):
        line = self.rolled_line()
        location = self.caller.location
        if location is None:
            self.msg(f"You roll {line}")
            return
        location.msg_contents(
            f"|w{self.caller.key}|n rolls {line}", exclude=[self.caller], from_obj=self.caller
        )
        self.msg(f"You roll {line}")

    def switch_private(self):
        self.msg(f"|c(private)|n You roll {self.rolled_line()}")

    def switch_gm(self):
        line = self.rolled_line()
        self.msg(f"|c(to staff)|n You roll {line}")
        for watcher in self.staff_in_room():
            watcher.msg(f"|c(GM roll)|n |w{self.caller.key}|n rolls {line}")

    def rolled_line(self):
        """Roll the command's expression and return its coloured line."""
        if not self.args:
            self.refuse_usage("Which dice? For example: +roll 2d6+1")
        try:
            result = roll(self.args, _rng)
        except DiceExpressionError as err:
            self.refuse_usage(f"Cannot roll that: {err}.")
        return result.render(dropped=DROPPED, outcome=_coloured_outcome)

    def staff_in_room(self):
        location = self.caller.location
        if location is None:
            return []
        return [
            obj
            for obj in location.contents
            if obj is not self.caller and is_staff(obj)
        ]


def _coloured_outcome(success):
    return "|gsuccess|n" if success else "|rfailure|n"


class DiceCmdSet(CmdSet):
    key = "Dice"

    def at_cmdset_creation(self):
        self.add(CmdRoll())
