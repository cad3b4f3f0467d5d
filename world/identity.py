"""
Delver's own texts for the places and moments every player meets: the
starting room and the welcome after logging in.
"""

START_ROOM_NAME = "The Lantern Yard"

# Written as paragraphs, a line each: a look wraps them to the reader's
# client width (typeclasses.objects.ObjectParent.format_appearance).
START_ROOM_DESC = (
    "A cobbled yard hemmed in by leaning storehouses, lit by a hundred mismatched "
    "lanterns hung from ropes overhead. A notice board by the gate is pinned thick "
    "with maps of places nobody has come back from twice: ruins picked half clean, "
    "labyrinths that rearrange themselves, and the abyss, which everyone talks "
    "about and no one plans to visit. Delvers haggle over rope and lamp oil, "
    "compare scars, and look for a party.\n\n"
    "|wThe board reads:|n |w+dungeon/list|n to see what is open, "
    "|w+party/create <#>|n to gather a party, |whelp|n for everything else."
)

WELCOME = (
    "|yWelcome to {game}, {name}.|n\n"
    "The lanterns are lit and the board is full. New here? Try |whelp newbie|n: "
    "it walks you from your new character to your first dungeon. |w+digger|n is "
    "your delver's sheet and |w+dungeon/list|n the dungeons that are open. "
    "Staff answer |w+request|n."
)
