"""
Room.Info: where the character is, in the shape IRE games and Mudlet's mapper
use: the room's id as `num`, its name, its area, and its exits (each exit's
name and the id of the room it leads to). The area is the room's `zone` tag,
Evennia's usual way of grouping rooms (`@tag here = saltwick:zone`; Evennia
keeps tags in lower case); a room without one has the area "". Exits the
character may not pass are left out.
"""

AREA_TAG_CATEGORY = "zone"


def info(character):
    room = character.location
    if room is None:
        return {"num": None, "name": "", "area": "", "exits": {}}
    exits = {
        exit.key: exit.destination.id
        for exit in room.exits
        if exit.destination is not None and exit.access(character, "traverse")
    }
    return {
        "num": room.id,
        "name": room.key,
        "area": next(iter(room.tags.get(category=AREA_TAG_CATEGORY, return_list=True)), ""),
        "exits": exits,
    }
