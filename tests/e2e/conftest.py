"""
The running game for end-to-end tests: one server per test session, started
on free loopback ports with a throw-away database and stopped afterwards.
"""

import itertools
import os

import pytest

from tests.e2e.gameserver import GameServer

_names = itertools.count(1)


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def game_server():
    server = GameServer(database_url=os.environ.get("DELVER_E2E_DATABASE_URL"))
    try:
        server.start()
    except Exception:
        print(server.log_tail())
        server.stop()
        raise
    yield server
    server.stop()
    server.cleanup()


@pytest.fixture
def unique_name():
    """A fresh account name for each use (accounts persist for the session)."""
    return lambda prefix="Tester": f"{prefix}{os.getpid() % 1000}x{next(_names)}"
