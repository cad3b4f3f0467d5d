"""
How the generated dungeons look to players and GMs: where you stand in one,
and the GM's list. Only builds text (at most 78 columns).
"""

from world.oldgold import render as og_render
from world.text_table import text_table
from world.words import with_article

_LEADS = {"down": "down to level {below}", "up": "up to level {above}", "back": "the way back",
          "out": "out of the dungeon", "in": "into the dungeon"}


def _way_words(way, level):
    exit_obj = way.exit
    if way.leads in _LEADS:
        words = _LEADS[way.leads].format(below=level + 1, above=level - 1)
        if way.leads in ("down", "up") and not way.explored:
            words += ", unexplored"
    elif way.door in ("locked", "stuck", "barred"):
        words = f"the door is {way.door}"
    elif not way.explored:
        words = "unexplored"
    else:
        words = f"to {exit_obj.destination.key}" if exit_obj.destination else "explored"
    if way.hidden:
        words += ", a hidden door"
    return f"|w{exit_obj.key}|n ({words})"


def space(space, ways, rooms_on_level, rooms_explored, show_rolls=False):
    dungeon = space.dungeon
    lines = [
        f"|w{dungeon.name}|n, level {space.level} of {dungeon.levels}: "
        f"{with_article(space.room.key.lower()) if space.kind != 'entrance' else 'the entrance'}"
        f" (space {space.number}).",
        f"Rooms explored: {rooms_explored} of about {dungeon.rooms_wanted}; this level has "
        f"{rooms_on_level} of its {dungeon.per_level}.",
        "Ways: " + (", ".join(_way_words(way, space.level) for way in ways) or "none."),
    ]
    if space.searched:
        lines.append("This place has been searched for hidden doors.")
    if show_rolls and space.rolls:
        lines.append(f"Rolls (for the GM): {space.rolls}")
    return og_render.wrap_text("\n".join(lines))


def dungeon_list(rows):
    """rows: (dungeon, spaces made, rooms made, objects tagged)."""
    if not rows:
        return "No generated dungeons yet: |w+crawl/new <name>=<size>|n opens one."
    table = text_table(
        ["Dungeon", "Size", "Levels", "Rooms", "Spaces", "Objects", "Kept"],
        [[d.name, str(d.size_face), str(d.levels), f"{rooms}/{d.rooms_wanted}", str(spaces),
          str(objects), "yes" if d.kept else ""] for d, spaces, rooms, objects in rows])
    return f"|wGenerated Old Gold dungeons|n\n{table}"
