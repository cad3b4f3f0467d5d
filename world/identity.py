"""
Delver's own texts for the places and moments every player meets: the
starting room and the welcome after logging in.
"""

START_ROOM_NAME = "The Lantern Yard"

# Both are written in lines of at most 78 columns: Evennia sends a room's
# description as it is stored, and not every client wraps.
START_ROOM_DESC = (
    "A cobbled yard hemmed in by leaning storehouses, lit by a hundred mismatched\n"
    "lanterns hung from ropes overhead. A notice board by the gate is pinned thick\n"
    "with maps of places nobody has come back from twice: ruins picked half clean,\n"
    "labyrinths that rearrange themselves, and the abyss, which everyone talks\n"
    "about and no one plans to visit. Delvers haggle over rope and lamp oil,\n"
    "compare scars, and look for a party.\n\n"
    "|wThe board reads:|n |w+dungeon/list|n to see what is open, "
    "|w+party/create <#>|n\nto gather a party, |whelp|n for everything else."
)

WELCOME = (
    "|yWelcome to {game}, {name}.|n\n"
    "The lanterns are lit and the board is full. New here? Try |whelp|n, then\n"
    "|w+digger|n for your delver's sheet and |w+dungeon/list|n for the dungeons that\n"
    "are open. Staff answer |w+request|n."
)
