"""
Walking through a Goldengrave dungeon: the hook that moves a company when one
of its PCs steps through an exit (and tells the GM what a starred room's roll
found), and the map of a dungeon's rooms as text, as far as its difficulty
lets the players see.
"""

from dataclasses import dataclass, field

from evennia.utils import logger

from world.goldengrave import render, services
from world.goldengrave.models import DungeonRoom, Sheet

# Where an exit's name puts the next room on the map: (dx, dy).
DIRECTIONS = {
    "north": (0, -1), "n": (0, -1), "south": (0, 1), "s": (0, 1),
    "east": (1, 0), "e": (1, 0), "west": (-1, 0), "w": (-1, 0),
    "northeast": (1, -1), "ne": (1, -1), "northwest": (-1, -1), "nw": (-1, -1),
    "southeast": (1, 1), "se": (1, 1), "southwest": (-1, 1), "sw": (-1, 1),
}
CELL_WIDTH = 6
"""'[12]' and two columns of corridor."""
MAX_MAP_COLUMNS = 12
"""12 cells of 6 columns fit within 78."""


def refusal_to_walk(character, destination):
    """Why `character` may not walk through an exit to `destination`, or None:
    a knocked-out PC walks nowhere until the danger is past, and a company
    at 0 Stamina goes into no dungeon room until it has rested in town.
    Everyone else walks as ever (one look-up: do they play a Goldengrave PC)."""
    sheet = Sheet.objects.filter(character=character, alive=True).select_related("company").first()
    if sheet is None:
        return None
    if sheet.knocked_out:
        return render.fit(services.knocked_out_refusal(sheet))
    company = sheet.company
    if company is not None and company.stamina < 1 and \
            DungeonRoom.objects.filter(room=destination).exists():
        return render.fit(services.must_rest_refusal(company, "go back in"))
    return None


def on_exit_traversed(sender, traverser=None, **kwargs):
    """Evennia's exit signal: a character went through exit `sender`."""
    if traverser is None or traverser.location is None:
        return
    if traverser.location != getattr(sender, "destination", None):
        return  # the move was refused
    try:
        arrived(traverser, traverser.location)
    except Exception:  # never let a map problem stop someone walking
        logger.log_trace("Goldengrave: entering a dungeon room failed")


def arrived(character, room, rng=None):
    entry = services.enter_room(character, room, rng=rng)
    if entry is None:
        return None
    dungeon = entry.room.dungeon
    if entry.revisit is not None:
        # The GM rolls it: they read it wherever they are, the company here.
        room.msg_contents(render.revisit(entry))
        if dungeon.gm is not None and dungeon.gm.location != room:
            dungeon.gm.msg(render.revisit(entry))
    if entry.newly_explored and dungeon.difficulty == "normal":
        character.msg(f"|w[Goldengrave]|n Room {entry.room.number} joins your company's map (|w+gg/map|n).")
    if entry.wandering is not None and dungeon.gm is not None:
        dungeon.gm.msg(render.wandering(entry))
    return entry


# ---------------------------------------------------------------- the map


def layout(dungeon):
    """{DungeonRoom: (x, y)} from the compass names of the exits between its rooms;
    rooms reached another way (up, down, a door) take the next free place."""
    entries = list(dungeon.rooms.select_related("room"))
    by_room = {entry.room.pk: entry for entry in entries}
    places, taken = {}, set()
    for start in entries:
        if start in places:
            continue
        x = max((p[0] for p in places.values()), default=-2) + 2
        places[start] = (x, 0)
        taken.add((x, 0))
        queue = [start]
        while queue:
            here = queue.pop(0)
            hx, hy = places[here]
            for exit_obj in here.room.exits:
                there = by_room.get(getattr(exit_obj.destination, "pk", None))
                if there is None or there in places:
                    continue
                dx, dy = DIRECTIONS.get(exit_obj.key.lower(), (None, None))
                spot = (hx + dx, hy + dy) if dx is not None else None
                if spot is None or spot in taken:
                    spot = _free_near(hx, hy, taken)
                places[there] = spot
                taken.add(spot)
                queue.append(there)
    return _normalised(places)


def _free_near(x, y, taken):
    for distance in range(1, 20):
        for spot in ((x + distance, y), (x, y + distance), (x - distance, y), (x, y - distance)):
            if spot not in taken:
                return spot
    return (x + 20, y)


def _normalised(places):
    if not places:
        return {}
    left = min(x for x, _ in places.values())
    top = min(y for _, y in places.values())
    return {entry: (x - left, y - top) for entry, (x, y) in places.items()}


def _linked(a, b):
    return any(getattr(e.destination, "pk", None) == b.room.pk for e in a.room.exits)


# The neighbours a corridor is drawn to: east, south, south-east, south-west.
NEIGHBOURS = ((1, 0), (0, 1), (1, 1), (-1, 1))


def corridors(places):
    """Pairs (a, b) of placed rooms side by side with an exit between them."""
    at = {spot: entry for entry, spot in places.items()}
    pairs = []
    for entry, (x, y) in places.items():
        for dx, dy in NEIGHBOURS:
            other = at.get((x + dx, y + dy))
            if other is not None and (_linked(entry, other) or _linked(other, entry)):
                pairs.append((entry, other))
    return tuple(pairs)


def draw(view):
    """The map as text lines: rooms as [n] (or [ ] unlabelled), [@] where the
    company is, corridors between neighbours, * after starred rooms (the GM's
    map only). Too wide a dungeon draws nothing (the room list remains)."""
    places = view.places
    if not places:
        return ()
    width = max(x for x, _ in places.values()) + 1
    height = max(y for _, y in places.values()) + 1
    if width > MAX_MAP_COLUMNS:
        return ()
    canvas = [[" "] * (width * CELL_WIDTH) for _ in range(height * 2)]
    cells = {}
    for entry, (x, y) in places.items():
        label = view.label(entry)
        cell = f"[{label[:2]:^2}]" if len(label) > 1 else f"[{label}]"
        cells[entry] = cell + ("*" if view.gm and entry.starred else "")
        for i, ch in enumerate(cells[entry]):
            canvas[y * 2][x * CELL_WIDTH + i] = ch
    for a, b in view.corridors:
        (ax, ay), (bx, by) = places[a], places[b]
        if by == ay:
            for col in range(ax * CELL_WIDTH + len(cells[a]), bx * CELL_WIDTH):
                canvas[ay * 2][col] = "-"
        elif bx == ax:
            canvas[ay * 2 + 1][ax * CELL_WIDTH + 1] = "|"
        elif bx > ax:
            canvas[ay * 2 + 1][ax * CELL_WIDTH + 4] = "\\"
        else:
            canvas[ay * 2 + 1][ax * CELL_WIDTH - 1] = "/"
    rows = ["".join(row).rstrip() for row in canvas]
    while rows and not rows[-1]:
        rows.pop()
    return tuple(rows)


@dataclass(frozen=True)
class MapView:
    """What one viewer may see of a dungeon's map: where the rooms drawn sit,
    the corridors between them, the rooms the viewer may name, and where the
    company is."""

    dungeon: object
    note: str
    places: dict = field(default_factory=dict)
    """{DungeonRoom: (x, y)} of every room drawn, labelled or not."""
    rooms: tuple = ()
    """The rooms the viewer may name (number and room name)."""
    gm: bool = False
    here: int | None = None
    """The id of the room the company stands in."""
    labelled: bool = True
    corridors: tuple = ()
    mapper: tuple = ()
    """The lines of the company's own map (+gg/mapnote), where the game gives none."""

    def label(self, entry):
        """'@' where the company is, the room's number, or ' ' on an unlabelled map."""
        if self.here is not None and entry.room_id == self.here:
            return "@"
        return str(entry.number) if self.labelled else " "

    @property
    def lines(self):
        return draw(self)


def _view(dungeon, note, entries, shown, **options):
    # Placed among all the rooms (so the shape never shifts as rooms appear),
    # then trimmed to the rooms shown, so no blank band betrays hidden ones.
    places = _normalised({e: spot for e, spot in layout(dungeon).items() if e in shown})
    return MapView(dungeon, note, places, corridors=corridors(places), **options)


def map_for(dungeon, company=None, gm=False):
    """Easy: every room, unlabelled. Normal: the rooms the company explored, with
    names. Hard: nothing (the company's mapper draws their own). The GM sees all."""
    entries = list(dungeon.rooms.select_related("room"))
    here = company.position_id if company is not None else None
    if gm:
        return _view(dungeon, "The GM's map: every room, numbered; * marks starred rooms.",
                     entries, entries, rooms=tuple(entries), gm=True)
    if dungeon.difficulty == "easy":
        return _view(dungeon, "Easy: the whole map, without labels. @ is your company.",
                     entries, entries, here=here, labelled=False)
    if dungeon.difficulty == "normal":
        explored = set(company.explored.all()) if company is not None else set()
        shown = [entry for entry in entries if entry in explored]
        return _view(dungeon, "Normal: the rooms your company has entered. @ is your company.",
                     entries, shown, rooms=tuple(shown), here=here)
    mapper = tuple(company.map_note.splitlines()) if company is not None else ()
    if mapper:
        return MapView(dungeon, "Hard: the game gives no map; this is your mapper's.",
                       mapper=mapper)
    return MapView(dungeon, "Hard: the game gives no map. Your company's mapper draws one "
                   "with +gg/mapnote.")


def dungeon_room(room):
    return DungeonRoom.objects.filter(room=room).select_related("dungeon").first()
