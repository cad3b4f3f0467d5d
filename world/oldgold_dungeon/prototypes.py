"""
Evennia prototypes for every Old Gold bestiary monster, keyed
"oldgold_<slug>": `spawn oldgold_goblin` puts a goblin in the room, tagged
and with its og_stats, ready for `+og/fight` or `+og/join`.
"""

from world.oldgold_dungeon.bestiary import MONSTERS, prototype

PROTOTYPE_LIST = [prototype(slug) for slug in MONSTERS]
