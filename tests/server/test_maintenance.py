"""The Server's minute of upkeep: Evennia's, its sweep for link-dead puppets read by id."""

import threading
from unittest import mock

import evennia
from evennia.objects.models import ObjectDB
from evennia.server.service import EvenniaServerService
from evennia.utils import create
from evennia.utils.test_resources import EvenniaTest

from server.patches import maintenance
from tests.server.plugin_patches import plugins_undone_afterwards


def _service(count):
    """A Server service whose next upkeep is its `count + 1`th (the sweep runs from the 2nd)."""
    service = EvenniaServerService.__new__(EvenniaServerService)
    service.maintenance_count = count
    service._flush_cache = mock.Mock()
    service._last_server_time_snapshot = 0.0
    return service


GAME_TIME = ("SERVER_START_TIME", "SERVER_RUNTIME", "SERVER_RUNTIME_LAST_UPDATED")


class TestMaintenance(EvenniaTest):
    def setUp(self):
        super().setUp()
        self.game_time = {name: getattr(evennia.gametime, name) for name in GAME_TIME}
        self.lost = create.create_object("typeclasses.characters.Character", key="Lost")
        self.lost.tags.add("puppeted", category="account")  # no account: link-dead

    def tearDown(self):
        self.lost.delete()
        for name, value in self.game_time.items():  # the upkeep keeps the game's time
            setattr(evennia.gametime, name, value)
        super().tearDown()

    def test_link_dead_puppet_gets_evennia_unpuppet_hooks(self):
        with mock.patch.object(type(self.lost), "at_post_unpuppet") as post_unpuppet:
            maintenance.server_maintenance(_service(count=1))
        post_unpuppet.assert_called_once()
        assert not self.lost.tags.has("puppeted", category="account")

    def test_puppet_with_its_account_is_left_alone(self):
        self.char1.tags.add("puppeted", category="account")
        connected = property(lambda obj: obj.id == self.char1.id)
        with mock.patch.object(type(self.char1), "has_account", new=connected):
            maintenance.server_maintenance(_service(count=1))
        assert self.char1.tags.has("puppeted", category="account")

    def test_first_upkeep_after_a_start_does_not_sweep(self):
        maintenance.server_maintenance(_service(count=0))
        assert self.lost.tags.has("puppeted", category="account")

    def test_sweep_gives_the_query_objects_in_order_from_the_cache(self):
        other = create.create_object("typeclasses.characters.Character", key="Other")
        other.tags.add("puppeted", category="account")
        try:
            query = ObjectDB.objects.get_by_tag(**maintenance.SWEEP)
            expected = list(query)
            with self.assertNumQueries(1):  # the ids; every object is loaded already
                found = maintenance.tagged_objects(query)
            assert found == expected and all(a is b for a, b in zip(found, expected))
        finally:
            other.delete()

    def test_sweep_loads_objects_missing_from_the_cache(self):
        query = ObjectDB.objects.get_by_tag(**maintenance.SWEEP)
        ObjectDB.flush_cached_instance(self.lost, force=True)
        assert ObjectDB.get_cached_instance(self.lost.id) is None
        found = maintenance.tagged_objects(query)
        assert self.lost.id in [obj.id for obj in found]
        assert [obj.id for obj in found] == list(query.values_list("id", flat=True))

    def test_other_queries_and_threads_get_the_managers_own_answer(self):
        answers = {}

        def upkeep(service):
            manager = evennia.ObjectDB.objects
            answers["other"] = manager.get_by_tag(key="puppeted", category="other")
            answers["sweep"] = manager.get_by_tag(**maintenance.SWEEP)
            thread = threading.Thread(
                target=lambda: answers.update(thread=manager.get_by_tag(**maintenance.SWEEP))
            )
            thread.start()
            thread.join()

        with mock.patch.object(maintenance, "_evennia_maintenance", upkeep):
            maintenance.server_maintenance(_service(count=1))
        assert isinstance(answers["sweep"], list)
        assert hasattr(answers["other"], "query") and hasattr(answers["thread"], "query")
        assert "get_by_tag" not in vars(ObjectDB.objects)  # the manager's method again

    def test_installed_by_the_server_plugins(self):
        from server.conf import server_services_plugins

        with plugins_undone_afterwards():
            server_services_plugins.start_plugin_services(mock.MagicMock())
            assert EvenniaServerService.server_maintenance is maintenance.server_maintenance
        assert EvenniaServerService.server_maintenance is maintenance._evennia_maintenance
