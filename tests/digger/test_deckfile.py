"""Dungeon YAML files (world.digger.deckfile): reading, writing, round trips and error messages."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from world.digger import rules
from world.digger.deck import Card, Dungeon
from world.digger.deckfile import (
    DeckFileError,
    dump_dungeon,
    load_dungeon_file,
    load_dungeon_text,
    sample_path,
)
from world.errors import GameError

GOOD = """\
number: 7
name: Forest Ruin
type: Ruin
description: An old ruin.
reward: Some coins.
cards:
- key: gate
  kind: entry
  title: The Gate
  text: A gate.
  ability: Brute
  level: 1
  conditions: [Tire]
- key: hall
  kind: exploration
  title: The Hall
  text: A hall.
  ability: Wits
  level: 2
  conditions: [Hesitate]
- key: boss
  kind: final
  title: The Boss
  text: A boss.
  ability: Combat
  level: 3
  conditions: [Save Point]
- key: gold
  kind: discovery
  title: Gold
  text: Gold!
"""


def load(text, source="forest-ruin.yaml"):
    return load_dungeon_text(text, source)


def error_of(text, source="forest-ruin.yaml"):
    with pytest.raises(DeckFileError) as caught:
        load(text, source)
    return caught.value.message


def with_card_field(field, value, key="hall"):
    """GOOD with one line of card `key` replaced (or added) as `field: value`."""
    lines = GOOD.splitlines()
    start = lines.index(f"- key: {key}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("- ")), len(lines))
    block = [line for line in lines[start:end] if not line.startswith(f"  {field}:")]
    block.append(f"  {field}: {value}")
    return "\n".join(lines[:start] + block + lines[end:]) + "\n"


# --- Reading -------------------------------------------------------------------------


def test_a_good_file_loads_into_a_dungeon():
    dungeon = load(GOOD)
    assert (dungeon.number, dungeon.name, dungeon.type) == (7, "Forest Ruin", rules.RUIN)
    assert [card.key for card in dungeon.cards] == ["gate", "hall", "boss", "gold"]
    assert dungeon.card("boss") == Card(
        "boss", rules.FINAL, "The Boss", "A boss.", rules.COMBAT, 3, ("Save Point",)
    )
    assert dungeon.card("gold") == Card("gold", rules.DISCOVERY, "Gold", "Gold!")


def test_names_are_read_in_any_case_and_stored_in_the_rules_spelling():
    text = (
        GOOD.replace("type: Ruin", "type: RUIN")
        .replace("kind: entry", "kind: Entry")
        .replace("ability: Brute", "ability: force")
        .replace("[Tire]", "[tire, bad luck, SAVE-POINT, save_point]")
    )
    gate = load(text).card("gate")
    assert load(text).type == rules.RUIN
    assert (gate.kind, gate.ability) == (rules.ENTRY, rules.BRUTE)
    assert gate.conditions == ("Tire", "Bad Luck", "Save Point", "Save Point")


def test_a_single_condition_may_be_written_without_brackets():
    assert load(with_card_field("conditions", "weaken")).card("hall").conditions == ("Weaken",)


def test_texts_lose_surrounding_whitespace_and_may_be_left_out():
    text = GOOD.replace("description: An old ruin.", "description: |\n  An old ruin.\n")
    dungeon = load(text.replace("reward: Some coins.\n", ""))
    assert (dungeon.description, dungeon.reward) == ("An old ruin.", "")


def test_warnings_come_with_the_report():
    dungeon, report = load_dungeon_text(GOOD, "forest-ruin.yaml", with_report=True)
    assert dungeon == load(GOOD)
    assert report.errors == ()
    assert "The deck has 4 cards; public decks have 16-20." in report.warnings
    assert "There is no Escape card." in report.warnings


def test_a_file_is_named_by_its_file_name(tmp_path):
    path = tmp_path / "forest-ruin.yaml"
    path.write_text(GOOD.replace("level: 2", "level: five"), encoding="utf-8")
    with pytest.raises(DeckFileError) as caught:
        load_dungeon_file(path)
    assert caught.value.message == (
        "forest-ruin.yaml, card 'hall' (#2), field 'level': must be a whole number 1-4, "
        "got 'five'."
    )
    path.write_text(GOOD, encoding="utf-8")
    assert load_dungeon_file(path) == load(GOOD)
    assert load_dungeon_file(path, with_report=True)[1].errors == ()


def test_a_missing_file_is_a_deck_file_error(tmp_path):
    with pytest.raises(DeckFileError, match=r"^nowhere\.yaml: cannot be read"):
        load_dungeon_file(tmp_path / "nowhere.yaml")


def test_deck_file_errors_are_game_errors():
    assert issubclass(DeckFileError, GameError)


# --- Error messages name the file, the card and the field ------------------------------


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("level", "0", "field 'level': must be a whole number 1-4, got 0."),
        ("level", "2.5", "field 'level': must be a whole number 1-4, got 2.5."),
        ("level", "true", "field 'level': must be a whole number 1-4, got True."),
        ("ability", "Luck", "field 'ability': must be one of Brute, Agility, Wits, Combat, "),
        ("kind", "bonus", "field 'kind': must be one of entry, exploration, second, third, "),
        ("conditions", "[Tire, Gloom]", "field 'conditions': unknown Condition 'Gloom'."),
        ("conditions", "{a: 1}", "field 'conditions': must be a list of Condition names"),
        ("title", "[1, 2]", "field 'title': must be text, got [1, 2]."),
        ("titel", "Typo", "field 'titel': is not a field here; the fields are key, kind, "),
    ],
)
def test_card_field_errors(field, value, message):
    assert error_of(with_card_field(field, value)).startswith(
        "forest-ruin.yaml, card 'hall' (#2), " + message
    )


def test_an_outcome_card_has_no_level_or_ability():
    problems = error_of(with_card_field("level", "2", key="gold")).splitlines()
    assert problems == [
        "forest-ruin.yaml, card 'gold' (#4), field 'level': a discovery card has no level."
    ]


def test_a_card_of_an_unknown_kind_is_not_checked_further():
    text = with_card_field("kind", "bonus").replace("level: 2", "level: 9")
    assert len(error_of(text).splitlines()) == 1


def test_a_card_without_a_key_is_named_by_its_position():
    text = GOOD.replace("- key: hall\n  kind: exploration", "- kind: exploration")
    assert error_of(text) == (
        "forest-ruin.yaml, card #2, field 'key': must be a name for the card, got None."
    )


def test_every_problem_is_reported_at_once():
    text = GOOD.replace("number: 7", "number: seven").replace("type: Ruin", "type: Cave")
    text = text.replace("level: 2", "level: 9")
    assert error_of(text).splitlines() == [
        "forest-ruin.yaml, field 'number': must be a whole number from 1, got 'seven'.",
        "forest-ruin.yaml, field 'type': must be one of Ruin, Labyrinth, Abyss, got 'Cave'.",
        "forest-ruin.yaml, card 'hall' (#2), field 'level': must be a whole number 1-4, got 9.",
    ]


@pytest.mark.parametrize(
    "text, message",
    [
        ("- a list\n", "forest-ruin.yaml: must be a mapping of number, name, type, "),
        ("number: 1\nname: X\ntype: Ruin\n", "forest-ruin.yaml, field 'cards': must be a list"),
        ("number: 1\nname: ''\ntype: Ruin\ncards: [x]\n", "forest-ruin.yaml, field 'name': "),
        ("number: 1\nname: X\ntype: Ruin\ncards: [x]\n", "forest-ruin.yaml, card #1: must be a"),
        ("number: [1\n", "forest-ruin.yaml: not valid YAML: line 2, column 1: "),
        ("name: !!python/object:os.system x\n", "forest-ruin.yaml: not valid YAML: "),
    ],
)
def test_whole_file_errors(text, message):
    assert error_of(text).startswith(message)


def test_validation_errors_are_reported_with_the_file_name():
    no_final = GOOD.replace("kind: final", "kind: climax")
    assert error_of(no_final) == "forest-ruin.yaml: The dungeon has no Final card."
    twice = GOOD.replace("key: gate", "key: hall")
    assert error_of(twice) == "forest-ruin.yaml: Card 'hall' appears 2 times."


# --- Writing and round trips --------------------------------------------------------------


def test_dump_keeps_the_to_dict_order_and_writes_conditions_on_one_line():
    text = dump_dungeon(load(GOOD))
    assert text.startswith("number: 7\nname: Forest Ruin\ntype: Ruin\n")
    assert "  ability: Brute\n  level: 1\n  conditions: [Tire]\n" in text
    assert "- key: gold\n  kind: discovery\n  title: Gold\n  text: Gold!\n" in text
    assert "ability" not in text.split("- key: gold")[1]


def test_long_texts_are_folded_and_multi_line_texts_kept_literal():
    long = "A corridor of bones. " * 8
    dungeon = load(GOOD)
    dungeon = Dungeon(
        7, "Forest Ruin", rules.RUIN, long.strip(), "Line one\nLine two", dungeon.cards
    )
    text = dump_dungeon(dungeon)
    assert "description: >-\n  A corridor of bones." in text
    assert "reward: |-\n  Line one\n  Line two\n" in text
    assert max(len(line) for line in text.splitlines()) <= 90
    assert load(text) == dungeon


def test_dump_of_a_hand_written_file_is_a_fixed_point():
    messy = GOOD.replace("ability: Brute", "ability: FORCE").replace("[Tire]", "[ tire ]")
    once = dump_dungeon(load(messy))
    assert dump_dungeon(load(once)) == once
    assert "ability: Brute" in once and "conditions: [Tire]" in once


_words = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Cc"), blacklist_characters="\x85\u2028\u2029"
    ),
    max_size=120,
)
_prose = st.text(alphabet="ab .,:#-'\"!\n\u00e9", max_size=300)  # folding, quoting, breaks
_texts = st.one_of(st.lists(_words, max_size=3).map("\n".join), _prose).map(str.strip)
_keys = st.one_of(_words.filter(lambda key: key.strip()).map(str.strip), st.integers(0, 10**6))
_levels = st.integers(rules.LEVEL_MIN, rules.LEVEL_MAX)
_conditions = st.lists(st.sampled_from(sorted(rules.CONDITIONS)), max_size=3).map(tuple)


@st.composite
def _card(draw, key):
    kind = draw(st.sampled_from(rules.CARD_KINDS))
    title, text = draw(_texts), draw(_texts)
    if kind in rules.OUTCOME_KINDS:
        return Card(key, kind, title, text)
    ability = draw(st.sampled_from(rules.ABILITIES))
    return Card(key, kind, title, text, ability, draw(_levels), draw(_conditions))


@st.composite
def _dungeons(draw):
    keys = draw(st.lists(_keys, min_size=1, max_size=5, unique_by=str))
    keys = [key for key in keys if key not in ("the-final", "the-hall")]
    cards = [draw(_card(key)) for key in keys]
    cards.append(Card("the-final", rules.FINAL, "F", "", rules.BRUTE, 3, ("Tire",)))
    cards.append(Card("the-hall", rules.EXPLORATION, "H", "", rules.WITS, 1, ()))
    seen_unique = set()
    kept = []
    for card in reversed(cards):  # one Entry/Climax/Final each, keys unique
        if card.kind in (rules.ENTRY, rules.CLIMAX, rules.FINAL):
            if card.kind in seen_unique:
                continue
            seen_unique.add(card.kind)
        kept.append(card)
    name = draw(_words.filter(str.strip).map(str.strip))
    return Dungeon(
        draw(st.integers(1, 10**6)),
        name,
        draw(st.sampled_from(sorted(rules.DUNGEON_TYPES))),
        draw(_texts),
        draw(_texts),
        tuple(reversed(kept)),
    )


@settings(max_examples=200, deadline=None)
@given(_dungeons())
def test_load_of_dump_gives_the_same_dungeon(dungeon):
    text = dump_dungeon(dungeon)
    assert load(text) == dungeon
    assert dump_dungeon(load(text)) == text


def test_the_sample_path_of_an_unknown_number_is_refused():
    assert sample_path(1).name.startswith("01-")
    with pytest.raises(DeckFileError, match=r"There is no sample dungeon 99; the samples are 1, 2"):
        sample_path(99)
