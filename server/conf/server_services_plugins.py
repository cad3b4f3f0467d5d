"""
Called by Evennia last in the Server's start-up: installs the Server's
patches (server/patches/; `DELVER_PATCHES` chooses which).
"""

from server import patches


def start_plugin_services(server):
    patches.install("server")
