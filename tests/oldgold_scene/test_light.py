"""Lights burning on the clock: a torch burns out over turns and the room
goes dark, lanterns burn by the watch and refill with oil, the delving
draught, lighting and dousing with refusals."""

import pytest

from commands.oldgold_scene import CmdDelve, CmdLight
from tests.oldgold_scene.helpers import SceneTest, give_sheet
from world.oldgold.models import Item
from world.oldgold_scene import clock, light, rules
from world.oldgold_scene.errors import SceneError
from world.oldgold_scene.models import Flame


class TestLight(SceneTest):
    def setUp(self):
        super().setUp()
        self.ann = give_sheet(self.char2, items=[("torch", "hands"), ("lantern", "pack"),
                                                  ("lantern oil", "pack")])
        self.start_clock()

    def item(self, gear):
        return Item.objects.get(sheet=self.ann, gear=gear)

    def test_periods_come_from_the_gear_table(self):
        assert rules.LIGHT_PERIOD_ROUNDS == {"torch": rules.ROUNDS_PER_HOUR,
                                             "candle": rules.ROUNDS_PER_HOUR,
                                             "lantern": rules.ROUNDS_PER_WATCH}

    def test_a_torch_burns_out_over_turns_and_the_room_goes_dark(self):
        self.call(CmdLight(), "torch", "Char2 lights a torch (0/3 dots marked).",
                  caller=self.char2)
        torch = self.item("torch")
        for hour in (1, 2):
            with self.dice():
                self.call(CmdDelve(), "/walk 6", "Time passes: 1 turn.", caller=self.char1)
            torch.refresh_from_db()
            assert torch.marked == hour
        with self.dice():
            self.call(CmdDelve(), "/walk 5", "Time passes", caller=self.char1)
        assert self.item("torch").marked == 2
        with self.dice():
            out = self.call(CmdDelve(), "/walk", "Time passes: 1 turn.", caller=self.char1)
        assert "Char2's torch burns down to nothing and goes dark." in out
        assert "Darkness falls in Room" in out
        assert not Item.objects.filter(sheet=self.ann, gear="torch").exists()
        assert not Flame.objects.exists()

    def test_a_lantern_burns_a_dot_a_watch_and_oil_refills_it(self):
        light.light(self.char2, "lantern")
        clock.advance(self.room1, watches=3)
        lantern = self.item("lantern")
        assert lantern.marked == 3 and lantern.spent
        assert not Flame.objects.get(item=lantern).lit
        with pytest.raises(SceneError, match="spent and will not light"):
            light.light(self.char2, "lantern")
        light.fill(self.char2, "lantern")
        assert self.item("lantern").marked == 0
        assert not Item.objects.filter(sheet=self.ann, gear="lantern oil").exists()
        light.light(self.char2, "lantern")

    def test_partial_burning_is_kept_when_put_out(self):
        light.light(self.char2, "torch")
        clock.advance(self.room1, turns=4)
        light.douse(self.char2, "torch")
        clock.advance(self.room1, turns=10)
        light.light(self.char2, "torch")
        clock.advance(self.room1, turns=2)
        assert self.item("torch").marked == 1

    def test_a_draught_on_the_delving_oracle_costs_a_dot(self):
        light.light(self.char2, "torch")
        with self.dice(3):
            out = self.call(CmdDelve(), "", "Time passes: 1 turn.", caller=self.char1)
        assert rules.DELVING[3][1] in out
        assert self.item("torch").marked == 1

    def test_refusals(self):
        self.call(CmdLight(), "rope", "You carry no light called 'rope'", caller=self.char2)
        self.call(CmdLight(), "/out torch", "Your Torch is not lit.", caller=self.char2)
        light.light(self.char2, "torch")
        self.call(CmdLight(), "torch", "Your Torch is already lit", caller=self.char2)
        self.call(CmdLight(), "/fill lantern", "Your lantern is full already",
                  caller=self.char2)
        self.call(CmdLight(), "", "Light in Room", caller=self.char2)
