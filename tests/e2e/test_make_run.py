"""
`make run`, `make status` and `make stop` on what a fresh clone holds.

The repository's files (tracked, and new ones git does not ignore, as a
clone of this work would have them: no logs folder, database, secret key or
admin file) are copied to a temporary folder that shares this venv. The game
is started there on free ports chosen in the environment; `make status` and
`make stop` are then run WITHOUT those variables, as a player coming back to
another shell would, and must still find that game and stop it.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from server import install
from tests.e2e.gameserver import REPO, free_ports
from tests.e2e.telnet_client import TelnetClient
from world.identity import START_ROOM_NAME

PORT_NAMES = ("DELVER_TELNET_PORT", "DELVER_WEB_PORT", "DELVER_WS_PORT")
ADMIN = ("Warden", "warden-lamp-77")


def _clone_like_copy(target):
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout.split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file() and not source.is_symlink():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)  # keeps mtimes: make sees the venv as current
    (target / ".venv").symlink_to((REPO / ".venv").resolve())


def _make(game_dir, target, env):
    done = subprocess.run(
        ["make", "--no-print-directory", target], cwd=game_dir, env=env,
        capture_output=True, text=True, timeout=300,
    )
    return done.returncode, done.stdout + done.stderr


@pytest.fixture
def fresh_clone(tmp_path):
    game_dir = tmp_path / "delver"
    game_dir.mkdir()
    _clone_like_copy(game_dir)
    yield game_dir
    pids = install.running_pids(game_dir)
    if pids:
        install.terminate(pids)


def test_make_run_status_and_stop_on_a_fresh_clone(fresh_clone):
    assert not (fresh_clone / "server" / "logs").exists()
    plain_env = {key: value for key, value in os.environ.items()
                 if not key.startswith("DELVER_") and key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    telnet, web, websocket = free_ports(3)
    run_env = {**plain_env, **dict(zip(PORT_NAMES, map(str, (telnet, web, websocket)))),
               "DELVER_ADMIN_USER": ADMIN[0], "DELVER_ADMIN_PASSWORD": ADMIN[1]}

    code, output = _make(fresh_clone, "run", run_env)
    assert code == 0, output
    assert f"telnet localhost {telnet}" in output
    assert f"http://localhost:{web}/webclient/" in output
    assert "Traceback" not in output
    assert (fresh_clone / "server" / "conf" / "secret_settings.py").exists()

    with TelnetClient(telnet) as client:
        client.read_until("connect", timeout=15)
        client.send(f"connect {ADMIN[0]} {ADMIN[1]}")
        client.read_until(START_ROOM_NAME, timeout=20)
        assert START_ROOM_NAME in client.command("look")

    code, output = _make(fresh_clone, "run", run_env)
    assert code == 0 and "already running" in output, output

    code, output = _make(fresh_clone, "status", plain_env)
    assert code == 0 and "Delver is running" in output, output
    assert f"telnet localhost {telnet}" in output  # the running game's port, not the default

    code, output = _make(fresh_clone, "stop", plain_env)
    assert code == 0 and "Delver is stopped" in output, output
    assert install.running_pids(fresh_clone) == []
    code, output = _make(fresh_clone, "status", plain_env)
    assert "Delver is not running" in output
