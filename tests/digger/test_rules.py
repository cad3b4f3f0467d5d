"""The rules table (world.digger.rules) and the pieces built on it (world.digger.deck)."""

import ast
import re
from pathlib import Path

import pytest

from world.digger import rules
from world.digger.deck import (
    Card,
    Dungeon,
    Tool,
    condition_label,
    quality_label,
    validate_tool_design,
)

from .support import card

BASIC = [
    "Hesitate",
    "Reckless",
    "Fright",
    "Overzealous",
    "Weaken",
    "Slow",
    "Stupify",
    "Wound",
    "Bad Luck",
    "Injure",
    "Tire",
    "Exhaust",
    "Treasure",
    "Secret",
    "Save Point",
    "Wonder",
]
ADVANCED = "Collapse Cripple Madness Maim Overwhelm Suffer Vault Hope".split()
TIERS = {
    rules.DRAWBACK: ["Sacrifice", "Liability", "Shortsighted", "Inefficient"],
    rules.LESSER: ["Efficient", "Rally", "Fanfare", "Improved"],
    rules.GREATER: ["Strengthen", "Quicken", "Enlighten", "Embolden", "Stalwart", "Resilient"],
    rules.GREATEST: ["Cleanse"],
}


def test_the_source_has_24_conditions_16_basic_and_8_advanced():
    assert [c.name for c in rules.CONDITION_LIST] == BASIC + ADVANCED
    assert len(rules.CONDITIONS) == 24
    assert [c.name for c in rules.CONDITION_LIST if c.advanced] == ADVANCED


def test_every_quality_and_drawback_with_its_tier_and_tool_points():
    assert {q.name: q.tier for q in rules.QUALITY_LIST} == {
        name: tier for tier, names in TIERS.items() for name in names
    }
    points = {q.name: q.tool_points for q in rules.QUALITY_LIST}
    assert points["Sacrifice"] == -1 and points["Efficient"] == 1
    assert points["Strengthen"] == 2 and points["Cleanse"] == 3


def test_every_declared_part_uses_a_known_window_and_kind():
    kinds = {rules.ABILITY, rules.CHALLENGE_ABILITY, rules.EXPLORATION_ON_PASS, rules.EXHAUSTION}
    kinds |= {rules.EXHAUSTION_MINIMUM, rules.CLEANSE}
    for declared in rules.CONDITION_LIST + rules.QUALITY_LIST:
        for part in declared.parts:
            assert part.window in rules.WINDOW_OFFSETS, declared.name
            assert part.kind in kinds, declared.name
            if part.kind == rules.ABILITY:
                assert part.ability in rules.ABILITIES + (rules.ALL_ABILITIES,), declared.name
            if part.kind == rules.EXHAUSTION:
                assert part.when in (rules.ALWAYS, rules.OWN_FAILURE, rules.USER_FAILURE)
        assert (
            declared.parts or getattr(declared, "uses", 0) or getattr(declared, "bonus", 0)
        ), declared.name


def _numbers(declared):
    numbers = []
    for part in declared.parts:
        if part.kind != rules.CLEANSE:
            numbers.append(part.amount)
        if part.user_amount is not None:
            numbers.append(part.user_amount)
    return numbers + [
        value for value in (getattr(declared, "uses", 0), getattr(declared, "bonus", 0)) if value
    ]


@pytest.mark.parametrize(
    "declared", rules.CONDITION_LIST + rules.QUALITY_LIST, ids=lambda d: d.name
)
def test_labels_show_the_declared_numbers_and_windows(declared):
    """A retuned number must be retuned in the card-header label too."""
    assert [int(n) for n in re.findall(r"[-+]?\d+", declared.label)] == _numbers(declared)
    for part in declared.parts:
        if part.kind != rules.CLEANSE:
            assert f"({part.window})" in declared.label


def test_condition_label_for_card_headers():
    assert condition_label("Weaken") == "Weaken: Brute -2 (this and next)"
    assert condition_label("Hesitate") == "Hesitate: Agility -1 (this), Wits +1 (next)"
    assert condition_label("Nope") == "Nope: (unknown Condition)"
    assert quality_label("Stalwart") == "Stalwart: party Exhaustion -5, the user's -10 (this)"


def test_point_costs_and_belts():
    assert [rules.raise_cost(r) for r in range(4)] == [1, 2, 3, 4]
    assert rules.rating_total_cost(5) == 15
    assert rules.rating_total_cost(0) == 0
    assert [rules.free_belt_slots(chapter) for chapter in range(1, 7)] == [2, 3, 4, 5, 5, 5]
    assert [rules.early_slot_cost(chapter) for chapter in (1, 2, 3, 4)] == [7, 7, 5, 5]
    assert rules.STARTING_DP == 48 and rules.TOOL_COST_DP == 3 and rules.PARTY_MAX == 7


def test_ability_words():
    assert rules.ability_for_word("force") == rules.BRUTE
    assert rules.ability_for_word(" Investigate ") == rules.WITS
    assert rules.ability_for_word("AGILITY") == rules.AGILITY
    assert rules.ability_for_word("dance") is None


def test_pure_modules_import_neither_django_nor_evennia():
    root = Path(__file__).resolve().parents[2]
    for path in (
        "world/digger/rules.py",
        "world/digger/deck.py",
        "world/digger/engine.py",
        "world/dice/digger.py",
    ):
        tree = ast.parse((root / path).read_text())
        imported = [
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        ]
        imported += [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [name for name in imported if name.split(".")[0] in ("django", "evennia")], path


# --- Tools -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "rating, qualities, drawback, uses, bonus",
    [
        ("Major", ("Improved",), None, 2, 4),
        ("Major", ("Efficient",), None, 3, 2),
        ("Minor", ("Strengthen",), None, 3, 1),
        ("Minor", ("Efficient", "Rally"), None, 4, 1),
        ("Major", ("Improved", "Efficient"), "Inefficient", 2, 4),
        ("Minor", ("Cleanse",), "Sacrifice", 3, 1),
        ("Minor", ("Stalwart", "Fanfare"), "Liability", 3, 1),
    ],
)
def test_legal_designs_and_their_uses_and_bonus(rating, qualities, drawback, uses, bonus):
    assert validate_tool_design(rating, qualities, drawback, rules.WITS) == ()
    made = Tool(1, "Thing", rules.WITS, rating, qualities, drawback)
    assert (made.uses, made.bonus, made.tool_points) == (uses, bonus, 4)
    assert made.problems() == ()


def test_tool_point_refusal_shows_the_arithmetic():
    assert validate_tool_design("Minor", ("Strengthen", "Cleanse"), "Sacrifice") == (
        "Minor 2 + Strengthen 2 + Cleanse 3 - Sacrifice 1 = 6 TP; a tool needs exactly 4.",
    )
    assert validate_tool_design("Major", ()) == ("Major 3 = 3 TP; a tool needs exactly 4.",)
    assert validate_tool_design("Minor", ("Efficient",)) == (
        "Minor 2 + Efficient 1 = 3 TP; a tool needs exactly 4.",
    )


def test_at_most_one_drawback():
    problems = validate_tool_design("Major", ("Improved", "Efficient", "Sacrifice"), "Liability")
    assert "A tool may have at most one drawback; this one has Sacrifice and Liability." in problems


def test_cleanse_only_on_a_minor_tool_with_a_drawback():
    assert "Cleanse can only go on a Minor tool that has a drawback." in validate_tool_design(
        "Major", ("Cleanse",), "Sacrifice"
    )
    problems = validate_tool_design("Minor", ("Cleanse",))
    assert "Cleanse can only go on a Minor tool that has a drawback." in problems


def test_other_design_refusals():
    assert validate_tool_design("Huge", ("Improved",)) == (
        "The rating must be Major or Minor, not 'Huge'.",
    )
    assert "There is no Tool quality or drawback called 'Sparkly'." in validate_tool_design(
        "Major", ("Sparkly",)
    )
    assert "Efficient is listed more than once." in validate_tool_design(
        "Minor", ("Efficient", "Efficient")
    )
    assert "Improved is a quality, not a drawback." in validate_tool_design("Major", (), "Improved")
    assert validate_tool_design("Major", ("Improved",), category="Luck")[0].startswith(
        "The category must be"
    )


def test_tool_round_trips_through_a_dict():
    made = Tool(7, "Lamp", rules.WITS, rules.MINOR, ("Enlighten",), None, "An old lamp.")
    assert Tool.from_dict(made.to_dict()) == made
    assert made.effects == ("Enlighten",)
    assert Tool(8, "Sack", rules.BRUTE, rules.MAJOR, ("Efficient",)).effects == ()


# --- Cards and dungeons ------------------------------------------------------------


def test_card_header():
    entry = Card("gate", rules.ENTRY, "Gate", "", rules.BRUTE, 2, ("Weaken",))
    assert entry.header() == "Type: Entry | Ability: Brute | Level: 2"
    assert entry.condition_labels() == ("Weaken: Brute -2 (this and next)",)
    assert Card("x", rules.DISCOVERY, "Gold").header() == "Type: Discovery"
    assert Card.from_dict(entry.to_dict()) == entry


def _balanced(type_=rules.RUIN, final_level=3, extra=()):
    cards = [Card("entry", rules.ENTRY, "", "", rules.BRUTE, 1, ("Tire",))]
    levels = [1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 2, 1, 2]
    for i, level in enumerate(levels):
        cards.append(card(f"c{i}", rules.ABILITIES[(i + 1) % 4], level, ("Tire",)))
    cards.append(Card("boss", rules.FINAL, "", "", rules.COMBAT, final_level, ("Tire",)))
    cards += [Card("d", rules.DISCOVERY), Card("e", rules.ESCAPE), Card("l", rules.LANDMARK)]
    return Dungeon(3, "Crypt", type_, cards=tuple(cards) + tuple(extra))


def test_a_balanced_ruin_validates_cleanly():
    report = _balanced().validate()
    assert report.ok and report.errors == () and report.warnings == ()


def test_dungeon_errors_name_the_card():
    bad = Dungeon(
        4,
        "Pit",
        "Cave",
        cards=(
            Card("a", "exploration", "", "", "Luck", 1, ("Weaken",)),
            Card("b", "exploration", "", "", rules.BRUTE, 5, ("Gloom",)),
            Card("c", "bonus"),
            Card("b", "exploration", "", "", rules.BRUTE, 1, ("Tire",)),
        ),
    )
    errors = bad.validate().errors
    assert "The type must be one of Ruin, Labyrinth, Abyss, not 'Cave'." in errors
    assert "Card 'a' tests an unknown ability 'Luck'." in errors
    assert "Card 'b' has Level 5; Levels go 1-4." in errors
    assert "Card 'b' has an unknown Condition 'Gloom'." in errors
    assert any(error.startswith("Card 'c' has an unknown kind 'bonus'") for error in errors)
    assert "Card 'b' appears 2 times." in errors
    assert "The dungeon has no Final card." in errors
    assert not bad.validate().ok


def test_dungeon_needs_exploration_cards_and_one_final():
    lone = Dungeon(
        5,
        "Room",
        rules.RUIN,
        cards=(
            Card("f1", rules.FINAL, "", "", rules.BRUTE, 3, ("Tire",)),
            Card("f2", rules.FINAL, "", "", rules.BRUTE, 3, ("Tire",)),
        ),
    )
    errors = lone.validate().errors
    assert "The dungeon has no Exploration cards to draw." in errors
    assert "Only one Final card is allowed: 'f1', 'f2'." in errors


def test_balance_warnings():
    crowded = _balanced(
        rules.ABYSS,
        final_level=3,
        extra=tuple(card(f"x{i}", rules.BRUTE, 4, ("Hope",)) for i in range(6)),
    )
    warnings = crowded.validate().warnings
    assert "The deck has 24 cards; public decks have 16-20." in warnings
    assert "The deck has 21 challenges; public decks have 12-16." in warnings
    assert (
        "Challenges are not split evenly over the abilities: Brute 10, Agility 4, Wits 3, Combat 4."
        in warnings
    )
    assert "The average Level is 2.29; Abyss dungeons average 3-4." in warnings
    assert "Final card 'boss' is Level 3; Abyss Finals are 4." in warnings
    assert any(w.startswith("Hope is on 6 cards") for w in warnings)
    assert crowded.validate().ok  # warnings never refuse


def test_advanced_condition_guidance():
    ruin = _balanced(
        extra=(card("y1", rules.WITS, 1, ("Maim",)), card("y2", rules.WITS, 1, ("Collapse",)))
    )
    assert (
        "2 cards carry advanced Conditions; Ruin dungeons have at most 1 ('y1', 'y2')."
        in ruin.validate().warnings
    )
    labyrinth = _balanced(rules.LABYRINTH)
    assert (
        "0 cards carry advanced Conditions; Labyrinth dungeons have at least 1."
        in labyrinth.validate().warnings
    )


def test_dungeon_round_trips_through_a_dict():
    made = _balanced()
    assert Dungeon.from_dict(made.to_dict()) == made
