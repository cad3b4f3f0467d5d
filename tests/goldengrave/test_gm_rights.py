"""Who is a company's GM: never decided by where anyone stands. A player who
makes a dungeon with its town in a shared square gets no hold on the other
companies passing through, and two GMs can share a town."""

from evennia.utils import create

from commands.goldengrave import CmdGoldengraveDungeon, CmdGoldengraveGM
from tests.goldengrave.helpers import GoldengraveCommandTest, give_pc, make_company
from world.goldengrave import services
from world.goldengrave.models import Company, Delve, Dungeon, GoldengraveRoll


class GmRightsTest(GoldengraveCommandTest):
    """char2 ("Char2") is a plain player who runs a dungeon whose town is room1,
    the square where the company of char3 ("Cid") stands."""

    def setUp(self):
        super().setUp()
        self.company = make_company("The Lanterns")
        give_pc(self.char3, "Ivo", self.company)
        self.cellar = create.create_object("typeclasses.rooms.Room", key="Cellar")
        self.cellar.locks.add(f"control:id({self.char2.id})")
        self.said(CmdGoldengraveDungeon(), "/new Pit", "is yours to run", caller=self.char2)

    def stats(self):
        company = Company.objects.get(pk=self.company.pk)
        return company.stamina, company.supply, company.sway

    def test_a_town_gives_no_hold_on_a_company_passing_through(self):
        before = self.stats()
        for args in ("/set stamina=0", "/damage 3", "/night", "/war Raiders=2", "/safe"):
            text = self.said(CmdGoldengraveGM(), args, caller=self.char2)
            assert "Only the GM can do that" in text, (args, text)
        self.said(CmdGoldengraveGM(), "/set stamina=0 @The Lanterns", "Only the GM",
                  caller=self.char2)
        assert self.stats() == before
        assert not GoldengraveRoll.objects.filter(company=self.company).exists()

    def test_monsters_go_in_dungeon_rooms_not_in_the_town(self):
        self.said(CmdGoldengraveDungeon(), "/monster Rat=1", "in a room of their dungeon",
                  caller=self.char2)
        self.char2.move_to(self.cellar, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/room", "Cellar is room 1 of Pit", caller=self.char2)
        self.said(CmdGoldengraveDungeon(), "/monster Rat=1", "Power 1/1", caller=self.char2)

    def test_the_gm_of_the_dungeon_a_company_delves_runs_it_anywhere(self):
        self.char2.move_to(self.cellar, quiet=True)
        self.said(CmdGoldengraveDungeon(), "/room", "room 1 of Pit", caller=self.char2)
        self.char3.move_to(self.cellar, quiet=True)
        services.enter_room(self.char3, self.cellar)
        self.char2.move_to(self.room2, quiet=True)  # far from the company and the town
        self.said(CmdGoldengraveGM(), "/set supply=3 @The Lanterns", "Supply: 8 -> 3",
                  caller=self.char2)
        # between delves the GM of the dungeon entered last still runs it
        services.night_in_town(self.char2, Company.objects.get(pk=self.company.pk))
        self.said(CmdGoldengraveGM(), "/set supply=2 @The Lanterns", "Supply: 8 -> 2",
                  caller=self.char2)
        other = Dungeon.objects.create(name="Other", gm=self.char1, town=self.room2)
        Delve.objects.create(company=self.company, dungeon=other)  # entered after Pit
        self.said(CmdGoldengraveGM(), "/set supply=1 @The Lanterns", "Only the GM",
                  caller=self.char2)

    def test_two_gms_share_a_town(self):
        # Elder (another GM's) is the older dungeon with room1 as its town
        Dungeon.objects.filter(name="Pit").delete()
        Dungeon.objects.create(name="Elder", gm=self.char1, town=self.room1)
        self.said(CmdGoldengraveDungeon(), "/new Pit", "is yours to run", caller=self.char2)
        Company.objects.filter(pk=self.company.pk).update(dungeon=Dungeon.objects.get(name="Pit"))
        self.said(CmdGoldengraveGM(), "/set sway=5", "Sway: 6 -> 5", caller=self.char2)

    def test_a_non_gm_is_refused_before_anything(self):
        self.said(CmdGoldengraveGM(), "/damage 2", "is for the GM", caller=self.char3)
        self.said(CmdGoldengraveDungeon(), "/trap Pit=2", "is for the GM", caller=self.char3)
