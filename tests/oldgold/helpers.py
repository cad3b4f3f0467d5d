"""
Shared set-up for Old Gold tests: approved sheets with chosen scores, NPCs
with og_stats, and scripted dice.

In Evennia's test world char1 ("Char") is staff (so a GM) and char2
("Char2") a plain player; both stand in room1.
"""

from contextlib import contextmanager
from unittest.mock import patch

from evennia.utils import create
from evennia.utils.test_resources import EvenniaCommandTest

from tests.dice.scripted import ScriptedRng
from world.oldgold import combat, services
from world.oldgold.models import OldGoldSheet


def give_sheet(character, ancestry="human", hp=10, max_hp=None, coin=30, items=(), **scores):
    values = {"might": 1, "grace": 1, "mind": 1, "heart": 1, **scores}
    sheet = OldGoldSheet.objects.create(
        character=character, ancestry=ancestry, hp=hp, max_hp=max_hp or hp, coin=coin,
        status=OldGoldSheet.APPROVED, languages=["Common"], **values,
    )
    for key, location in items:
        services._new_item(sheet, key, location)
    return sheet


def make_npc(location, name, **stats):
    values = {"might": 1, "grace": 1, "mind": 1, "heart": 1, "hp": 7, "dp": 0, "morale": 4}
    values.update(stats)
    attacks = values.pop("attacks", [{"name": "dagger", "damage": "1d6+1"}])
    npc = create.create_object("typeclasses.oldgold.OldGoldNpc", key=name, location=location)
    full = combat.make_npc_stats(values, attacks)
    full["hp"] = values["hp"]
    npc.attributes.add("og_stats", full)
    return npc


class OldGoldTest(EvenniaCommandTest):
    # Wording tests read whole lines; test_width checks the 78-column wrap.
    wrap_width = 100_000

    def setUp(self):
        super().setUp()
        from world.oldgold import render

        width = patch.object(render, "WIDTH", self.wrap_width)
        width.start()
        self.addCleanup(width.stop)
        self.char3 = create.create_object(
            self.character_typeclass, key="Cid", location=self.room1, home=self.room1
        )

    @contextmanager
    def dice(self, *faces):
        rng = ScriptedRng(*faces)
        with patch.object(services, "default_rng", rng):
            yield rng
        assert rng.used_up, f"scripted dice left over: {rng.values}"

    def sheet(self, character):
        return OldGoldSheet.objects.get(character=character)
