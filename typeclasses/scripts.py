"""
Scripts: game state and timers with no place in the world.
"""

from evennia.scripts.scripts import DefaultScript


class Script(DefaultScript):
    """A script, as Evennia's."""


class DatabaseUpkeep(DefaultScript):
    """Every few minutes: the database's own upkeep (SQLite's query statistics)."""

    def at_script_creation(self):
        self.key = "database_upkeep"
        self.desc = "Keeps the database's query statistics fresh"
        self.persistent = True

    def at_start(self, **kwargs):
        from server.conf.sqlite_upkeep import optimize

        optimize()

    def at_repeat(self, **kwargs):
        from server.conf.sqlite_upkeep import optimize

        optimize()
