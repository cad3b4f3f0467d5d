"""
Called by Evennia last in the Portal's start-up: installs the Portal's
patches (server/patches/; `DELVER_PATCHES` chooses which).
"""

from server import patches


def start_plugin_services(portal):
    patches.install("portal")
