"""
Fixtures for the +request desk's web tests: accounts made on demand.
"""

import pytest
from evennia.utils import create
from evennia.utils.idmapper.models import flush_cache


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


@pytest.fixture
def player(make_account):
    return make_account("Alice")


@pytest.fixture
def other_player(make_account):
    return make_account("Mallory")


@pytest.fixture
def staff(make_account):
    return make_account("Sage", "Builder")
