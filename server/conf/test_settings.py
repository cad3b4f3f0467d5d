"""
Settings for the test suite: the game's settings with a fixed key, a fast
password hasher and the throttles lifted. Never used by the real game.
"""

import os

os.environ.setdefault("DELVER_SECRET_KEY", "delver-tests-only-not-a-secret")
os.environ["DELVER_NO_THROTTLE"] = "1"

from server.conf.settings import *  # noqa: E402,F401,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Tests create many accounts from one address.
CREATION_THROTTLE_LIMIT = None
CREATION_THROTTLE_TIMEOUT = None
LOGIN_THROTTLE_LIMIT = None
LOGIN_THROTTLE_TIMEOUT = None
TEST_ENVIRONMENT = True
# Characters still in chargen may enter dungeons in tests, as the throttles are
# lifted; the tests of approval itself turn it on (override_settings).
DIGGER_APPROVAL_REQUIRED = False
