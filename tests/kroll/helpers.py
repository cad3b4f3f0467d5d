"""
Shared set-up for Kroll command tests: sheets with chosen ratings and dice
the test scripts.

In Evennia's test world char1 ("Char") is staff (Developer) and char2
("Char2") a plain player; both stand in room1. `char3` ("Cid") is made here,
also in room1, and `stranger` ("Faraway") stands in room2.
"""

from contextlib import contextmanager
from unittest.mock import patch

from evennia.utils import create
from evennia.utils.test_resources import EvenniaCommandTest

from tests.dice.scripted import ScriptedRng
from world.kroll import render, services
from world.kroll.models import Adventurer, KrollSheet
from world import screen
from world.kroll.rules import ATTRIBUTES

WIDE_CLIENT = 1000


def give_sheet(character, penalty=0, **ratings):
    """A sheet whose living adventurer has every rating 3 unless given."""
    sheet = KrollSheet.objects.create(character=character)
    values = {attribute: ratings.get(attribute, 3) for attribute in ATTRIBUTES}
    Adventurer.objects.create(sheet=sheet, life=1, penalty=penalty, **values)
    return sheet


class KrollCommandTest(EvenniaCommandTest):
    """Room texts come unfolded here, so that tests can find a phrase wherever the
    78-column fold would break it; tests/kroll/test_width.py checks the fold."""

    fold_width = WIDE_CLIENT

    def setUp(self):
        super().setUp()
        # Kroll's tests read each message whole, as a client wider than any of them
        # would show it; wrapping to a client's width is tested in tests/newcomer
        # and the 78-column fold in tests/kroll/test_width.py.
        self.session.protocol_flags["SCREENWIDTH"] = {0: self.fold_width}
        for owner in (render, screen):
            wide = patch.object(owner, "WIDEST", self.fold_width)
            wide.start()
            self.addCleanup(wide.stop)
        self.char3 = create.create_object(
            self.character_typeclass, key="Cid", location=self.room1, home=self.room1
        )
        self.stranger = create.create_object(
            self.character_typeclass, key="Faraway", location=self.room2, home=self.room2
        )

    @contextmanager
    def dice(self, *faces):
        """Every die the command rolls comes from `faces`, in order, and all are used."""
        rng = ScriptedRng(*faces)
        with patch.object(services, "default_rng", rng):
            yield rng
        assert rng.used_up, f"scripted dice left over: {rng.values}"
