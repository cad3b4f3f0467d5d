"""Dungeons in the database: saving and reading back a deck.Dungeon, and the sample
dungeons loaded once at server start (never duplicated, a bad file only logged)."""

from unittest.mock import patch

import pytest

from server.conf import at_server_startstop
from world.digger import deckfile, rules
from world.digger.deck import Card
from world.digger.errors import DiggerError
from world.digger.models import Dungeon, DungeonCard
from world.digger.store import dungeon_from_db, load_sample_dungeons, open_dungeons, save_dungeon

from .fixtures import barrow

pytestmark = pytest.mark.django_db


def test_a_dungeon_reads_back_equal_with_its_cards_in_order():
    cards = barrow().cards + (Card(7, rules.DISCOVERY, "Numbered", "A card keyed by number."),)
    dungeon = barrow(cards=cards)
    model = save_dungeon(dungeon)
    assert not model.published
    assert dungeon_from_db(model) == dungeon
    assert dungeon_from_db(model).cards[-1].key == 7
    assert [card.key for card in dungeon_from_db(model).cards][:3] == ["gate", "hall", "crypt"]


def test_a_number_is_saved_once_unless_replaced():
    save_dungeon(barrow(), published=True)
    with pytest.raises(DiggerError, match="There is already a dungeon #1"):
        save_dungeon(barrow(name="Other"))
    save_dungeon(barrow(cards=barrow().cards[:6], name="Smaller"), replace=True)
    model = Dungeon.objects.get(number=1)
    assert (model.name, model.published, model.cards.count()) == ("Smaller", True, 6)
    assert DungeonCard.objects.count() == 6


def test_samples_load_once_and_published():
    added = load_sample_dungeons()
    paths = deckfile.sample_paths()
    assert len(added) == len(paths) >= 1
    assert load_sample_dungeons() == []
    assert Dungeon.objects.count() == len(paths)
    assert [model.number for model in open_dungeons()] == sorted(added)
    for model in Dungeon.objects.all():
        sample = deckfile.load_dungeon_file(deckfile.sample_path(model.number))
        assert dungeon_from_db(model) == sample


def test_a_deleted_sample_stays_deleted():
    added = load_sample_dungeons()
    Dungeon.objects.filter(number=added[0]).delete()
    assert load_sample_dungeons() == []
    assert not Dungeon.objects.filter(number=added[0]).exists()


def test_a_sample_already_there_is_left_alone():
    first = deckfile.load_dungeon_file(deckfile.sample_paths()[0])
    save_dungeon(barrow(first.number, name="Staff's own"), published=False)
    load_sample_dungeons()
    model = Dungeon.objects.get(number=first.number)
    assert (model.name, model.published) == ("Staff's own", False)


def test_a_bad_file_is_logged_and_the_rest_load(tmp_path):
    good = deckfile.sample_paths()[0]
    (tmp_path / good.name).write_text(good.read_text())
    (tmp_path / "02-broken.yaml").write_text("number: [unclosed\n")
    with (
        patch.object(deckfile, "SAMPLES_DIR", tmp_path),
        patch("world.digger.store.logger.log_err") as log_err,
    ):
        added = load_sample_dungeons()
    assert len(added) == 1
    assert "02-broken.yaml" in log_err.call_args[0][0]


def test_server_start_loads_the_samples():
    with patch("world.digger.store.load_sample_dungeons") as loader:
        at_server_startstop.at_server_start()
    loader.assert_called_once_with()
