"""
`make test`: the whole test suite, with the outside parts it needs.

1. Outside parts: Debian's chromium (browser tests), lua5.4 (the Mudlet
   package's tests) and PostgreSQL (the database tests run a second time
   against it). When run as root, missing packages are installed with apt
   and PostgreSQL is started with a `delver` role; otherwise whatever is
   already there is used.
2. Every test on SQLite (unit, command, end-to-end on a real server, browser).
3. Evennia's own core test suite with every patch of server/patches/
   installed (server/evennia_tests.py), on SQLite.
4. The database-touching tests again on PostgreSQL, run beside 2 and 3.

A part that cannot be had is reported by name with what to install, and only
its tests are skipped. Under CI (`DELVER_REQUIRE_ALL=1`) that is a failure.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

PG_URL_DEFAULT = "postgres://delver:delver@127.0.0.1:5432/delver"
APT_PACKAGES = {"chromium": "chromium", "postgresql": "postgresql", "lua": "lua5.4"}


def run_all(game_dir, python):
    strict = os.environ.get("DELVER_REQUIRE_ALL") == "1"
    notices = []
    if not _chromium_ready():
        notices.append("chromium is missing: browser tests skipped (apt-get install -y chromium)")
    if not _lua_ready():
        notices.append("lua is missing: the Mudlet package's tests skipped (apt-get install -y lua5.4)")
    pg_url, pg_problem = _postgres_url()
    if pg_problem:
        notices.append(f"PostgreSQL is not available ({pg_problem}): its test run is skipped "
                       "(apt-get install -y postgresql, or set DELVER_TEST_DATABASE_URL)")
    for notice in notices:
        print(f"NOTICE: {notice}")
    if notices and strict:
        print("CI needs every part (DELVER_REQUIRE_ALL=1): failing.")
        return 1

    pytest = [python, "-m", "pytest", "-q", "-p", "no:randomly"]
    # The PostgreSQL run shares no database or port with the others, so it
    # runs beside them (on two cores the whole of make test takes about the
    # time of the SQLite run); its report is printed when it ends.
    pg_run = _start_postgres_run(pytest, game_dir, pg_url) if pg_url else None
    print("\n=== All tests on SQLite ===", flush=True)
    started = time.monotonic()
    sqlite_rc = subprocess.call(pytest, cwd=game_dir, env=_env())
    print(f"SQLite run: {time.monotonic() - started:.0f} s", flush=True)
    core_rc = run_evennia_core_suite(game_dir, python)
    pg_rc = _finish_postgres_run(pg_run) if pg_run else 0
    print(
        f"\nSQLite run: {'passed' if sqlite_rc == 0 else 'FAILED'}; "
        f"Evennia's core suite with the patches: {'passed' if core_rc == 0 else 'FAILED'}; "
        f"PostgreSQL run: {'passed' if pg_rc == 0 else 'FAILED' if pg_url else 'skipped'}"
    )
    return 1 if sqlite_rc or core_rc or pg_rc else 0


def _start_postgres_run(pytest, game_dir, pg_url):
    """Start the database tests on PostgreSQL in the background, output to a file."""
    log = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen(
        pytest + ["-m", "db and not e2e and not browser"],
        cwd=game_dir,
        env=_env(DATABASE_URL=pg_url),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    return process, log, time.monotonic()


def _finish_postgres_run(pg_run):
    """Wait for the PostgreSQL run, print its report; its exit code."""
    process, log, started = pg_run
    rc = process.wait()
    print(f"\n=== Database tests on PostgreSQL ({time.monotonic() - started:.0f} s) ===", flush=True)
    log.seek(0)
    shutil.copyfileobj(log, sys.stdout)
    sys.stdout.flush()
    log.close()
    return rc


def run_evennia_core_suite(game_dir, python):
    """Evennia's core tests, every patch installed (server/evennia_tests.py); its exit code."""
    from server.evennia_tests import command

    print("\n=== Evennia's core test suite, every patch installed ===", flush=True)
    os.makedirs(os.path.join(game_dir, "server", "logs"), exist_ok=True)  # Evennia insists
    started = time.monotonic()
    env = _env()
    env.pop("DELVER_PATCHES", None)  # every patch, whatever the shell says
    rc = subprocess.call(command(python), cwd=game_dir, env=env)
    print(f"Evennia's core suite: {time.monotonic() - started:.0f} s", flush=True)
    return rc


def _env(**extra):
    env = {**os.environ, **extra}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def _is_root():
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _apt_install(package):
    print(f"Installing {package} with apt (running as root)...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if subprocess.call(["apt-get", "install", "-y", "-q", package], env=env) != 0:
        subprocess.call(["apt-get", "update", "-q"], env=env)
        return subprocess.call(["apt-get", "install", "-y", "-q", package], env=env) == 0
    return True


def _chromium_ready():
    if shutil.which("chromium") or os.path.exists("/usr/bin/chromium"):
        return True
    return _is_root() and shutil.which("apt-get") and _apt_install(APT_PACKAGES["chromium"])


def _lua_ready():
    lua = shutil.which("lua") or shutil.which("lua5.4")
    if lua and (shutil.which("luac") or shutil.which("luac5.4")):
        return True
    return _is_root() and shutil.which("apt-get") and _apt_install(APT_PACKAGES["lua"])


def _postgres_url():
    """(url, None) when a PostgreSQL server answers; (None, why) otherwise."""
    url = os.environ.get("DELVER_TEST_DATABASE_URL", "")
    if url:
        return (url, None) if _pg_answers(url) else (None, f"{url} does not answer")
    if _is_root():
        problem = _provide_local_postgres()
        if problem:
            return None, problem
    if _pg_answers(PG_URL_DEFAULT):
        return PG_URL_DEFAULT, None
    return None, f"nothing answers at {PG_URL_DEFAULT}"


def _provide_local_postgres():
    """As root: install, start, and create the `delver` role and database."""
    if not shutil.which("pg_ctlcluster") and not _apt_install(APT_PACKAGES["postgresql"]):
        return "apt could not install postgresql"
    if subprocess.call(["service", "postgresql", "start"]) != 0:
        return "`service postgresql start` failed"
    if not _wait_for_postgres_socket():
        return "the PostgreSQL server did not start"
    role_sql = (
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'delver') THEN "
        "CREATE ROLE delver LOGIN PASSWORD 'delver' CREATEDB; END IF; END $$;"
    )
    if _psql(role_sql) != 0:
        return "could not create the delver role"
    exists = subprocess.run(
        ["runuser", "-u", "postgres", "--", "psql", "-tAc",
         "SELECT 1 FROM pg_database WHERE datname = 'delver'"],
        capture_output=True, text=True,
    ).stdout.strip()
    if exists != "1" and _psql("CREATE DATABASE delver OWNER delver") != 0:
        return "could not create the delver database"
    return None


def _psql(sql):
    return subprocess.call(["runuser", "-u", "postgres", "--", "psql", "-q", "-c", sql])


def _wait_for_postgres_socket(timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if subprocess.call(["runuser", "-u", "postgres", "--", "pg_isready", "-q"]) == 0:
            return True
        time.sleep(0.5)
    return False


def _pg_answers(url):
    try:
        import psycopg
    except ImportError:
        return False
    try:
        with psycopg.connect(url.replace("postgres://", "postgresql://", 1), connect_timeout=5):
            return True
    except Exception:
        return False


if __name__ == "__main__":
    sys.exit(run_all(os.getcwd(), sys.executable))
