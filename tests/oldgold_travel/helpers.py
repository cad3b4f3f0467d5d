"""
Shared set-up for the travel tests: a painted region, approved sheets and
scripted dice for both Old Gold's services and the travel services.
"""

from contextlib import contextmanager
from unittest.mock import patch

from tests.dice.scripted import ScriptedRng
from tests.oldgold.helpers import OldGoldTest, give_sheet  # noqa: F401
from world.oldgold import services as og
from world.oldgold_travel import services
from world.oldgold_travel.models import Hex


class TravelTest(OldGoldTest):
    @contextmanager
    def dice(self, *faces):
        rng = ScriptedRng(*faces)
        with patch.object(services, "default_rng", rng), patch.object(og, "default_rng", rng):
            yield rng
        assert rng.used_up, f"scripted dice left over: {rng.values}"

    def region(self, name="Vale", terrain="plains", climate="temperate", season="spring"):
        region = services.create_region(self.char1, name, climate, season).data["region"]
        Hex.objects.filter(region=region).update(terrain=terrain)
        return region

    def hex(self, region, text):
        column, row = services.parse_label(region, text)
        return Hex.objects.get(region=region, column=column, row=row)
