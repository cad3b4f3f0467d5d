"""
The GM's help topic "old gold crawl": running a dungeon that the
generator builds as the party explores (`+crawl`). Numbers come from the
generator's rules table. world/help_entries.py adds it to the game's help.
"""

from world.oldgold_dungeon import rules

_SIZES = "\n".join(
    f"              {face}  {words[2:] if words.startswith('a ') else words:<18} "
    f"{rooms:>2} rooms, {levels} level{'s' if levels > 1 else ''}"
    for face, (words, rooms, levels) in rules.SIZES.items())

CRAWL_HELP = [
    {
        "key": "old gold crawl",
        "aliases": ["crawl guide", "room generator"],
        "category": "Old Gold scenes",
        "text": f"""
            |wOld Gold dungeons built as you explore, for GMs|n

            With no map prepared, let the dice draw one. Stand where the
            dungeon begins and open it: |w+crawl/new Sunken Vault=3|n (or
            leave the size out to roll 1d6). The size says roughly how many
            rooms it holds and over how many levels:
{_SIZES}

            The entrance appears at once, reached by an exit with the
            dungeon's name (or |wdungeon|n). Start a |w+clock|n there and every
            room the party opens keeps the same time, so their torches burn
            as they go (|whelp running old gold|n).

            |wWalking in.|n Only the ways the party takes are made. The first
            time someone goes through an unexplored exit out of a room, its
            door is tried (1d6), as is the door where a corridor comes to a
            room: a stuck or barred one needs a Might check, a locked one a
            Grace check, both against {rules.DOOR_DIFFICULTY} with
            |w+crawl/force east|n (at disadvantage in the dark). Then the
            space beyond is rolled: a corridor
            or a room, its size and shape, and what it holds. Creatures and
            lairs bring bestiary monsters, ready for |w+og/fight|n; a trap's
            description names its warning sign, and you apply the hazard
            with |w+hazard|n when someone springs it. |w+crawl|n shows you the
            dice behind the room you stand in.

            |wHidden doors.|n |w+crawl/search|n asks the yes/no oracle if one is
            there (add |wadv|n or |wdis|n); if so, a Heart check against
            {rules.SEARCH_DIFFICULTY} finds it. Each place is searched once.

            |wLevels.|n When a level has its share of rooms, its last room
            gets a way down (while deeper levels remain). After that, any
            other door there leads to a dead end or back into a room already
            found.

            |wKeeping and clearing.|n |w+crawl/list|n shows every generated
            dungeon and how much of it exists. |w+crawl/keep Sunken Vault|n
            guards it (type it again to let it go); |w+crawl/teardown Sunken
            Vault|n removes every room, exit and monster it made, after moving
            anyone inside back out.

            Old Gold is by Milán László (CC BY 4.0); the generator's tables
            are Delver's own, read with the text's dice.
        """,
    },
]
