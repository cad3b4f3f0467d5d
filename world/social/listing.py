"""
A listing every player shares (the players' `who` and `+where`): made
again when what it was made for changes, and made a slice at a time when
it is long.

With two thousand players online, making one walks every session for tens
of milliseconds: made in one go, every command that arrived meanwhile
waits that long for its answer. So a listing of more than `AT_ONCE_ROWS`
sessions is made in slices of `SLICE_SECONDS`, one per turn of the reactor
(which answers other commands in between), and the last one is served
until the new one is done, a moment later. A shorter listing (a quiet
evening, a test) is made at once.
"""

import time

from evennia.utils import logger

AT_ONCE_ROWS = 200
SLICE_SECONDS = 0.002

_clock = time.perf_counter


def _call_later(function):
    from twisted.internet import reactor

    reactor.callLater(0, function)


class SharedListing:
    """
    `make_lines()` gives the listing's lines one by one (or None, where it
    may pause between lines it is not ready to give); `text(made_for, rows)`
    is the listing made for `made_for`, or the last one while that is made.
    """

    def __init__(self, make_lines):
        self.make_lines = make_lines
        self.forget()

    def forget(self):
        """Drop the listing (tests: session ids are reused from one test to the next)."""
        self.made_for = None
        self.made = None
        self.making = None  # (made_for, lines made so far, the rest to make)

    def text(self, made_for, rows):
        if made_for != self.made_for:
            if self.made is None or rows <= AT_ONCE_ROWS:
                lines = [line for line in self.make_lines() if line is not None]
                self.made_for, self.made, self.making = made_for, "\n".join(lines), None
            elif self.making is None:
                self.making = (made_for, [], iter(self.make_lines()))
                _call_later(self._make_a_slice)
        return self.made

    def _make_a_slice(self):
        if self.making is None:  # forgotten meanwhile
            return
        made_for, lines, rest = self.making
        ends = _clock() + SLICE_SECONDS
        try:
            for line in rest:
                if line is not None:
                    lines.append(line)
                if _clock() >= ends:
                    _call_later(self._make_a_slice)
                    return
            made = "\n".join(lines)
        except Exception:
            logger.log_trace("A shared listing could not be made; the last one stays.")
            self.making = None
            return
        self.made_for, self.made, self.making = made_for, made, None
