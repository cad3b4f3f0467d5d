"""
Fixtures shared by every test package.

`make_account(name, *permissions)` makes accounts for web tests.
`game_server` is the real game for end-to-end tests (tests/e2e, tests/gmcp):
one server per test session, on free loopback ports with a throw-away
database, stopped afterwards; `unique_name` gives fresh account names for it.
`needs(condition, what, install)` skips a test whose outside part (chromium,
PostgreSQL) is missing, naming what to install; under CI
(`DELVER_REQUIRE_ALL=1`, set by `.ci/run`) a missing part is a failure instead.
"""

import itertools
import os
import shutil

import pytest
from evennia.utils import create
from evennia.utils.idmapper.models import flush_cache

CHROMIUM = os.environ.get("DELVER_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def needs(condition, what, install):
    """Skip (or, under CI, fail) when `condition` is false."""
    if condition:
        return
    message = f"{what} is not available: {install}"
    if os.environ.get("DELVER_REQUIRE_ALL") == "1":
        pytest.fail(message + " (CI runs every test, so this is a failure)")
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Playwright launches Debian's chromium (it cannot download its own here)."""
    needs(
        os.path.exists(CHROMIUM),
        "chromium",
        "install it with `apt-get install -y chromium` (make test does this when run as root)",
    )
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
    }


@pytest.fixture
def make_account(db):
    """make_account(name, *permissions) -> a new account (password "testpassword")."""

    def make(name, *permissions):
        account = create.create_account(
            name, email=f"{name.lower()}@example.com", password="testpassword"
        )
        for permission in permissions:
            account.permissions.add(permission)
        return account

    yield make
    # Evennia caches model instances; the test's rows are gone after it.
    flush_cache()


@pytest.fixture(scope="session")
def game_server():
    from tests.e2e.gameserver import GameServer, running

    with running(GameServer(database_url=os.environ.get("DELVER_E2E_DATABASE_URL"))) as server:
        yield server


_names = itertools.count(1)


@pytest.fixture
def unique_name():
    """A fresh account name for each use (accounts persist for the session)."""
    return lambda prefix="Tester": f"{prefix}{os.getpid() % 1000}x{next(_names)}"
