"""
Reading Delver's configuration from the environment.

Plain helpers used by settings.py: whole numbers, on/off flags and the
`DATABASE_URL` form (`sqlite:///path`, `postgres://user:pass@host:port/name`).
"""

import os

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


def database_from_url(url, default_sqlite_path):
    """A Django DATABASES entry for `url` (empty means the default SQLite file)."""
    if not url:
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": default_sqlite_path}
    try:
        config = dj_database_url.parse(url)
    except ValueError as err:
        raise SystemExit(
            f"DATABASE_URL {url!r} is not understood ({err}): use "
            "sqlite:////absolute/path/delver.db3 or postgres://user:password@host:port/name."
        )
    return config
