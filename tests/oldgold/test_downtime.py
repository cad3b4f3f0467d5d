"""Living between adventures: shopping, a full pack, coin and pouches,
banking, resting, levelling, downtime XP, carousing, days and deprivation."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet
from world.oldgold.models import Item


class TestShopping(OldGoldTest):
    def setUp(self):
        super().setUp()
        self.adv = give_sheet(self.char2, coin=100)

    def test_buy_takes_coin_and_a_slot(self):
        self.call(CmdOldGold(), "/buy sword", "Char2 buys Sword for 30 gp (pack); 70 gp left.",
                  caller=self.char2)
        assert self.sheet(self.char2).coin == 70

    def test_silvered_and_masterwork_change_price_and_numbers(self):
        from world.oldgold.models import OldGoldSheet

        OldGoldSheet.objects.filter(character=self.char2).update(coin=1000)
        out = self.call(CmdOldGold(), "/buy masterwork sword", None, caller=self.char2)
        assert "Char2 buys Masterwork sword for 300 gp (pack); 700 gp left." in out
        assert "To use it, carry it: +og/carry masterwork sword=hands." in out
        out = self.call(CmdOldGold(), "/buy silvered dagger", None, caller=self.char2)
        assert "Silvered dagger for 10 gp" in out
        out = self.call(CmdOldGold(), "/buy masterwork light armour", None, caller=self.char2)
        assert "Masterwork light armour (leather) for 200 gp" in out
        items = {i.name: i for i in self.sheet(self.char2).items.all()}
        assert items["Masterwork sword"].details["damage"] == "1d6+1"
        assert items["Silvered dagger"].details["damage"] == "1d4-1"
        assert items["Silvered dagger"].details["silvered"]
        assert items["Masterwork light armour (leather)"].details["dp"] == 2
        self.call(CmdOldGold(), "/buy silvered shield", "Only weapons come silvered",
                  caller=self.char2)
        self.call(CmdOldGold(), "/buy masterwork rope", "Only weapons come silvered",
                  caller=self.char2)
        assert self.sheet(self.char2).coin == 1000 - 300 - 10 - 200

    def test_not_enough_coin_changes_nothing(self):
        self.call(CmdOldGold(), "/buy heavy armour", "Heavy armour (plate) costs 200 gp and "
                  "you have 100 gp", caller=self.char2)
        assert self.sheet(self.char2).coin == 100 and not Item.objects.exists()

    def test_a_full_inventory_refuses(self):
        for _ in range(6):
            Item.objects.create(sheet=self.adv, name="Rock", location="pack")
        for _ in range(4):
            Item.objects.create(sheet=self.adv, name="Rock", location="body")
        for _ in range(2):
            Item.objects.create(sheet=self.adv, name="Rock", location="hands")
        self.call(CmdOldGold(), "/buy rope", "There is no room for Rope", caller=self.char2)
        assert self.sheet(self.char2).coin == 100

    def test_bulky_takes_two_slots(self):
        for _ in range(5):
            Item.objects.create(sheet=self.adv, name="Rock", location="pack")
        self.call(CmdOldGold(), "/buy greatclub", "Char2 buys Greatclub for 15 gp (body)",
                  caller=self.char2)

    def test_used_goods_sell_for_half(self):
        self.call(CmdOldGold(), "/buy sword", None, caller=self.char2)
        self.call(CmdOldGold(), "/mark sword", "Char2 marks a dot on Sword (1/3)",
                  caller=self.char2)
        self.call(CmdOldGold(), "/sell sword", "Char2 sells Sword (used) for 15 gp.",
                  caller=self.char2)
        assert self.sheet(self.char2).coin == 85

    def test_coin_beyond_250_needs_pouches_in_the_pack(self):
        for _ in range(6):
            Item.objects.create(sheet=self.adv, name="Rock", location="pack")
        self.call(CmdOldGold(), "/pay Char2=150", "Char2 now has 250 gp")  # free
        self.call(CmdOldGold(), "/pay Char2=1", "251 gp needs 1 pouch in your pack and "
                  "there is no room")
        assert self.sheet(self.char2).coin == 250
        Item.objects.filter(location="pack").first().delete()
        self.call(CmdOldGold(), "/pay Char2=1", "Char2 now has 251 gp")
        self.call(CmdOldGold(), "/pay Char2=1", "Only a game master", caller=self.char2)

    def test_bank_costs_one_percent_to_retrieve(self):
        self.call(CmdOldGold(), "/deposit 100", "You store 100 gp", caller=self.char2)
        self.call(CmdOldGold(), "/withdraw 100", "Taking out 100 gp costs 1 gp more",
                  caller=self.char2)
        self.call(CmdOldGold(), "/withdraw 50", "You take out 50 gp (fee 1 gp): 49 gp",
                  caller=self.char2)
        sheet = self.sheet(self.char2)
        assert (sheet.coin, sheet.bank) == (50, 49)

    def test_spending_coin_you_do_not_have(self):
        self.call(CmdOldGold(), "/downtime 500=training", "Training costs 500 gp and you "
                  "have 100 gp", caller=self.char2)
        assert self.sheet(self.char2).xp == 0


class TestRestAndLevels(OldGoldTest):
    def setUp(self):
        super().setUp()
        self.adv = give_sheet(self.char2, coin=500, hp=4, max_hp=12, might=4,
                              items=[("rations", "pack")])
        self.book = Item.objects.create(sheet=self.adv, name="Spellbook of Sleep",
                                        kind="spellbook", location="hands", marked=2,
                                        details={"spell": 2})

    def rest(self, *faces, expected=None):
        with self.dice(*faces):
            return self.call(CmdOldGold(), "/rest", expected, caller=self.char2)

    def test_rest_heals_1d6_clears_books_and_inspiration_once_a_day(self):
        self.adv.inspiration = True
        self.adv.save()
        out = self.rest(5)
        assert "1d6 [5], HP 4 -> 9" in out and "Inspiration fades" in out
        sheet = self.sheet(self.char2)
        assert sheet.hp == 9 and not sheet.inspiration
        self.book.refresh_from_db()
        assert self.book.marked == 0
        assert Item.objects.get(kind="ration").marked == 1
        self.call(CmdOldGold(), "/rest", "You have rested today already", caller=self.char2)

    def test_a_watch_asleep_outlasts_conditions_timed_within_it(self):
        from world.oldgold import rules, services

        services.add_condition(self.char2, "hexed", 2 * rules.ROUNDS_PER_TURN, "Hag",
                               attribute="mind")
        services.add_condition(self.char2, "petrified")
        out = self.rest(2)
        assert "No longer hexed." in out
        assert [c["key"] for c in self.sheet(self.char2).conditions] == ["petrified"]

    def test_the_gm_inspires_for_a_deed_the_room_hears(self):
        self.call(CmdOldGold(), "/inspire Char2=for the bond they invented with Cid",
                  "Char2 is inspired (for the bond they invented with Cid): +og/reroll "
                  "spends it on a roll, until their next rest.")
        self.call(CmdOldGold(), "/inspire Char2", "Char2 is already inspired")
        self.call(CmdOldGold(), "/inspire", "Name who is inspired")
        self.call(CmdOldGold(), "/inspire Char", "Only a game master", caller=self.char2)

    def test_rest_needs_a_ration(self):
        Item.objects.filter(kind="ration").delete()
        self.call(CmdOldGold(), "/rest", "Resting needs a ration", caller=self.char2)

    def test_a_day_without_rest_gives_disadvantage(self):
        self.call(CmdOldGold(), "/day", "A new day dawns.")
        assert self.sheet(self.char2).unrested
        self.rest(1)
        assert not self.sheet(self.char2).unrested

    def test_downtime_xp_then_rest_then_level(self):
        self.call(CmdOldGold(), "/downtime 200=training", "Char2 spends 200 gp on training: "
                  "+200 XP", caller=self.char2)
        self.call(CmdOldGold(), "/level grace", "You have the 200 XP for level 2: a "
                  "successful rest readies it (+og/rest).", caller=self.char2)
        out = self.rest(2)
        assert "Char2 has the XP for level 2: +og/level <attribute>." in out
        with self.dice(3):
            out = self.call(CmdOldGold(), "/level might", None, caller=self.char2)
        assert ("Char2 reaches level 2: Might 4 -> 5; HP 1d6 [3] = 3, + 3 for Might; "
                "max HP 18.") in out
        sheet = self.sheet(self.char2)
        assert (sheet.level, sheet.max_hp, sheet.xp, sheet.might) == (2, 12 + 3 + 3, 0, 5)

    def test_without_the_xp_the_level_says_how_much_is_missing(self):
        self.call(CmdOldGold(), "/level grace", "Level 2 needs 200 XP (you have 0) and a "
                  "successful rest after you have it.", caller=self.char2)

    def test_no_attribute_above_nine(self):
        self.adv.mind = 9
        self.adv.xp = 200
        self.adv.level_ready = True
        self.adv.save()
        self.call(CmdOldGold(), "/level mind", "Mind is 9: no attribute goes above 9",
                  caller=self.char2)
        assert self.sheet(self.char2).level == 1

    def test_dwarf_levels_hp_with_advantage(self):
        self.adv.ancestry = "dwarf"
        self.adv.xp = 200
        self.adv.level_ready = True
        self.adv.save()
        with self.dice(1, 6):
            self.call(CmdOldGold(), "/level grace", "Char2 reaches level 2", caller=self.char2)
        assert self.sheet(self.char2).max_hp == 18

    def test_level_ten_is_the_cap(self):
        self.adv.level = 10
        self.adv.save()
        self.call(CmdOldGold(), "/downtime 100=research",
                  "Char2 spends 100 gp on research: +0 XP", caller=self.char2)
        self.call(CmdOldGold(), "/level grace", "Level 10 is as far", caller=self.char2)

    def test_carousing_rolls_on_the_table(self):
        with self.dice(10):
            self.call(CmdOldGold(), "/carouse 50", "Char2 spends 50 gp on carousing: +50 XP",
                      caller=self.char2)
        assert self.sheet(self.char2).xp == 50

    def test_a_week_of_downtime_restores_all_hp(self):
        self.call(CmdOldGold(), "/week", "Char2 spends a week in a safe haven: back to 12 HP",
                  caller=self.char2)

    def test_deprivation_death_roll(self):
        with self.dice(1):
            self.call(CmdOldGold(), "/deprive Char2", "Char2 suffers deprivation.")
        assert self.sheet(self.char2).dead


class TestRepair(OldGoldTest):
    def test_a_blacksmith_mends_for_ten_percent_a_dot(self):
        sheet = give_sheet(self.char2, coin=50, items=[("sword", "hands")])
        sheet.items.update(marked=2)
        self.call(CmdOldGold(), "/repair sword", "A blacksmith mends 2 dots on Sword for 6 gp.",
                  caller=self.char2)
        assert self.sheet(self.char2).coin == 44
