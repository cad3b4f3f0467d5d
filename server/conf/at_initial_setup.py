"""
Runs once, the first time the server starts on a new database: turns
Evennia's Limbo into Delver's starting room.
"""

from django.conf import settings

from evennia import search_object

from world.identity import START_ROOM_DESC, START_ROOM_NAME


def at_initial_setup():
    start = search_object(settings.START_LOCATION, use_dbref=True)
    if start:
        room = start[0]
        room.key = START_ROOM_NAME
        room.db.desc = START_ROOM_DESC
