"""; semipose, @emit with NOSPOOF, page, describe, +desc, home, look at details."""

from commands.social_speech import (
    CmdDescribe, CmdDetail, CmdEmit, CmdHome, CmdLook, CmdMultiDescribe, CmdNospoof, CmdPage,
    CmdSemipose,
)
from world.social import presence
from tests.social.helpers import SocialTest


class TestPoses(SocialTest):
    def test_semipose_joins_the_name(self):
        with self.listening(self.char2) as heard:
            self.call(CmdSemipose(), "'s lantern goes out.", caller=self.char1)
        assert heard[self.char2] == [f"{self.char1.key}'s lantern goes out."]

    def test_semipose_by_its_spelled_out_name(self):
        with self.listening(self.char2) as heard:
            self.call(CmdSemipose(), " 's lantern goes out.", caller=self.char1,
                      cmdstring="semipose")
        assert heard[self.char2] == [f"{self.char1.key}'s lantern goes out."]

    def test_semipose_needs_text(self):
        self.call(CmdSemipose(), "", "Pose what?", caller=self.char1)


class TestEmit(SocialTest):
    def test_players_may_not_emit_where_not_allowed(self):
        with self.listening(self.char1) as heard:
            self.call(CmdEmit(), "Thunder.", "This room does not allow @emit.", caller=self.char2)
        assert heard[self.char1] == []

    def test_allowed_room_and_nospoof(self):
        self.call(CmdEmit(), "/allow", "Players may @emit here.", caller=self.char1)
        self.call(CmdEmit(), "/forbid", "Only staff can use @emit/forbid. Nothing was changed.",
                  caller=self.char2)
        self.call(CmdNospoof(), "on", "@nospoof is on.", caller=self.account3)
        with self.listening(self.char1, self.char3) as heard:
            self.call(CmdEmit(), "Thunder rolls.", caller=self.char2)
        assert heard[self.char1] == ["Thunder rolls."]
        assert heard[self.char3] == [f"[{self.char2.key}] Thunder rolls."]
        self.call(CmdNospoof(), "maybe", "Say on or off.", caller=self.account3)


class TestPage(SocialTest):
    def setUp(self):
        super().setUp()
        self.log_in(self.account2, self.char2)
        self.log_in(self.account3, self.char3)

    def test_page_multi_and_last_paged(self):
        with self.listening(self.account2, self.account3) as heard:
            self.call(CmdPage(), f"{self.account2.key}, Ash=Meet at the gate.",
                      "You paged TestAccount2, Ash:", caller=self.account)
            self.call(CmdPage(), "Bring rope.", "You paged TestAccount2, Ash:",
                      caller=self.account)
        assert heard[self.account2][0] == f"(to you, Ash) {self.char1.key} pages: Meet at the gate."
        assert heard[self.account3][1] == (  # everyone named as the others see them
            f"(to you, {self.char2.key}) {self.char1.key} pages: Bring rope.")
        assert "Account" not in heard[self.account3][0].split("pages")[0].replace(
            self.account2.key, "")

    def test_page_pose_and_afk(self):
        presence.set_afk(self.account3, "Out for a walk.")
        with self.listening(self.account3) as heard:
            text = self.call(CmdPage(), "Ash=:waves.", caller=self.account)
        assert heard[self.account3] == [f"From afar, {self.char1.key} waves."]
        assert "Ash is away: Out for a walk." in text

    def test_a_renamed_player_answers_to_the_new_name_only(self):
        old_name = self.account2.key
        self.call(CmdPage(), f"{old_name}=Hi.", f"You paged {old_name}", caller=self.account)
        self.account2.key = "Rowan"
        self.call(CmdPage(), f"{old_name}=Hi.", f"There is no player called '{old_name}'.",
                  caller=self.account)
        self.call(CmdPage(), "rowan=Hi.", "You paged Rowan", caller=self.account)

    def test_page_with_no_names_answers_whoever_paged_you(self):
        self.call(CmdPage(), f"{self.account2.key}, Ash=Meet at the gate.", caller=self.account)
        with self.listening(self.account, self.account2) as heard:
            self.call(CmdPage(), "On my way.", f"You paged {self.account.key}, "
                      f"{self.account2.key}: On my way.", caller=self.account3)
        assert heard[self.account2] == [f"(to you, {self.char1.key}) Ash pages: On my way."]
        self.call(CmdPage(), "Ash=Just you.", caller=self.account2)
        self.call(CmdPage(), "Noted.", f"You paged {self.account.key}, {self.account2.key}:",
                  caller=self.account3)  # once you have paged, your own list counts

    def test_a_bare_name_is_not_sent_as_the_text(self):
        self.call(CmdPage(), "Ash=Hi.", caller=self.account)
        with self.listening(self.account3) as heard:
            self.call(CmdPage(), self.account2.key,
                      f"Page {self.account2.key} what? Write it after an =: "
                      f"page {self.account2.key}=<text>", caller=self.account)
        assert heard[self.account3] == []
        self.call(CmdPage(), "Thanks", "You paged Ash: Thanks", caller=self.account)

    def test_refusals(self):
        out = self.call(CmdPage(), "Hello", "Nobody has paged you and you have paged nobody yet:",
                        caller=self.account3)
        assert "name them the first time, like page Wren=<text>." in " ".join(out.split())
        self.call(CmdPage(), "Nobody=Hi", "There is no player called 'Nobody'.",
                  caller=self.account)
        self.call(CmdPage(), "", "Page whom, and what?", caller=self.account)


class TestDescribe(SocialTest):
    def test_describe_alone_shows_your_description(self):
        self.char2.db.desc = ""
        self.call(CmdDescribe(), "", "You have no description yet: describe <text> writes one.",
                  caller=self.char2)
        self.call(CmdDescribe(), "A tall delver.", caller=self.char2)
        self.call(CmdDescribe(), "", "Your description:\nA tall delver.", caller=self.char2)

    def test_describe_self_and_others(self):
        self.call(CmdDescribe(), "A tall delver.", "You are now described.", caller=self.char2)
        assert self.char2.db.desc == "A tall delver."
        self.call(CmdDescribe(), f"{self.char3.key}=Rude.", "You may not describe Ash",
                  caller=self.char2)
        assert self.char3.db.desc != "Rude."

    def test_multidescer(self):
        self.call(CmdMultiDescribe(), "coat=A long oilskin coat.", caller=self.char2)
        self.call(CmdMultiDescribe(), "face=A scarred face.", caller=self.char2)
        self.call(CmdMultiDescribe(), "/set face + coat", caller=self.char2)
        assert self.char2.db.desc == "A scarred face. A long oilskin coat."

    def test_showing_one_description_reads_in_our_words(self):
        self.call(CmdMultiDescribe(), "coat=A long oilskin coat.", caller=self.char2)
        shown = self.call(CmdMultiDescribe(), "coat", caller=self.char2)
        assert shown.startswith("Description coat:") and "A long oilskin coat." in shown
        assert "Decsription" not in shown
        missing = self.call(CmdMultiDescribe(), "hat", caller=self.char2)
        assert "You have no description called 'hat'" in missing and "+desc/list" in missing

    def test_the_list_has_no_empty_caller_line(self):
        self.call(CmdMultiDescribe(), "coat=A long oilskin coat.", caller=self.char2)
        listed = self.call(CmdMultiDescribe(), "/list", caller=self.char2)
        assert "caller" not in listed
        assert [line for line in listed.splitlines() if line.strip()][1:] == [
            "coat: A long oilskin coat."]

    def test_a_description_from_before_is_kept_as_original(self):
        self.char3.db.desc = "A quiet delver."
        self.call(CmdMultiDescribe(), "coat=A long oilskin coat.", caller=self.char3)
        listed = self.call(CmdMultiDescribe(), "/list", caller=self.char3)
        assert "original: A quiet delver." in listed and "caller" not in listed
        self.call(CmdMultiDescribe(), "/set original", caller=self.char3)
        assert self.char3.db.desc == "A quiet delver."

    def test_a_second_editor_is_refused_and_stacks_no_cmdset(self):
        self.call(CmdMultiDescribe(), "/edit coat", caller=self.char2)
        stored = self.char2.db_cmdset_storage
        self.call(CmdMultiDescribe(), "/edit face", "You are already editing a description",
                  caller=self.char2)
        assert self.char2.db_cmdset_storage == stored
        assert stored.count("EvEditorCmdSet") == 1


class TestHomeAndLook(SocialTest):
    def test_home(self):
        self.char2.home = self.room1
        self.char2.move_to(self.room2, quiet=True)
        self.call(CmdHome(), "", "You head home.", caller=self.char2)
        assert self.char2.location == self.room1
        self.call(CmdHome(), "", "You are already home.", caller=self.char2)

    def test_a_long_detail_is_folded_to_the_screen(self):
        text = "Layers of paper pinned over each other, " * 6 + "\n\nA neat card: +bb."
        self.call(CmdDetail(), f"notice board={text}", caller=self.char1)
        shown = self.call(CmdLook(), "notice board", caller=self.char2)
        assert max(len(line) for line in shown.splitlines()) <= 78
        assert shown.endswith("\n\nA neat card: +bb.") and len(shown.splitlines()) > 3

    def test_look_at_a_detail(self):
        self.call(CmdDetail(), "notice board=Maps over maps.", "Detail 'notice board' set.",
                  caller=self.char1)
        self.call(CmdLook(), "notice board", "Maps over maps.", caller=self.char2)
        self.call(CmdLook(), "board", "Maps over maps.", caller=self.char2)
        self.call(CmdLook(), "dragon", "Could not find 'dragon'.", caller=self.char2)
