"""
Goldengrave's character-creation tables, as data.

The entries are the rule text's table values (single words and short
descriptor pairs). Two name columns, Bittermarch and Elsewhere, are blank in
our copy of the text (`NAME_COLUMNS_MISSING`); the game's own columns for
them live in its rules table (`world.goldengrave.rules.HOUSE_NAMES`).

`MONSTER_DESIRES` follows the text's six-entry list in the game's own words.
"""

SPARK_A = {
    2: "Cave",
    3: "Jungle",
    4: "Desert",
    5: "Sea",
    6: "Gyldrion",
    7: "Bittermarch",
    8: "Fairbuck",
    9: "Forest",
    10: "Fjord",
    11: "Swamp",
    12: "Cosmic",
}
"""2d6: where the character comes from."""

SPARK_B = {
    2: "Nomad",
    3: "Refugee",
    4: "Hunter",
    5: "Zealot",
    6: "Criminal",
    7: "Veteran",
    8: "Scholar",
    9: "Noble",
    10: "Knight",
    11: "Poet",
    12: "Merchant",
}
"""2d6: what the character was."""

PHYSIQUE = {
    1: "short/stout",
    2: "small/light",
    3: "long/thin",
    4: "average/fit",
    5: "big/heavy",
    6: "big/brawny",
}

PERSONALITY = {
    1: "honest/loyal",
    2: "cool/confident",
    3: "sociable/energetic",
    4: "patient/gentle",
    5: "organized/careful",
    6: "inventive/curious",
}

FLAW = {
    1: "sly/selfish",
    2: "sensitive/anxious",
    3: "quiet/reserved",
    4: "stubborn/irritable",
    5: "sloppy/careless",
    6: "consistent/cautious",
}

REGIONS = ("Fairbuck", "Gyldrion", "Bittermarch", "Elsewhere")
"""The name table's columns; a Spark A that is not a region means Elsewhere."""

NAME_COLUMNS_MISSING = ("Bittermarch", "Elsewhere")


def _column(*names):
    """Map (d6, d6) -> name for a 36-entry column listed 1,1 .. 6,6."""
    cells = [(first, second) for first in range(1, 7) for second in range(1, 7)]
    return dict(zip(cells, names, strict=True))


# fmt: off
NAMES = {
    "Fairbuck": _column(
        "Alaric", "Anton", "Armin", "Blaise", "Bronwyn", "Cedric",
        "Claude", "Cyril", "Dagmar", "Declan", "Digory", "Elias",
        "Elwin", "Emery", "Fabian", "Florian", "Greylond", "Heyden",
        "Kerrigan", "Lionel", "Maeve", "Morgan", "Myron", "Orla",
        "Oswald", "Perrin", "Quinn", "Robyn", "Soren", "Sybil",
        "Tess", "Tulley", "Vanora", "Vesper", "Wilmot", "Wolfrik",
    ),
    "Gyldrion": _column(
        "Agnola", "Alvaro", "Antenor", "Azzo", "Bandino", "Bonita",
        "Bianca", "Cassia", "Corvino", "Donato", "Evita", "Flavio",
        "Galindo", "Gaspar", "Gherardo", "Griselda", "Idoya", "Kaenis",
        "Korinna", "Kostas", "Leandro", "Lykon", "Megara", "Nestor",
        "Odilon", "Petra", "Phoebe", "Pietro", "Quisila", "Riccardo",
        "Rosana", "Scipio", "Vasco", "Valeria", "Verres", "Ymilia",
    ),
}
# fmt: on
"""(d6, d6) -> name, for the regions whose column survives."""

MONSTER_DESIRES = {
    1: "to see you shamed or made a fool of",
    2: "to get its hands on your treasure",
    3: "to keep you out, or drive you out",
    4: "to have you see something",
    5: "to have your help with something",
    6: "to test you in a game or a duel",
}
"""d6: what a monster wants (the text's list, reworded by the game)."""
