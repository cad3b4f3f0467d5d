"""
The patch layer's guards: each patch's targets are the upstream source it was
written for; a patch whose target changed is not installed; DELVER_PATCHES
chooses; uninstalling puts Evennia's own behaviour back.
"""

import hashlib
import importlib
import inspect
from unittest import mock

import pytest

from server import patches
from tests.server.plugin_patches import plugins_undone_afterwards

PATCHES = patches.all_patches()


@pytest.mark.parametrize("name", sorted(PATCHES))
def test_upstream_source_is_what_the_patch_was_written_for(name):
    changed = patches.changed_targets(PATCHES[name])
    assert not changed, (
        f"patch {name}: upstream changed under it (target: (recorded, found)): {changed}. "
        f"Read the new source, update server/patches/{name}.py, then its fingerprints."
    )


def test_every_patch_is_well_formed():
    assert len(PATCHES) >= 18
    for name, patch in PATCHES.items():
        assert patch.why and callable(patch.install) and callable(patch.uninstall), name
        for target, recorded in patch.targets.items():
            assert ":" in target and len(recorded) == 64, (name, target)


def _live(target):
    module_name, _, qualname = target.partition(":")
    value = importlib.import_module(module_name)
    for part in qualname.split("."):
        value = getattr(value, part)
    return value


def test_a_fingerprint_is_the_sha256_of_inspect_getsource():
    # Read before anything is installed over them (nothing is, in this process).
    for target in ("evennia.commands.cmdset:CmdSet.get", "evennia.utils.ansi:parse_ansi",
                   "twisted.internet.defer:inlineCallbacks"):
        source = inspect.getsource(_live(target))
        assert patches.fingerprint(target) == hashlib.sha256(source.encode()).hexdigest()
    assert patches.fingerprint("evennia.commands.cmdset:CmdSet.no_such_method") == "missing"


def test_the_fingerprint_reads_the_file_not_what_is_installed():
    before = patches.fingerprint("evennia.commands.cmdset:CmdSet.get")
    with plugins_undone_afterwards():
        PATCHES["cmdset_lookup"].install()
        assert patches.fingerprint("evennia.commands.cmdset:CmdSet.get") == before


def test_the_guard_fails_naming_the_patch_when_upstream_changes():
    real = patches.target_source

    def edited(target):
        source = real(target)  # as if an upgrade had changed how the sweep is called
        return source + "    # changed\n" if target.endswith("server_maintenance") else source

    with mock.patch.object(patches, "target_source", edited):
        with pytest.raises(AssertionError, match="patch maintenance: upstream changed"):
            test_upstream_source_is_what_the_patch_was_written_for("maintenance")
        test_upstream_source_is_what_the_patch_was_written_for("senddata")  # others still pass


def test_a_patch_whose_target_changed_is_not_installed_and_the_log_says_so():
    from evennia.server.service import EvenniaServerService

    evennias = EvenniaServerService.server_maintenance
    real = patches.fingerprint
    log = mock.Mock()
    changed = "evennia.server.service:EvenniaServerService.server_maintenance"
    with plugins_undone_afterwards():
        with mock.patch.object(
            patches, "fingerprint", lambda target: "0" * 64 if target == changed else real(target)
        ):
            done = patches.install("server", setting="maintenance,senddata", log=log)
        assert done == ["senddata"]
        assert EvenniaServerService.server_maintenance is evennias
    warned = [call for call in log.call_args_list if call.kwargs.get("warn")]
    assert len(warned) == 1
    assert "maintenance NOT installed" in warned[0].args[0] and changed in warned[0].args[0]


@pytest.mark.parametrize(
    "setting, expected",
    [
        ("", "all"),
        ("on", "all"),
        ("off", set()),
        ("none", set()),
        ("senddata, lock_eval", {"senddata", "lock_eval"}),
    ],
)
def test_delver_patches_chooses(setting, expected):
    chosen, unknown = patches.chosen_names(PATCHES, setting)
    assert chosen == (set(PATCHES) if expected == "all" else expected) and unknown == []


def test_an_unknown_name_is_warned_about():
    log = mock.Mock()
    with plugins_undone_afterwards():
        assert patches.install("server", setting="senddata,no_such_patch", log=log) == ["senddata"]
    assert any("no_such_patch" in call.args[0] for call in log.call_args_list)


def test_off_installs_nothing(monkeypatch):
    monkeypatch.setenv("DELVER_PATCHES", "off")
    log = mock.Mock()
    with plugins_undone_afterwards():
        assert patches.install("server", log=log) == []
        assert patches.install("portal", log=log) == []
        assert patches.installed() == []


def test_each_process_installs_its_own():
    with plugins_undone_afterwards():
        server = patches.install("server", setting="on", log=mock.Mock())
    with plugins_undone_afterwards():
        portal = patches.install("portal", setting="on", log=mock.Mock())
    for name, patch in PATCHES.items():
        assert (name in server) == (patch.process in ("server", "both")), name
        assert (name in portal) == (patch.process in ("portal", "both")), name
    assert server[-1] == "gc_tuning"  # last: it freezes what the start-up made


def _targets_now():
    return {
        target: _live(target)
        for patch in PATCHES.values()
        for target in patch.targets
    }


def test_uninstall_puts_evennias_behaviour_back():
    from evennia.accounts.accounts import DefaultAccount
    from evennia.commands import cmdhandler
    from evennia.locks import lockhandler
    from evennia.objects import objects as evennia_objects
    from evennia.objects.objects import DefaultObject
    from evennia.server import inputfuncs

    # Besides the targets: what patches replace that is no target of theirs.
    watched = [
        (evennia_objects, "_MSG_CONTENTS_PARSER"),
        (cmdhandler, "cmdhandler"), (cmdhandler, "_COMMAND_PARSER"),
        (cmdhandler, "get_and_merge_cmdsets"), (cmdhandler, "inlineCallbacks"),
        (inputfuncs, "cmdhandler"), (DefaultObject, "nicks"), (DefaultAccount, "nicks"),
    ]
    before_targets = _targets_now()
    before = {(owner, name): vars(owner).get(name) for owner, name in watched}
    had_eval = "eval" in vars(lockhandler)
    with plugins_undone_afterwards():
        installed = patches.install("server", setting="on", log=mock.Mock())
        installed += patches.install("portal", setting="on", log=mock.Mock())
        assert _targets_now() != before_targets
        patches.uninstall()
        assert patches.installed() == []
        assert _targets_now() == before_targets
        assert {(owner, name): vars(owner).get(name) for owner, name in watched} == before
        assert ("eval" in vars(lockhandler)) == had_eval
    assert set(installed) == set(PATCHES)


class TestUninstalledPlaysAsEvennia:
    """With every patch installed and then uninstalled, a line is answered by Evennia's code."""

    @pytest.fixture
    def game(self, db):
        from evennia.utils import create

        room = create.create_object("typeclasses.rooms.Room", key="Stone Hall")
        account = create.create_account("Guard", email="g@example.com", password="testpassword")
        char = create.create_object("typeclasses.characters.Character", key="Guard",
                                    location=room, home=room)
        yield account, char, room
        char.delete()
        room.delete()
        account.delete()

    def test_a_look_through_the_handler(self, game):
        from evennia.commands import cmdhandler

        account, char, room = game
        answers = []
        with plugins_undone_afterwards():
            patches.install("server", setting="on", log=mock.Mock())
            with mock.patch.object(type(char), "msg", lambda self, text=None, **kw: answers.append(
                    ("on", str(text)))):
                cmdhandler.cmdhandler(char, "look", callertype="object")
            patches.uninstall()
            evennias = importlib.import_module("evennia.commands.cmdhandler").cmdhandler
            assert not getattr(evennias, "_delver_inline", False)
            with mock.patch.object(type(char), "msg", lambda self, text=None, **kw: answers.append(
                    ("off", str(text)))):
                evennias(char, "look", callertype="object")
        on = [text for state, text in answers if state == "on"]
        off = [text for state, text in answers if state == "off"]
        assert on and on == off and "Stone Hall" in on[0]
