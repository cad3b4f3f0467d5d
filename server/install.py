"""
First-time set-up and process checks for `make run` (no Django needed).

Writes the per-install secret key, decides the admin account's credentials,
checks ports and pid files, and words what the person at the terminal reads.
"""

import json
import os
import re
import secrets
import signal
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from server.conf.environment import env_str, game_ports

SECRET_FILE = Path("server/conf/secret_settings.py")
ADMIN_FILE = Path("server/admin-credentials.txt")
PID_FILES = (Path("server/server.pid"), Path("server/portal.pid"))
RUN_ENV_FILE = Path("server/run-env.json")
# What decides where a started game listens and which database it uses.
RUN_ENV_NAMES = (
    "DELVER_TELNET_PORT", "DELVER_WEB_PORT", "DELVER_WS_PORT", "DELVER_AMP_PORT",
    "DELVER_WEB_INTERNAL_PORT", "DELVER_INTERFACE", "DELVER_WEBSOCKET_URL", "DATABASE_URL",
    "DELVER_GAME_NAME",
)


def ensure_secret_key(game_dir):
    """Write a random SECRET_KEY for this install once (never committed)."""
    path = Path(game_dir) / SECRET_FILE
    if path.exists():
        return False
    key = secrets.token_urlsafe(50)
    _write_private(path, f'"""This install\'s own secrets (made by make run; not in git)."""\n\nSECRET_KEY = "{key}"\n')
    return True


def ensure_game_dirs(game_dir):
    """Make the folders git does not keep (a clone has no server/logs/)."""
    (Path(game_dir) / "server" / "logs").mkdir(parents=True, exist_ok=True)


@dataclass(frozen=True)
class AdminCredentials:
    username: str
    password: str
    generated_now: bool


def admin_credentials(game_dir):
    """The admin's name and password: from the environment, the saved file, or new."""
    username = env_str("DELVER_ADMIN_USER", "")
    password = env_str("DELVER_ADMIN_PASSWORD", "")
    if password:
        return AdminCredentials(username or "admin", password, generated_now=False)
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
    return bool(running_pids(game_dir))


def running_pids(game_dir):
    """The pids in this game's pid files that belong to a live Evennia process."""
    pids = (_pid_in(Path(game_dir) / pid_file) for pid_file in PID_FILES)
    return [pid for pid in pids if pid and _is_evennia_process(pid)]


def save_run_env(game_dir):
    """
    Keep the settings this start used (ports, database), so that `make stop`
    and `make status` reach this game whatever the shell they run in has set.
    """
    chosen = {name: os.environ[name] for name in RUN_ENV_NAMES if os.environ.get(name)}
    _write_private(Path(game_dir) / RUN_ENV_FILE, json.dumps(chosen, indent=1) + "\n")


def run_env(game_dir):
    """
    The environment of the running game: this shell's, with the settings
    saved by the start that runs it in place of its own.
    """
    try:
        saved = json.loads((Path(game_dir) / RUN_ENV_FILE).read_text())
    except (OSError, ValueError):
        saved = {}
    env = {name: value for name, value in os.environ.items() if name not in RUN_ENV_NAMES}
    env.update({name: str(value) for name, value in saved.items() if name in RUN_ENV_NAMES})
    return env


def terminate(pids, timeout=15):
    """SIGTERM `pids`, then wait up to `timeout` seconds; the pids still alive."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = [pid for pid in pids if _is_evennia_process(pid)]
        if not pids:
            break
        time.sleep(0.2)
    return pids


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


def portal_log(game_dir):
    return Path(game_dir) / "server" / "logs" / "portal.log"


def log_sizes(game_dir):
    """Where the server and portal logs end now."""
    sizes = {}
    for name, log in (("server", server_log(game_dir)), ("portal", portal_log(game_dir))):
        sizes[name] = log.stat().st_size if log.exists() else 0
    return sizes


def start_failure_cause(game_dir, ports, log_offsets):
    """
    What the person at the terminal reads after a failed start: the port the
    logs say could not be listened on and the variable that moves it, or the
    logs' last error lines.
    """
    text = _read_from(portal_log(game_dir), log_offsets.get("portal", 0))
    text += _read_from(server_log(game_dir), log_offsets.get("server", 0))
    refusals = [line for line in text.splitlines()
                if "Couldn't listen" in line or "Address already in use" in line]
    for port, what, variable in ports.described():
        if any(re.search(rf"[:\s]{port}\b", line) for line in refusals):
            return port_busy_message((port, what, variable))
    errors = [line for line in text.splitlines() if re.search(r"error|exception|traceback", line, re.I)]
    if errors:
        return "The logs say:\n    " + "\n    ".join(errors[-5:])
    return ("The game did not answer in time and its logs name no cause; see "
            "server/logs/portal.log and server/logs/server.log.")


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


def _pid_in(pid_file):
    try:
        return int(pid_file.read_text().strip())
    except (OSError, ValueError):
        return None


def _is_evennia_process(pid):
    """
    Whether `pid` is alive and an Evennia process: after a reboot a pid file
    may name a pid that some other program has since been given.
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    try:
        command_line = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True  # no /proc to ask (not Linux): trust the pid file
    return b"evennia" in command_line or b"twistd" in command_line


def _port_free(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True
