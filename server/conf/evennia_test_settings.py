"""
Settings for Evennia's own core test suite (`make test` runs it; see
server/evennia_tests.py): the game's test settings, with Evennia's own
throttles and global scripts (its tests count them) and a runner that
installs every patch.
"""

from evennia import settings_default as _evennia

from server.conf.test_settings import *  # noqa: F401,F403

CREATION_THROTTLE_LIMIT = _evennia.CREATION_THROTTLE_LIMIT
CREATION_THROTTLE_TIMEOUT = _evennia.CREATION_THROTTLE_TIMEOUT
LOGIN_THROTTLE_LIMIT = _evennia.LOGIN_THROTTLE_LIMIT
LOGIN_THROTTLE_TIMEOUT = _evennia.LOGIN_THROTTLE_TIMEOUT
GLOBAL_SCRIPTS = _evennia.GLOBAL_SCRIPTS
TEST_RUNNER = "server.evennia_tests.PatchedRunner"
