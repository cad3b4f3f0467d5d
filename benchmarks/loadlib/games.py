"""
The two games the load benchmark compares, each started in a throw-away
directory on free loopback ports and removed again afterwards.

- `DelverGame`: Delver exactly as the end-to-end tests start it
  (`GameServer`, which already swaps in the MD5 password hasher: Django's
  default costs about 0.75 s of CPU per hash here, so creating and logging in
  1,000 accounts would take half an hour; logins are not what is measured).
- `DelverPatchesOff`: the same with `DELVER_PATCHES=off`, so Delver runs on
  plain Evennia (`--patches-off` adds it to a run).
- `StockGame`: a fresh `evennia --init` game from the same virtualenv, with
  the same throttle lifts and hasher, otherwise untouched.

Both keep their SQLite file on disk, as the product's speed goal asks
(`--ram-db` puts it in RAM, /dev/shm, for a quicker login phase on a slow
disk); Delver's can be a PostgreSQL database instead (`--postgres URL`: a
database made on that server for the run and dropped afterwards).
"""

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.e2e.gameserver import FAST_HASHER, STARTUP_TIMEOUT, GameServer, free_ports, launch

VENV_BIN = Path(sys.executable).parent


def process_ids(game_dir):
    """The Server's and Portal's process ids (None when not running)."""
    ids = {}
    for name in ("server", "portal"):
        try:
            ids[name] = int((Path(game_dir) / "server" / f"{name}.pid").read_text().strip())
        except (OSError, ValueError):
            ids[name] = None
    return ids


def stop_and_remove(game, remove):
    """
    `evennia stop`, then kill what is still running: a Server buried under a
    backlog of commands may not get round to stopping in time.
    """
    try:
        game.evennia("stop", timeout=30)
    except (RuntimeError, subprocess.TimeoutExpired, OSError):
        pass
    for pid in game.process_ids().values():
        if pid and _runs_from(pid, game.dir):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    remove()


def _runs_from(pid, game_dir):
    """True when process `pid` is still this game's (its pid file is in game_dir)."""
    try:
        command_line = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False
    return str(game_dir) in command_line


def database_folder(in_ram):
    """A new folder for a game's SQLite file: in RAM when possible and wanted."""
    ram = Path("/dev/shm")
    folder = ram if in_ram and ram.is_dir() else None
    return Path(tempfile.mkdtemp(prefix="delver-bench-db-", dir=folder))


class PostgresDatabase:
    """A database of its own on the PostgreSQL server of `server_url`, dropped by `drop`."""

    def __init__(self, server_url):
        import dj_database_url
        import psycopg

        self._psycopg, config = psycopg, dj_database_url.parse(server_url)
        self.name = f"delver_bench_{secrets.token_hex(4)}"
        self._server = {"host": config["HOST"], "port": config["PORT"] or 5432,
                        "user": config["USER"], "password": config["PASSWORD"],
                        "dbname": config["NAME"], "autocommit": True}
        with psycopg.connect(**self._server) as connection:
            connection.execute(f'CREATE DATABASE "{self.name}"')
        self.url = server_url.rsplit("/", 1)[0] + "/" + self.name

    def drop(self):
        with self._psycopg.connect(**self._server) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class DelverGame(GameServer):
    """Delver on free ports with its own database and a fast password hasher."""

    label = "Delver"
    extra_env = {}

    def __init__(self, db_in_ram=False, postgres=None):
        self.database_dir = database_folder(db_in_ram)
        self.postgres = PostgresDatabase(postgres) if postgres else None
        if self.postgres:
            self.label = f"{self.label} on PG"
        super().__init__(
            database_url=(self.postgres.url if self.postgres
                          else f"sqlite:///{self.database_dir / 'delver.db3'}"),
            extra_env=self.extra_env,
        )

    @property
    def admin(self):
        return self.env["EVENNIA_SUPERUSER_USERNAME"], self.env["EVENNIA_SUPERUSER_PASSWORD"]

    def process_ids(self):
        return process_ids(self.dir)

    def stop_and_remove(self):
        stop_and_remove(self, self._remove)

    def _remove(self):
        self.cleanup()
        shutil.rmtree(self.database_dir, ignore_errors=True)
        if self.postgres:
            self.postgres.drop()


class DelverPatchesOff(DelverGame):
    """Delver on plain Evennia: none of server/patches/ installed."""

    label = "Delver, patches off"
    extra_env = {"DELVER_PATCHES": "off"}


class StockGame:
    """A stock Evennia game made with `evennia --init`."""

    label = "stock Evennia"
    ADMIN = ("admin", "stock-bench-password")

    def __init__(self, db_in_ram=False, postgres=None):
        self.database_dir = database_folder(db_in_ram)  # stock Evennia stays on SQLite
        self.root = Path(tempfile.mkdtemp(prefix="delver-bench-stock-"))
        self.dir = self.root / "stockgame"
        ports = free_ports(5)
        self.telnet_port, self.web_port, self.ws_port, self.amp_port, self.web_internal = ports
        self.env = {
            **os.environ,
            "PATH": str(VENV_BIN) + os.pathsep + os.environ.get("PATH", ""),
            "EVENNIA_SUPERUSER_USERNAME": self.ADMIN[0],
            "EVENNIA_SUPERUSER_PASSWORD": self.ADMIN[1],
            "EVENNIA_SUPERUSER_EMAIL": "",
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)

    @property
    def admin(self):
        return self.ADMIN

    def evennia(self, *args, cwd=None, timeout=STARTUP_TIMEOUT):
        result = subprocess.run(
            [str(VENV_BIN / "evennia"), *args],
            cwd=cwd or self.dir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"evennia {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
            )
        return result.stdout

    def start(self):
        self.evennia("--init", self.dir.name, cwd=self.root)
        with open(self.dir / "server" / "conf" / "settings.py", "a") as settings:
            settings.write(self._benchmark_settings())
        self.evennia("migrate")
        launch(self)
        return self

    def _benchmark_settings(self):
        # Throttles lifted as Delver's DELVER_NO_THROTTLE does; a rate of 0
        # would divide by zero, so "unlimited" is a large number.
        return f"""

# Added by benchmarks/load.py: free loopback ports, its own database, no
# throttles, fast hasher.
TELNET_PORTS = [{self.telnet_port}]
TELNET_INTERFACES = ["127.0.0.1"]
WEBSERVER_PORTS = [({self.web_port}, {self.web_internal})]
WEBSERVER_INTERFACES = ["127.0.0.1"]
WEBSOCKET_CLIENT_PORT = {self.ws_port}
WEBSOCKET_CLIENT_INTERFACE = "127.0.0.1"
AMP_PORT = {self.amp_port}
DATABASES["default"]["NAME"] = "{self.database_dir / 'evennia.db3'}"
CREATION_THROTTLE_LIMIT = None
CREATION_THROTTLE_TIMEOUT = None
LOGIN_THROTTLE_LIMIT = None
LOGIN_THROTTLE_TIMEOUT = None
MAX_CONNECTION_RATE = 100000
MAX_COMMAND_RATE = 100000
{FAST_HASHER}"""

    def process_ids(self):
        return process_ids(self.dir)


    def log_tail(self, lines=60):
        texts = []
        for name in ("server.log", "portal.log"):
            path = self.dir / "server" / "logs" / name
            if path.exists():
                texts.append(f"--- {name}\n" + "\n".join(path.read_text().splitlines()[-lines:]))
        return "\n".join(texts)

    def stop_and_remove(self):
        stop_and_remove(self, self._remove)

    def _remove(self):
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.rmtree(self.database_dir, ignore_errors=True)


GAMES = {"delver": DelverGame, "delver-off": DelverPatchesOff, "stock": StockGame}
