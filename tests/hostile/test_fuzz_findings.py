"""What the long fuzz (benchmarks/fuzz.py) found in the game's own commands, each kept fixed."""

import time
from unittest import mock

from evennia.commands.default.general import CmdPose
from evennia.utils.test_resources import EvenniaCommandTest

from commands.social_scene import CmdScene
from commands.social_speech import CmdMultiDescribe
from server.patches import player_text
from tests.social.helpers import SocialTest
from world.social import scenes
from world.social.models import Scene


class TestMultiDescribe(EvenniaCommandTest):
    def test_editing_before_any_description_opens_the_editor(self):
        self.char1.attributes.remove("multidesc")
        out = self.call(CmdMultiDescribe(), "/edit is $$$$", caller=self.char1)
        assert "NoneType" not in out and "error" not in out.lower()
        assert "Line Editor" in out
        assert self.char1.db.multidesc is not None  # the contrib's editor reads the store


class TestSceneLogOfHostilePoses(SocialTest):
    """A logged scene reads player text as the room does: bounded, never a template."""

    def setUp(self):
        super().setUp()
        player_text.install()
        self.addCleanup(player_text.uninstall)
        self.call(CmdScene(), "/start Hostile", caller=self.char1)

    def logged(self):
        return list(Scene.objects.get().entries.values_list("text", flat=True))

    def test_braces_are_logged_as_typed(self):
        with mock.patch.object(scenes.logger, "log_trace") as trace:
            self.call(CmdPose(), "is {name} {} by the wall", caller=self.char2)
        assert trace.call_count == 0
        assert self.logged() == [f"{self.char2.key} is {{name}} {{}} by the wall"]

    def test_a_huge_pad_is_not_run_for_the_log(self):
        started = time.monotonic()
        self.call(CmdPose(), "agility $pad(x, 99999999)", caller=self.char2)
        assert time.monotonic() - started < 1
        assert "$pad(x, 99999999)" in self.logged()[0]


def test_goldengrave_wraps_a_huge_refusal_fast():
    from world.goldengrave import render

    text = "There is no dungeon called '" + "word " * 1100 + "'. |wsee|n"
    started = time.monotonic()
    wrapped = render.fit(text)
    assert time.monotonic() - started < 0.5
    lines = wrapped.split("\n")
    assert all(render._visible(line) <= 78 for line in lines)
    assert " ".join(line.strip() for line in lines).split() == text.split()


def test_odd_digits_make_no_dbref():
    from evennia.utils.utils import dbref

    from server.patches import dbref_digits

    try:
        dbref("#²")
    except ValueError:
        pass  # Evennia's own: the reason for the patch
    dbref_digits.install()
    try:
        assert dbref("#²") is None and dbref("²", reqhash=False) is None
        assert dbref("#12") == 12 and dbref("12", reqhash=False) == 12 and dbref("#0") is None
    finally:
        dbref_digits.uninstall()
    try:
        dbref("#²")
        raise AssertionError("uninstall should put Evennia's dbref back")
    except ValueError:
        pass


class TestBoardNumbers(SocialTest):
    def test_odd_digits_name_no_board(self):
        from commands.social_boards import CmdBoard

        out = self.call(CmdBoard(), "²³", caller=self.char2)
        assert "ValueError" not in out and "invalid literal" not in out
