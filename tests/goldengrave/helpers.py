"""
Shared set-up for Goldengrave tests: dice the test scripts, PCs and a company
ready to delve, a small dungeon of rooms with a town, monsters and traps.

In Evennia's test world char1 ("Char") is staff (Developer) and char2
("Char2") a plain player; both stand in room1. Here `char3` ("Cid") joins
them, and `stranger` ("Faraway") stands in room2.
"""

from contextlib import contextmanager
from unittest.mock import patch

from evennia.utils import create
from evennia.utils.test_resources import EvenniaCommandTest

from tests.dice.scripted import ScriptedRng
from world.goldengrave import services
from world.goldengrave.models import Company, Sheet

MONSTER = "typeclasses.goldengrave.GoldengraveMonster"
TRAP = "typeclasses.goldengrave.GoldengraveTrap"


def give_pc(character, name=None, company=None, knocked_out=False):
    return Sheet.objects.create(
        character=character, name=name or f"{character.key}-pc", spark_a="Fairbuck",
        spark_b="Knight", region="Fairbuck", trait_dice=[4, 6, 1], physique=4,
        personality=6, flaw=1, company=company, knocked_out=knocked_out,
    )


def make_company(name="The Lanterns", stamina=10, supply=8, sway=6, **extra):
    values = {"stamina": stamina, "stamina_max": stamina, "supply": supply,
              "supply_max": supply, "sway": sway, "sway_max": sway}
    values.update(extra)
    return Company.objects.create(name=name, **values)


def make_monster(key, location, power=3, **attributes):
    monster = create.create_object(MONSTER, key=key, location=location)
    monster.power = monster.start_power = power
    for name, value in attributes.items():
        setattr(monster, name, value)
    return monster


def make_trap(key, location, power=2):
    trap = create.create_object(TRAP, key=key, location=location)
    trap.power = trap.start_power = power
    return trap


@contextmanager
def scripted(*faces):
    """Every die a service rolls comes from `faces`, in order, and all are used."""
    rng = ScriptedRng(*faces)
    with patch.object(services, "default_rng", rng):
        yield rng
    assert rng.used_up, f"scripted dice left over: {rng.values}"


class GoldengraveCommandTest(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        self.char3 = create.create_object(
            self.character_typeclass, key="Cid", location=self.room1, home=self.room1
        )
        self.stranger = create.create_object(
            self.character_typeclass, key="Faraway", location=self.room2, home=self.room2
        )

    def dice(self, *faces):
        return scripted(*faces)

    def said(self, cmd, args, wanted="", caller=None):
        """Run `cmd` and return what the caller read, asserting it contains `wanted`."""
        text = self.call(cmd, args, None, caller=caller)
        text = " ".join(text.split("\n    "))  # undo the 78-column wrapping
        assert wanted in text, f"{wanted!r} not in:\n{text}"
        return text
