"""`+roll`: who sees a roll, and how bad input is answered."""

import random
import re
from unittest.mock import patch

from evennia.utils import create
from evennia.utils.ansi import parse_ansi
from evennia.utils.test_resources import EvenniaCommandTest

from commands.dice import CmdRoll, DiceCmdSet
from tests.dice.scripted import ScriptedRng


class RollTest(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        self.builder = create.create_object(
            self.character_typeclass, key="Builda", location=self.room1, home=self.room1
        )
        self.builder.permissions.add("Builder")
        self.bystander = create.create_object(
            self.character_typeclass, key="Passerby", location=self.room1, home=self.room1
        )

    def roll(self, args, dice=(), caller=None):
        """Run +roll with scripted dice; returns {receiver: text seen} for everyone here."""
        rng = ScriptedRng(*dice)
        watchers = [self.char1, self.char2, self.builder, self.bystander]
        with patch("commands.dice._rng", rng):
            seen = self.call(CmdRoll(), args, {who: None for who in watchers}, caller=caller)
        assert rng.used_up, f"unused dice {rng.values}"
        return seen, rng


class TestPublicRoll(RollTest):
    def test_everyone_in_the_room_sees_the_dice_and_total(self):
        seen, _ = self.roll("2d6+3", (4, 2))
        assert seen[self.char1] == "You roll 2d6+3: [4, 2] + 3 = 9"
        for other in (self.char2, self.builder, self.bystander):
            assert seen[other] == "Char rolls 2d6+3: [4, 2] + 3 = 9"

    def test_dropped_dice_and_the_outcome_are_shown(self):
        seen, _ = self.roll("4d6kh3 >= 12", (3, 6, 1, 5))
        assert seen[self.char2] == "Char rolls 4d6kh3 >= 12: [3, 6, ~1~, 5] = 14, success"
        seen, _ = self.roll("1d20+1 > 10", (9,))
        assert seen[self.char2].endswith("= 10, failure")

    def test_dropped_dice_and_outcomes_are_coloured(self):
        with patch("commands.dice._rng", ScriptedRng(15, 4)):
            text = self.call(CmdRoll(), "2d20kl1 >= 10", None, noansi=False)
        assert parse_ansi("[|x~15~|n, 4]") in text and parse_ansi("|rfailure|n") in text


class TestPrivateAndGmRolls(RollTest):
    def test_private_roll_is_seen_only_by_the_roller(self):
        seen, _ = self.roll("/private 1d20", (12,))
        assert seen[self.char1] == "(private) You roll 1d20: [12] = 12"
        assert seen[self.char2] == seen[self.builder] == seen[self.bystander] == ""

    def test_gm_roll_reaches_staff_but_not_players(self):
        seen, _ = self.roll("/gm 1d6", (5,), caller=self.char2)
        assert seen[self.char2] == "(to staff) You roll 1d6: [5] = 5"
        assert seen[self.builder] == "(GM roll) Char2 rolls 1d6: [5] = 5"
        assert seen[self.char1] == "(GM roll) Char2 rolls 1d6: [5] = 5"  # a Developer
        assert seen[self.bystander] == ""

    def test_a_staff_roller_sees_a_gm_roll_once(self):
        seen, _ = self.roll("/gm 1d6", (2,))
        assert seen[self.char1] == "(to staff) You roll 1d6: [2] = 2"
        assert seen[self.char2] == ""


class TestBadInput(RollTest):
    def test_a_bad_term_is_named_with_the_usage(self):
        seen, _ = self.roll("2x6")
        assert seen[self.char1].startswith("Cannot roll that: '2x6' is not a dice term.")
        assert "Usage: +roll <dice>" in seen[self.char1]
        assert seen[self.char2] == ""

    def test_absurd_sizes_are_refused_without_rolling(self):
        seen, rng = self.roll("999999999d999999999")
        assert seen[self.char1].startswith(
            "Cannot roll that: '999999999d999999999' rolls too many dice"
        )
        assert rng.calls == []
        assert seen[self.char2] == ""

    def test_no_dice_asks_for_some(self):
        seen, _ = self.roll("")
        assert seen[self.char1].startswith("Which dice?")

    def test_private_and_gm_together_are_refused_without_rolling(self):
        for switches in ("/private/gm", "/gm/private", "/p/g"):
            seen, rng = self.roll(f"{switches} 1d20")
            assert seen[self.char1].startswith(
                "+roll takes one switch at a time: choose between /"
            ), switches
            assert "Usage: +roll <dice>" in seen[self.char1]
            assert rng.calls == []
            assert seen[self.char2] == seen[self.builder] == seen[self.bystander] == ""

    def test_unknown_switch_is_refused(self):
        seen, _ = self.roll("/loud 1d6")
        assert "+roll has no switch /loud." in seen[self.char1]
        assert "Usage: +roll <dice>" in seen[self.char1]


class TestRollSetup(EvenniaCommandTest):
    def test_the_cmdset_holds_roll_for_everyone(self):
        cmdset = DiceCmdSet()
        cmdset.at_cmdset_creation()
        (command,) = cmdset.commands
        assert command.key == "+roll"
        assert command.access(self.char2, "cmd")

    def test_every_example_in_the_help_rolls(self):
        examples = re.findall(r"^\s+\+roll(\S*) (\S+(?: [<>=]+ \d+)?)", CmdRoll.__doc__, re.M)
        examples = [(switch, dice) for switch, dice in examples if "<" not in dice]
        assert len(examples) >= 5
        for switch, dice in examples:
            with patch("commands.dice._rng", random.Random(7)):
                text = self.call(CmdRoll(), f"{switch} {dice}", None)
            assert f"You roll {dice}: [" in text, (switch, dice, text)
