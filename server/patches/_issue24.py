"""
Installs issue 24's patches until issue 23's installer does it for every
patch module: `install("server")` from server_services_plugins.py and
`install("portal")` from portal_services_plugins.py, one marked line each.
"""

import importlib

MODULES = ("telnet_lone_iac", "telnet_line_buffer", "player_text", "help_stop_words")


def install(process):
    """Install each of these patches meant for `process` ("server" or "portal")."""
    for name in MODULES:
        patch = importlib.import_module(f"server.patches.{name}").PATCH
        if patch.process in (process, "both"):
            patch.install()
