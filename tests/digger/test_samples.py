"""The sample dungeons in world/digger/data/: complete decks that follow the builders' guidance."""

import re
from collections import Counter

import pytest

from world.digger import rules
from world.digger.deckfile import (
    dump_dungeon,
    load_dungeon_file,
    load_sample_dungeons,
    sample_path,
    sample_paths,
)

SAMPLES = load_sample_dungeons()


def _ids(dungeons):
    return [f"{dungeon.number}-{dungeon.type}" for dungeon in dungeons]


def test_six_samples_numbered_one_to_six_two_of_each_type():
    assert [dungeon.number for dungeon in SAMPLES] == [1, 2, 3, 4, 5, 6]
    assert Counter(dungeon.type for dungeon in SAMPLES) == {
        rules.RUIN: 2,
        rules.LABYRINTH: 2,
        rules.ABYSS: 2,
    }
    assert len({dungeon.name for dungeon in SAMPLES}) == 6
    for number, path in enumerate(sample_paths(), 1):
        assert re.fullmatch(rf"0{number}-[a-z]+(-[a-z]+)*\.yaml", path.name)
        assert sample_path(number) == path


def test_the_first_dungeon_is_a_gentle_ruin():
    first = SAMPLES[0]
    assert first.type == rules.RUIN
    assert max(card.level for card in first.challenges if card.kind != rules.FINAL) <= 2
    assert not [
        name for card in first.cards for name in card.conditions if rules.CONDITIONS[name].advanced
    ]


@pytest.mark.parametrize("path", sample_paths(), ids=lambda path: path.name)
def test_each_file_is_written_exactly_as_dump_writes_it(path):
    assert path.read_text(encoding="utf-8") == dump_dungeon(load_dungeon_file(path))


@pytest.mark.parametrize("dungeon", SAMPLES, ids=_ids(SAMPLES))
def test_each_sample_follows_the_guidance_without_warnings(dungeon):
    """validate() checks deck size, the even split, average Level, the Final's Level,
    advanced Conditions per type and Hope; a sample meets all of it."""
    assert dungeon.validate().errors == ()
    assert dungeon.validate().warnings == ()


@pytest.mark.parametrize("dungeon", SAMPLES, ids=_ids(SAMPLES))
def test_each_sample_is_a_full_deck(dungeon):
    kinds = Counter(card.kind for card in dungeon.cards)
    assert kinds[rules.ENTRY] == 1 and kinds[rules.FINAL] == 1
    assert kinds[rules.EXPLORATION] >= 8
    assert all(kinds[kind] >= 1 for kind in rules.OUTCOME_KINDS)
    final = dungeon.first(rules.FINAL)
    assert final.level == max(card.level for card in dungeon.challenges)
    assert all(card.conditions for card in dungeon.challenges)
    assert dungeon.description and dungeon.reward


def test_second_third_and_climax_cards_appear_in_some_samples():
    for kind in (rules.SECOND, rules.THIRD, rules.CLIMAX):
        having = [dungeon.number for dungeon in SAMPLES if dungeon.by_kind[kind]]
        assert 1 <= len(having) < len(SAMPLES), kind


@pytest.mark.parametrize("dungeon", SAMPLES, ids=_ids(SAMPLES))
def test_every_card_has_a_title_and_one_or_two_sentences(dungeon):
    for card in dungeon.cards:
        assert card.title and card.text, card.key
        sentences = re.findall(r"[.!?](?=\s|$)", card.text)
        assert 1 <= len(sentences) <= 2, (card.key, card.text)


def test_no_card_text_is_used_twice():
    texts = [card.text for dungeon in SAMPLES for card in dungeon.cards]
    assert len(set(texts)) == len(texts)
