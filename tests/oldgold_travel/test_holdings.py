"""Recruiting (availability, wages, morale, loyalty, companions), warfare,
construction and the cost of living."""

from commands.oldgold_travel import CmdHire, CmdLiving, CmdStronghold, CmdWar
from tests.oldgold_travel.helpers import TravelTest, give_sheet
from world.oldgold_travel import holdings, rules
from world.oldgold_travel.models import Battle, Construction, Follower, TravelRoll


class TestRecruiting(TravelTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2, coin=100)
        give_sheet(self.char1, coin=0)

    def avail(self, *faces, size="town"):
        with self.dice(*faces):
            return self.call(CmdHire(), f"/avail {size}", caller=self.char1)

    def test_availability_by_size_rolls_every_kind(self):
        # town: common 2d6, skilled 1d6, expert 1d3, swordsman 2d4, archer 2d4
        out = self.avail(3, 4, 2, 1, 2, 2, 4, 4)
        assert "common hireling 7" in out and "expert hireling 1" in out
        assert "archer 8" in out
        assert TravelRoll.objects.get(kind="availability").details["counts"]["skilled"] == 2
        for size in rules.AVAILABILITY:
            assert set(rules.AVAILABILITY[size]) == set(rules.RECRUITS)

    def test_a_village_has_no_expert(self):
        out = self.avail(1, 1, 1, 1, size="village")
        assert "expert hireling 0" in out
        out = self.call(CmdHire(), "expert=Vell", caller=self.char2)
        assert "No expert hireling is willing" in out
        assert not Follower.objects.exists()

    def test_hiring_pays_the_first_day_and_takes_one_from_the_pool(self):
        self.avail(1, 1, 1, 1, size="village")
        out = self.call(CmdHire(), "swordsman=Brand", caller=self.char2)
        assert "30 gp a day" in out and "won't enter dungeons" in out
        assert self.sheet(self.char2).coin == 70
        brand = Follower.objects.get(name="Brand")
        assert (brand.wage, brand.morale, brand.stats["hp"], brand.stats["dp"]) == (30, 8, 12, 2)
        out = self.call(CmdHire(), "swordsman=Cole", caller=self.char2)
        assert "No swordsman is willing" in out

    def test_no_hiring_before_availability_or_without_coin(self):
        out = self.call(CmdHire(), "common=Pim", caller=self.char2)
        assert "a GM rolls who is willing" in out
        self.avail(6, 6, 6, 3, 4, 4, 4, 4)
        out = self.call(CmdHire(), "common=Pim", caller=self.char1)
        assert "costs 10 gp and you have 0 gp" in out
        assert not Follower.objects.exists()

    def test_wages_morale_and_loyalty(self):
        self.avail(6, 6, 6, 3, 4, 4, 4, 4)
        self.call(CmdHire(), "common=Pim", caller=self.char2)
        out = self.call(CmdHire(), "/pay 3", caller=self.char2)
        assert "pays 30 gp" in out and self.sheet(self.char2).coin == 60
        assert Follower.objects.get(name="Pim").paid_through_day == 4
        with self.dice(3, 3):
            out = self.call(CmdHire(), "/morale Char2=Pim", caller=self.char1)
        assert "Morale 5: [3, 3] = 6, they break" in out
        self.call(CmdHire(), "/loyalty Char2=Pim +1", caller=self.char1)
        with self.dice(3, 3):
            out = self.call(CmdHire(), "/morale Char2=Pim", caller=self.char1)
        assert "Morale 6" in out and "they hold" in out

    def test_companions_follow_higher_levels_and_never_check_morale(self):
        out = self.call(CmdHire(), "/companion Char2=Wren 1", caller=self.char1)
        assert "companion's level must be 1 to 0" in out
        sheet = self.sheet(self.char2)
        sheet.level = 3
        sheet.save()
        self.call(CmdHire(), "/companion Char2=Wren 2", caller=self.char1)
        out = self.call(CmdHire(), "/morale Char2=Wren", caller=self.char1)
        assert "don't check morale" in out
        assert "Wren: companion, level 2" in self.call(CmdHire(), "", caller=self.char2)


class TestWarfare(TravelTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char1, heart=4)
        self.call(CmdWar(), "/start Greyfell 10 led by Char=Raiders 5", caller=self.char1)

    def test_a_round_won_and_the_loser_checks_morale(self):
        # Greyfell: d20 [8] + 10 = 18 vs 15 succeeds by 3; Raiders lose 10% of 5
        # (1, rounded up) and check morale 9: [4, 4] = 8 holds.
        with self.dice(8, 4, 4):
            out = self.call(CmdWar(), "/round Greyfell", caller=self.char1)
        assert "= 18 vs 15: success" in " ".join(out.split()) and "lose the round and 1 unit" in out
        assert "Morale 9: [4, 4] = 8, they hold" in out
        battle = Battle.objects.get()
        assert battle.sides[1]["units"] == 4 and not battle.winner

    def test_losing_by_10_costs_20_percent_and_the_speech_rallies_once(self):
        # Greyfell check: [2] + 10 = 12 vs 15 fails by 3 -> Greyfell lose 1;
        # morale 9: [6, 6] breaks; Char's speech: Heart [10] + 4 = 14 > 12 rallies.
        with self.dice(2, 6, 6, 10):
            out = self.call(CmdWar(), "/round Greyfell", caller=self.char1)
        assert "Char rallies them" in out and "stand and fight on" in out
        # Raiders check [20] + 5 = 25 vs 19: Greyfell lose 10% (1); morale 8:
        # [5, 5] breaks, the speech is spent: Raiders win.
        with self.dice(20, 5, 5):
            out = self.call(CmdWar(), "/round Raiders", caller=self.char1)
        assert "1 unit (10% of 10); 8 remain" in out and "Raiders win the battle" in out
        assert Battle.objects.get().winner == "Raiders"

    def test_winning_by_10_or_more_costs_the_loser_20_percent(self):
        with self.dice(16, 1, 1):
            out = self.call(CmdWar(), "/round Greyfell", caller=self.char1)
        assert "= 26 vs 15" in out and "(20% of 5)" in out

    def test_a_destroyed_side_loses(self):
        Battle.objects.update(sides=[
            {**Battle.objects.get().sides[0]},
            {**Battle.objects.get().sides[1], "units": 1}])
        with self.dice(15):
            out = self.call(CmdWar(), "/round Greyfell", caller=self.char1)
        assert "Raiders are destroyed" in out

    def test_players_cannot_fight_battles(self):
        out = self.call(CmdWar(), "/round Greyfell", caller=self.char2)
        assert "Only a game master" in out


class TestConstructionAndLiving(TravelTest):
    def setUp(self):
        super().setUp()
        give_sheet(self.char2, coin=30_000)

    def test_new_building_costs_150_percent_and_land_20(self):
        out = self.call(CmdStronghold(), "/build watchtower=Greywatch", caller=self.char2)
        assert "22,500 gp" in out and "60 days" in out
        assert self.sheet(self.char2).coin == 7_500
        out = self.call(CmdStronghold(), "/build cottage=Hut/land", caller=self.char2)
        assert "1,500 gp and 200 gp for the land" in out
        assert self.sheet(self.char2).coin == 5_800
        self.call(CmdStronghold(), "/work Char2=Greywatch 60", caller=self.char1)
        assert Construction.objects.get(name="Greywatch").finished

    def test_too_dear_changes_nothing_and_rent_is_listed(self):
        out = self.call(CmdStronghold(), "/build castle", caller=self.char2)
        assert "you have 30000 gp" in out and not Construction.objects.exists()
        assert "rent   150 gp" in holdings.buildings_text().replace(",", "")

    def test_business_profit_is_2d6_percent(self):
        with self.dice(3, 4):
            out = self.call(CmdStronghold(), "/profit Char2=10000", caller=self.char1)
        assert "7% of 10,000 gp" in out and "700 gp" in out

    def test_living_with_and_without_a_home(self):
        out = self.call(CmdLiving(), "modest=7", caller=self.char2)
        assert "56 gp" in out
        out = self.call(CmdLiving(), "/home modest=7", caller=self.char2)
        assert "35 gp" in out
        assert self.sheet(self.char2).coin == 30_000 - 91
        listed = self.call(CmdLiving(), "", caller=self.char2)
        assert "lavish" in listed and "Pay with +living modest=7 (a week)" in listed
