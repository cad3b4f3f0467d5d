"""
Evennia's own core test suite, run with every patch of server/patches/
installed (Server's and Portal's), from `make test`:

    evennia test --settings evennia_test_settings evennia.commands evennia.locks ...

`PatchedRunner` installs the patches before the first test and skips the
tests listed in `CHANGED_ON_PURPOSE`: each asserts a detail that Delver
changes deliberately (a patch, or the game's own cmdsets), never a public
contract (return types, Deferreds, signatures: those the patches keep, and
a test that finds one broken fails here). A listed test that no longer
exists makes the run fail, so the list cannot go stale.
"""

import os
import sys
import unittest

from evennia.server.tests.testrunner import EvenniaTestSuiteRunner

# Evennia 6.1's core packages whose tests `make test` runs.
CORE_SUITE = (
    "evennia.commands",
    "evennia.locks",
    "evennia.utils",
    "evennia.server",
    "evennia.objects",
    "evennia.accounts",
    "evennia.help",
    "evennia.comms",
    "evennia.scripts",
    "evennia.typeclasses",
    "evennia.prototypes",
)

# test id: (what changes it, why the test's assertion does not hold for Delver)
CHANGED_ON_PURPOSE = {
    "evennia.commands.tests.TestGetAndMergeCmdSets.test_from_account": (
        "commands/system.py",
        "Delver's account cmdset holds its own no-match command (CmdNoMatch); the test "
        "expects exactly Evennia's default account commands.",
    ),
}

# A patch's own tests, named by the patch, are added to this at run time: see
# `_changed_by_patches` (the notes of a patch list Evennia tests it changes).


class PatchedRunner(EvenniaTestSuiteRunner):
    """Evennia's runner, with every patch installed and the listed tests skipped."""

    def setup_test_environment(self, **kwargs):
        super().setup_test_environment(**kwargs)
        from server import patches

        installed = patches.install("server", setting="on", log=_say)
        installed += patches.install("portal", setting="on", log=_say)
        missing = set(patches.all_patches()) - set(installed)
        if missing:
            raise RuntimeError(f"Patches not installed (upstream changed?): {sorted(missing)}")

    def build_suite(self, *args, **kwargs):
        suite = super().build_suite(*args, **kwargs)
        changed = {**CHANGED_ON_PURPOSE, **_changed_by_patches()}
        found = set()
        for test in _tests_of(suite):
            reason = changed.get(test.id())
            if reason:
                found.add(test.id())
                _skip(test, f"changed on purpose by {reason[0]}: {reason[1]}")
        labels = args[0] if args else kwargs.get("test_labels") or ()
        stale = [test_id for test_id in changed if test_id not in found and _in(test_id, labels)]
        if stale:
            raise RuntimeError(f"CHANGED_ON_PURPOSE names tests that do not exist: {stale}")
        return suite


def _changed_by_patches():
    from server import patches

    changed = {}
    for name, patch in patches.all_patches().items():
        for test_id, why in patch.notes.get("evennia_tests", {}).items():
            changed[test_id] = (f"server/patches/{name}.py", why)
    return changed


def _tests_of(suite):
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            yield from _tests_of(test)
        else:
            yield test


def _skip(test, reason):
    def skipped(*args, **kwargs):
        raise unittest.SkipTest(reason)

    setattr(test, test._testMethodName, skipped)


def _in(test_id, labels):
    return not labels or any(test_id.startswith(label + ".") for label in labels)


def _say(message, warn=False):
    print(message, file=sys.stderr)


def command(python=sys.executable):
    """The command line `make test` runs (from the game directory)."""
    evennia = os.path.join(os.path.dirname(python), "evennia")
    return [evennia, "test", "--settings", "evennia_test_settings", "--noinput", *CORE_SUITE]


if __name__ == "__main__":  # make test-evennia: only this suite
    import subprocess
    import time

    os.makedirs(os.path.join("server", "logs"), exist_ok=True)
    started = time.monotonic()
    env = {key: value for key, value in os.environ.items() if key != "DELVER_PATCHES"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    code = subprocess.call(command(), env=env)
    print(f"Evennia's core suite: {time.monotonic() - started:.0f} s")
    sys.exit(code)
