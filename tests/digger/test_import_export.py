"""Dungeons as YAML files: +dungeon/export and +dungeon/import inside the dungeon
directory only, round trips that give the same deck back, bad files named by file,
card and field, and the `evennia dungeons` launcher command (in-process and for real,
in a subprocess)."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.test import override_settings

from commands.digger import CmdDungeon
from world.digger import deckfile, dungeon_files
from world.digger.models import Dungeon, Run
from world.digger.store import dungeon_from_db, save_dungeon

from .building_helpers import BuilderTest, snapshot
from .fixtures import flat

BAD_LEVEL = """\
number: 9
name: Broken Steps
type: Ruin
cards:
- key: top
  kind: entry
  ability: Brute
  level: 1
- key: middle
  kind: exploration
  ability: Wits
  level: 7
"""


def deck_of(number):
    return dungeon_from_db(Dungeon.objects.get(number=number))


class FilesTest(BuilderTest):
    def setUp(self):
        super().setUp()
        self.dir = Path(tempfile.mkdtemp(prefix="delver-dungeons-"))
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        settings = override_settings(DIGGER_DUNGEON_DIR=str(self.dir))
        settings.enable()
        self.addCleanup(settings.disable)


class TestExport(FilesTest):
    def test_export_writes_the_file_and_shows_it(self):
        out = self.run_dungeon("/export 1")
        path = self.dir / "01-test-barrow.yaml"
        assert path.read_text() == deckfile.dump_dungeon(deck_of(1))
        assert out.startswith("number: 1\nname: Test Barrow\ntype: Ruin")
        assert "- key: gate\n  kind: entry" in out
        assert f"Written to {path}" in out

    def test_export_to_a_name_of_ones_choosing_stays_in_the_directory(self):
        self.run_dungeon("/export 1=barrow-copy")
        assert (self.dir / "barrow-copy.yaml").is_file()
        out = self.run_dungeon("/export 1=../outside")
        assert "no '..'" in flat(out)
        assert not (self.dir.parent / "outside.yaml").exists()

    def test_a_draft_exports_too(self):
        number = self.new_dungeon()
        self.run_card(f"/add {number}=entry Brute 1 Tire: The Rusted Gate")
        out = self.run_dungeon(f"/export {number}")
        assert "name: The Sunken Vault" in out and "conditions: [Tire]" in out


class TestImport(FilesTest):
    def write(self, name, text):
        (self.dir / name).write_text(text)

    def test_round_trip_gives_the_same_deck(self):
        number = self.new_dungeon()
        for line in (
            "entry Brute 1 Tire, bad luck: The Rusted Gate / It will not budge.",
            "exploration Wits 2 Save Point: The Riddle Door",
            "final Combat 4 Maim, Suffer: The Drowned King / He rises.",
            "discovery: The Salt Crown / A crown of white crystal.",
        ):
            self.run_card(f"/add {number}={line}")
        self.run_dungeon(f"/describe {number}=Salt water drips.")
        for made in (1, number):
            before = deck_of(made)
            self.run_dungeon(f"/export {made}")
            self.run_dungeon(f"/delete {made}=yes")
            out = self.run_dungeon(f"/import {dungeon_files.file_name(before)}")
            assert "imported as a draft" in out, out
            assert deck_of(made) == before

    def test_a_sample_round_trips_through_the_database(self):
        sample = deckfile.load_dungeon_file(deckfile.sample_path(3))
        save_dungeon(sample)
        self.run_dungeon("/export 3")
        self.run_dungeon("/delete 3=yes")
        self.run_dungeon(f"/import {dungeon_files.file_name(sample)}")
        assert deck_of(3) == sample

    def test_a_taken_number_needs_replace(self):
        self.run_dungeon("/export 1=barrow")
        self.run_card("/edit 1/hall=title:The Long Hall")
        self.refused(CmdDungeon(), "/import barrow", "There is already a dungeon #1 (Test Barrow)")
        self.refused(CmdDungeon(), "/import barrow=please", "Only =replace may follow")
        out = self.run_dungeon("/import barrow.yaml=replace")
        assert out.startswith("Dungeon #1 Test Barrow is replaced from barrow.yaml")
        assert deck_of(1).card("hall").title == "The Hall"
        assert Dungeon.objects.get(number=1).published  # replacing keeps the flag

    def test_the_number_of_a_deleted_dungeon_that_runs_remember_needs_replace(self):
        self.leave_a_past_run()
        self.run_dungeon("/export 1=barrow")
        self.run_dungeon("/delete 1=yes")
        out = self.refused(CmdDungeon(), "/import barrow", "Dungeon #1 was deleted, but past runs")
        assert "give the file another number, or import it with replace" in flat(out)
        assert not Dungeon.objects.filter(number=1).exists()
        out = self.run_dungeon("/import barrow=replace")
        assert out.startswith("Dungeon #1 Test Barrow is imported as a draft from barrow.yaml")
        assert deck_of(1).card("hall").title == "The Hall"
        assert Run.objects.get().dungeon_number == 1

    def test_a_new_dungeon_comes_in_as_a_draft_with_its_warnings(self):
        self.write("copy.yaml", deckfile.dump_dungeon(deck_of(1)).replace("number: 1", "number: 5"))
        out = self.run_dungeon("/import copy")
        assert out.startswith("Dungeon #5 Test Barrow is imported as a draft from copy.yaml")
        assert "- The deck has 9 cards; public decks have 16-20." in out
        assert not Dungeon.objects.get(number=5).published

    def test_bad_files_are_refused_naming_file_card_and_field(self):
        self.write("broken.yaml", BAD_LEVEL)
        out = self.refused(CmdDungeon(), "/import broken", "broken.yaml, card 'middle' (#2), ")
        assert "field 'level': must be a whole number 1-4, got 7." in flat(out)
        self.write("garbled.yaml", "number: [1\n")
        self.refused(CmdDungeon(), "/import garbled", "garbled.yaml: not valid YAML: line")
        self.write("finalless.yaml", BAD_LEVEL.replace("level: 7", "level: 2"))
        self.refused(CmdDungeon(), "/import finalless", "finalless.yaml: The dungeon has no Final")
        self.refused(CmdDungeon(), "/import nowhere", "There is no dungeon file nowhere.yaml.")

    def test_nothing_outside_the_directory_is_read(self):
        outside = self.dir.parent / f"{self.dir.name}-outside.yaml"
        outside.write_text(deckfile.dump_dungeon(deck_of(1)))
        self.addCleanup(outside.unlink)
        (self.dir / "sub").mkdir()
        (self.dir / "sub" / "link.yaml").symlink_to(outside)
        for name, message in {
            f"../{outside.name}": "no '..'",
            f"sub/../../{outside.name}": "no '..'",
            str(outside): "is outside the dungeon directory",
            "/etc/passwd": "is outside the dungeon directory",
            "sub/link.yaml": "is outside the dungeon directory",
        }.items():
            self.refused(CmdDungeon(), f"/import {name}=replace", message)

    def test_an_absolute_path_inside_the_directory_is_fine(self):
        self.run_dungeon("/export 1=barrow")
        out = self.run_dungeon(f"/import {self.dir / 'barrow.yaml'}=replace")
        assert out.startswith("Dungeon #1 Test Barrow is replaced")

    def test_import_alone_lists_the_files(self):
        assert "There are no dungeon files in" in self.run_dungeon("/import")
        self.run_dungeon("/export 1")
        self.write("notes.txt", "not a dungeon")
        out = self.run_dungeon("/import")
        assert "01-test-barrow.yaml" in out and "notes.txt" not in out


class TestLauncherInProcess(FilesTest):
    def test_import_export_list_and_refusals(self):
        out_file = self.dir / "exported.yaml"
        dungeon_files.launcher("export", "1", str(out_file))
        assert out_file.read_text() == deckfile.dump_dungeon(deck_of(1))
        with pytest.raises(SystemExit) as exit_:
            dungeon_files.launcher("import", str(out_file))
        assert exit_.value.code == 1
        before = snapshot()
        dungeon_files.launcher("import", str(out_file), "--replace")
        assert snapshot()[1] == before[1]
        bad = self.dir / "broken.yaml"
        bad.write_text(BAD_LEVEL)
        with pytest.raises(SystemExit):
            dungeon_files.launcher("import", str(bad))
        assert not Dungeon.objects.filter(number=9).exists()


def _launcher_output(capsys, *args):
    dungeon_files.launcher(*args)
    return capsys.readouterr().out


@pytest.mark.django_db
def test_launcher_messages(capsys, tmp_path):
    save_dungeon(deckfile.load_dungeon_file(deckfile.sample_path(1)), published=True)
    assert "1  The Saltwick Light (Ruin, published)" in _launcher_output(capsys, "list")
    assert _launcher_output(capsys, "export", "1", "-").startswith("number: 1\n")
    out = _launcher_output(capsys, "export", "1", str(tmp_path / "one.yaml"))
    assert out == f"Dungeon #1 written to {tmp_path / 'one.yaml'}.\n"
    bad = tmp_path / "broken.yaml"
    bad.write_text(BAD_LEVEL)
    with pytest.raises(SystemExit):
        dungeon_files.launcher("import", str(bad))
    assert "broken.yaml, card 'middle' (#2), field 'level'" in capsys.readouterr().err


def test_the_launcher_is_wired_into_evennia():
    """`evennia dungeons ...` for real: a throw-away game directory and database."""
    from tests.e2e.gameserver import GameServer

    game = GameServer()
    try:
        game.evennia("migrate")
        sample = deckfile.sample_path(4)

        def dungeons(*args):
            return subprocess.run(
                [str(Path(sys.executable).with_name("evennia")), "dungeons", *args],
                cwd=game.dir,
                env=game.env,
                capture_output=True,
                text=True,
                timeout=120,
            )

        done = dungeons("import", str(sample))
        assert done.returncode == 0, done.stderr
        assert "Dungeon #4 " in done.stdout and "imported as a draft" in done.stdout
        again = dungeons("import", str(sample))
        assert again.returncode == 1 and "There is already a dungeon #4" in again.stderr
        exported = dungeons("export", "4")
        assert exported.returncode == 0, exported.stderr
        dungeon = deckfile.load_dungeon_file(sample)
        written = game.dir / "server" / "dungeons" / dungeon_files.file_name(dungeon)
        assert written.read_text() == deckfile.dump_dungeon(dungeon)
    finally:
        game.cleanup()
    assert not os.path.exists(game.dir)
