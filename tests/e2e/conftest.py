"""
End-to-end tests: each runs against the real game (the `game_server` fixture
of tests/conftest.py, one server per test session) and is marked `e2e`.
"""

import pytest


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
