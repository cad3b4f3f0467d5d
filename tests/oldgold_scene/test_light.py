"""Lights burning on the clock: a torch burns out over turns and the room
goes dark, lanterns burn by the watch and refill with oil, the delving
draught, lighting and dousing with refusals."""

import pytest

from commands.oldgold_scene import CmdClock, CmdDelve, CmdLight
from tests.oldgold_scene.helpers import SceneTest, give_sheet
from world.oldgold.models import Item
from world.oldgold_scene import clock, light, rules
from world.oldgold_scene.errors import SceneError
from world.oldgold_scene.models import Flame, Glow


class TestLight(SceneTest):
    def setUp(self):
        super().setUp()
        self.ann = give_sheet(self.char2, items=[("torch", "hands"), ("lantern", "pack"),
                                                  ("lantern oil", "pack")])
        self.room1.tags.add("dark", category="oldgold")  # underground
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

    def test_under_the_open_sky_no_darkness_falls(self):
        self.room1.tags.remove("dark", category="oldgold")
        light.light(self.char2, "torch")
        result = clock.advance(self.room1, hours=3)
        assert "Char2's torch burns down to nothing and goes dark." in result.text
        assert "Darkness falls" not in result.text
        assert "No one here carries a light." in light.lights_text(self.room1)

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


class TestMagicLights(SceneTest):
    """The text's magic lights: a flaming blade and a shadow lantern spend a
    dot each time they are lit and burn an hour; the Light prayer shines
    Heart Bonus x 4m around the one who prays for an hour of the clock."""

    def setUp(self):
        super().setUp()
        from world.oldgold import rules as og_rules
        from world.oldgold import services as og

        self.ann = give_sheet(self.char2, heart=3)
        og._new_magic_item(self.ann, og_rules.magic_named("light"), "hands")
        self.room1.tags.add("dark", category="oldgold")  # underground
        self.start_clock()

    def give(self, what):
        return self.call(CmdLight(), f"/give Char2={what}", "Char2 now carries a",
                         caller=self.char1)

    def blade(self):
        return Item.objects.get(sheet=self.ann, name="Flaming blade")

    def test_only_a_gm_gives_and_only_the_texts_lights(self):
        self.call(CmdLight(), "/give Char2=flaming blade", "Only a game master",
                  caller=self.char2)
        self.call(CmdLight(), "/give Char2=sunstone", "Magic lights: flaming blade or "
                  "shadow lantern", caller=self.char1)
        self.call(CmdLight(), "/give Char2", "Name who and which: +light/give Ann=flaming "
                  "blade.", caller=self.char1)
        assert not Item.objects.filter(sheet=self.ann, kind="weapon").exists()

    def test_a_flaming_blade_burns_an_hour_a_dot_and_adds_1d4_to_strikes(self):
        from world.oldgold import combat

        self.give("flaming blade")
        assert self.blade().details["damage"] == "1d6" and self.blade().kind == "weapon"
        out = self.call(CmdLight(), "flaming blade", "Char2's flaming blade kindles at a "
                        "word (1/3 dots marked): 4m of light for 1 hour", caller=self.char2)
        assert "adding 1d4 to each strike" in out
        item = self.blade()
        item.location = "hands"
        item.save()
        profile = combat._weapon_profile(self.char2, "flaming blade")
        assert profile.damage == "1d6+1d4+1" and not profile.mundane
        clock.advance(self.room1, turns=5)
        assert light.is_lit(self.blade())
        with self.dice():
            out = self.call(CmdDelve(), "/walk", "Time passes: 1 turn.", caller=self.char1)
        assert "Char2's flaming blade goes out: its magic is spent for now." in out
        assert "Darkness falls" in out
        assert combat._weapon_profile(self.char2, "flaming blade").damage == "1d6+1"
        assert self.blade().marked == 0  # fire spends its own dots, never wear

    def test_its_dots_run_out_and_a_rest_brings_them_back(self):
        from world.oldgold import services as og

        self.give("flaming blade")
        for _ in range(3):
            light.light(self.char2, "flaming blade")
            light.douse(self.char2, "flaming blade")
        self.call(CmdLight(), "flaming blade", "Your flaming blade has no dots left to "
                  "spend; they come back when you rest", caller=self.char2)
        Item.objects.create(sheet=self.ann, name="Rations", gear="rations", kind="ration")
        with self.dice(2):
            og.rest(self.char2)
        assert "flaming blade (0/3 dots marked)" in light.lights_text(self.room1)
        light.light(self.char2, "flaming blade")
        assert "Flaming blade burning (1/3 dots marked; it goes out in 1 hour)" in \
            light.lights_text(self.room1)

    def test_a_shadow_lantern_has_one_dot_and_no_draught_puts_magic_out(self):
        self.give("shadow lantern")
        out = self.call(CmdLight(), "shadow lantern", "Char2's shadow lantern kindles at a "
                        "word (1/1 dots marked): 6m of light", caller=self.char2)
        assert "shadows act out what happened here in the past day" in out
        with self.dice(3):  # the draught
            out = self.call(CmdDelve(), "", "Time passes: 1 turn.", caller=self.char1)
        assert "No flame here gutters in the draught." in out
        assert light.is_lit(Item.objects.get(sheet=self.ann, name="Shadow lantern"))
        self.call(CmdLight(), "/fill shadow lantern", "Only a lantern takes oil",
                  caller=self.char2)
        light.douse(self.char2, "shadow lantern")
        self.call(CmdLight(), "shadow lantern", "Your shadow lantern has no dots left",
                  caller=self.char2)

    def test_the_light_prayer_shines_an_hour_and_undead_check_morale(self):
        from world.oldgold_dungeon import bestiary
        from world.oldgold.models import OldGoldRoll

        bestiary.spawn_monster("skeleton", self.room1)
        bestiary.spawn_monster("goblin", self.room1)
        with self.dice(3, 4):  # the skeleton's morale, 2d6 = 7 against 11
            out = self.call(CmdLight(), "/pray", "Char2 invokes Light from Relic (1/3 dots).",
                            caller=self.char2)
        assert "Skeleton" in out and "Goblin" not in out
        assert "Holy light shines 8m around Char2 for an hour." in out
        assert OldGoldRoll.objects.filter(kind="magic").count() == 1
        assert "Char2: holy light, 8m around (it fades in 1 hour)." in light.lights_text(
            self.room1)
        with self.dice():
            out = self.call(CmdClock(), "/advance 1 hour", "Time passes: 1 hour.",
                            caller=self.char1)
        assert "The holy light around Char2 fades." in out and "Darkness falls" in out
        assert not Glow.objects.exists()

    def test_the_prayer_needs_no_undead_to_shine(self):
        with self.dice():
            out = self.call(CmdLight(), "/pray", "Char2 invokes Light", caller=self.char2)
        assert "Holy light shines 8m around Char2" in out
