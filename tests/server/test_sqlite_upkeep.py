"""The database's upkeep: SQLite's query statistics, gathered where they are missing."""

import pytest
from django.conf import settings
from django.db import connection
from evennia.accounts.models import AccountDB
from evennia.typeclasses.attributes import Attribute

from server.conf.sqlite_upkeep import optimize
from typeclasses.scripts import DatabaseUpkeep

def nick_lookup_plan(account):
    """How SQLite would run Evennia's look-up of one of `account`'s nicks."""
    query = account.nicks.backend.query_key("pub", "channel").query
    sql, params = query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
        return " ".join(str(row[-1]) for row in cursor.fetchall())


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own planner")
def test_optimize_turns_a_scan_of_every_nick_into_one_accounts_lookup():
    accounts = AccountDB.objects.bulk_create(
        AccountDB(username=f"nicker{n}", db_typeclass_path=settings.BASE_ACCOUNT_TYPECLASS)
        for n in range(60)
    )
    nicks = Attribute.objects.bulk_create(
        Attribute(db_key=f"k{n % 12}", db_category="channel", db_attrtype="nick",
                  db_model="accountdb", db_strvalue="x") for n in range(12 * len(accounts))
    )
    links = AccountDB.db_attributes.through
    links.objects.bulk_create(
        links(accountdb_id=accounts[n // 12].id, attribute_id=nick.id) for n, nick in enumerate(nicks)
    )
    account = AccountDB.objects.get(pk=accounts[5].pk)
    # Without statistics SQLite goes through every nick in the game.
    assert "db_attrtype" in nick_lookup_plan(account)
    assert optimize()
    assert "db_attrtype" not in nick_lookup_plan(account)
    assert "accountdb_id=?" in nick_lookup_plan(account)


@pytest.mark.django_db
def test_the_game_runs_it_on_sqlite_only():
    assert optimize() is (connection.vendor == "sqlite")


def test_it_runs_every_few_minutes_as_a_global_script():
    entry = settings.GLOBAL_SCRIPTS["database_upkeep"]
    assert entry["typeclass"] == "typeclasses.scripts.DatabaseUpkeep" and entry["interval"] <= 600
    assert DatabaseUpkeep.at_repeat is not DatabaseUpkeep.__mro__[1].at_repeat
