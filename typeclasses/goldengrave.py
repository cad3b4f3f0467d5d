"""
Goldengrave's monsters and traps: game objects a GM places in dungeon rooms.

A monster has Power (what it has left) and a starting Power, the methods of
attack it is vulnerable or immune to, a temper (craven, normal, iron-willed
or mindless), On KO / On Kill notes the GM reads when they trigger, and a
desire. A trap has Power and notes too, and makes the same damage roll.
Builders spawn them from the prototypes in `world/goldengrave/prototypes.py`
(`spawn gg_ash_hound`) or create them with `+ggdungeon/monster`.
"""

import re

from evennia.typeclasses.attributes import AttributeProperty

from typeclasses.objects import Object


def _matches(method, words):
    """Whether the company's method of attack names any of `words` ('fire',
    'silver'): a word counts where a word of the method starts with it, so
    'fire' meets 'fires' and 'firebrand', but 'hot' never meets 'shot'."""
    method = (method or "").lower()
    return any(
        re.search(r"\b" + re.escape(word.lower()), method) for word in words or () if word
    )


class GoldengraveThreat(Object):
    """What monsters and traps share: Power, and the notes the GM reads."""

    power = AttributeProperty(1)
    start_power = AttributeProperty(1)
    on_ko = AttributeProperty("")
    on_kill = AttributeProperty("")
    notes = AttributeProperty("")
    """What only the GM reads (how to fight it, its Power range)."""


class GoldengraveMonster(GoldengraveThreat):
    """A monster (or a group fighting as one, with the combined Power)."""

    vulnerable = AttributeProperty([])
    immune = AttributeProperty([])
    temper = AttributeProperty("normal")
    desire = AttributeProperty("")
    wandering = AttributeProperty(False)
    half_power_passed = AttributeProperty(False)
    members = AttributeProperty([])
    """Names of the monsters joined into this group, if it is one."""

    def is_vulnerable_to(self, method):
        return _matches(method, self.vulnerable)

    def is_immune_to(self, method):
        return _matches(method, self.immune)

    @property
    def at_half_power(self):
        return self.power * 2 <= self.start_power

    def get_display_desc(self, looker, **kwargs):
        desc = super().get_display_desc(looker, **kwargs)
        if self.power < 1:
            return f"{desc}\nIt is dead."
        return f"{desc}\n|wPower {self.power}|n (Goldengrave monster)"


class GoldengraveTrap(GoldengraveThreat):
    """A trap: easy to spot unless the company is blinded, hurried or distracted."""

    trigger = AttributeProperty("")
    """What sets it off, for the GM."""

    def get_display_desc(self, looker, **kwargs):
        desc = super().get_display_desc(looker, **kwargs)
        return f"{desc}\n|rA trap|n (Power {self.power})."
