"""
Keeping SQLite's query planner informed as the game's tables grow.

SQLite plans a query from statistics that only `ANALYZE` gathers. A new
game has none, and without them SQLite may pick the wrong index: looking up
one account's nick read every nick in the game (the index on the attribute
type), so each took 14 ms at 1,600 accounts and more with every account
made. `PRAGMA optimize` gathers statistics for the tables the connection
has queried that need them, and is cheap when none do; the limit keeps each
table's analysis to a sample. The Server's one connection queries every
table the game uses, so it is run there, every few minutes
(typeclasses.scripts.DatabaseUpkeep).
"""

from django.db import connection

ANALYSIS_LIMIT = 1000  # rows sampled per index; SQLite's own advice for PRAGMA optimize


def optimize():
    """Run `PRAGMA optimize` on the game's SQLite database (nothing on other databases)."""
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA analysis_limit={ANALYSIS_LIMIT}")
        cursor.execute("PRAGMA optimize")
    return True
