"""Scenes: logging what the room saw, pose order across three posers, privacy, search."""

from unittest.mock import patch

from django.utils import timezone
from evennia.commands.default.general import CmdPose, CmdSay

from commands.social_scene import CmdPot, CmdScene
from commands.social_speech import CmdEmit, CmdSemipose
from world.social import scenes
from world.social.models import Entry, Scene
from tests.social.helpers import SocialTest


class TestSceneLog(SocialTest):
    def test_start_logs_say_pose_emit_and_dice_then_stop(self):
        self.call(CmdScene(), "/start The Gate at Dusk", caller=self.char1)
        scene = Scene.objects.get()
        self.call(CmdSay(), "Hold the lantern.", caller=self.char2)
        self.call(CmdPose(), "raises the lantern.", caller=self.char3)
        self.call(CmdEmit(), "Wind howls.", caller=self.char2)  # allowed: a scene runs
        self.char1.location.msg_contents(f"{self.char1.key} rolls 2d6: 7", from_obj=self.char1)
        self.call(CmdSemipose(), "'s coat flaps.", caller=self.char1)
        self.room1.msg_contents("A door slams somewhere.")  # not from anyone: not logged
        self.call(CmdScene(), "/stop", caller=self.char2)
        self.call(CmdSay(), "Not logged.", caller=self.char2)
        kinds = list(scene.entries.values_list("kind", "text"))
        assert kinds == [
            ("say", f'{self.char2.key} says, "Hold the lantern."'),
            ("pose", f"{self.char3.key} raises the lantern."),
            ("emit", "Wind howls."),
            ("dice", f"{self.char1.key} rolls 2d6: 7"),
            ("pose", f"{self.char1.key}'s coat flaps."),
        ]
        scene.refresh_from_db()
        assert scene.stopped_at is not None and scene.title == "The Gate at Dusk"
        names = set(scene.participants.values_list("name", flat=True))
        assert names == {self.char1.key, self.char2.key, self.char3.key}

    def test_the_open_scene_is_looked_up_once_and_forgotten_at_stop(self):
        self.call(CmdScene(), "/start First", caller=self.char1)
        with patch.object(scenes._open_scene_by_id, "first",
                          wraps=scenes._open_scene_by_id.first) as look_up:
            for words in ("One.", "Two.", "Three."):
                self.call(CmdSay(), words, caller=self.char2)
            assert look_up.call_count == 1
            self.call(CmdScene(), "/stop", caller=self.char2)
            self.call(CmdScene(), "/start Second", caller=self.char1)
            self.call(CmdSay(), "Four.", caller=self.char2)
        first, second = Scene.objects.order_by("id")
        assert first.entries.count() == 3 and second.entries.count() == 1

    def test_refusals(self):
        self.call(CmdScene(), "/stop", "No scene is running here.", caller=self.char1)
        self.call(CmdPot(), "", "No scene is running here", caller=self.char1)
        self.call(CmdScene(), "/start", caller=self.char1)
        self.call(CmdScene(), "/start Again", "A scene is already running here", caller=self.char2)
        self.call(CmdScene(), "/read x", "Name the scene by its number", caller=self.char2)
        assert Scene.objects.count() == 1


class TestPoseOrder(SocialTest):
    def test_three_posers_take_turns(self):
        self.call(CmdScene(), "/start", caller=self.char1)
        scene = Scene.objects.get()
        base = timezone.now()
        posers = [self.char2, self.char3, self.char1]
        for minute, poser in enumerate(posers):
            with patch("django.utils.timezone.now",
                       return_value=base + timezone.timedelta(minutes=minute)):
                self.call(CmdPose(), "acts.", caller=poser)
        order = [p.name for p, _ in scenes.pose_order(scene, self.room1)]
        assert order == [self.char2.key, self.char3.key, self.char1.key]
        text = self.call(CmdPot(), "", caller=self.char1)
        turn = [line for line in text.splitlines() if line.startswith(">")]
        assert turn and self.char2.key in turn[0]
        # char2 poses again: now char3 posed longest ago
        with patch("django.utils.timezone.now", return_value=base + timezone.timedelta(minutes=5)):
            self.call(CmdSay(), "My turn.", caller=self.char2)
        order = [p.name for p, _ in scenes.pose_order(scene, self.room1)]
        assert order == [self.char3.key, self.char1.key, self.char2.key]
        # someone who left is marked and loses the turn
        self.char3.move_to(self.room2, quiet=True)
        text = self.call(CmdPot(), "", caller=self.char1)
        turn = [line for line in text.splitlines() if line.startswith(">")][0]
        assert self.char1.key in turn
        assert "(not here)" in text


class TestSceneCounts(SocialTest):
    def test_one_pose_and_one_line_read_in_the_singular(self):
        self.call(CmdScene(), "/start", caller=self.char1)
        self.call(CmdPose(), "acts.", caller=self.char2)
        pot = self.call(CmdPot(), "", caller=self.char1)
        row = next(line for line in pot.splitlines() if self.char2.key in line)
        assert " 1 pose " in row and "poses" not in row
        assert "1 line logged" in self.call(CmdScene(), "", caller=self.char1)
        self.call(CmdPose(), "acts again.", caller=self.char2)
        assert " 2 poses " in self.call(CmdPot(), "", caller=self.char1)
        assert "2 lines logged" in self.call(CmdScene(), "", caller=self.char1)


class TestScenePrivacy(SocialTest):
    def setUp(self):
        super().setUp()
        self.account.permissions.remove("Developer")
        self.log_in(self.account2, self.char2)  # online, as a reader is (the pager needs a session)
        self.log_in(self.account3, self.char3)
        self.char3.move_to(self.room2, quiet=True)
        self.call(CmdScene(), "/start Secret Plans", caller=self.char1)
        self.call(CmdSay(), "The vault is under the well.", caller=self.char2)
        self.call(CmdScene(), "/stop", caller=self.char2)
        self.scene = Scene.objects.get()

    def test_outsider_cannot_read_share_or_find(self):
        self.call(CmdScene(), f"/read {self.scene.id}",
                  f"There is no scene #{self.scene.id} you can read.", caller=self.char3)
        self.call(CmdScene(), f"/share {self.scene.id}", "There is no scene", caller=self.char3)
        assert "Secret Plans" not in self.call(CmdScene(), "/search Secret", caller=self.char3)
        assert "Secret" not in self.call(CmdScene(), f"/with {self.char2.key}", caller=self.char3)

    def test_participant_reads_shares_and_then_anyone_can(self):
        text = self.call(CmdScene(), f"/read {self.scene.id}", caller=self.char2)
        assert "The vault is under the well." in text
        self.call(CmdScene(), f"/share {self.scene.id}", f"Scene #{self.scene.id} is shared",
                  caller=self.char2)
        assert "vault" in self.call(CmdScene(), f"/read {self.scene.id}", caller=self.char3)
        assert "Secret Plans" in self.call(CmdScene(), "/search secret", caller=self.char3)
        assert "Secret Plans" in self.call(CmdScene(), f"/with {self.char1.key}",
                                           caller=self.char3)
        assert Entry.objects.count() == 1

    def test_a_long_log_is_read_a_screen_at_a_time(self):
        Entry.objects.bulk_create(
            Entry(scene=self.scene, kind="pose", speaker="Char2", text=f"Pose {n}: " + "o" * 600)
            for n in range(200)
        )
        first = self.call(CmdScene(), f"/read {self.scene.id}", caller=self.char2)
        assert "The vault is under the well." in first and "Pose 199:" not in first
        assert len(first) < 10_000  # a screen, not the 120,000 characters of the log


class TestSceneNoticesFit(SocialTest):
    def test_start_and_stop_notices_fit_78_columns(self):
        from evennia.utils.ansi import strip_ansi
        from commands.social_scene import CmdScene
        self.char1.key = "C" * 20
        # a long-lived game's scene numbers run to several digits
        Scene.objects.create(id=123456, room=self.room2, stopped_at=timezone.now())
        with self.listening(self.char2) as heard:
            self.call(CmdScene(), "/start " + "T" * 30, caller=self.char1)
            self.call(CmdScene(), "/stop", caller=self.char1)
        lines = [line for text in heard[self.char2] for line in strip_ansi(text).splitlines()]
        assert any("starts scene" in line for line in lines)
        assert any("stops scene" in line for line in lines)
        assert all(len(line) <= 78 for line in lines), lines
