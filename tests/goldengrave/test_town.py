"""Nights in town, Rank and Glory, spending Glory, revisits and wars (scripted dice)."""

from evennia.utils import create
from evennia.utils.test_resources import EvenniaTest

from tests.goldengrave.helpers import give_pc, make_company, scripted
from world.goldengrave import exploring, rules, services
from world.goldengrave.errors import GoldengraveError
from world.goldengrave.models import Dungeon, GloryEntry, Treasure


class TownTest(EvenniaTest):
    def setUp(self):
        super().setUp()
        self.company = make_company(stamina=10, supply=8, sway=6)
        self.ann = give_pc(self.char1, "Ann", self.company)
        self.bob = give_pc(self.char2, "Bob", self.company)
        self.gm = self.char1
        self.dungeon = Dungeon.objects.create(name="Chapel", gm=self.gm, town=self.room2)
        services.add_room(self.gm, self.dungeon, self.room1)
        self.main = Treasure.objects.create(dungeon=self.dungeon, name="Reliquary", main=True)
        self.side1 = Treasure.objects.create(dungeon=self.dungeon, name="Ring")
        self.side2 = Treasure.objects.create(dungeon=self.dungeon, name="Chalice")
        self.company.dungeon = self.dungeon
        self.company.save()

    def found(self, *treasures):
        for treasure in treasures:
            services.find_treasure(self.gm, self.company, treasure)

    def night(self):
        report = services.night_in_town(self.gm, self.company)
        self.company.refresh_from_db()
        return report

    def test_every_rank_and_its_glory(self):
        cases = [
            ((), "F", 0),
            (("side1",), "D", 1),
            (("side1", "side2"), "C", 2),
            (("main",), "B", 3),
            (("main", "side1"), "A", 4),
            (("main", "side1", "side2"), "S", 5),
        ]
        for names, rank, glory in cases:
            with self.subTest(rank=rank):
                Treasure.objects.update(found_by=None)
                self.company.delves.all().delete()
                self.company.dungeon = self.dungeon
                self.company.glory = 0
                self.company.save()
                self.found(*(getattr(self, n) for n in names))
                report = self.night()
                self.assertEqual((report.rank, report.glory, self.company.glory), (rank, glory, glory))
                self.assertEqual(rules.GLORY_BY_RANK[rank], glory)

    def test_night_restores_all_but_army_and_clears_items(self):
        self.company.stamina, self.company.supply, self.company.sway = 1, 0, 2
        self.company.army = 3
        self.company.save()
        services.summon(self.char2, "rope", "basic")
        report = self.night()
        self.assertEqual((self.company.stamina, self.company.supply, self.company.sway), (10, 8, 6))
        self.assertEqual(self.company.army, 3)
        self.assertEqual(report.items_cleared, ("rope",))
        self.assertEqual(self.company.items.count(), 0)

    def test_revisit_adds_only_the_better_rank(self):
        self.found(self.side1)
        self.assertEqual(self.night().glory, 1)
        self.found(self.main)
        report = self.night_after_revisit(die=5)
        self.assertEqual((report.rank, report.glory), ("A", 3))
        self.assertEqual(self.company.glory, 4)

    def night_after_revisit(self, die):
        with scripted(die):  # the revisit die (room 1 is not starred)
            exploring.arrived(self.char2, self.room1)
        return self.night()

    def revisit(self, die):
        self.company.dungeon = None
        self.company.position = None
        self.company.save()
        services.Delve.objects.get_or_create(company=self.company, dungeon=self.dungeon)
        with scripted(die):
            return services.enter_room(self.char2, self.room1)

    def test_revisit_one_steals_the_main_treasure(self):
        entry = self.revisit(1)
        self.main.refresh_from_db()
        self.side1.refresh_from_db()
        self.assertTrue(self.main.stolen)
        self.assertFalse(self.side1.stolen)
        self.assertEqual([t.name for t in entry.stolen], ["Reliquary"])

    def test_revisit_two_or_three_steals_the_side_treasures_left(self):
        for die in (2, 3):
            with self.subTest(die=die):
                Treasure.objects.update(stolen=False, found_by=None)
                self.found(self.side1)
                entry = self.revisit(die)
                self.side1.refresh_from_db()
                self.side2.refresh_from_db()
                self.main.refresh_from_db()
                self.assertFalse(self.side1.stolen)  # already found
                self.assertTrue(self.side2.stolen)
                self.assertFalse(self.main.stolen)
                self.assertEqual([t.name for t in entry.stolen], ["Chalice"])

    def test_revisit_four_to_six_takes_nothing(self):
        for die in (4, 5, 6):
            with self.subTest(die=die):
                entry = self.revisit(die)
                self.assertEqual(entry.stolen, ())
        self.assertFalse(Treasure.objects.filter(stolen=True).exists())

    def test_a_stolen_treasure_cannot_be_found(self):
        self.revisit(1)
        self.main.refresh_from_db()
        with self.assertRaises(GoldengraveError):
            self.found(self.main)

    def test_glory_raises_a_maximum_up_to_18_only(self):
        self.company.glory = 20
        self.company.save()
        company, before = services.spend_glory(self.char2, "stamina", 8)
        self.assertEqual((before, company.stamina_max, company.glory), (10, 18, 12))
        with self.assertRaises(GoldengraveError):
            services.spend_glory(self.char2, "stamina", 1)
        self.company.refresh_from_db()
        self.assertEqual((self.company.stamina_max, self.company.glory), (18, 12))

    def test_glory_the_company_lacks_is_refused(self):
        self.company.glory = 1
        self.company.save()
        with self.assertRaises(GoldengraveError):
            services.spend_glory(self.char2, "sway", 2)
        self.company.refresh_from_db()
        self.assertEqual((self.company.sway_max, self.company.glory), (6, 1))

    def test_glory_on_army_and_the_history(self):
        self.company.glory = 2
        self.company.save()
        company, _ = services.spend_glory(self.char2, "army", 2)
        self.assertEqual((company.army, company.glory), (2, 0))
        self.assertEqual(GloryEntry.objects.filter(company=self.company).count(), 1)

    def test_stat_over_its_maximum_is_refused(self):
        with self.assertRaises(GoldengraveError):
            services.set_stat(self.gm, self.company, "supply", 9)
        self.company.refresh_from_db()
        self.assertEqual(self.company.supply, 8)

    def test_supply_the_company_lacks_is_refused(self):
        self.company.supply = 5
        self.company.save()
        with self.assertRaises(GoldengraveError):
            services.summon(self.char2, "smoke bomb", "specialist")
        report = services.summon(self.char2, "crowbar", "common")
        self.assertEqual((report.item.cost, report.company.supply), (1, 4))

    def test_acting_for_a_company_you_are_not_in(self):
        other = make_company("The Others")
        with self.assertRaises(GoldengraveError):
            services.summon(self.char2, "rope", "basic", named=other.name)
        self.assertEqual(other.items.count(), 0)

    def test_war_won_gives_five_glory(self):
        self.company.army = 4
        self.company.save()
        services.start_war(self.gm, self.company, "Red Banner", 2)
        with scripted(1, 5):
            report = services.war_damage(self.gm, self.company)
        self.assertEqual(report.company.army, 3)
        services.war_attack(self.gm, self.company, "normal")
        report = services.war_attack(self.gm, self.company, "normal")
        self.assertEqual((report.glory, report.war.outcome), (rules.WAR_VICTORY_GLORY, "won"))
        self.company.refresh_from_db()
        self.assertEqual(self.company.glory, 5)
        self.night()
        self.assertEqual(self.company.army, 3)  # not restored in town

    def test_war_lost_at_zero_army_or_on_retreat(self):
        self.company.army = 2
        self.company.save()
        services.start_war(self.gm, self.company, "Red Banner", 2)
        with scripted(2, 3):
            report = services.war_damage(self.gm, self.company)
        self.assertEqual((report.company.army, report.war.outcome), (0, "lost"))
        with self.assertRaises(GoldengraveError):  # no Army, no war
            services.start_war(self.gm, self.company, "Blue Banner", 2)
        self.company.army = 1
        self.company.save()
        services.start_war(self.gm, self.company, "Blue Banner", 2)
        self.assertEqual(services.war_retreat(self.char2).war.outcome, "lost")

    def test_sway_forces_an_enemy_army_back(self):
        self.company.army = 1
        self.company.save()
        services.start_war(self.gm, self.company, "Red Banner", 5)
        services.set_sway_price(self.gm, self.company, "war", 6)
        answer = services.answer_sway(self.char1, True)
        self.assertEqual((answer.glory, answer.war.outcome), (5, "won"))


class ChargenTest(EvenniaTest):
    def test_bittermarch_names_come_from_our_own_column(self):
        # Spark A 3+4 = 7 Bittermarch; Spark B 6+6 Merchant; traits 6,4,1; name 1,1.
        with scripted(3, 4, 6, 6, 6, 4, 1, 1, 1):
            report = services.new_pc(self.char1)
        self.assertEqual(report.sheet.region, "Bittermarch")
        self.assertEqual(report.sheet.name, rules.HOUSE_NAMES["Bittermarch"][(1, 1)])
        self.assertEqual(report.sheet.spark_b, "Merchant")

    def test_cosmic_is_named_from_elsewhere(self):
        with scripted(6, 6, 1, 1, 1, 2, 3, 6, 6):
            report = services.new_pc(self.char1)
        self.assertEqual((report.sheet.spark_a, report.sheet.region), ("Cosmic", "Elsewhere"))
        self.assertEqual(report.sheet.name, rules.HOUSE_NAMES["Elsewhere"][(6, 6)])

    def test_traits_must_use_the_dice_and_differ(self):
        with scripted(4, 4, 4, 4, 6, 4, 1, 2, 2):
            services.new_pc(self.char1)
        with self.assertRaises(GoldengraveError):
            services.assign_traits(self.char1, 4, 1, 1)
        with self.assertRaises(GoldengraveError):
            services.assign_traits(self.char1, 6, 4, 4)
        sheet, traits = services.assign_traits(self.char1, 4, 6, 1)
        self.assertEqual(traits.words, ("average/fit", "inventive/curious", "sly/selfish"))

    def test_found_splits_exactly_six_points(self):
        services.Sheet.objects.create(character=self.char1, name="Ann", spark_a="Sea",
                                      spark_b="Poet", region="Elsewhere")
        for text in ("4,2,1", "6,0", "7,0,-1", "a,b,c"):
            with self.assertRaises(GoldengraveError):
                services.parse_points(text)
        company = services.found_company(self.char1, "The Lanterns", services.parse_points("4,2,0"))
        self.assertEqual((company.stamina, company.supply, company.sway), (10, 8, 6))
        self.assertEqual((company.stamina_max, company.army, company.glory), (10, 0, 0))
