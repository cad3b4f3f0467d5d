"""
Reading Delver's configuration from the environment.

Plain helpers used by settings.py: whole numbers, on/off flags and the
`DATABASE_URL` form (`sqlite:///path`, `postgres://user:pass@host:port/name`).
"""

import os
from typing import NamedTuple

import dj_database_url


def env_str(name, default):
    """The variable's text, or `default` when unset or empty."""
    value = os.environ.get(name, "").strip()
    return value or default


def env_int(name, default):
    """The variable as a whole number; a clear error when it is not one."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number (a port), not {raw!r}.")


def env_flag(name):
    """True when the variable is set to 1/true/yes/on."""
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


# A game's SQLite file is written by one Server process, often: write-ahead
# logging lets readers (the web pages) go on beside a write, and a commit is
# made durable at the log's checkpoints instead of by an fsync per commit,
# which held the Server for milliseconds each time on a disk. A killed Server
# loses nothing committed; only a power cut can lose the last commits.
SQLITE_OPTIONS = {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"}
# The same trade on PostgreSQL: a commit returns before its log record is on
# disk (an fsync per commit held the Server about 1.6 ms each time here); a
# crash of PostgreSQL or the machine can lose the last fraction of a second of
# commits, never consistency. A DATABASE_URL with its own ?options= wins.
POSTGRES_OPTIONS = {"options": "-c synchronous_commit=off"}


def database_from_url(url, default_sqlite_path):
    """A Django DATABASES entry for `url` (empty means the default SQLite file)."""
    if not url:
        config = {"ENGINE": "django.db.backends.sqlite3", "NAME": default_sqlite_path}
    else:
        try:
            config = dj_database_url.parse(url)
        except ValueError as err:
            raise SystemExit(
                f"DATABASE_URL {url!r} is not understood ({err}): use "
                "sqlite:////absolute/path/delver.db3 or postgres://user:password@host:port/name."
            )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    elif config["ENGINE"] == "django.db.backends.postgresql":
        config["OPTIONS"] = {**POSTGRES_OPTIONS, **config.get("OPTIONS", {})}
    return config


class GamePorts(NamedTuple):
    """The five ports one game uses; the internal two follow from the public ones."""

    telnet: int
    web: int
    websocket: int
    amp: int
    web_internal: int

    def described(self):
        """(port, what it is, the variable that sets it) for each port."""
        return [
            (self.telnet, "telnet", "DELVER_TELNET_PORT"),
            (self.web, "website and webclient", "DELVER_WEB_PORT"),
            (self.websocket, "webclient websocket", "DELVER_WS_PORT"),
            (self.amp, "internal Portal-Server link", "DELVER_AMP_PORT (default telnet + 6)"),
            (self.web_internal, "internal web server", "DELVER_WEB_INTERNAL_PORT (default web + 4)"),
        ]


def game_ports():
    """The ports chosen by the environment (defaults 4000, 4001, 4002, 4006, 4005)."""
    telnet = env_int("DELVER_TELNET_PORT", 4000)
    web = env_int("DELVER_WEB_PORT", 4001)
    return GamePorts(
        telnet=telnet,
        web=web,
        websocket=env_int("DELVER_WS_PORT", 4002),
        amp=env_int("DELVER_AMP_PORT", telnet + 6),
        web_internal=env_int("DELVER_WEB_INTERNAL_PORT", web + 4),
    )
