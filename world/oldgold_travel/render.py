"""
How regions and journeys look as text: the hex map (two text lines per map
row, odd columns set half a row lower, as on a hex sheet), the legend, and
the journey's status. Nothing here changes state.
"""

import textwrap

from world.oldgold_travel import rules
from world.words import counted

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

    members = ", ".join(m.key for m in journey.travellers())
    lines = [
        f"Travelling {journey.region.name} {_mode(journey.mode)}: {members}.",
        f"Here: {describe_hex(cell)}.",
        f"Day {journey.day}, {journey.watches_today} of {rules.TRAVEL_WATCHES_PER_DAY} travel "
        f"watches used ({journey.watches_total} watches in all).",
        f"Weather: {weather_line(journey)} It holds for "
        f"{counted(journey.weather_left, 'more watch')}.",
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


# ---------------------------------------------------------------- the web map

TERRAIN_COLOURS = {
    "sea": "#3b6ea5", "lake": "#6fa8dc", "plains": "#d9e8a0", "grassland": "#b6d77a",
    "farmland": "#f1dd8b", "hills": "#c2a878", "forest": "#6aa84f", "deep_forest": "#38761d",
    "swamp": "#7f8f5a", "mountains": "#8c8c8c", "desert": "#f3d6a0", "tundra": "#e6eef2",
}
HEX_SIZE = 46


def _corners(cx, cy, size):
    import math

    return " ".join(f"{cx + size * math.cos(math.radians(60 * i)):.1f},"
                    f"{cy + size * math.sin(math.radians(60 * i)):.1f}" for i in range(6))


def _centre(column, row):
    height = 3 ** 0.5 * HEX_SIZE
    return (HEX_SIZE + 2 + 1.5 * HEX_SIZE * column,
            height / 2 + 2 + height * row + (height / 2 if column % 2 else 0))


# How roads and rivers are drawn: (colour, width, dashes).
WAYS = {"road": ("#783f04", 3, "5 3"), "river": ("#1c4587", 4, "")}


def _ways(hexes, what):
    """Lines joining each road (or river) hex to its road (river) neighbours,
    or a short stroke through a hex that has none."""
    from world.oldgold_travel.services import neighbour

    colour, width, dashes = WAYS[what]
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    marked = {(h.column, h.row) for h in hexes if getattr(h, what)}
    lines = []
    for column, row in sorted(marked):
        cx, cy = _centre(column, row)
        joined = {neighbour(column, row, d) for d in rules.DIRECTIONS} & marked
        ends = [_centre(*other) for other in sorted(joined) if other > (column, row)]
        if not joined:
            ends = [(cx + HEX_SIZE * 0.6, cy)]
            cx -= HEX_SIZE * 0.6
        for x, y in ends:
            lines.append(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{x:.1f}" y2="{y:.1f}" '
                         f'stroke="{colour}" stroke-width="{width}"{dash} '
                         f'stroke-linecap="round" class="{what}"/>')
    return lines


def region_svg(region, hexes, journeys=()):
    """The region as an SVG of flat-topped hexes (odd columns half a hex
    lower): terrain and labels, then roads and rivers joining neighbouring
    hexes, the hexes each party has crossed and where it is now."""
    from django.utils.html import escape

    size = HEX_SIZE
    height = 3 ** 0.5 * size
    width_px = int(size * (1.5 * region.columns + 0.5)) + 4
    height_px = int(height * (region.rows + 0.5)) + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="region-map" '
             f'viewBox="0 0 {width_px} {height_px}" width="{width_px}" height="{height_px}" '
             f'role="img" aria-label="Map of {escape(region.name)}">']
    for cell in hexes:
        cx, cy = _centre(cell.column, cell.row)
        colour = TERRAIN_COLOURS.get(cell.terrain, "#ffffff")
        name = cell.terrain_rules.name if cell.terrain_rules else "blank"
        parts.append(f'<g class="hex" data-hex="{cell.label}" data-terrain="{cell.terrain}">'
                     f'<title>{escape(describe_cell(cell))}</title>'
                     f'<polygon points="{_corners(cx, cy, size - 1)}" fill="{colour}" '
                     f'stroke="{"#000" if cell.edge else "#555"}" '
                     f'stroke-width="{3 if cell.edge else 1}"/>')
        label = cell.place_name or cell.landmark or ""
        parts.append(f'<text x="{cx:.1f}" y="{cy - size * 0.45:.1f}" font-size="11" '
                     f'text-anchor="middle">{cell.label}</text>')
        if label:
            parts.append(f'<text x="{cx:.1f}" y="{cy + size * 0.6:.1f}" font-size="11" '
                         f'text-anchor="middle">{escape(label)}</text>')
        parts.append(f'<desc>{escape(name)}</desc></g>')
    parts += _ways(hexes, "river") + _ways(hexes, "road")
    for cell in hexes:
        if cell.settlement:
            cx, cy = _centre(cell.column, cell.row)
            parts.append(f'<rect x="{cx - 5:.1f}" y="{cy - 5:.1f}" width="10" height="10" '
                         f'fill="#cc0000" stroke="#000" class="{cell.settlement}" '
                         f'data-hex="{cell.label}"/>')
    for journey in journeys:
        for column, row in journey.visited:
            if (column, row) != (journey.column, journey.row):
                cx, cy = _centre(column, row)
                parts.append(f'<circle cx="{cx + 12:.1f}" cy="{cy:.1f}" r="3" '
                             'fill="#ffd700" stroke="#000" class="crossed"/>')
        cx, cy = _centre(journey.column, journey.row)
        parts.append(f'<circle cx="{cx + 12:.1f}" cy="{cy:.1f}" r="7" fill="#ffd700" '
                     'stroke="#000" stroke-width="2" class="party"/>')
    parts.append("</svg>")
    return "".join(parts)


def describe_cell(cell):
    from world.oldgold_travel.services import describe_hex

    return describe_hex(cell)
