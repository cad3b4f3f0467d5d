"""
First-time set-up and process checks for `make run` (no Django needed).

Writes the per-install secret key, decides the admin account's credentials,
checks ports and pid files, and words what the person at the terminal reads.
"""

import os
import secrets
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from server.conf.environment import env_str, game_ports

SECRET_FILE = Path("server/conf/secret_settings.py")
ADMIN_FILE = Path("server/admin-credentials.txt")
PID_FILES = (Path("server/server.pid"), Path("server/portal.pid"))


def ensure_secret_key(game_dir):
    """Write a random SECRET_KEY for this install once (never committed)."""
    path = Path(game_dir) / SECRET_FILE
    if path.exists():
        return False
    key = secrets.token_urlsafe(50)
    _write_private(path, f'"""This install\'s own secrets (made by make run; not in git)."""\n\nSECRET_KEY = "{key}"\n')
    return True


@dataclass(frozen=True)
class AdminCredentials:
    username: str
    password: str
    generated_now: bool


def admin_credentials(game_dir):
    """The admin's name and password: from the environment, the saved file, or new."""
    username = env_str("DELVER_ADMIN_USER", "")
    password = env_str("DELVER_ADMIN_PASSWORD", "")
    if username and password:
        return AdminCredentials(username, password, generated_now=False)
    path = Path(game_dir) / ADMIN_FILE
    if path.exists():
        saved = dict(
            line.split("=", 1) for line in path.read_text().splitlines() if "=" in line
        )
        return AdminCredentials(saved["username"], saved["password"], generated_now=False)
    username = username or "admin"
    password = secrets.token_urlsafe(12)
    _write_private(path, f"username={username}\npassword={password}\n")
    return AdminCredentials(username, password, generated_now=True)


def superuser_env(admin):
    """What Evennia's launcher reads to create account #1 without a prompt."""
    return {
        "EVENNIA_SUPERUSER_USERNAME": admin.username,
        "EVENNIA_SUPERUSER_PASSWORD": admin.password,
        "EVENNIA_SUPERUSER_EMAIL": os.environ.get("DELVER_ADMIN_EMAIL", ""),
    }


def new_admin_notice(admin, game_dir):
    path = Path(game_dir) / ADMIN_FILE
    return (
        f"\nAdmin account created: {admin.username} / {admin.password}\n"
        f"(shown once; also kept in {path}, readable only by you)\n"
    )


def configured_ports():
    return game_ports()


def game_is_running(game_dir):
    """True when a Portal or Server process of this game directory is alive."""
    return any(_pid_alive(Path(game_dir) / pid_file) for pid_file in PID_FILES)


def busy_ports(ports):
    """The (port, what, variable) entries that another program already holds."""
    return [entry for entry in ports.described() if not _port_free(entry[0])]


def port_busy_message(entry):
    port, what, variable = entry
    return (
        f"Port {port} ({what}) is already in use by another program. Stop that program, "
        f"or choose another port with {variable.split()[0]}, e.g. "
        f"`{variable.split()[0]}={port + 100} make run`."
    )


def server_log(game_dir):
    return Path(game_dir) / "server" / "logs" / "server.log"


def log_size(game_dir):
    """Where the server log ends now (lines after it belong to the next start)."""
    log = server_log(game_dir)
    return log.stat().st_size if log.exists() else 0


def wait_until_ready(game_dir, port, timeout, log_offset=0):
    """
    Wait until the Server has finished starting and the Portal takes telnet
    connections. On a new database Evennia restarts the Server once after its
    initial set-up; a player who connects during that restart is dropped, so
    this waits for the restart to finish too. Only the server log written
    after `log_offset` (its size before this start) counts.
    """
    log = server_log(game_dir)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = _read_from(log, log_offset)
        started = "Server successfully started" in text
        restarting = "Restarting Server once" in text
        if started and (not restarting or "successfully restarted" in text) and _accepts(port):
            return True
        time.sleep(0.3)
    return False


def _read_from(path, offset):
    try:
        with open(path, "rb") as handle:
            handle.seek(offset)
            return handle.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _accepts(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def connect_help(ports):
    return (
        "\nConnect with a MUSH client or plain telnet:\n"
        f"    telnet localhost {ports.telnet}\n"
        "Or in a browser:\n"
        f"    http://localhost:{ports.web}/            (website)\n"
        f"    http://localhost:{ports.web}/webclient/  (play in the browser)\n"
        "Stop the game with: make stop\n"
    )


def _write_private(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(text)
    os.chmod(path, 0o600)


def _pid_alive(pid_file):
    try:
        pid = int(pid_file.read_text().strip())
    except (OSError, ValueError):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _port_free(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True
