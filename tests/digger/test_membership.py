"""Party look-ups: each member row comes with its character, loaded or not."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from evennia.objects.models import ObjectDB

from world.digger.membership import members_of, party_of

from .fixtures import DiggerCommandTest


class TestPartyLookups(DiggerCommandTest):
    def test_members_come_with_their_characters_in_one_query(self):
        self.form_party(self.char1, self.char2, self.char3)
        with CaptureQueriesContext(connection) as queries:
            own, members = party_of(self.char2)
            names = [member.character.key for member in members]
            dungeon = own.party.dungeon.number
        assert len(queries) == 1
        assert names == [self.char1.key, self.char2.key, self.char3.key] and dungeon == 1
        assert own.character is self.char2 and members[0].character is self.char1

    def test_a_character_not_loaded_is_read_with_one_query_more(self):
        self.form_party(self.char1, self.char2, self.char3)
        party_id = party_of(self.char1)[0].party_id
        ObjectDB.flush_cached_instance(self.char3, force=True)
        with CaptureQueriesContext(connection) as queries:
            members = members_of(party_id)
            names = [member.character.key for member in members]
        assert len(queries) == 2 and names == [self.char1.key, self.char2.key, "Cid"]
        assert members[2].character.id == self.char3.id

    def test_outside_a_party_nobody(self):
        assert party_of(self.char1) == (None, [])
