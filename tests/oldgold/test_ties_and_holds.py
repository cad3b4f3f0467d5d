"""PCs of one Grace choose their order (+og/swap); the grappled and the
restrained break free with a check as their main action (+og/escape), and
Inspiration rolling that check again sets the holds by the new result; the
GM hears when half the foes have fallen."""

from tests.oldgold.helpers import make_npc
from tests.oldgold.test_combat import FightTest
from world.oldgold import services
from world.oldgold.models import Encounter, OldGoldSheet


class TestTies(FightTest):
    def setUp(self):
        super().setUp()
        OldGoldSheet.objects.filter(character=self.char2).update(grace=3)

    def test_pcs_of_one_grace_trade_places_before_either_acts(self):
        out = self.gm("/fight")
        assert "Order: >Char2 3, Cid 3, Goblin 3, Bandit 2." in out
        out = self.as_(self.char3, "/swap Char2")
        assert "Cid and Char2 trade places. Round 1. Order: >Cid 3, Char2 3" in out
        assert "Cid's turn." in out
        assert [e["name"] for e in Encounter.objects.get().combatants][:2] == ["Cid", "Char2"]
        self.as_(self.char3, "/move")
        self.as_(self.char2, "/swap Cid", "Cid has already acted this round")

    def test_only_pcs_of_the_same_grace_swap(self):
        self.gm("/fight")
        self.as_(self.char3, "/swap goblin", "Only PCs who share a Grace score choose")
        self.as_(self.char3, "/swap", "Name the PC of your Grace")


class TestHolds(FightTest):
    def test_breaking_a_grapple_takes_the_main_action_and_a_check(self):
        self.gm("/fight")
        self.gm("/cond Cid=grappled")
        out = self.as_(self.char3, "/escape might vs goblin", None, 9)  # 9 + 2 vs 11
        assert "Cid checks Might against Goblin's Might (11)" in out
        assert "Cid is still grappled." in out
        assert services.has_condition(self.char3, "grappled")
        self.as_(self.char3, "/escape might vs goblin", "You have used your main action")

    def test_a_restrained_grace_escape_has_disadvantage_and_inspiration_frees(self):
        self.gm("/fight")
        self.gm("/cond Cid=restrained")
        out = self.as_(self.char3, "/escape grace vs 12", None, 15, 5)
        assert "with disadvantage [15, 5]" in out and "still restrained" in out
        OldGoldSheet.objects.filter(character=self.char3).update(inspiration=True)
        out = self.as_(self.char3, "/reroll", None, 19, 18)
        assert "Cid breaks free: no longer restrained." in out
        assert not services.has_condition(self.char3, "restrained")
        OldGoldSheet.objects.filter(character=self.char3).update(inspiration=True)
        out = self.as_(self.char3, "/reroll", None, 1, 2)
        assert "Cid is still restrained." in out
        assert services.has_condition(self.char3, "restrained")

    def test_nothing_to_escape_and_bad_input(self):
        self.gm("/fight")
        self.as_(self.char3, "/escape might vs 10", "You are neither grappled nor restrained")
        self.as_(self.char3, "/escape", "Say how you break free")
        assert not Encounter.objects.get().combatants[0]["main"]


class TestBreakingPoints(FightTest):
    def test_half_the_foes_fallen_is_a_moment_for_morale(self):
        make_npc(self.room1, "Rat", grace=0, hp=1)
        make_npc(self.room1, "Rat2", grace=0, hp=1)
        self.gm("/fight")
        out = self.as_(self.char3, "/attack goblin", None, 6)
        assert "A first casualty" in out
        assert "Char2's turn." in self.as_(self.char3, "/done")  # the fallen Goblin is skipped
        out = self.as_(self.char2, "/attack rat", None, 4)
        assert "Half of them have fallen: the GM may call for morale" in out

    def test_when_every_foe_is_gone_the_gm_hears_how_to_end(self):
        self.gm("/fight")
        out = self.gm("/morale", None, 6, 6, 6, 6)
        assert "No foe is left standing: the GM ends the fight with +og/end." in out
        self.as_(self.char3, "/done")
        out = self.as_(self.char2, "/done")
        # The new round's order marks who acts first, past the ones gone.
        assert "Round 2. Order: >Cid 3, Goblin 3 (fled), Char2 2, Bandit 2 (fled)." in out
