"""
Hostile input: what an attacker types must never freeze the game, hang a
connection or show a player Python's error text. The tests over telnet use
the real game (`game_server` of tests/conftest.py) and are marked `e2e`.
"""

import pytest


def pytest_collection_modifyitems(items):
    for item in items:
        if "/hostile/" in str(item.fspath) and "game_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.e2e)
