"""
Root pytest configuration: start Evennia's API before any game module
imports `evennia.Command`, inside pytest-django's database unblock.
"""

import pytest


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    from pytest_django.plugin import blocking_manager_key

    import django

    django.setup()
    import evennia

    from evennia.server.manager import ServerConfigManager

    # _init() reads the game-time offset from the configured database, which
    # is not the (not yet created) test database and may have no tables:
    # Evennia only tolerates that on SQLite. Tests start at game time 0.
    real_conf = ServerConfigManager.conf
    ServerConfigManager.conf = lambda self, key=None, value=None, delete=False, default=None: default
    try:
        with config.stash[blocking_manager_key].unblock():
            evennia._init()
    finally:
        ServerConfigManager.conf = real_conf


_DB_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
    "admin_user",
    "admin_client",
}


def pytest_collection_modifyitems(config, items):
    """Mark every test that touches the database `db` (make test re-runs them on PostgreSQL)."""
    from django.test import TransactionTestCase

    for item in items:
        cls = getattr(item, "cls", None)
        uses_db = (
            item.get_closest_marker("django_db") is not None
            or (cls is not None and issubclass(cls, TransactionTestCase))
            or bool(_DB_FIXTURES & set(getattr(item, "fixturenames", ())))
        )
        if uses_db:
            item.add_marker(pytest.mark.db)
