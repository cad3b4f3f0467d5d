"""
Old Gold NPCs made by a GM with +og/npc: a plain Object with the tag and the
`og_stats` Attribute of the NPC contract (see world.oldgold.services), so
monsters of the world issue and these fight in the same order.
"""

import re

from typeclasses.objects import Object

_NUMBERED = re.compile(r".+ \d+")  # 'Goblin 2': one of a numbered band (bestiary spawns)


class OldGoldNpc(Object):
    """A creature that can take part in an Old Gold fight."""

    def at_object_creation(self):
        super().at_object_creation()
        self.tags.add("oldgold_npc", category="oldgold")
        self.locks.add("get:false()")

    def get_numbered_name(self, count, looker, **kwargs):
        """'Goblin 2', not 'a Goblin 2': a numbered one is named, like a person."""
        if count == 1 and _NUMBERED.fullmatch(self.key):
            kwargs["no_article"] = True
        return super().get_numbered_name(count, looker, **kwargs)

    def return_appearance(self, looker, **kwargs):
        text = super().return_appearance(looker, **kwargs)
        stats = self.attributes.get("og_stats") or {}
        if not stats:
            return text
        line = (f"HP {stats.get('hp')}/{stats.get('max_hp')}, DP {stats.get('dp', 0)}, "
                f"Morale {stats.get('morale', '?')}")
        return f"{text}\n{line}"
