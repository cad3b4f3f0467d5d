"""
The command mix the simulated players send.

A mix is written `look,say,who,help` or with weights `look:3,say:2,who,help`.
The known names below make varied, realistic lines (`marker` sends nothing
but the marker, to show what measuring costs); any other entry is sent as
written (so `+dungeon/list` or `+party` can join the mix once they exist).
"""

WORDS = (
    "rope lantern oil map torch door stair abyss ruin card party gold bell "
    "dark north deep quiet loud cold trap chalk bread key"
).split()
HELP_TOPICS = ("", "look", "say", "who")
# Every system: the core commands both games answer (weighted up, as a crowd
# mostly looks and talks), the social layer (page, +mail, poses in a logged
# scene), Goldengrave's and Old Gold's scene commands. Digger rounds come from
# the parties (`--parties`), GMCP from `--gmcp-every`.
DEFAULT_MIX = (
    "look:3,say:2,pose,who,help,+who,+where,page,+mail,scenepose,"
    "gg-companies,gg-items,og-sheet,og-check,og-part"
)
# The commands both games answer: stock Evennia plays only these, and the
# two games are compared on them.
CORE_COMMANDS = ("look", "say", "pose", "who", "help")
PAGED_PLAYERS = 100  # pages go to one of the first players (bench00000...)


def _phrase(rng, low=3, high=8):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


LINE_MAKERS = {
    "look": lambda rng: "look",
    "say": lambda rng: f"say {_phrase(rng).capitalize()}.",
    "pose": lambda rng: f"pose {_phrase(rng, 2, 6)}.",
    "who": lambda rng: "who",
    "help": lambda rng: f"help {rng.choice(HELP_TOPICS)}".strip(),
    # One scenepose in ten (re)starts the room's scene, refused cheaply once
    # one runs, so the poses are logged.
    "+who": lambda rng: "+who",
    "+where": lambda rng: "+where",
    "page": lambda rng: f"page bench{rng.randrange(PAGED_PLAYERS):05d}={_phrase(rng)}",
    "+mail": lambda rng: "+mail",
    "scenepose": lambda rng: "+scene/start Load test" if rng.random() < 0.1
    else f"pose {_phrase(rng, 2, 6)}.",
    # Only the marker: what the measuring itself costs.
    "marker": lambda rng: "",
    # Goldengrave's and Old Gold's scene commands (players without a sheet get
    # the refusal, the common case in a crowd; each still looks the sheet up).
    "gg-companies": lambda rng: "+gg/companies",
    "gg-items": lambda rng: "+gg/items",
    "og-sheet": lambda rng: "+og/sheet",
    "og-check": lambda rng: f"+og/check {rng.choice(OG_ATTRIBUTES)} vs {rng.randint(5, 20)}",
    # A member's part of a group check: with none called in the room, the
    # refusal (the common case in a crowd) after the same look-ups.
    "og-part": lambda rng: "+og/part",
    "og-order": lambda rng: "+og/order",
    "og-help": lambda rng: "help old gold",
}
OG_ATTRIBUTES = ("might", "grace", "mind", "heart")


class CommandMix:
    """Weighted entries; `next_line(rng)` picks one and makes its text."""

    def __init__(self, spec=DEFAULT_MIX):
        self.entries, self.weights = [], []
        for part in filter(None, (piece.strip() for piece in spec.split(","))):
            name, _, weight = part.rpartition(":") if _is_weighted(part) else (part, "", "1")
            self.entries.append(name)
            self.weights.append(float(weight))
        if not self.entries:
            raise ValueError(f"the command mix {spec!r} names no commands")

    def next_line(self, rng):
        return line_for(rng.choices(self.entries, self.weights)[0], rng)

    def restricted_to(self, names):
        """The same mix with only the entries named (weights kept)."""
        kept = [(e, w) for e, w in zip(self.entries, self.weights) if e in names]
        if not kept:
            raise ValueError(f"the mix {self.describe()!r} has none of {', '.join(names)}")
        return CommandMix(",".join(f"{entry}:{weight:g}" for entry, weight in kept))

    def describe(self):
        return ",".join(
            name if weight == 1 else f"{name}:{weight:g}"
            for name, weight in zip(self.entries, self.weights)
        )


def line_for(entry, rng):
    """A line to send for one mix entry."""
    maker = LINE_MAKERS.get(entry)
    return maker(rng) if maker else entry


def _is_weighted(part):
    name, colon, weight = part.rpartition(":")
    if not colon or not name:
        return False
    try:
        float(weight)
    except ValueError:
        return False
    return True
