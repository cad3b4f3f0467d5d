"""channel_subscriptions: joining and leaving a channel as Evennia does, without loading
its whole subscriber list again."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from evennia.utils import create
from evennia.utils.test_resources import EvenniaTest

from server.patches import channel_subscriptions
from tests.server.plugin_patches import plugins_undone_afterwards


class ChannelSubscriptionsTest(EvenniaTest):
    def joins_and_leaves(self, name):
        """Every step's subscriber list (as Evennia orders it) and the database's rows."""
        channel = create.create_channel(name)
        subscriptions = channel.subscriptions
        steps = []
        for change, entity in (
            (subscriptions.add, self.account2),
            (subscriptions.add, self.char1),
            (subscriptions.add, [self.account, self.obj1]),
            (subscriptions.add, self.account2),  # joined already
            (subscriptions.remove, self.account2),
            (subscriptions.remove, self.char1),
            (subscriptions.add, self.account2),
        ):
            change(entity)
            steps.append([(type(e).__name__, e.pk) for e in subscriptions.all()])
        rows = (
            sorted(channel.db_account_subscriptions.values_list("pk", flat=True)),
            sorted(channel.db_object_subscriptions.values_list("pk", flat=True)),
        )
        return steps, rows

    def test_same_lists_and_rows_as_evennia(self):
        evennias = self.joins_and_leaves("Plain")
        with plugins_undone_afterwards():
            channel_subscriptions.install()
            channel_subscriptions.install()  # twice is harmless
            patched = self.joins_and_leaves("Patched")
        assert patched == evennias
        assert evennias[0][2][0] == ("Account", self.account.pk)  # accounts first, by id

    def test_a_loaded_list_is_not_loaded_again(self):
        channel = create.create_channel("Busy")
        channel.subscriptions.add(self.account)
        channel.subscriptions.all()

        def account_loads(entity):
            with CaptureQueriesContext(connection) as queries:
                channel.subscriptions.add(entity)
            return [q["sql"] for q in queries if '"accounts_accountdb"' in q["sql"]]

        assert account_loads(self.account2)  # Evennia loads every subscriber again
        with plugins_undone_afterwards():
            channel_subscriptions.install()
            channel.subscriptions.remove(self.account2)
            assert account_loads(self.account2) == []
            assert self.account2 in channel.subscriptions.all()

    def test_a_list_not_loaded_yet_loads_at_first_use(self):
        with plugins_undone_afterwards():
            channel_subscriptions.install()
            channel = create.create_channel("Fresh")
            channel.subscriptions._cache = None
            channel.subscriptions.add(self.account)
            assert channel.subscriptions._cache is None
            assert list(channel.subscriptions.all()) == [self.account]
