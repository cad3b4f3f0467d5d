"""+expedition: the leader, the shares, and that no share moves without its
member's consent."""

from commands.kroll import CmdExpedition
from tests.kroll.helpers import KrollCommandTest
from world.kroll.models import Expedition, ExpeditionMember, ShareOffer


class ExpeditionTest(KrollCommandTest):
    def setUp(self):
        super().setUp()
        self.call(CmdExpedition(), "/start The Sunken Mine=40", "You lead 'The Sunken Mine'.")

    def share_of(self, character):
        member = ExpeditionMember.objects.filter(character=character, expedition__active=True)
        return member.get().share if member.exists() else None

    def join(self, character, share):
        self.call(CmdExpedition(), f"/offer {character.key}={share}", "Char offers")
        self.call(CmdExpedition(), "/accept", f"{character.key} joins", caller=character)


class TestJoining(ExpeditionTest):
    def test_invitation_then_acceptance(self):
        self.call(
            CmdExpedition(),
            "/offer Char2=20",
            {self.char1: "Char offers Char2 20% of the loot.", self.char2: "Char offers Char2 20%"},
        )
        assert self.share_of(self.char2) is None
        self.call(
            CmdExpedition(),
            "",
            "Char invites you onto 'The Sunken Mine' for 20%",
            caller=self.char2,
        )
        self.call(
            CmdExpedition(),
            "/accept",
            {self.char2: "Char2 joins 'The Sunken Mine' for 20%.", self.char1: "Char2 joins"},
            caller=self.char2,
        )
        assert self.share_of(self.char2) == 20
        out = self.call(CmdExpedition(), "", "Expedition: The Sunken Mine", caller=self.char2)
        assert "Char (leader)" in out and "40%" in out and "20%" in out
        assert "Unclaimed: 40%" in out

    def test_only_people_here_can_be_invited(self):
        self.call(CmdExpedition(), "/offer Faraway=10", "Faraway is not here to be invited.")
        assert not ShareOffer.objects.exists()

    def test_one_expedition_at_a_time(self):
        self.call(CmdExpedition(), "/start Another=10", "You are already on an expedition")
        self.call(CmdExpedition(), "/start Rival=50", "You lead 'Rival'.", caller=self.char3)
        self.call(CmdExpedition(), "/offer Cid=10", "Cid is already on another expedition.")
        assert Expedition.objects.filter(active=True).count() == 2


class TestConsent(ExpeditionTest):
    def setUp(self):
        super().setUp()
        self.join(self.char2, 20)

    def test_leader_offer_changes_nothing_until_the_member_accepts(self):
        self.call(CmdExpedition(), "/offer Char2=10", "Char offers Char2 10%")
        assert self.share_of(self.char2) == 20
        self.call(CmdExpedition(), "/accept Char2", "There is no share offer waiting for you")
        assert self.share_of(self.char2) == 20
        self.call(
            CmdExpedition(),
            "/decline",
            {self.char2: "Char2 turns down", self.char1: "Char2 turns down"},
            caller=self.char2,
        )
        assert self.share_of(self.char2) == 20 and not ShareOffer.objects.exists()

    def test_member_accepts_a_new_share(self):
        self.call(CmdExpedition(), "/offer Char2=30", "Char offers Char2 30%")
        self.call(
            CmdExpedition(),
            "/accept",
            "Char2's share goes from 20% to 30%, agreed.",
            caller=self.char2,
        )
        assert self.share_of(self.char2) == 30

    def test_member_asks_and_the_leader_accepts(self):
        self.call(CmdExpedition(), "/ask 25", "Char2 asks for 25% of the loot.", caller=self.char2)
        self.call(CmdExpedition(), "/accept", "There is no share offer waiting", caller=self.char2)
        assert self.share_of(self.char2) == 20
        self.call(CmdExpedition(), "/accept Char2", "Char2's share goes from 20% to 25%, agreed.")
        assert self.share_of(self.char2) == 25

    def test_nobody_else_can_answer_or_offer(self):
        self.join(self.char3, 10)
        self.call(CmdExpedition(), "/offer Char2=5", "Char offers")
        self.call(CmdExpedition(), "/accept Char2", "There is no share offer", caller=self.char3)
        self.call(
            CmdExpedition(), "/offer Char2=1", "Only an expedition's leader", caller=self.char3
        )
        assert self.share_of(self.char2) == 20

    def test_leader_sets_own_share(self):
        self.call(CmdExpedition(), "/offer Char=30", "Char now keeps 30% as leader.")
        assert self.share_of(self.char1) == 30

    def test_shares_never_pass_the_whole_loot(self):
        self.call(CmdExpedition(), "/offer Char2=61", "Only 60% of the loot is unclaimed")
        self.call(CmdExpedition(), "/offer Char2=60", "Char offers")
        self.call(CmdExpedition(), "/offer Char=81", "Only 80% of the loot is unclaimed")
        self.join(self.char3, 30)
        # The earlier offer to Char2 no longer fits now Cid holds 30%.
        self.call(
            CmdExpedition(), "/accept", "Only 30% of the loot is unclaimed", caller=self.char2
        )
        assert self.share_of(self.char2) == 20

    def test_bad_shares_are_refused(self):
        refusal = "Give the share as a whole percentage from 0 to 100, e.g. 20."
        for bad in ("lots", "101", "-5", "²", "²%", "1" * 30, "12.5"):
            with self.subTest(share=bad):
                out = self.call(CmdExpedition(), f"/offer Char2={bad}", refusal)
                assert "Sorry" not in out
        self.call(CmdExpedition(), "/ask ²", refusal, caller=self.char2)
        self.call(CmdExpedition(), "/ask", refusal, caller=self.char2)
        self.call(CmdExpedition(), "/offer Char2=20%", "Char offers Char2 20% of the loot.")
        assert not ShareOffer.objects.exclude(share=20).exists()

    def test_leaving_and_disbanding(self):
        self.call(CmdExpedition(), "/leave", "The leader cannot walk away")
        self.call(CmdExpedition(), "/leave", "Char2 leaves 'The Sunken Mine'.", caller=self.char2)
        assert self.share_of(self.char2) is None
        self.call(CmdExpedition(), "/disband", "Char disbands 'The Sunken Mine'.")
        assert not Expedition.objects.filter(active=True).exists()
        self.call(CmdExpedition(), "", "You are not on an expedition")
