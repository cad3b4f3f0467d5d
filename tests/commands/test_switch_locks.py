"""DelverCommand.switch_locks: a switch behind one of the command's lock types."""

from evennia.utils.test_resources import EvenniaCommandTest

from commands.command import LOCK_HOLDERS, DelverCommand
from world.access import STAFF_LOCK


class CmdShelf(DelverCommand):
    """
    Look at the shelf; staff stock it, builders move it.

    Usage:
      +shelf
      +shelf/stock <item>
      +shelf/move
      +shelf/dust
    """

    key = "+shelf"
    locks = f"cmd:all();staff:{STAFF_LOCK};builder:perm(Builder)"
    switch_options = ("stock", "move", "dust", "polish")
    switch_locks = {"stock": "staff", "move": "builder", "polish": "nobody-has-this"}
    stocked = []

    def func_default(self):
        self.msg(f"The shelf holds {len(self.stocked)} things.")

    def switch_stock(self):
        self.stocked.append(self.args)
        self.msg(f"You stock {self.args}.")

    def switch_move(self):
        self.msg("You move the shelf.")

    def switch_dust(self):
        self.msg("You dust the shelf.")

    def switch_polish(self):
        self.msg("You polish the shelf.")


class TestSwitchLocks(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        CmdShelf.stocked = []

    def test_a_locked_switch_is_refused_without_the_lock_and_changes_nothing(self):
        self.call(CmdShelf(), "/stock jar", "Only staff can use +shelf/stock. Nothing was changed.",
                  caller=self.char2)
        assert CmdShelf.stocked == []

    def test_a_locked_switch_runs_for_who_passes_the_lock(self):
        self.call(CmdShelf(), "/stock jar", "You stock jar.", caller=self.char1)
        assert CmdShelf.stocked == ["jar"]

    def test_the_refusal_names_who_may(self):
        self.call(CmdShelf(), "/move", "Only builders can use +shelf/move.", caller=self.char2)

    def test_a_shortened_or_capitalised_switch_is_still_locked(self):
        for args in ("/st jar", "/STOCK jar", "/Sto jar"):
            self.call(CmdShelf(), args, "Only staff can use +shelf/stock.", caller=self.char2)
        assert CmdShelf.stocked == []
        self.call(CmdShelf(), "/ST jar", "You stock jar.", caller=self.char1)

    def test_the_bare_command_and_open_switches_are_unaffected(self):
        self.call(CmdShelf(), "", "The shelf holds 0 things.", caller=self.char2)
        self.call(CmdShelf(), "/dust", "You dust the shelf.", caller=self.char2)

    def test_a_lock_type_missing_from_locks_refuses_everyone(self):
        self.call(CmdShelf(), "/polish", "Only staff can use +shelf/polish.", caller=self.char1)

    def test_the_bare_command_can_be_locked_too(self):
        class CmdBareShelf(CmdShelf):
            switch_locks = {"": "staff"}

        self.call(CmdBareShelf(), "", "Only staff can use +shelf. Nothing was changed.",
                  caller=self.char2)
        self.call(CmdBareShelf(), "", "The shelf holds 0 things.", caller=self.char1)
        self.call(CmdBareShelf(), "/stock jar", "You stock jar.", caller=self.char2)

    def test_a_bad_switch_is_refused_with_usage_before_any_lock(self):
        text = self.call(CmdShelf(), "/stock/move", caller=self.char2)
        assert text.startswith("+shelf takes one switch at a time")


def _command_classes(base=DelverCommand):
    for command in base.__subclasses__():
        yield command
        yield from _command_classes(command)


def test_every_game_command_locks_its_switches_with_defined_lock_types():
    """A lock type missing from `locks` (a typo) would refuse everyone."""
    import commands.default_cmdsets  # noqa: F401 (loads every game command)

    checked = 0
    for command in set(_command_classes()):
        if not command.__module__.startswith("commands."):
            continue
        defined = {part.split(":", 1)[0].strip() for part in command.locks.split(";")}
        options = {option.lower() for option in command.switch_options or ()}
        for switch, lock_type in command.switch_locks.items():
            where = f"{command.__module__}.{command.__name__} /{switch}"
            assert lock_type in defined, f"{where}: no {lock_type!r} in {command.locks!r}"
            assert lock_type in LOCK_HOLDERS, f"{where}: say who holds {lock_type!r}"
            assert switch == "" or switch in options, f"{where}: not one of its switches"
            checked += 1
    assert checked > 40  # Old Gold's, Digger's, +bb's and @emit's locked switches
