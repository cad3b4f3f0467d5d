"""
What MUD listing crawlers read about the game (MSSP, settings.MSSP_META_MODULE).

Evennia fills in the rest from settings: the name (SERVERNAME), the telnet
ports (TELNET_PORTS), the player count, uptime, codebase and the protocols
the game speaks. Only what Evennia cannot know is here.
"""

MSSPTable = {
    "CRAWL DELAY": "-1",
    "FAMILY": "Evennia",
    "GENRE": "None",
    "STATUS": "Open Beta",
    "GAMESYSTEM": "Custom",
    "SUBGENRE": "None",
    "MINIMUM AGE": "0",
    "WORLD ORIGINALITY": "All Original",
}
