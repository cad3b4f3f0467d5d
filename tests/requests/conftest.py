"""
Fixtures for the +request desk's web tests: a player, another player and staff
(accounts from tests/conftest.py's `make_account`).
"""

import pytest


@pytest.fixture
def player(make_account):
    return make_account("Alice")


@pytest.fixture
def other_player(make_account):
    return make_account("Mallory")


@pytest.fixture
def staff(make_account):
    return make_account("Sage", "Builder")
