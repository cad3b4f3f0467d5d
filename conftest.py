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

    with config.stash[blocking_manager_key].unblock():
        evennia._init()
