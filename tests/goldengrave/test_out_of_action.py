"""A knocked-out PC does nothing until the danger is past, and a company sent
home at 0 Stamina goes back into no dungeon until it has rested in town.

char1 ("Char", staff) is the GM of Chapel, whose town is room1 and whose
room 1 is room2 (the test world's exit `out` leads there). Ann (char2) and
Ivo (char3) are The Lanterns."""

from unittest.mock import patch

from evennia.utils import create
from evennia.utils.ansi import strip_ansi

from commands.goldengrave import CmdGoldengrave, CmdGoldengraveGM
from tests.goldengrave.helpers import GoldengraveCommandTest, give_pc, make_company
from world.goldengrave import services
from world.goldengrave.models import Company, Dungeon, GoldengraveRoll, Item, Sheet

KNOCKED_OUT = "Ann is knocked out and can do nothing until the danger is past."


class OutOfActionCase(GoldengraveCommandTest):
    def setUp(self):
        super().setUp()
        self.dungeon = Dungeon.objects.create(name="Chapel", gm=self.char1, town=self.room1)
        services.add_room(self.char1, self.dungeon, self.room2)
        self.company = make_company()
        give_pc(self.char2, "Ann", self.company)
        give_pc(self.char3, "Ivo", self.company)

    def walk(self, who, exit_obj):
        """`who` tries the exit; returns what they were told."""
        with patch.object(who, "msg") as told:
            exit_obj.at_traverse(who, exit_obj.destination)
        text = " ".join(str(c) for c in told.call_args_list).replace("\\n", " ")
        return " ".join(strip_ansi(text).split())

    def state(self):
        company = Company.objects.get(pk=self.company.pk)
        return (company.supply, company.sway, company.pace, company.sway_price,
                company.position_id, Item.objects.count(), GoldengraveRoll.objects.count())


class KnockedOutTest(OutOfActionCase):
    def setUp(self):
        super().setUp()
        for who in (self.char1, self.char2, self.char3):
            who.move_to(self.room2, quiet=True)
        services.enter_room(self.char2, self.room2)
        Sheet.objects.filter(name="Ann").update(knocked_out=True)
        self.said(CmdGoldengraveGM(), "/sway meeting=1", "Sway price of 1")

    def test_a_knocked_out_pc_is_refused_every_action_and_nothing_changes(self):
        before = self.state()
        for args in ("/fight with my sword", "/tactic roll the barrel", "/retreat",
                     "/summon rope=basic", "/pay", "/refuse", "/pace quick"):
            text = self.said(CmdGoldengrave(), args, KNOCKED_OUT, caller=self.char2)
            assert "The others can fight on, or +gg/retreat and carry Ann out; the GM " \
                   "types +ggm/safe once the danger is over." in text, (args, text)
        assert self.state() == before
        assert self.char2.location == self.room2
        # the others still act
        self.said(CmdGoldengrave(), "/fight with a spear", "fights: with a spear",
                  caller=self.char3)

    def test_a_knocked_out_pc_walks_nowhere_and_others_do(self):
        back = create.create_object("typeclasses.exits.Exit", key="back", location=self.room2,
                                    destination=self.room1)
        told = self.walk(self.char2, back)
        assert KNOCKED_OUT in told and "You cannot go there" not in told
        assert self.char2.location == self.room2
        assert "knocked out" not in self.walk(self.char3, back)
        assert self.char3.location == self.room1

    def test_when_everyone_is_out_only_the_gm_can_end_it(self):
        Sheet.objects.filter(name="Ivo").update(knocked_out=True)
        self.said(CmdGoldengrave(), "/retreat", "Ivo is knocked out and nobody in the company "
                  "is on their feet: nothing can be done until the danger is past. The GM "
                  "types +ggm/safe once it is over.", caller=self.char3)

    def test_once_the_danger_is_past_the_pc_acts_again(self):
        self.said(CmdGoldengraveGM(), "/safe", "Ann comes to")
        self.said(CmdGoldengrave(), "/fight with my sword", "fights: with my sword",
                  caller=self.char2)

    def test_the_others_carry_the_knocked_out_home(self):
        self.said(CmdGoldengrave(), "/retreat", "", caller=self.char3)
        assert self.char2.location == self.room1
        assert not Sheet.objects.filter(knocked_out=True).exists()


class MustRestTest(OutOfActionCase):
    REST = ("The Lanterns has 0 Stamina and must rest before it can go back in: the GM "
            "gives it a night in town with +ggm/night @The Lanterns.")

    def setUp(self):
        super().setUp()
        for who in (self.char1, self.char2, self.char3):
            who.move_to(self.room2, quiet=True)
        services.enter_room(self.char2, self.room2)
        Company.objects.filter(pk=self.company.pk).update(stamina=2)
        with self.dice(1, 1):  # 2 damage of 2: the company falls back to town
            self.said(CmdGoldengraveGM(), "/damage 2", "Stamina 2 -> 0")
        assert self.char2.location == self.room1 and self.char3.location == self.room1

    def test_the_company_cannot_walk_back_in_until_it_rests(self):
        told = self.walk(self.char2, self.exit)
        assert self.REST in told and "You cannot go there" not in told
        assert self.char2.location == self.room1
        assert Company.objects.get(pk=self.company.pk).position_id is None
        # elsewhere the members walk as ever, and so does everyone else into the dungeon
        cellar = create.create_object("typeclasses.rooms.Room", key="Cellar")
        down = create.create_object("typeclasses.exits.Exit", key="down", location=self.room1,
                                    destination=cellar)
        assert "0 Stamina" not in self.walk(self.char3, down)
        assert self.char3.location == cellar
        self.stranger.move_to(self.room1, quiet=True)
        assert "0 Stamina" not in self.walk(self.stranger, self.exit)
        assert self.stranger.location == self.room2

    def test_nor_fight_and_the_night_lets_it_go_back_in(self):
        self.said(CmdGoldengrave(), "/fight with fists", "The Lanterns has 0 Stamina and "
                  "must rest before it can fight again", caller=self.char2)
        self.char1.move_to(self.room1, quiet=True)
        self.said(CmdGoldengraveGM(), "/night", "The Lanterns spends the night in town.")
        assert "0 Stamina" not in self.walk(self.char2, self.exit)
        assert self.char2.location == self.room2
