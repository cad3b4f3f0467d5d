"""
The help topic of Old Gold's overland play ("old gold travel"): a walk-through
for GMs and players. Numbers come from the rules table.
world/help_entries.py adds it to the game's help.
"""

from world.oldgold_travel import rules

_N = {
    "km": rules.HEX_KM,
    "hexes": rules.SHEET_COLUMNS * rules.SHEET_ROWS,
    "spread": rules.TERRAIN_SPREAD_DIE,
    "travel": rules.TRAVEL_WATCHES_PER_DAY,
    "watches": rules.WATCHES_PER_DAY,
    "nav": rules.NAVIGATION_DIFFICULTY,
    "holds": rules.WEATHER_HOLDS_WATCHES,
}

TRAVEL_HELP = [
    {
        "key": "old gold travel",
        "aliases": ["overland travel", "old gold region"],
        "category": "Old Gold scenes",
        "text": """
            |wOld Gold overland: regions, journeys, encounters and followers|n

            A |wregion|n is a sheet of {hexes} hexes, each {km} km across. A GM
            builds it in the order the rules give:
              |w+region/new Vale=temperate autumn|n
              |w+region/terrain Vale|n      2d6 a terrain, 1d{spread} how many hexes
              |w+region/edge Vale F1 F2|n   land too harsh to cross
              |w+region/river Vale B1 B2 C2|n
              |w+region/town Vale C3=Greyfell|n   (and |w+region/village|n)
              |w+region/landmarks Vale=3|n  1d6 column, 1d6 row, 1d6 what
              |w+region/road Vale C3 D3 E4|n
            Anyone reads the map with |w+region Vale|n, or on the web at
            /oldgold/regions/.

            A |wjourney|n: the GM starts it where the party stands,
              |w+travel/start Vale=C3 for Ann, Bob|n
            and the weather is rolled (2d6; it holds about {holds} watches). Any
            traveller moves with |w+travel ne|n. A day has {watches} watches:
            {travel} of travel, one to camp, explore or forage, one to rest; a
            third watch on the road is a forced march (|w+travel ne=force|n).
            In bad weather or featureless land the mover checks Heart against
            {nav}; failing, the party comes out in a random neighbouring hex.
            Away from roads and settlements the travel oracle speaks each watch.
            |w+travel/forage hunt|n, |w+travel/camp|n, and |w+travel|n for where
            you are.

            |wEncounters and treasure|n (GM): |w+encounter|n rolls what comes
            (by the terrain here), how many, how far and how it reacts;
            |w+encounter/spawn|n brings the monsters in from the bestiary, ready
            for |w+og/fight|n. |w+treasure difficult=Ann, Bob|n shares the haul
            into their coin.

            |wFollowers and holdings|n: |w+hire|n (hirelings, mercenaries,
            companions), |w+war|n (mass battles), |w+stronghold|n (building and
            renting), |w+living|n (the cost of living). Each command's help has
            examples. Old Gold is by Milán László (CC BY 4.0); the tables our
            copy lacked (terrain, weather, oracle, reaction, treasure shares,
            availability, buildings, living) are Delver's own.
        """.format(**_N),
    },
]
