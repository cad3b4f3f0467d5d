"""
The picture of a dungeon's map on the web, drawn by the server as SVG from the
same `exploring.MapView` the text map comes from: one box per room shown, a
line per corridor, the company's room filled, starred rooms (the GM's map
only) marked. An unlabelled (Easy) map names no room, not even in a tooltip.

    map_svg(view) -> str    "" when the view shows no room (Hard)
"""

from xml.sax.saxutils import escape, quoteattr

CELL = 84  # distance between two neighbouring rooms
BOX = 44
MARGIN = 16
HERE_FILL = "#f9a825"
ROOM_FILL = "#fdfbf5"
LINE = "#5d4037"
STAR = "#c62828"


def _centre(spot):
    x, y = spot
    return MARGIN + BOX / 2 + x * CELL, MARGIN + BOX / 2 + y * CELL


def map_svg(view):
    """The SVG markup of `view` (a string), or "" when it shows no room."""
    if not view.places:
        return ""
    columns = max(x for x, _ in view.places.values()) + 1
    rows = max(y for _, y in view.places.values()) + 1
    width = 2 * MARGIN + BOX + (columns - 1) * CELL
    height = 2 * MARGIN + BOX + (rows - 1) * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gg-map" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label={quoteattr("Map of " + view.dungeon.name)} '
        f'font-family="sans-serif" font-size="16">'
    ]
    for a, b in view.corridors:
        (x1, y1), (x2, y2) = _centre(view.places[a]), _centre(view.places[b])
        parts.append(f'<line class="corridor" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" '
                     f'y2="{y2:.0f}" stroke="{LINE}" stroke-width="6"/>')
    for entry, spot in view.places.items():
        cx, cy = _centre(spot)
        label = view.label(entry)
        here = label == "@"
        fill = HERE_FILL if here else ROOM_FILL
        title = f"{entry.number}: {entry.room.key}" if view.labelled else ""
        if here:
            title = (title + " - " if title else "") + "your company is here"
        parts.append(
            f'<g class="room{" here" if here else ""}">'
            + (f"<title>{escape(title)}</title>" if title else "")
            + f'<rect x="{cx - BOX / 2:.0f}" y="{cy - BOX / 2:.0f}" width="{BOX}" '
            f'height="{BOX}" rx="6" fill="{fill}" stroke="{LINE}" stroke-width="2"/>'
            + (f'<text x="{cx:.0f}" y="{cy + 6:.0f}" text-anchor="middle">{escape(label)}</text>'
               if label.strip() else "")
            + (f'<text class="star" x="{cx + BOX / 2 + 3:.0f}" y="{cy - BOX / 2 + 14:.0f}" '
               f'font-size="24" font-weight="bold" fill="{STAR}">*</text>'
               if view.gm and entry.starred else "")
            + "</g>"
        )
    parts.append("</svg>")
    return "".join(parts)
