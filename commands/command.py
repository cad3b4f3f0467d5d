"""
The base command every Delver command builds on.

`DelverCommand` is a `MuxCommand` (so `/switches` and `lhs=rhs` parse as in
Evennia's own commands) that:

- dispatches `+cmd/<switch>` to a method `switch_<switch>` and a bare `+cmd`
  to `func_default`, so no command needs a ladder of `if "x" in switches`;
- refuses unknown, ambiguous or combined switches (`+roll/private/gm`) with
  the command's usage instead of ignoring them or all but the first;
- guards a switch with one of the command's lock types: `switch_locks`
  maps a switch (or "" for the bare command) to a lock type defined in the
  command's `locks` string, and the caller who does not pass it is refused,
  naming who may, before the switch runs;
- fits what it says to the reader's client width (NAWS; tables and
  wrapped texts drawn while it runs follow that width too);
- shows a `GameError`'s message to the caller, and turns any other exception
  into a short apology (the traceback goes to the server log, never to a
  player).
"""

import re

from evennia.commands.default.muxcommand import MuxCommand
from evennia.utils import evmore, logger

from world.errors import GameError
from world.screen import draw_for_client, fit, reset_width

_USAGE_BLOCK = re.compile(r"Usage:\s*\n(.*?)(?:\n\s*\n|\Z)", re.S)
_SWITCH_WORD = re.compile(r"(\s*)(\S*)(.*)", re.S)

# Who passes each lock type that commands guard switches with, as a refusal
# names them ("Only staff can use +bb/create.").
LOCK_HOLDERS = {
    "staff": "staff",
    "builder": "builders",
    "gm": "a game master",
}


class DelverCommand(MuxCommand):
    """
    Base for the game's commands (not a command players call).
    """

    switch_options = ()
    locks = "cmd:all()"
    # {switch, or "" for the bare command: lock type in `locks`}; a lock type
    # missing from `locks` refuses everyone.
    switch_locks = {}

    def parse(self):
        # Tables and wrapped texts drawn while this command runs fit the
        # reader's client (its NAWS width); at_post_cmd puts the default back.
        self._width_token = draw_for_client(self.client_width())
        chosen, self.switch_problem = self._choose_switch(_requested_switches(self.args))
        if self.switch_problem:
            # Parse without options so MuxCommand does not add its own
            # "switch ignored" line to our refusal.
            options, self.switch_options = self.switch_options, None
            super().parse()
            self.switch_options = options
        else:
            if chosen:
                # MuxCommand matches switches case-sensitively: `/STOCK` would be
                # "ignored" and the bare command run.
                self.args = _lower_switches(self.args)
            super().parse()
            if chosen:
                self.switches = [chosen]  # the full name, however shortened

    def msg(self, text=None, *args, **kwargs):
        """Send to the reader, every line that is wider than their client wrapped."""
        if isinstance(text, str):
            text = fit(text)
        super().msg(text, *args, **kwargs)

    def msg_paged(self, text):
        """Send `text` through Evennia's pager, so a long text is read a screen at a time."""
        evmore.msg(self.caller, text, session=self.session, exit_on_lastpage=True)

    def at_post_cmd(self):
        token = getattr(self, "_width_token", None)
        if token is not None:
            self._width_token = None
            try:
                reset_width(token)
            except ValueError:
                pass  # set in another context (a deferred run): nothing to undo here
        return super().at_post_cmd()

    def _choose_switch(self, requested):
        """(the one switch chosen or None, why the typed switches cannot be
        used or None): unknown, ambiguous, or more than one (each switch is
        its own action)."""
        options = [option.lower() for option in self.switch_options]
        chosen = []
        for switch in requested:
            switch = switch.lower()
            if not switch:
                # `+cmd//x`: MuxCommand would call the empty name ambiguous and drop it.
                return None, "A / needs a switch name straight after it."
            matches = (
                [switch] if switch in options else [o for o in options if o.startswith(switch)]
            )
            if not matches:
                return None, f"{self.key} has no switch /{switch}."
            if len(matches) > 1:
                choices = ", ".join("/" + option for option in matches)
                return None, f"/{switch} could mean {choices}: type more of it."
            if matches[0] not in chosen:
                chosen.append(matches[0])
        if len(chosen) > 1:
            both = " and ".join("/" + option for option in chosen)
            return None, f"{self.key} takes one switch at a time: choose between {both}."
        return (chosen[0] if chosen else None), None

    def usage(self):
        """The `Usage:` block of this command's help, as one or more lines."""
        match = _USAGE_BLOCK.search(self.__doc__ or "")
        if not match:
            return f"Usage: {self.key}"
        lines = [line.strip() for line in match.group(1).splitlines() if line.strip()]
        return "Usage: " + "\n       ".join(lines)

    def refuse_usage(self, problem=None):
        """Raise a GameError with `problem` (if any) followed by the usage."""
        text = self.usage()
        raise GameError(f"{problem}\n{text}" if problem else text)

    def locked_out(self, typed, lock_type):
        """The refusal for a caller without `lock_type` who typed `typed` (`+bb/create`)."""
        who = LOCK_HOLDERS.get(lock_type, "staff")
        return f"Only {who} can use {typed}. Nothing was changed."

    def refuse_locked_switch(self):
        """Raise a GameError if the switch typed (or the bare command) sits
        behind a lock type the caller does not pass."""
        switch = self.switches[0].lower() if self.switches else ""
        lock_type = self.switch_locks.get(switch)
        if lock_type and not self.access(self.caller, lock_type):
            raise GameError(self.locked_out(self.key + (f"/{switch}" if switch else ""), lock_type))

    def func(self):
        try:
            if self.switch_problem:
                self.refuse_usage(self.switch_problem)
            self.refuse_locked_switch()
            handler = self.func_default
            if self.switches:
                handler = getattr(self, "switch_" + self.switches[0].replace("-", "_"), None)
                if handler is None:
                    self.refuse_usage(f"{self.key}/{self.switches[0]} is not available here.")
            handler()
        except GameError as err:
            self.msg(str(err))
        except Exception:
            logger.log_trace(f"Command {self.key!r} failed on {self.raw_string!r}")
            self.msg(
                # (it may have failed after its change was saved: promise nothing)
                "|rSorry, something went wrong on our side.|n Staff can see the details "
                "in the server log; a |w+request/bug|n saying what you typed helps."
            )

    def func_default(self):
        """What the command does with no switch. Override in each command."""
        self.refuse_usage()


def _requested_switches(args):
    """The switches typed after the command name (`/a/b rest` -> ['a', 'b'], `//b` -> ['', 'b'])."""
    text = (args or "").strip()
    if not text.startswith("/") or len(text) < 2:
        return []
    return text[1:].split(None, 1)[0].split("/")


def _lower_switches(args):
    """`args` with the switches typed in lower case (`/STOCK Jar` -> `/stock Jar`)."""
    lead, switches, rest = _SWITCH_WORD.match(args or "").groups()
    return lead + switches.lower() + rest
