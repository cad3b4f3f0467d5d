"""Refusal texts of the run engine that players read word for word."""

import random

import pytest

from world.digger import rules
from world.digger.engine import Action, ActionRefused, act, draw

from .support import begin, card, dungeon, tool


def pending(ability):
    hole = dungeon(entry=card("first", ability, 1, ("Tire",)))
    return draw(begin(hole), hole, random.Random(0))[1]


def test_a_mismatched_tool_is_named_with_the_right_article():
    with pytest.raises(
        ActionRefused,
        match="^Pick is a Brute tool; this challenge needs Agility "
        "or Rush, or an Agility tool.$",
    ):
        act(pending(rules.AGILITY), "ann", Action(rules.ACT, tool=tool("Pick", rules.BRUTE)))
    with pytest.raises(
        ActionRefused,
        match="^Hook is an Agility tool; this challenge needs Wits "
        "or Investigate, or a Wits tool.$",
    ):
        act(pending(rules.WITS), "ann", Action(rules.ACT, tool=tool("Hook", rules.AGILITY)))
