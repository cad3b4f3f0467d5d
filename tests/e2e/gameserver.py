"""
A real Delver server (Portal and Server) for end-to-end tests.

`GameServer` builds a throw-away game directory that links to this
repository's code (so pid files, logs and the database are its own), picks
free loopback ports, migrates, starts Evennia through its launcher, and stops
it again. Nothing here touches a game started with `make run`.
"""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from server.install import wait_until_ready

REPO = Path(__file__).resolve().parents[2]
CODE_DIRS = ("commands", "typeclasses", "world", "web")
ADMIN = ("admin", "admin-e2e-password")
STARTUP_TIMEOUT = 180
RELOAD_TIMEOUT = 90
RELOADED = "Server successfully reloaded."  # what Evennia logs as a reloaded Server starts
# Test and benchmark games only: Django's default hasher costs most of a
# second of CPU per account created or logged in.
FAST_HASHER = 'PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]\n'


def free_ports(count):
    """`count` distinct TCP ports that are free on loopback right now."""
    sockets, ports = [], []
    for _ in range(count):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        sockets.append(probe)
        ports.append(probe.getsockname()[1])
    for probe in sockets:
        probe.close()
    return ports


def launch(game):
    """
    `evennia start` and wait until the game takes players. The launcher waits
    only 10 s for the Portal; on a loaded machine it can give up ("timed
    out") with the Portal still coming up, and a second `start` then starts
    the Server beside it.
    """
    for _ in range(3):
        if "timed out" not in game.evennia("start"):
            break
    if not wait_until_ready(game.dir, game.telnet_port, STARTUP_TIMEOUT):
        raise RuntimeError(f"{type(game).__name__} did not come up:\n{game.log_tail()}")


class GameServer:
    """One running game on free ports with its own database."""

    def __init__(self, database_url=None, approval_required=False, extra_env=None):
        self.dir = Path(tempfile.mkdtemp(prefix="delver-e2e-"))
        self.telnet_port, self.web_port, self.ws_port, amp, web_internal = free_ports(5)
        self.database_url = database_url or f"sqlite:///{self.dir / 'delver.db3'}"
        self.env = {
            **os.environ,
            "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
            "DELVER_TELNET_PORT": str(self.telnet_port),
            "DELVER_WEB_PORT": str(self.web_port),
            "DELVER_WS_PORT": str(self.ws_port),
            "DELVER_AMP_PORT": str(amp),
            "DELVER_WEB_INTERNAL_PORT": str(web_internal),
            "DELVER_INTERFACE": "127.0.0.1",
            "DATABASE_URL": self.database_url,
            "DELVER_NO_THROTTLE": "1",
            "DELVER_SECRET_KEY": "e2e-only-key",
            "EVENNIA_SUPERUSER_USERNAME": ADMIN[0],
            "EVENNIA_SUPERUSER_PASSWORD": ADMIN[1],
            "EVENNIA_SUPERUSER_EMAIL": "",
        }
        if not approval_required:  # as the unit tests: only approval's own tests need it
            self.env["DELVER_NO_APPROVAL"] = "1"
        self.env.update(extra_env or {})
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self._build_game_dir()

    @property
    def web_url(self):
        return f"http://127.0.0.1:{self.web_port}"

    def _build_game_dir(self):
        # server/conf is a folder of links to the repository's files, with a
        # settings.py that loads the real one and swaps in a fast hasher.
        server = self.dir / "server"
        (server / "logs").mkdir(parents=True)
        shutil.copy(REPO / "server" / "__init__.py", server / "__init__.py")
        conf = server / "conf"
        conf.mkdir()
        for entry in (REPO / "server" / "conf").iterdir():
            if entry.name not in ("settings.py", "secret_settings.py", "__pycache__"):
                (conf / entry.name).symlink_to(entry)
        (conf / "delver_settings.py").symlink_to(REPO / "server" / "conf" / "settings.py")
        (conf / "settings.py").write_text(
            '"""Delver\'s settings with a fast password hasher (tests only)."""\n\n'
            "from server.conf.delver_settings import *  # noqa: F401,F403\n\n" + FAST_HASHER
        )
        (server / "patches").symlink_to(REPO / "server" / "patches")
        for name in CODE_DIRS:
            (self.dir / name).symlink_to(REPO / name)

    def evennia(self, *args, timeout=180):
        result = subprocess.run(
            [str(Path(sys.executable).with_name("evennia")), *args],
            cwd=self.dir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode != 0:
            raise RuntimeError(f"evennia {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def start(self):
        self.evennia("migrate")
        launch(self)
        return self

    def server_pid(self):
        """The running Server process's pid, from its pid file (None without one)."""
        try:
            return int((self.dir / "server" / "server.pid").read_text())
        except (OSError, ValueError):
            return None

    def server_log(self):
        path = self.dir / "server" / "logs" / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def reload(self):
        """
        `evennia reload`: the Server process restarts, the Portal keeps the
        connections. Returns (old pid, new pid) once a new Server process is
        running, has logged this reload and answers players; raises if not.
        """
        old_pid, reloads = self.server_pid(), self.server_log().count(RELOADED)
        self.evennia("reload")
        deadline = time.monotonic() + RELOAD_TIMEOUT
        while True:
            new_pid = self.server_pid()
            if new_pid not in (None, old_pid) and self.server_log().count(RELOADED) > reloads:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"No new Server after `evennia reload` (pid {old_pid} -> {new_pid}):\n"
                    + self.log_tail()
                )
            time.sleep(0.2)
        self.wait_until_server_answers()
        return old_pid, new_pid

    def wait_until_server_answers(self, timeout=90):
        from tests.e2e.telnet_client import TelnetClient

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with TelnetClient(self.telnet_port) as client:
                    if "connect" in client.read_until("connect", timeout=3):
                        return
            except (OSError, TimeoutError):
                pass
            time.sleep(0.5)
        raise RuntimeError("Delver's Server did not come back after a reload")

    def stop(self):
        try:
            self.evennia("stop", timeout=60)
        except (RuntimeError, subprocess.TimeoutExpired):
            self._kill_by_pidfiles()

    def _kill_by_pidfiles(self):
        for name in ("server.pid", "portal.pid"):
            try:
                os.kill(int((self.dir / "server" / name).read_text()), 9)
            except (OSError, ValueError):
                pass

    def log_tail(self, lines=60):
        texts = []
        for name in ("server.log", "portal.log"):
            path = self.dir / "server" / "logs" / name
            if path.exists():
                texts.append(f"--- {name}\n" + "\n".join(path.read_text().splitlines()[-lines:]))
        return "\n".join(texts)

    def cleanup(self):
        shutil.rmtree(self.dir, ignore_errors=True)


@contextmanager
def running(server):
    """Start `server` and yield it; stop and clean it up afterwards (a start
    that fails prints the game's log first)."""
    try:
        server.start()
    except Exception:
        print(server.log_tail())
        server.stop()
        raise
    try:
        yield server
    finally:
        server.stop()
        server.cleanup()
