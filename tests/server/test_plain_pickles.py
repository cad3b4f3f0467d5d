"""Attribute values are converted exactly as Evennia converts them, and plain
ones without leaving garbage for the cycle collector."""

import gc
from collections import OrderedDict, deque
from enum import IntFlag
from unittest.mock import MagicMock

import pytest
from django.utils.safestring import SafeString
from hypothesis import given, settings
from hypothesis import strategies as st

from evennia.typeclasses import attributes
from evennia.utils import dbserialize
from evennia.utils.dbserialize import _SaverDict, _SaverList
from evennia.utils.test_resources import EvenniaTest

from server.patches import plain_pickles
from tests.server.plugin_patches import plugins_undone_afterwards


class Flag(IntFlag):
    LIT = 1


class Attribute:
    """What a saving list or dict is tied to (it is only kept, until one is changed)."""


VALUES = [
    "a torch", "", SafeString("<b>safe</b>"), b"bytes", 0, 7, -3.5, True, False, None,
    [], [1, 2, 3], ["a", 1, 2.5, True, b"x"], {}, {"a": 1, 2: "b", True: None},
    {"north": "Quiet Cellar"}, (1, 2), ("__packed_session__", 1, 2.0), [[1], 2], {"a": [1]},
    [None], {"a": None}, Flag.LIT, [Flag.LIT], {1, 2}, deque([1, 2]), OrderedDict(a=1),
]


def _shape(value):
    """A value with each part's exact type, and a saving container's tie to its Attribute."""
    if isinstance(value, (_SaverList, _SaverDict)):
        return (type(value), id(value._db_obj), _shape(value._data))
    if isinstance(value, dict):
        return (type(value), [(_shape(key), _shape(part)) for key, part in value.items()])
    if isinstance(value, (list, tuple, set, deque)):
        return (type(value), [_shape(part) for part in value])
    return (type(value), value)


def _outcome(convert, *args, **kwargs):
    """The shape of what `convert` makes, or the error it raises."""
    try:
        return _shape(convert(*args, **kwargs))
    except Exception as error:
        return type(error)


def _same_as_evennia(value):
    attribute = Attribute()
    for db_obj in (None, attribute):
        ours = _outcome(plain_pickles.from_pickle, value, db_obj=db_obj)
        assert ours == _outcome(plain_pickles._evennia_from_pickle, value, db_obj=db_obj)
    ours = _outcome(plain_pickles.to_pickle, value)
    assert ours == _outcome(plain_pickles._evennia_to_pickle, value)
    try:
        saved = plain_pickles._evennia_from_pickle(value, db_obj=attribute)  # as read back
    except Exception:
        return
    ours = _outcome(plain_pickles.to_pickle, saved)
    assert ours == _outcome(plain_pickles._evennia_to_pickle, saved)


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_same_result_as_evennia(value):
    _same_as_evennia(value)


SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=6),
    st.binary(max_size=4),
)
VALUE = st.recursive(
    SCALAR,
    lambda parts: st.one_of(
        st.lists(parts, max_size=3),
        st.lists(parts, max_size=3).map(tuple),
        st.dictionaries(st.one_of(st.text(max_size=4), st.integers()), parts, max_size=3),
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(value=VALUE)
def test_any_value_as_evennia_converts_it(value):
    _same_as_evennia(value)


def test_plain_values_leave_nothing_for_the_cycle_collector():
    attribute = Attribute()
    plain = ["text", 3, [1, 2], {"a": 1}, [], {}]
    gc.collect()
    gc.disable()
    try:
        for value in plain:
            plain_pickles.to_pickle(plain_pickles.from_pickle(value, db_obj=attribute))
        assert gc.collect() == 0
        plain_pickles._evennia_from_pickle(3, db_obj=attribute)
        assert gc.collect() > 0  # Evennia's own leaves its helpers in a cycle
    finally:
        gc.enable()


def test_the_server_installs_it():
    from server.conf import server_services_plugins

    with plugins_undone_afterwards():
        server_services_plugins.start_plugin_services(MagicMock())
        assert attributes.from_pickle is plain_pickles.from_pickle
        assert dbserialize.to_pickle is plain_pickles.to_pickle
    assert attributes.from_pickle is plain_pickles._evennia_from_pickle
    assert dbserialize.to_pickle is plain_pickles._evennia_to_pickle


class TestAttributes(EvenniaTest):
    """Attributes on a real object, stored and read back with the patch installed."""

    def setUp(self):
        super().setUp()
        plain_pickles.install()
        self.addCleanup(plain_pickles.PATCH.uninstall)

    def test_a_list_read_back_saves_when_changed(self):
        self.char1.attributes.add("paged", [1, 2])
        paged = self.char1.attributes.get("paged")
        assert isinstance(paged, _SaverList) and paged == [1, 2]
        paged.append(3)
        self.char1.attributes.reset_cache()
        assert self.char1.attributes.get("paged") == [1, 2, 3]

    def test_a_dict_and_a_scalar(self):
        self.char1.attributes.add("finger", {"Timezone": "UTC+1"})
        self.char1.attributes.get("finger")["Quote"] = "Onward."
        self.char1.attributes.add("scene_id", 12)
        self.char1.attributes.reset_cache()
        assert self.char1.attributes.get("finger") == {"Timezone": "UTC+1", "Quote": "Onward."}
        assert self.char1.attributes.get("scene_id") == 12
