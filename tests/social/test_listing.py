"""A shared listing: made at once when short, a slice at a time when long."""

from unittest import mock

import pytest

from world.social import listing
from world.social.listing import SharedListing


class Lines:
    """A listing's lines, from a list that a test changes; counts the makings."""

    def __init__(self, *lines):
        self.lines = list(lines)
        self.made = 0

    def __call__(self):
        self.made += 1
        for line in list(self.lines):
            yield None  # a pause, as +where makes between players
            yield line


@pytest.fixture
def turns():
    """The reactor's turns to come, run by the test (`run_turns`)."""
    scheduled = []
    with mock.patch.object(listing, "_call_later", scheduled.append):
        yield scheduled


def run_turns(scheduled):
    count = 0
    while scheduled:
        scheduled.pop(0)()
        count += 1
    return count


def test_a_short_listing_is_made_at_once(turns):
    lines = Lines("Ann", "Bo")
    shared = SharedListing(lines)
    assert shared.text("first", rows=2) == "Ann\nBo"
    lines.lines.append("Cy")
    assert shared.text("first", rows=3) == "Ann\nBo"  # still for the same moment
    assert shared.text("second", rows=3) == "Ann\nBo\nCy"
    assert not turns and lines.made == 2


def test_a_long_listing_is_made_in_slices_while_the_last_is_served(turns):
    lines = Lines(*(f"row {number}" for number in range(10)))
    shared = SharedListing(lines)
    rows = listing.AT_ONCE_ROWS + 1
    first = shared.text("first", rows)  # nothing to serve yet: made at once
    assert first.splitlines() == lines.lines and not turns
    lines.lines.append("row 10")
    with mock.patch.object(listing, "SLICE_SECONDS", 0.0):
        assert shared.text("second", rows) == first
        assert shared.text("second", rows) == first  # one making at a time
        assert len(turns) == 1
        slices = run_turns(turns)
    assert slices == 2 * 11 + 1  # with no time to spare, a slice per item, then the end
    assert shared.text("second", rows).splitlines() == lines.lines
    assert lines.made == 2


def test_a_listing_outdated_while_made_is_made_again(turns):
    lines = Lines("Ann")
    shared = SharedListing(lines)
    rows = listing.AT_ONCE_ROWS + 1
    shared.text("first", rows)
    lines.lines.append("Bo")
    shared.text("second", rows)
    run_turns(turns)
    lines.lines.append("Cy")
    assert shared.text("third", rows) == "Ann\nBo"
    run_turns(turns)
    assert shared.text("third", rows) == "Ann\nBo\nCy"


def test_a_failure_keeps_the_last_listing_and_tries_again_later(turns):
    lines = Lines("Ann")
    shared = SharedListing(lines)
    rows = listing.AT_ONCE_ROWS + 1
    shared.text("first", rows)
    lines.lines = ["Bo", 7]  # a line that is no text: the joining fails
    with mock.patch.object(listing.logger, "log_trace") as log:
        shared.text("second", rows)
        run_turns(turns)
    log.assert_called_once()
    assert shared.text("second", rows) == "Ann"
    assert len(turns) == 1  # and another making has begun
    lines.lines = ["Bo"]


def test_forgetting_stops_a_making(turns):
    lines = Lines("Ann")
    shared = SharedListing(lines)
    rows = listing.AT_ONCE_ROWS + 1
    shared.text("first", rows)
    shared.text("second", rows)
    shared.forget()
    run_turns(turns)
    assert shared.made is None and shared.made_for is None
