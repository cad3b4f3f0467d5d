"""Group checks: the GM calls one, every member rolls their own part and the
room sees it, NPCs roll at once, and the group succeeds when at least half
the parts succeed (exactly half is enough)."""

from commands.oldgold import CmdOldGold
from tests.oldgold.helpers import OldGoldTest, give_sheet, make_npc
from world.oldgold.models import GroupCheck, OldGoldRoll


class GroupTest(OldGoldTest):
    def setUp(self):
        super().setUp()
        for who in (self.char1, self.char2, self.char3):
            give_sheet(who, grace=2)
        self.ally = make_npc(self.room1, "Ally", grace=2)

    def gm(self, text, expected=None, *faces):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected)

    def part(self, who, expected=None, *faces, text="/part"):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected, caller=who)


class TestEachMemberRollsTheirOwnPart(GroupTest):
    def test_exactly_half_succeeds(self):
        out = self.gm("/group grace vs 12=Char, Char2, Cid, Ally", None, 3)
        assert "calls a group check of Grace against 12 for Char, Char2, Cid, Ally" in out
        assert "Ally's part of the group check of Grace against 12: d20 [3] + 2 = 5" in out
        assert "Still to roll their part (+og/part): Char, Char2, Cid." in out
        self.part(self.char2, "Char2's part of the group check of Grace against 12: "
                  "d20 [15] + 2 = 17 vs 12: success", 15)
        self.part(self.char3, None, 2)
        out = self.part(self.char1, None, 18)
        assert "2 of 4 succeed, so the group succeeds" in out
        group = GroupCheck.objects.get()
        assert not group.active and group.success is True
        assert [p["success"] for p in group.parts] == [True, True, False, False]

    def test_less_than_half_fails(self):
        self.gm("/group grace vs 12=Char, Char2, Cid")
        self.part(self.char1, None, 15)
        self.part(self.char2, None, 2)
        out = self.part(self.char3, None, 3)
        assert "1 of 3 succeed, so the group fails" in out
        assert GroupCheck.objects.get().success is False

    def test_the_whole_room_sees_a_part_and_each_part_is_its_rollers_roll(self):
        self.gm("/group grace vs 12=Char2, Cid")
        with self.dice(14):
            out = self.call(CmdOldGold(), "/part", {self.char2: "Char2's part",
                                                    self.char1: "Char2's part",
                                                    self.char3: "Char2's part"},
                            caller=self.char2)
        assert all("Still to roll their part (+og/part): Cid." in t for t in out.values())
        part = OldGoldRoll.objects.get(kind="grouppart")
        assert part.roller == self.char2 and part.dice == [14]
        assert not OldGoldRoll.objects.filter(kind="group").exists()

    def test_a_member_brings_their_own_advantage_and_gifts(self):
        self.sheet(self.char3).__class__.objects.filter(character=self.char3).update(
            ancestry="halfkin", unrested=True)
        self.gm("/group grace vs 12=Char2, Cid")
        out = self.part(self.char2, None, 4, 13, text="/part help Cid")
        assert "with advantage [4, 13]" in out and "helped by Cid" in out
        out = self.part(self.char3, None, 1, 11, 6)  # unrested: disadvantage; a 1 rerolled
        assert "with disadvantage [1, 11, 6]" in out and "Halfkin reroll of a 1" in out
        assert "a day without rest" in out

    def test_the_gm_rolls_the_parts_of_players_who_are_away(self):
        self.gm("/group grace vs 12=Char2, Cid")
        self.part(self.char2, None, 15)
        out = self.gm("/group", "Group check of Grace against 12")
        assert "Char2: total 17, success" in out and "Cid: still to roll" in out
        out = self.gm("/group roll", None, 16)
        assert "Cid's part" in out and "2 of 2 succeed" in out

    def test_inspiration_rolls_a_part_again_and_the_group_follows(self):
        self.gm("/group grace vs 12=Char2, Cid")
        self.part(self.char2, None, 2)
        out = self.part(self.char3, None, 3)
        assert "0 of 2 succeed, so the group fails" in out
        self.gm("/inspire Cid")
        out = self.part(self.char3, None, 19, text="/reroll")
        assert "Cid spends Inspiration and rolls their part again: d20 [19]" in out
        assert "1 of 2 succeed, so the group succeeds" in out
        assert "The group's result turns with it." in out
        assert GroupCheck.objects.get().success is True
        assert not self.sheet(self.char3).inspiration


class TestRefusals(GroupTest):
    def test_a_player_cannot_call_group_checks(self):
        self.part(self.char2, "Only a game master", text="/group grace vs 12=Char")
        assert not GroupCheck.objects.exists()

    def test_a_player_reads_the_waiting_parts_but_cannot_roll_or_drop_them(self):
        self.gm("/group grace vs 12=Char2, Cid")
        self.part(self.char2, "Group check of Grace against 12 (at least half must "
                  "succeed):\n  Char2: still to roll (+og/part)", text="/group")
        self.part(self.char2, "Only a game master", text="/group roll")
        self.part(self.char2, "Only a game master", text="/group drop")
        assert GroupCheck.objects.get().active

    def test_no_group_not_a_member_and_twice(self):
        self.part(self.char2, "There is no group check waiting here")
        self.gm("/group grace vs 12=Char2")
        self.part(self.char3, "You are not in this group check (it is for Char2)")
        self.gm("/group might vs 10=Cid", "A group check of Grace against 12 is still "
                "waiting here for Char2")
        self.part(self.char2, None, 20)
        assert OldGoldRoll.objects.filter(kind="grouppart").count() == 1

    def test_a_part_already_rolled_is_not_rolled_twice(self):
        self.gm("/group grace vs 12=Char2, Cid")
        self.part(self.char2, None, 5)
        self.part(self.char2, "You have rolled your part already (total 7, a failure); "
                  "still to roll: Cid.")
        assert OldGoldRoll.objects.filter(kind="grouppart").count() == 1

    def test_at_0_hp_no_part(self):
        self.gm("/group grace vs 12=Char2, Cid")
        self.sheet(self.char2).__class__.objects.filter(character=self.char2).update(hp=0)
        self.part(self.char2, "At 0 HP you can only make your death roll")

    def test_drop_calls_it_off(self):
        self.gm("/group grace vs 12=Char2, Cid")
        self.part(self.char2, None, 5)
        self.gm("/group drop", "Char calls off the group check of Grace against 12 "
                "(1 of 2 parts were rolled).")
        self.part(self.char3, "There is no group check waiting here")
        self.gm("/inspire Char2")
        self.part(self.char2, "That group check was called off", text="/reroll")
        assert self.sheet(self.char2).inspiration

    def test_bad_input(self):
        self.gm("/group grace=Char2", "Give an attribute, a difficulty and the members")
        self.part(self.char2, "'grace' is not a check option", text="/part grace")
        assert not GroupCheck.objects.exists()
