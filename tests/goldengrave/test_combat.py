"""The text's edge cases of damage rolls, attacks and the half-Power moment, with scripted dice."""

from evennia.utils.test_resources import EvenniaTest

from tests.goldengrave.helpers import give_pc, make_company, make_monster, make_trap, scripted
from world.goldengrave import services
from world.goldengrave.errors import GoldengraveError
from world.goldengrave.models import GoldengraveRoll, Sheet


class CombatTest(EvenniaTest):
    def setUp(self):
        super().setUp()
        self.company = make_company(stamina=10)
        self.ann = give_pc(self.char1, "Ann", self.company)
        self.bob = give_pc(self.char2, "Bob", self.company)
        self.gm = self.char1  # staff

    def refresh(self):
        self.company.refresh_from_db()
        self.ann.refresh_from_db()
        self.bob.refresh_from_db()

    def test_exactly_half_knocks_out_a_random_pc(self):
        # Power 3: 3+2 count, 6 ignored = 5 of 10 -> exactly half; the pick die (2) takes Bob.
        with scripted(3, 2, 6, 2):
            report = services.damage(self.gm, self.company, 3, "Wight")
        self.refresh()
        self.assertEqual(self.company.stamina, 5)
        self.assertEqual(report.outcome.roll.total, 5)
        self.assertTrue(self.bob.knocked_out)
        self.assertFalse(self.ann.knocked_out)
        self.assertEqual(GoldengraveRoll.objects.filter(kind="damage").count(), 1)

    def test_one_less_than_half_lost_knocks_out_nobody(self):
        # 4 damage of 10 leaves 6: more than half, no pick die rolled.
        with scripted(3, 1, 5):
            services.damage(self.gm, self.company, 3)
        self.refresh()
        self.assertEqual(self.company.stamina, 6)
        self.assertFalse(self.ann.knocked_out or self.bob.knocked_out)

    def test_zero_stamina_kills_the_knocked_out_and_sends_the_rest_home(self):
        self.bob.knocked_out = True
        self.bob.save()
        self.company.stamina = 4
        self.company.save()
        with scripted(3, 2):
            report = services.damage(self.gm, self.company, 2)
        self.refresh()
        self.assertEqual(self.company.stamina, 0)
        self.assertFalse(self.bob.alive)
        self.assertTrue(self.ann.alive)
        self.assertFalse(self.ann.knocked_out)
        self.assertEqual([s.name for s in report.retreated], ["Ann"])
        self.assertEqual(report.knocked_out, None)

    def test_no_damage_roll_at_zero_stamina_and_nothing_changes(self):
        self.company.stamina = 0
        self.company.save()
        with scripted():
            with self.assertRaises(GoldengraveError):
                services.damage(self.gm, self.company, 3)
        self.assertEqual(GoldengraveRoll.objects.count(), 0)

    def test_trap_uses_the_same_damage_roll(self):
        trap = make_trap("Dart Trap", self.room1, power=2)
        trap.on_ko = "The darts were poisoned."
        with scripted(1, 1):
            report = services.threat_damage(self.gm, trap, self.company)
        self.refresh()
        self.assertEqual(self.company.stamina, 8)
        self.assertEqual(report.note, "")

    def test_on_ko_note_reaches_the_gm(self):
        monster = make_monster("Hound", self.room1, 3, on_ko="It drags them off.")
        with scripted(3, 3, 3, 1):
            report = services.threat_damage(self.gm, monster, self.company)
        self.assertEqual(report.note, "It drags them off.")
        self.assertEqual(report.knocked_out.name, "Ann")

    def test_non_gm_cannot_roll_damage(self):
        with self.assertRaises(GoldengraveError):
            services.damage(self.char2, self.company, 3)
        self.refresh()
        self.assertEqual(self.company.stamina, 10)

    def test_plain_attack_takes_one_power(self):
        monster = make_monster("Wight", self.room1, 4)
        report = services.attack(self.gm, monster, self.company, "swords")
        self.assertEqual((report.loss, monster.power, report.why), (1, 3, "normal"))

    def test_vulnerable_takes_two_and_immune_none(self):
        monster = make_monster("Wight", self.room1, 6, vulnerable=["fire"], immune=["poison"])
        self.assertEqual(services.attack(self.gm, monster, self.company, "burning oil, fire").loss, 2)
        self.assertEqual(monster.power, 4)
        self.assertEqual(services.attack(self.gm, monster, self.company, "poison darts").loss, 0)
        self.assertEqual(monster.power, 4)

    def test_risky_attack_success_and_failure(self):
        monster = make_monster("Maw", self.room1, 8)
        with scripted(5, 5):  # 10 >= 10
            report = services.attack(self.gm, monster, self.company, "", self.char1)
        self.assertTrue(report.check.success)
        self.assertEqual(monster.power, 6)
        with scripted(4, 5):  # 9 < 10
            report = services.attack(self.gm, monster, self.company, "", self.char1)
        self.assertFalse(report.check.success)
        self.assertEqual(monster.power, 6)
        with scripted(3, 3):  # 6 >= 10 - 2 - 2
            report = services.attack(self.gm, monster, self.company, "", self.char1, (True, True))
        self.assertTrue(report.check.success)
        self.assertEqual(monster.power, 4)

    def test_craven_flees_at_half_power(self):
        monster = make_monster("Rats", self.room1, 4, temper="craven")
        services.attack(self.gm, monster, self.company, "swords")
        self.assertIsNotNone(monster.location)
        report = services.attack(self.gm, monster, self.company, "swords")
        self.assertEqual(report.half_moment, "craven")
        self.assertIsNone(monster.location)

    def test_iron_willed_never_retreats_and_normal_asks_a_price(self):
        knight = make_monster("Knight", self.room1, 2, temper="iron-willed")
        self.assertEqual(services.attack(self.gm, knight, self.company, "x").half_moment, "iron")
        wight = make_monster("Wight", self.room1, 2)
        report = services.attack(self.gm, wight, self.company, "x")
        self.assertEqual(report.half_moment, "price")
        # only the first time
        self.assertEqual(services.attack(self.gm, wight, self.company, "x").half_moment, "")
        self.assertTrue(services.attack(self.gm, knight, self.company, "x").died)

    def test_killing_the_threat_wakes_the_knocked_out(self):
        self.bob.knocked_out = True
        self.bob.save()
        monster = make_monster("Rat", self.room1, 1)
        self.assertTrue(services.attack(self.gm, monster, self.company, "x").died)
        self.refresh()
        self.assertFalse(self.bob.knocked_out)

    def test_group_has_the_combined_power(self):
        a = make_monster("Rat A", self.room1, 2)
        b = make_monster("Rat B", self.room1, 3)
        head = services.group_monsters(self.gm, [a, b], "Rat Pack")
        self.assertEqual((head.key, head.power, head.start_power), ("Rat Pack", 5, 5))
        self.assertIsNone(b.location)

    def test_sway_paid_at_half_power_makes_it_retreat(self):
        monster = make_monster("Wight", self.room1, 2)
        services.attack(self.gm, monster, self.company, "x")
        services.set_sway_price(self.gm, self.company, "half", 3, monster)
        answer = services.answer_sway(self.char2, True)
        self.assertTrue(answer.retreated)
        self.assertIsNone(monster.location)
        self.company.refresh_from_db()
        self.assertEqual(self.company.sway, 3)

    def test_sway_the_company_lacks_is_refused_and_stays_open(self):
        self.company.sway = 2
        self.company.save()
        services.set_sway_price(self.gm, self.company, "meeting", 3)
        with self.assertRaises(GoldengraveError):
            services.answer_sway(self.char2, True)
        self.company.refresh_from_db()
        self.assertEqual((self.company.sway, self.company.sway_price), (2, 3))
        services.answer_sway(self.char2, False)
        self.company.refresh_from_db()
        self.assertEqual((self.company.sway, self.company.sway_price), (2, None))

    def test_power_out_of_range_is_refused(self):
        for text in ("-1", "41", "99999999999", "x", "²"):
            with self.assertRaises(GoldengraveError):
                services.power_given(text)

    def test_skill_check_factors(self):
        with scripted(4, 4):
            report = services.skill_check(self.gm, self.char2, True, False)
        self.assertEqual(report.check.target, 8)
        self.assertTrue(report.check.success)

    def test_dead_pc_is_replaced_in_town_and_joins(self):
        from world.goldengrave.models import Dungeon
        town = self.room2
        self.company.dungeon = Dungeon.objects.create(name="Chapel", gm=self.gm, town=town)
        self.company.save()
        self.bob.alive = False
        self.bob.save()
        # sparks 4+4 (Fairbuck) 5+5 (Knight); traits 1,1,1 (rerolled) then 2,3,4; name 1,1
        with scripted(4, 4, 5, 5, 1, 1, 1, 2, 3, 4, 1, 1):
            report = services.new_pc(self.char2)
        self.assertEqual(report.sheet.company, self.company)
        self.assertEqual(report.sheet.name, "Alaric")
        self.assertEqual(report.traits.rerolled, ((1, 1, 1),))
        self.assertEqual(self.char2.location, town)
        self.assertEqual(Sheet.objects.filter(character=self.char2).count(), 2)

    def test_vulnerable_and_immune_words_match_where_a_word_starts(self):
        maw = make_monster("Maw", self.room1, 9, vulnerable=["hot"], immune=["fire"])
        self.assertEqual(services.attack(self.gm, maw, self.company, "we shot it").why, "normal")
        self.assertEqual(services.attack(self.gm, maw, self.company, "hot coals").why,
                         "vulnerable")
        self.assertEqual(services.attack(self.gm, maw, self.company, "two fires").why, "immune")
        self.assertEqual(maw.power, 9 - 1 - 2 - 0)

    def test_the_gm_ends_the_danger_and_the_knocked_out_come_to(self):
        trap = make_trap("Blade", self.room1, power=3)
        with scripted(3, 3, 1, 1):  # 7 of 10: 3 left, Ann picked
            services.threat_damage(self.gm, trap, self.company)
        self.refresh()
        self.assertTrue(self.ann.knocked_out)
        with self.assertRaises(GoldengraveError):
            services.danger_past(self.char2, self.company)  # a player, not the GM
        self.assertEqual(services.danger_past(self.gm, self.company), ["Ann"])
        self.refresh()
        self.assertFalse(self.ann.knocked_out)
        self.assertEqual(GoldengraveRoll.objects.filter(kind="safe").count(), 1)
        with self.assertRaises(GoldengraveError):
            services.danger_past(self.gm, self.company)

    def test_a_half_power_price_names_its_monster(self):
        with self.assertRaises(GoldengraveError):
            services.set_sway_price(self.gm, self.company, "half", 3)
        self.company.refresh_from_db()
        self.assertIsNone(self.company.sway_price)

    def test_a_dead_namesake_does_not_stand_in_the_way(self):
        dead = make_monster("Maw", self.room1, 0)
        living = make_monster("Maw", self.room1, 3)
        self.assertEqual(services.threat_here(self.gm, "Maw"), living)
        dead.power = 2
        with self.assertRaises(GoldengraveError) as refused:
            services.threat_here(self.gm, "maw")
        self.assertIn("say Maw-1 or Maw-2", str(refused.exception))
        self.assertEqual(services.threat_here(self.gm, "Maw-2"), living)

    def test_a_new_pc_after_the_night_still_appears_in_the_last_dungeons_town(self):
        from world.goldengrave.models import Delve, Dungeon

        dungeon = Dungeon.objects.create(name="Chapel", gm=self.gm, town=self.room2)
        Delve.objects.create(company=self.company, dungeon=dungeon)  # the night cleared .dungeon
        Sheet.objects.filter(pk=self.bob.pk).update(alive=False)
        with scripted(4, 4, 5, 5, 2, 3, 4, 1, 1):
            report = services.new_pc(self.char2)
        self.assertEqual((report.rejoined, report.town), (self.company, self.room2))
        self.assertEqual(self.char2.location, self.room2)
        with scripted(6, 6):
            sheet, name = services.reroll_name(self.char2)
        self.assertEqual(sheet.name, "Wolfrik")
        roll = GoldengraveRoll.objects.get(kind="name")
        self.assertEqual((roll.dice, roll.company), ([6, 6], self.company))
