"""Evennia's pager, installed so that a pager leaves no reference cycle."""

import gc
from types import SimpleNamespace

import pytest

from evennia.utils import evmore
from evennia.utils.evmore import EvMore

from server.patches import evmore_pager
from tests.server.plugin_patches import plugins_undone_afterwards


class Caller:
    """What EvMore uses of its caller: sessions, msg, ndb and a cmdset."""

    def __init__(self):
        self.session = SimpleNamespace(
            protocol_flags={"SCREENWIDTH": {0: 78}, "SCREENHEIGHT": {0: 10}}
        )
        self.sessions = SimpleNamespace(get=lambda: [self.session])
        self.ndb = SimpleNamespace()
        self.cmdset = SimpleNamespace(add=lambda cmdset: None, remove=lambda cmdset: None)
        self.sent = []

    def msg(self, text=None, **kwargs):
        self.sent.append(text[0] if isinstance(text, tuple) else text)


@pytest.fixture
def pager_installed():
    with plugins_undone_afterwards():
        evmore_pager.install()
        evmore_pager.install()
        yield


def _garbage_of(action):
    gc.collect()
    gc.disable()
    try:
        action()
        return gc.collect()
    finally:
        gc.enable()


def test_a_pager_that_shows_one_page_leaves_no_cycle(pager_installed):
    caller = Caller()
    assert _garbage_of(lambda: evmore.msg(caller, "Short help.", session=caller.session)) == 0
    assert caller.sent == ["Short help."]


def test_without_it_each_pager_is_a_cycle():
    caller = Caller()
    assert _garbage_of(lambda: evmore.msg(caller, "Short help.", session=caller.session)) > 0


def test_paging_still_reads_its_own_methods(pager_installed):
    caller = Caller()
    lines = "\n".join(f"line {number}" for number in range(1, 11))  # two pages of six
    evmore.msg(caller, lines, session=caller.session, exit_on_lastpage=True)
    more = caller.ndb._more
    assert more._paginator == more.paginator_index  # bound to the pager, as Evennia stored it
    assert "line 1\n" in caller.sent[0] and "line 10" not in caller.sent[0]
    more.page_next()
    assert "line 10" in caller.sent[-1] and "line 1\n" not in caller.sent[-1]
    assert not hasattr(caller.ndb, "_more")  # the last page closed the pager


def test_other_values_are_kept_as_they_are(pager_installed):
    caller = Caller()
    more = EvMore(caller, "A page.", session=caller.session, always_page=True)
    shout = str.upper
    more._page_formatter = shout
    assert more._page_formatter is shout and more.page_formatter("x") == "X"
    more._page_formatter = more.page_formatter  # its own method, bound again when read
    assert more.__dict__["_page_formatter__own"] == (EvMore.page_formatter, True)
    del more._page_formatter
    with pytest.raises(AttributeError):
        more._page_formatter
    with pytest.raises(AttributeError):
        del more._page_formatter


def test_the_server_installs_it():
    from unittest.mock import MagicMock

    from server.conf import server_services_plugins

    with plugins_undone_afterwards():
        server_services_plugins.start_plugin_services(MagicMock())
        assert isinstance(EvMore.__dict__["_paginator"], evmore_pager.OwnMethod)
    assert "_paginator" not in EvMore.__dict__
