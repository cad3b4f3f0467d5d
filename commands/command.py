"""
The base command every Delver command builds on.

`DelverCommand` is a `MuxCommand` (so `/switches` and `lhs=rhs` parse as in
Evennia's own commands) that:

- dispatches `+cmd/<switch>` to a method `switch_<switch>` and a bare `+cmd`
  to `func_default`, so no command needs a ladder of `if "x" in switches`;
- refuses unknown, ambiguous or combined switches (`+roll/private/gm`) with
  the command's usage instead of ignoring them or all but the first;
- shows a `GameError`'s message to the caller, and turns any other exception
  into a short apology (the traceback goes to the server log, never to a
  player).
"""

import re

from evennia.commands.default.muxcommand import MuxCommand
from evennia.utils import evmore, logger

from world.errors import GameError
from world.text_table import draw_for_client, reset_width

_USAGE_BLOCK = re.compile(r"Usage:\s*\n(.*?)(?:\n\s*\n|\Z)", re.S)


class DelverCommand(MuxCommand):
    """
    Base for the game's commands (not a command players call).
    """

    switch_options = ()
    locks = "cmd:all()"

    def parse(self):
        # Tables and wrapped texts drawn while this command runs fit the
        # reader's client (its NAWS width); at_post_cmd puts the default back.
        self._width_token = draw_for_client(self.client_width())
        self.switch_problem = self._switch_problem(_requested_switches(self.args))
        if self.switch_problem:
            # Parse without options so MuxCommand does not add its own
            # "switch ignored" line to our refusal.
            options, self.switch_options = self.switch_options, None
            super().parse()
            self.switch_options = options
        else:
            super().parse()

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

    def _switch_problem(self, requested):
        """Why the typed switches cannot be used (unknown, ambiguous, or more
        than one: each switch is its own action), or None."""
        options = [option.lower() for option in self.switch_options]
        chosen = []
        for switch in requested:
            switch = switch.lower()
            if not switch:
                # `+cmd//x`: MuxCommand would call the empty name ambiguous and drop it.
                return "A / needs a switch name straight after it."
            matches = (
                [switch] if switch in options else [o for o in options if o.startswith(switch)]
            )
            if not matches:
                return f"{self.key} has no switch /{switch}."
            if len(matches) > 1:
                choices = ", ".join("/" + option for option in matches)
                return f"/{switch} could mean {choices}: type more of it."
            if matches[0] not in chosen:
                chosen.append(matches[0])
        if len(chosen) > 1:
            both = " and ".join("/" + option for option in chosen)
            return f"{self.key} takes one switch at a time: choose between {both}."
        return None

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

    def func(self):
        try:
            if self.switch_problem:
                self.refuse_usage(self.switch_problem)
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
                "|rSorry, something went wrong on our side and nothing was changed.|n "
                "Staff can see the details in the server log; a |w+request/bug|n helps."
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
