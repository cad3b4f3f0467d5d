"""
How regions and journeys look as text: the hex map (two text lines per map
row, odd columns set half a row lower, as on a hex sheet), the legend, and
the journey's status. Nothing here changes state.
"""

import textwrap

from world.oldgold_travel import rules

CELL = 5  # characters per hex: "[f*]" and a space


def _cell_text(cell, here=False):
    if cell is None:
        return " " * CELL
    terrain = cell.terrain_rules
    mark = terrain.letter if terrain else "?"
    if cell.edge:
        mark = "#"
    if here:
        feature = "@"
    elif cell.settlement == "town":
        feature = "T"
    elif cell.settlement == "village":
        feature = "v"
    elif cell.landmark:
        feature = "*"
    elif cell.road:
        feature = "+"
    elif cell.river:
        feature = "~"
    else:
        feature = " "
    return f"[{mark}{feature}] "


def map_lines(region, hexes, at=None):
    """The map as lines no wider than 2 + 5 x columns + 2 (32 for a sheet)."""
    grid = {(h.column, h.row): h for h in hexes}
    header = "   " + "".join(f"{rules.COLUMN_LETTERS[c]:<{CELL}}" for c in range(region.columns))
    lines = [f"{region.name} ({region.climate}, {region.season}); hexes are "
             f"{rules.HEX_KM} km across.", header.rstrip()]
    for row in range(region.rows):
        top, bottom = f"{row + 1:>2} ", "   "
        for column in range(region.columns):
            text = _cell_text(grid.get((column, row)), at == (column, row))
            if column % 2:
                top += " " * CELL
                bottom += text
            else:
                top += text
                bottom += " " * CELL
        lines += [top.rstrip(), bottom.rstrip()]
    lines = [line for line in lines if line.strip() or line == ""]
    return lines


def legend_lines(hexes):
    seen = sorted({h.terrain for h in hexes if h.terrain})
    terrains = ", ".join(f"{rules.TERRAINS[t].letter} {rules.TERRAINS[t].name}" for t in seen)
    lines = textwrap.wrap("Terrain: " + (terrains or "none yet") + ".", 78)
    lines += textwrap.wrap("Marks: @ the party, T town, v village, * landmark, + road, "
                           "~ river, # impassable edge.", 78)
    return lines


def places_lines(hexes):
    lines = []
    for cell in hexes:
        bits = []
        if cell.settlement:
            bits.append(f"{cell.settlement} of {cell.place_name}")
        if cell.landmark:
            bits.append(cell.landmark)
        if bits:
            lines.append(f"  {cell.label}: {', '.join(bits)}")
    return ["Places:"] + lines if lines else []


def region_text(region, at=None):
    hexes = list(region.hexes.all())
    return "\n".join(map_lines(region, hexes, at) + legend_lines(hexes) + places_lines(hexes))


def journey_text(journey, cell):
    from world.oldgold_travel.services import describe_hex, weather_line

    members = ", ".join(m.key for m in journey.members.all())
    lines = [
        f"Travelling {journey.region.name} {_mode(journey.mode)}: {members}.",
        f"Here: {describe_hex(cell)}.",
        f"Day {journey.day}, {journey.watches_today} of {rules.TRAVEL_WATCHES_PER_DAY} travel "
        f"watches used ({journey.watches_total} watches in all).",
        f"Weather: {weather_line(journey)} (holds {journey.weather_left} more watches)",
    ]
    return "\n".join(lines)


def _mode(mode):
    return {"foot": "on foot", "mounted": "on mounts", "ship": "by ship",
            "airship": "by airship"}[mode]


def regions_text(regions):
    if not regions:
        return "No regions yet. A GM makes one with |w+region/new <name>|n."
    lines = ["Regions:"]
    for region in regions:
        lines.append(f"  {region.name}: {region.climate}, {region.season}, "
                     f"{region.columns}x{region.rows} hexes")
    return "\n".join(lines)
