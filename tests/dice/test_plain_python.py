"""The dice engines are plain Python: importing any of them loads no Django,
Evennia or Twisted module, so the simulator and scripts can use them bare, and
nothing of the game either (`world.dice.digger` is given the Digger rules it
resolves with; it does not read `world.digger.rules`).

The check runs in a fresh interpreter, since this test process has Django and
Evennia loaded already. Every module of `world.dice` is imported, found on
disk so a new engine is checked as soon as it exists.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRAMEWORKS = ("django", "evennia", "twisted")

PROBE = f"""
import importlib, json, pkgutil, sys
import world.dice
names = sorted(m.name for m in pkgutil.iter_modules(world.dice.__path__, "world.dice."))
for name in names:
    importlib.import_module(name)
frameworks = sorted(m for m in sys.modules if m.split(".")[0] in {FRAMEWORKS!r})
game = sorted(m for m in sys.modules if m.startswith("world.") and not m.startswith("world.dice"))
print(json.dumps({{"modules": names, "frameworks": frameworks, "game": game}}))
"""


def _run_probe(before=""):
    """Run the probe in a fresh interpreter (after the code `before`)."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", before + PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_importing_every_dice_engine_loads_no_framework():
    found = _run_probe()
    expected = {"digger", "expr", "goldengrave", "kroll", "oldgold", "results"}
    assert expected <= {name.rsplit(".", 1)[1] for name in found["modules"]}
    assert found["frameworks"] == []
    assert found["game"] == []


def test_the_probe_sees_a_framework_import():
    # Proof that the empty list above means something: made to import Django
    # first, the same probe reports it.
    assert "django" in _run_probe(before="import django\n")["frameworks"]


def test_the_probe_sees_a_game_import():
    # The same proof for the game's modules.
    assert "world.digger.rules" in _run_probe(before="import world.digger.rules\n")["game"]
