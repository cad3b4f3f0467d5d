"""
Old Gold NPCs made by a GM with +og/npc: a plain Object with the tag and the
`og_stats` Attribute of the NPC contract (see world.oldgold.services), so
monsters of the world issue and these fight in the same order.
"""

from typeclasses.objects import Object


class OldGoldNpc(Object):
    """A creature that can take part in an Old Gold fight."""

    def at_object_creation(self):
        super().at_object_creation()
        self.tags.add("oldgold_npc", category="oldgold")
        self.locks.add("get:false()")

    def return_appearance(self, looker, **kwargs):
        text = super().return_appearance(looker, **kwargs)
        stats = self.attributes.get("og_stats") or {}
        if not stats:
            return text
        line = (f"HP {stats.get('hp')}/{stats.get('max_hp')}, DP {stats.get('dp', 0)}, "
                f"Morale {stats.get('morale', '?')}")
        return f"{text}\n{line}"
