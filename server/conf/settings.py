"""
Delver's Evennia settings.

Everything that differs between installs comes from the environment, never
from editing this file:

    DELVER_TELNET_PORT   telnet port (default 4000)
    DELVER_WEB_PORT      website and webclient port (default 4001)
    DELVER_WS_PORT       webclient websocket port (default 4002)
    DELVER_AMP_PORT      internal Portal<->Server port (default telnet + 6)
    DELVER_WEB_INTERNAL_PORT  internal web-server port (default web + 4)
    DELVER_INTERFACE     address to listen on (default 0.0.0.0)
    DELVER_WEBSOCKET_URL the websocket address browsers use, behind a proxy
    DATABASE_URL         sqlite:///path or postgres://user:pass@host:port/name
                         (default: the SQLite file server/delver.db3)
    DELVER_GAME_NAME     the game's name (default Delver)
    DELVER_DEBUG         1 to turn on Django debug pages (default off)
    DELVER_NO_THROTTLE   1 to lift the account-creation and login throttles
                         (local testing and benchmarks only)
    DELVER_NO_APPROVAL   1 to let characters still in chargen into dungeons
                         (local testing and benchmarks only)
    DELVER_SECRET_KEY    overrides the per-install key in secret_settings.py
    DELVER_PATCHES       which of server/patches/ to install: unset or `on`
                         (all), `off` (none: plain Evennia) or a comma list
"""

import os

from evennia.settings_default import *  # noqa: F401,F403

from server.conf.environment import (
    database_from_url,
    env_flag,
    env_str,
    game_ports,
)

######################################################################
# Identity
######################################################################

SERVERNAME = env_str("DELVER_GAME_NAME", "Delver")
GAME_SLOGAN = "Dungeons are dealt, not drawn on maps."

######################################################################
# Ports. The internal ports follow from the public ones so that two
# games can run side by side just by choosing different public ports.
######################################################################

PORTS = game_ports()
LISTEN_INTERFACE = env_str("DELVER_INTERFACE", "0.0.0.0")
TELNET_PORTS = [PORTS.telnet]
TELNET_INTERFACES = [LISTEN_INTERFACE]
WEBSERVER_PORTS = [(PORTS.web, PORTS.web_internal)]
WEBSERVER_INTERFACES = [LISTEN_INTERFACE]
WEBSOCKET_CLIENT_PORT = PORTS.websocket
WEBSOCKET_CLIENT_INTERFACE = LISTEN_INTERFACE
# Behind a reverse proxy the browser reaches the websocket elsewhere, e.g. wss://example.org/ws
WEBSOCKET_CLIENT_URL = env_str("DELVER_WEBSOCKET_URL", "") or None
AMP_PORT = PORTS.amp
AMP_HOST = "localhost"
AMP_INTERFACE = "127.0.0.1"

######################################################################
# Database
######################################################################

DATABASES = {
    "default": database_from_url(
        env_str("DATABASE_URL", ""),
        default_sqlite_path=os.path.join(GAME_DIR, "server", "delver.db3"),  # noqa: F405
    )
}

######################################################################
# Behaviour
######################################################################

DEBUG = env_flag("DELVER_DEBUG")
# Players never see tracebacks; they go to the server log.
IN_GAME_ERRORS = False

# One account, one character, made at account creation (MUSH style).
MULTISESSION_MODE = 0
AUTO_CREATE_CHARACTER_WITH_ACCOUNT = True

# The database's upkeep (SQLite's query statistics), every two minutes.
GLOBAL_SCRIPTS = {
    "database_upkeep": {"typeclass": "typeclasses.scripts.DatabaseUpkeep", "interval": 120},
}

# Issue 20: only approved characters enter a Digger dungeon. DELVER_NO_APPROVAL=1
# lifts that, for local testing and benchmarks only.
DIGGER_APPROVAL_REQUIRED = not env_flag("DELVER_NO_APPROVAL")

if env_flag("DELVER_NO_THROTTLE"):
    # Local testing and benchmarks only: lift every per-IP limit.
    CREATION_THROTTLE_LIMIT = None
    CREATION_THROTTLE_TIMEOUT = None
    LOGIN_THROTTLE_LIMIT = None
    LOGIN_THROTTLE_TIMEOUT = None
    MAX_CONNECTION_RATE = 100000
    MAX_COMMAND_RATE = 100000

######################################################################
# Game code
######################################################################

INSTALLED_APPS = INSTALLED_APPS + [  # noqa: F405
    "world.digger",
    "world.requests",
    "world.kroll",
    "world.oldgold",
    "world.client_state",
    "world.goldengrave",
    "world.social",
]
# Old Gold's world: overland travel and followers, the underworld, the scene.
INSTALLED_APPS += ["world.oldgold_travel", "world.oldgold_dungeon", "world.oldgold_scene"]


EXTRA_LAUNCHER_COMMANDS = {"dungeons": "world.digger.dungeon_files.launcher"}
CMDSET_CHARACTER = "commands.default_cmdsets.CharacterCmdSet"
# The game has no lock functions, $functions or web hooks of its own:
# Evennia's only (its defaults name server/conf/ modules the template has).
LOCK_FUNC_MODULES = ("evennia.locks.lockfuncs",)
FUNCPARSER_OUTGOING_MESSAGES_MODULES = ["evennia.utils.funcparser"]
FUNCPARSER_PROTOTYPE_PARSING_MODULES = ["evennia.prototypes.protfuncs"]
WEB_PLUGINS_MODULE = None
# Every player has merged cmdsets of their own (their character's commands,
# their room's exits): Evennia keeps the last 1,000 merges, which a thousand
# players online would cycle through, merging anew on almost every line.
CMDSET_MERGE_CACHE_MAXSIZE = 5000
# Every 5 minutes Evennia checks the size of its cache of loaded objects and
# flushes it (then collects all garbage) once its count estimate and the
# Server's memory pass this many MB: its default of 400 is passed with a
# thousand players online (the Server holds about 560 MB), and from then on
# each check also runs `ps` in a subprocess while the Server waits.
IDMAPPER_CACHE_MAXSIZE = 2048
BASE_ROOM_TYPECLASS = "typeclasses.rooms.Room"

HELP_MORE_ENABLED = True

# Goldengrave: monsters and traps builders can spawn.
PROTOTYPE_MODULES = ["world.goldengrave.prototypes"]
# Old Gold: the bestiary's monsters, spawned by key ("oldgold_goblin").
PROTOTYPE_MODULES += ["world.oldgold_dungeon.prototypes"]
# Template filters every page may load, e.g. `{% load web_text %}` (web/templatetags/).
TEMPLATES[0]["OPTIONS"]["libraries"] = {"web_text": "web.templatetags.web_text"}  # noqa: F405

# Hostile input (issue 24): limits no player can get around. One line a
# player types (the Portal refuses longer ones), commands a second from one
# connection (the Portal drops the rest; DELVER_NO_THROTTLE lifts it for
# benchmarks), how deep `$func()` calls nest; the inline functions' cost and
# a room message's size are bounded in server/patches/player_text.py, the
# output of one command in server/patches/command_output.py.
MAX_CHAR_LIMIT = 6000
MAX_CHAR_LIMIT_WARNING = (
    "That line is too long: one line is at most 6000 characters. Send it in parts."
)
if not env_flag("DELVER_NO_THROTTLE"):
    MAX_COMMAND_RATE = 20
COMMAND_RATE_WARNING = (
    "Too many commands at once: at most 20 a second. Wait a moment and send the rest again."
)
FUNCPARSER_MAX_NESTING = 5
# The Portal's buffer for a line still waiting for its end (bytes).
DELVER_LINE_BUFFER_MAX = 65536
# The most characters of text one command sends its caller (the rest is cut,
# with a note saying so): server/patches/command_output.py.
DELVER_COMMAND_OUTPUT_MAX = 64000

######################################################################
# Secrets: a per-install key, generated by `make run`/`make test` into
# server/conf/secret_settings.py (ignored by git), or given in the
# environment.
######################################################################

try:
    from server.conf.secret_settings import *  # noqa: F401,F403
except ImportError:
    SECRET_KEY = None

SECRET_KEY = env_str("DELVER_SECRET_KEY", "") or SECRET_KEY
if not SECRET_KEY:
    raise RuntimeError(
        "No secret key: run `make run` (which writes server/conf/secret_settings.py) "
        "or set DELVER_SECRET_KEY."
    )
