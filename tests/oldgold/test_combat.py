"""A fight of two PCs and two NPCs: initiative, turns, damage with DP, cover
and direct damage, conditions ticking out, morale, death rolls, and wear
afterwards. Everything is in the database, so a restart keeps the fight."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet, make_npc
from world.oldgold import services
from world.oldgold.errors import OldGoldError
from world.oldgold.models import Encounter


class FightTest(OldGoldTest):
    def setUp(self):
        super().setUp()
        # Cid (Grace 3) ties the Goblin and goes first; Char2 (2) ties the Bandit.
        give_sheet(self.char3, grace=3, might=2, hp=10,
                   items=[("sword", "hands"), ("medium armour", "body"), ("javelins", "pack")])
        give_sheet(self.char2, grace=2, might=1, hp=8, items=[("axe", "hands")])
        self.goblin = make_npc(self.room1, "Goblin", grace=3, hp=7, morale=4)
        self.bandit = make_npc(self.room1, "Bandit", grace=2, hp=8, dp=1, morale=5,
                               attacks=[{"name": "sword", "damage": "1d6+1"}])

    def gm(self, text, expected=None, *faces):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected)

    def as_(self, who, text, expected=None, *faces):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected, caller=who)

    def order(self):
        return [e["name"] for e in Encounter.objects.get(active=True).combatants]


class TestInitiativeAndTurns(FightTest):
    def test_order_by_grace_pcs_first_on_ties_and_kept(self):
        out = self.gm("/fight")
        assert "Order: >Cid 3, Goblin 3, Char2 2, Bandit 2." in out
        assert "Cid's turn." in out
        assert self.order() == ["Cid", "Goblin", "Char2", "Bandit"]

    def test_acting_out_of_turn_is_refused_and_changes_nothing(self):
        self.gm("/fight")
        self.as_(self.char2, "/attack goblin", "It is Cid's turn, not yours.")
        assert self.goblin.attributes.get("og_stats")["hp"] == 7
        assert not Encounter.objects.get().combatants[2]["main"]

    def test_a_non_gm_cannot_start_a_fight(self):
        self.as_(self.char2, "/fight", "Only a game master")
        assert not Encounter.objects.exists()

    def test_the_gm_plays_the_npc_turn_and_the_order_wraps_into_round_two(self):
        self.gm("/fight")
        self.as_(self.char3, "/done", "Cid ends their turn.")
        out = self.gm("/attack Char2", None, 6)
        assert "Goblin makes an attack on Char2 with dagger" in out and "7 taken" in out
        assert self.sheet(self.char2).hp == 1
        self.gm("/next")
        self.as_(self.char2, "/defend", "Char2 defends: 1d4 [3]", 3)
        self.as_(self.char2, "/done")
        out = self.gm("/next")
        assert "Round 2." in out and "Cid's turn." in out


class TestDamage(FightTest):
    def test_weapon_die_plus_bonus_minus_dp(self):
        self.gm("/fight")
        out = self.as_(self.char3, "/attack bandit", None, 4)  # 1d6+1 (Might 2) = 5, DP 1
        assert "Damage 1d6+1: [4] + 1 = 5 (DP 1): 4 taken" in out
        assert self.bandit.attributes.get("og_stats")["hp"] == 4

    def test_a_charmed_creature_will_not_harm_its_charmer(self):
        self.gm("/fight")
        self.gm("/cond Goblin=charmed")  # set by the GM: the source is the GM
        goblin = self.goblin.attributes.get("og_stats")
        goblin["conditions"][0]["source"] = "Cid"
        self.goblin.attributes.add("og_stats", goblin)
        self.as_(self.char3, "/done")
        self.gm("/attack Cid", "Goblin is charmed by Cid and will not harm them")
        assert self.sheet(self.char3).hp == 10
        assert "Goblin makes an attack on Char2" in self.gm("/attack Char2", None, 3)

    def test_a_day_without_rest_gives_damage_disadvantage(self):
        sheet = self.sheet(self.char3)
        sheet.unrested = True
        sheet.save()
        self.gm("/fight")
        out = self.as_(self.char3, "/attack bandit", None, 5, 2)  # keeps 2 + 1 - DP 1
        assert "[5] + 1 = 6 / 1d6+1: [2] + 1 = 3" in out and "a day without rest" in out
        assert "2 taken" in out

    def test_cover_adds_two_dp_and_full_cover_blocks(self):
        self.gm("/fight")
        out = self.as_(self.char3, "/attack bandit=cover", None, 4)
        assert "DP 3): 2 taken" in out and "cover +2 DP" in out
        Encounter.objects.filter(active=True).update(turn=0)
        e = Encounter.objects.get()
        e.combatants[0]["main"] = False
        e.save()
        out = self.as_(self.char3, "/attack bandit=full cover")
        assert "behind full cover: blocked" in out

    def test_direct_damage_ignores_dp(self):
        ghost = make_npc(self.room1, "Ghost", grace=9, hp=8,
                         attacks=[{"name": "touch", "damage": "1d6", "direct": True}])
        assert ghost
        self.gm("/fight")
        out = self.gm("/attack Cid", None, 3)  # Cid wears DP 2 of medium armour
        assert "direct, ignores DP): 3 taken" in out
        assert self.sheet(self.char3).hp == 7

    def test_thrown_weapon_marks_a_dot_and_unarmed_is_1d2(self):
        self.gm("/fight at 10")
        self.as_(self.char3, "/carry javelins=hands")
        out = self.as_(self.char3, "/attack goblin with javelins", None, 2)
        assert "with Javelins" in out
        items = self.sheet(self.char3).items
        assert items.get(name="Javelins").marked == 1


class TestConditionsMoraleDeath(FightTest):
    def test_a_condition_expires_after_its_rounds(self):
        self.gm("/fight")
        self.gm("/cond Goblin=stunned 1 round", "Goblin is stunned for 1 round.")
        out = self.as_(self.char3, "/done")
        assert "Goblin is stunned and loses the turn." in out
        assert "Char2's turn." in out
        self.as_(self.char2, "/done")
        out = self.gm("/next")  # the Bandit's turn ends: round 2, the stun runs out
        assert "Goblin is no longer stunned." in out
        assert self.goblin.attributes.get("og_stats")["conditions"] == []

    def test_morale_over_the_score_flees(self):
        self.gm("/fight")
        out = self.gm("/morale Goblin, Bandit", None, 3, 2, 1, 1)
        assert "Goblin: Morale 4: [3, 2] = 5, they break and flee." in out
        assert "Bandit: Morale 5: [1, 1] = 2, they hold." in out
        assert Encounter.objects.get().combatants[1]["out"] == "fled"

    def test_npc_dies_at_zero(self):
        self.gm("/fight")
        out = self.as_(self.char3, "/attack goblin", None, 6)  # 6+1 = 7
        assert "Goblin falls and dies." in out and "first casualty" in out

    def test_a_pc_at_zero_makes_death_rolls_and_can_do_nothing_else(self):
        self.gm("/fight")
        self.as_(self.char3, "/done")
        self.gm("/attack Char2", None, 6)  # 7 damage, Char2 has 8
        self.gm("/attack Char2", "You have used your main action")
        self.gm("/next")
        # Char2 at 1 HP: we set 0 directly to test the dying turn.
        self.sheet(self.char2).__class__.objects.filter(character=self.char2).update(hp=0)
        self.as_(self.char2, "/attack bandit", "At 0 HP you cannot act")
        out = self.as_(self.char2, "/deathroll", None, 3)
        assert "death roll: [3], hangs on, still dying" in out and "Bandit's turn." in out
        self.gm("/next")
        self.as_(self.char3, "/done")
        self.gm("/next")
        out = self.as_(self.char2, "/deathroll", None, 6)
        assert "pulls through with 1 HP" in out
        assert self.sheet(self.char2).hp == 1

    def test_a_death_roll_of_one_kills(self):
        self.gm("/fight")
        self.as_(self.char3, "/done")
        self.gm("/attack Char2", None, 6)
        self.sheet(self.char2).__class__.objects.filter(character=self.char2).update(hp=0)
        e = Encounter.objects.get()
        e.combatants[2]["out"] = "down"
        e.save()
        self.gm("/next")
        out = self.as_(self.char2, "/deathroll", None, 1)
        assert "Char2 is dead." in out and self.sheet(self.char2).dead


class TestAfterTheFight(FightTest):
    def test_wear_dots_and_thrown_weapons_come_back(self):
        self.gm("/fight at 10")
        self.as_(self.char3, "/carry javelins=hands")
        self.as_(self.char3, "/attack goblin with javelins", None, 1)
        # Thrown: 1d6 = 6 (lost). Wear: Cid's sword 1 (wears), javelins skipped,
        # armour 4; Char2's axe 2.
        out = self.gm("/end", None, 6, 1, 4, 2)
        assert "Cid finds 0 of 1 Javelins thrown." in out
        assert ("Wear on Cid's gear (1d6 each, a 1 marks a dot): Sword [1] wears (1/3 "
                "dots); Medium armour (mail) [4].") in out
        assert "Wear on Char2's gear (1d6 each, a 1 marks a dot): Axe [2]." in out
        items = self.sheet(self.char3).items
        assert items.get(name="Sword").marked == 1
        assert items.get(name="Javelins").marked == 1
        assert not Encounter.objects.filter(active=True).exists()

    def test_the_fight_survives_a_reload_of_its_record(self):
        self.gm("/fight")
        self.as_(self.char3, "/done")
        fresh = Encounter.objects.get(active=True)
        assert fresh.turn == 1 and fresh.round == 1
        self.call(CmdOldGold(), "/order", "Round 1. Order: Cid 3, >Goblin 3")


class TestLookAlikes(FightTest):
    def test_two_goblins_are_told_apart_by_number(self):
        second = make_npc(self.room1, "Goblin", grace=3, hp=7, morale=4)
        with self.assertRaises(OldGoldError) as refused:
            services.find_here(self.char1, "goblin")
        assert "Pick one by number: goblin-1 to goblin-2." in str(refused.exception)
        assert services.find_here(self.char1, "goblin-1") == self.goblin
        assert services.find_here(self.char1, "goblin-2") == second
        with self.assertRaises(OldGoldError):
            services.find_here(self.char1, "goblin-3")


class TestGmRefusals(FightTest):
    def test_the_gm_on_a_players_turn_and_a_foe_without_that_attack(self):
        self.gm("/fight")
        out = self.gm("/attack Cid", "It is Cid's turn, a player's: the GM acts on a foe's turn.")
        assert "+og/next ends this turn if the player is away." in " ".join(out.split())
        self.as_(self.char3, "/done")
        self.gm("/attack Cid with claws", "Goblin has no attack called 'claws'; it attacks "
                "with: dagger.")
