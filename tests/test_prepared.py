"""Prepared look-ups give what their querysets give, with the SQL made once."""

import gc
from unittest import mock

import pytest
from django.db import connection
from django.db.models import Q
from django.db.models.sql.query import Query
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from commands.digger import CmdDungeon
from world.digger.models import PartyMember, Run
from world.prepared import Prepared

from .digger.fixtures import DiggerCommandTest, give_ratings


def _rows_of_party(character):
    return PartyMember.objects.filter(party__members__character=character).select_related(
        "party__dungeon"
    )


def _described(members):
    return [
        (m.pk, m.character_id, m.is_leader, m.joined_at, m.party.pk, m.party.dungeon.name)
        for m in members
    ]


class TestPrepared(DiggerCommandTest):
    def test_the_same_rows_and_joined_rows_as_the_queryset(self):
        self.form_party(self.char1, self.char2)
        prepared = Prepared(_rows_of_party)
        for character in (self.char1, self.char2, self.char3):  # char3 is in no party
            expected = _described(_rows_of_party(character.id))
            with CaptureQueriesContext(connection) as queries:
                got = _described(prepared(character.id))
            assert got == expected and len(queries) == 1
        assert len(got) == 0 and len(expected) == 0
        assert [row[1] for row in _described(prepared(self.char1.id))] == [
            self.char1.id,
            self.char2.id,
        ]

    def test_after_the_first_call_no_queryset_is_turned_into_sql(self):
        self.form_party(self.char1, self.char2)
        prepared = Prepared(_rows_of_party)
        prepared(self.char1.id)
        with mock.patch.object(Query, "get_compiler", side_effect=AssertionError("compiled")):
            assert len(prepared(self.char2.id)) == 2

    def test_json_and_ordering_as_the_queryset_gives_them(self):
        for member in (self.char1, self.char2):
            self.connect(member)
            give_ratings(member)
        self.form_party(self.char1, self.char2)
        with self.dice():
            self.call(CmdDungeon(), "/enter", caller=self.char1)
        party_id = PartyMember.objects.get(character=self.char1).party_id
        newest = Prepared(lambda party: Run.objects.filter(party_id=party)[:1])
        (run,) = newest(party_id)
        expected = Run.objects.filter(party_id=party_id).first()
        assert (run.pk, run.state, run.roster, run.deck) == (
            expected.pk,
            expected.state,
            expected.roster,
            expected.deck,
        )
        assert isinstance(run.state, dict) and newest(party_id + 1000) == []

    def test_an_id_must_reach_the_sql_once(self):
        twice = Prepared(lambda id: PartyMember.objects.filter(Q(party_id=id) | Q(character=id)))
        with pytest.raises(ValueError, match="reaches its SQL 2 times"):
            twice(1)
        never = Prepared(lambda id: PartyMember.objects.all())
        with pytest.raises(ValueError, match="reaches its SQL 0 times"):
            never(1)

    def test_the_number_of_ids_is_fixed(self):
        prepared = Prepared(_rows_of_party)
        prepared(self.char1.id)
        with pytest.raises(TypeError, match="takes 1 ids, not 2"):
            prepared(self.char1.id, self.char2.id)

    def test_a_locking_look_up_outside_a_transaction_is_refused_as_django_refuses_it(self):
        locked = Prepared(lambda party: Run.objects.filter(party_id=party).select_for_update())
        assert locked(1) == []  # inside the test's transaction
        with (
            mock.patch.object(connection.features, "has_select_for_update", True),
            mock.patch.object(connection, "get_autocommit", return_value=True),
        ):
            with pytest.raises(TransactionManagementError):
                locked(1)


class TestPreparedFirst(DiggerCommandTest):
    def test_first_is_the_first_row_or_none(self):
        self.form_party(self.char1, self.char2)
        prepared = Prepared(_rows_of_party)
        assert prepared.first(self.char2.id).pk == prepared(self.char2.id)[0].pk
        assert prepared.first(self.char3.id) is None


class TestPreparedGarbage(DiggerCommandTest):
    def test_a_look_up_leaves_nothing_for_the_cycle_collector(self):
        self.form_party(self.char1, self.char2)
        prepared = Prepared(_rows_of_party)
        prepared(self.char1.id)  # the SQL is made at the first call
        gc.collect()
        gc.disable()
        try:
            for character in (self.char1, self.char2, self.char3):
                prepared(character.id)
            assert gc.collect() == 0
        finally:
            gc.enable()
