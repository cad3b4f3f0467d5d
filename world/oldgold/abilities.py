"""
Per-round special abilities of Old Gold monsters (the world issue fills it).

ROUND_HOOKS maps an ability name (listed in an NPC's og_stats["abilities"])
to a callable(combat, npc) run when that NPC's turn comes; it returns a line
for the room, or None.
"""

ROUND_HOOKS = {}

# The bestiary's abilities that change numbers in a fight: regeneration,
# rising again, recharging and innate powers, several attacks a turn.
from world.oldgold_dungeon.bestiary import FIGHT_HOOKS as _BESTIARY_HOOKS  # noqa: E402

ROUND_HOOKS.update(_BESTIARY_HOOKS)
