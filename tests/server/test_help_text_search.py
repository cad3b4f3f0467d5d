"""help's search of the help texts, on a remembered index: the same answers as
Evennia's `help_search_with_index`, one index build for repeated searches."""

from types import SimpleNamespace
from unittest import mock

import pytest

import evennia.commands.default.help as evennia_help
from evennia.help import utils as help_utils

from server.patches import help_text_search

TEXT = [{"field_name": "text", "boost": 1}]
QUERIES = ("dragon", "drag*", "*gon", "lantern", "nothing here", "x" * 300, "a:b~", "gold")


class Entry:
    """What the help search reads of an entry: its index entry."""

    def __init__(self, key, text, aliases=()):
        self.key = key
        self.search_index_entry = {"key": key, "aliases": " ".join(aliases), "category": "general",
                                   "tags": "", "no_prefix": key, "text": text}


ENTRIES = [Entry("dragons", "A dragon sleeps on gold under the hill."),
           Entry("light", "A lantern burns for an hour.", aliases=["lantern"]),
           Entry("camp", "Rest, eat and keep watch.")]


@pytest.fixture
def installed():
    help_text_search.install()
    help_text_search.install()
    yield
    help_text_search.uninstall()


@pytest.mark.parametrize("fields", [None, TEXT])
def test_the_answers_are_evennias(installed, fields):
    for query in QUERIES:
        evennias = help_utils.help_search_with_index(query, ENTRIES, 10, fields)
        ours = evennia_help.help_search_with_index(query, ENTRIES, 10, fields)
        assert sorted(ours[1]) == sorted(evennias[1]), query
        assert {entry.key for entry in ours[0]} == {entry.key for entry in evennias[0]}, query
    assert evennia_help.help_search_with_index("dragon", ENTRIES, fields=TEXT)[1] == ["dragons"]


def test_repeated_searches_build_the_index_once(installed):
    with mock.patch.object(help_utils.LunrSearch, "index", autospec=True,
                           side_effect=help_utils.LunrSearch.index) as built:
        for query in ("lantern", "lantern*", "*lantern", "lantern"):
            evennia_help.help_search_with_index(query, list(reversed(ENTRIES)), fields=TEXT)
    assert built.call_count == 1


def test_uninstall_puts_evennias_back(installed):
    assert evennia_help.help_search_with_index is help_text_search.remembered_help_search
    help_text_search.uninstall()
    assert evennia_help.help_search_with_index is help_utils.help_search_with_index
