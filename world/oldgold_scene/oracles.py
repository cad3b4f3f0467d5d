"""
Old Gold's oracles as plain functions: each takes a random source (anything
with `randint`) and returns an `OracleResult` recording every die and the
words read. The tables are in `world.oldgold_scene.rules`; posting and
logging are the services' work.
"""

from dataclasses import dataclass

from world.oldgold_scene import rules
from world.oldgold_scene.errors import SceneError


@dataclass(frozen=True)
class OracleResult:
    kind: str  # yesno, d6, action, seed, settlement, dungeon, delving
    title: str  # what was asked, in a few words
    dice: tuple  # every die rolled, in order
    kept: tuple  # the faces read (after advantage or disadvantage)
    answer: str
    outcome: str = ""  # a machine word for what it decided (delving: encounter...)

    def render(self):
        return f"{self.title} {self.dice_words()}: {self.answer}"

    def dice_words(self):
        if len(self.dice) == len(self.kept):
            return " ".join(f"[{face}]" for face in self.dice)
        shown = ", ".join(str(face) for face in self.dice)
        return f"[{shown}] keeps {', '.join(str(face) for face in self.kept)}"


def _mode(advantage, disadvantage):
    """'adv', 'dis' or '' (the two cancel, as everywhere in Old Gold)."""
    if advantage and not disadvantage:
        return "adv"
    if disadvantage and not advantage:
        return "dis"
    return ""


def _d(rng, sides, mode=""):
    """One die of `sides`, or two keeping the higher (adv) or lower (dis)."""
    if not mode:
        face = rng.randint(1, sides)
        return (face,), face
    first, second = rng.randint(1, sides), rng.randint(1, sides)
    kept = max(first, second) if mode == "adv" else min(first, second)
    return (first, second), kept


def _mode_words(mode):
    return {"adv": " with advantage", "dis": " with disadvantage"}.get(mode, "")


def yes_no(rng, advantage=False, disadvantage=False, question=""):
    mode = _mode(advantage, disadvantage)
    dice, face = _d(rng, rules.YES_NO_DIE, mode)
    asked = f" '{question}'" if question else ""
    return OracleResult("yesno", f"Yes or no{asked}, 1d6{_mode_words(mode)}", dice, (face,),
                        rules.YES_NO[face], "yes" if face >= 4 else "no")


def column_named(text):
    word = " ".join((text or "").lower().split())
    word = rules.SOLO_ALIASES.get(word, word)
    found = [c for c in rules.SOLO_COLUMNS if word and c.startswith(word)]
    if len(found) != 1:
        raise SceneError("Choose a column of the d6 oracle: " + ", ".join(rules.SOLO_COLUMNS)
                         + " (like +oracle/d6 size=adv).")
    return found[0]


def solo_d6(rng, column, advantage=False, disadvantage=False):
    column = column_named(column)
    mode = _mode(advantage, disadvantage)
    dice, face = _d(rng, rules.SOLO_DIE, mode)
    return OracleResult("d6", f"The d6 oracle, {column}{_mode_words(mode)},", dice, (face,),
                        rules.SOLO_COLUMNS[column][face - 1] + ".")


def action_theme(rng):
    action = rng.randint(1, rules.ACTION_THEME_DIE)
    theme = rng.randint(1, rules.ACTION_THEME_DIE)
    words = f"{rules.ACTIONS[action - 1]} / {rules.THEMES[theme - 1]}."
    return OracleResult("action", "Action and theme, 1d12 twice,", (action, theme),
                        (action, theme), words.capitalize())


def adventure_seed(rng):
    faces = tuple(rng.randint(1, rules.SEED_DIE) for _ in rules.SEED_COLUMNS)
    parts = [rules.SEEDS[column][face - 1] for column, face in zip(rules.SEED_COLUMNS, faces)]
    patron, task, target, catch = parts
    words = f"{patron[0].upper()}{patron[1:]} asks you to {task} {target}, {catch}."
    return OracleResult("seed", "An adventure seed, 1d20 a column,", faces, faces, words)


def settlement_name(rng, kin=""):
    if kin:
        if kin not in rules.KIN_NAMES:
            raise SceneError("Settlement names come plain, or for dwarf or elf homes "
                             "(+oracle/town dwarf).")
        prefixes, suffixes = rules.KIN_NAMES[kin]
        first, second = rng.randint(1, rules.KIN_NAME_DIE), rng.randint(1, rules.KIN_NAME_DIE)
        name = prefixes[first - 1] + suffixes[second - 1].lstrip("-")
        return OracleResult("settlement", f"A {kin} settlement's name, 1d6 twice,",
                            (first, second), (first, second), name + ".")
    first, second = rng.randint(1, rules.NAME_DIE), rng.randint(1, rules.NAME_DIE)
    name = rules.SETTLEMENT_PREFIXES[first - 1] + rules.SETTLEMENT_SUFFIXES[second - 1]
    return OracleResult("settlement", "A settlement's name, 1d12 twice,", (first, second),
                        (first, second), name + ".")


def dungeon_name(rng):
    faces = tuple(rng.randint(1, rules.DUNGEON_DIE) for _ in range(3))
    looks = rules.DUNGEON_DESCRIPTORS[faces[0] - 1]
    place = rules.DUNGEON_SITES[faces[1] - 1]
    haunt = rules.DUNGEON_NAMESAKES[faces[2] - 1]
    return OracleResult("dungeon", "A dungeon's name, 1d8 three times,", faces, faces,
                        f"The {looks} {place} of the {haunt}.")


def delving(rng):
    face = rng.randint(1, rules.DELVING_DIE)
    outcome, words = rules.DELVING[face]
    return OracleResult("delving", "The delving oracle, 1d6,", (face,), (face,), words, outcome)
