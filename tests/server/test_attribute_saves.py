"""A changed Attribute is stored as Evennia stores it, with one UPDATE instead of two."""

from unittest.mock import MagicMock

from django.db import connection
from django.test.utils import CaptureQueriesContext
from evennia.typeclasses.attributes import ModelAttributeBackend
from evennia.utils.test_resources import EvenniaTest

from server.patches import attribute_saves
from tests.server.plugin_patches import plugins_undone_afterwards

CHANGES = [
    ("last_paged", [1, 2], [3], False),
    ("doing", "Mapping", "Resting", False),
    ("finger", {"Quote": "Onward."}, {"Quote": "Rope first.", "Timezone": "UTC+1"}, False),
    ("scene_id", 12, None, False),
    ("title", "Sir", "Dame", True),  # a string Attribute (strattr=True)
]


def _updates(queries):
    return [query["sql"] for query in queries if query["sql"].lstrip().upper().startswith("UPDATE")]


class TestAttributeSaves(EvenniaTest):
    def change_all(self, obj):
        """Make, then change, each Attribute of CHANGES on `obj`: (stored rows, values read, UPDATEs)."""
        for key, first, _, strattr in CHANGES:
            obj.attributes.add(key, first, strattr=strattr)
        with CaptureQueriesContext(connection) as queries:
            for key, _, then, strattr in CHANGES:
                obj.attributes.add(key, then, strattr=strattr)
        obj.attributes.reset_cache()
        rows = sorted(obj.db_attributes.filter(db_key__in=[key for key, *_ in CHANGES])
                      .values_list("db_key", "db_value", "db_strvalue"))
        read = [obj.attributes.get(key, strattr=strattr) for key, _, _, strattr in CHANGES]
        return rows, read, _updates(queries)

    def test_stored_and_read_as_evennia_with_one_update_each(self):
        evennia_rows, evennia_read, evennia_updates = self.change_all(self.char2)
        attribute_saves.install()
        self.addCleanup(attribute_saves.PATCH.uninstall)
        rows, read, updates = self.change_all(self.char1)
        assert rows == evennia_rows and read == evennia_read
        assert read == [then for _, _, then, _ in CHANGES]
        assert len(evennia_updates) == 2 * len(CHANGES)
        assert len(updates) == len(CHANGES)

    def test_the_server_installs_it(self):
        from server.conf import server_services_plugins

        with plugins_undone_afterwards():
            server_services_plugins.start_plugin_services(MagicMock())
            assert ModelAttributeBackend.do_update_attribute is attribute_saves.do_update_attribute
        assert (ModelAttributeBackend.do_update_attribute
                is attribute_saves._evennia_do_update_attribute)
