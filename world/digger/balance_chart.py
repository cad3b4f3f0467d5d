"""
The picture of a balance report: one bar per party, drawn by the server as SVG.

Each bar splits that party's runs into won, retreated and lost, on an axis of
0-100% of runs, so the end of its green part is the party's success rate; a
black whisker there spans the rate's 95% interval, and the dungeon type's
band is shaded behind every bar, its edges dashed over them. A deck that
suits only one kind of party shows at once as bars ending far apart.

    spread_chart(rows, band) -> str     rows: ChartRow each; band: (low, high) or None
"""

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from world.digger import rules
from world.digger.simulate import OUTCOME_WORDS, percent

WIDTH = 640
LABEL_WIDTH = 130
RIGHT_MARGIN = 20
TOP = 34  # room for the band's caption and the legend
ROW = 30
BAR = 18
AXIS = 26  # room for the percentages under the bars
COLOURS = {rules.WON: "#2e7d32", rules.RETREAT: "#f9a825", rules.LOST: "#c62828"}
BAND_COLOUR = "#c8e6c9"


@dataclass(frozen=True)
class ChartRow:
    """One party's bar: shares of runs by outcome, the win rate's 95% interval."""

    party: str
    shares: dict  # rules.WON / RETREAT / LOST -> share of runs (0-1)
    low: float
    high: float
    emphasis: bool = False  # the party the report is about


def _x(share):
    return LABEL_WIDTH + share * (WIDTH - LABEL_WIDTH - RIGHT_MARGIN)


def spread_chart(rows, band, band_label=""):
    """The SVG markup (a string) of `rows` against `band` (None: no band to shade)."""
    height = TOP + ROW * len(rows) + AXIS
    bottom = TOP + ROW * len(rows)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="Runs won, retreated and lost by each party" '
        f'font-family="sans-serif" font-size="12">'
    ]
    if band is not None:
        low, high = band
        parts.append(
            f'<rect class="band" x="{_x(low):.1f}" y="{TOP - 4}" '
            f'width="{_x(high) - _x(low):.1f}" height="{bottom - TOP + 8}" '
            f'fill="{BAND_COLOUR}"/>'
        )
        parts.append(
            f'<text x="{_x(low):.1f}" y="{TOP - 8}" fill="#1b5e20">'
            f"{escape(band_label or 'band')} {low:.0%}-{high:.0%}</text>"
        )
    for tenth in range(11):
        x = _x(tenth / 10)
        parts.append(
            f'<line x1="{x:.1f}" y1="{TOP - 4}" x2="{x:.1f}" y2="{bottom}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle" fill="#555">'
            f"{tenth * 10}%</text>"
        )
    parts += _legend()
    for index, row in enumerate(rows):
        parts += _bar(row, TOP + ROW * index + (ROW - BAR) / 2)
    if band is not None:  # the band's edges again, over the bars
        for edge in band:
            parts.append(
                f'<line class="band-edge" x1="{_x(edge):.1f}" y1="{TOP - 4}" '
                f'x2="{_x(edge):.1f}" y2="{bottom + 4}" stroke="#1b5e20" '
                f'stroke-width="1.5" stroke-dasharray="4 3"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _legend():
    parts, x = [], WIDTH - RIGHT_MARGIN - 200
    for outcome in rules.OUTCOMES:
        parts.append(f'<rect x="{x}" y="6" width="10" height="10" fill="{COLOURS[outcome]}"/>')
        parts.append(f'<text x="{x + 14}" y="15">{OUTCOME_WORDS[outcome]}</text>')
        x += 66
    return parts


def _bar(row, y):
    weight = ' font-weight="bold"' if row.emphasis else ""
    parts = [
        f'<g class="party" data-party={quoteattr(row.party)}>',
        f'<text x="{LABEL_WIDTH - 8}" y="{y + BAR - 5}" text-anchor="end"{weight}>'
        f"{escape(row.party)}</text>",
    ]
    start = 0.0
    for outcome in rules.OUTCOMES:
        share = row.shares.get(outcome, 0.0)
        if share > 0:
            parts.append(
                f'<rect class="{outcome}" x="{_x(start):.1f}" y="{y:.1f}" '
                f'width="{_x(start + share) - _x(start):.1f}" height="{BAR}" '
                f'fill="{COLOURS[outcome]}"><title>{escape(row.party)}: {OUTCOME_WORDS[outcome]} '
                f"{percent(share)}</title></rect>"
            )
        start += share
    middle = y + BAR / 2
    parts.append(
        f'<line class="interval" x1="{_x(row.low):.1f}" y1="{middle:.1f}" '
        f'x2="{_x(row.high):.1f}" y2="{middle:.1f}" stroke="#000" stroke-width="2"/>'
    )
    for end in (row.low, row.high):
        parts.append(
            f'<line x1="{_x(end):.1f}" y1="{y + 3:.1f}" x2="{_x(end):.1f}" '
            f'y2="{y + BAR - 3:.1f}" stroke="#000" stroke-width="2"/>'
        )
    parts.append("</g>")
    return parts
