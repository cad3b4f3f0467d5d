"""
Shared set-up for the scene tests: approved sheets, a clock in room1 and
scripted dice for the scene, adventurer and travel services at once.
"""

from contextlib import contextmanager
from unittest.mock import patch

from tests.dice.scripted import ScriptedRng
from tests.oldgold.helpers import OldGoldTest, give_sheet  # noqa: F401
from world.oldgold import services as og
from world.oldgold_scene import services
from world.oldgold_travel import services as travel


class SceneTest(OldGoldTest):
    @contextmanager
    def dice(self, *faces):
        rng = ScriptedRng(*faces)
        with patch.object(services, "default_rng", rng), patch.object(og, "default_rng", rng), \
                patch.object(travel, "default_rng", rng):
            yield rng
        assert rng.used_up, f"scripted dice left over: {rng.values}"

    def start_clock(self, name="Barrow", room=None, season=None):
        return services.start_clock(self.char1, room or self.room1, name, season)
