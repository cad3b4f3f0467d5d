"""The Server's garbage collector settings and its log of slow collections."""

import gc
from unittest import mock

from server.patches import gc_tuning
from tests.server.plugin_patches import plugins_undone_afterwards


def test_installed_it_freezes_the_start_up_and_checks_less_often():
    with plugins_undone_afterwards():
        gc_tuning.install()
        gc_tuning.install()
        assert gc.get_freeze_count() > 10_000  # the modules and classes loaded
        assert gc.get_threshold() == (gc_tuning.YOUNG_OBJECTS, *gc_tuning.OLDER_CHECKS)
        assert gc.callbacks.count(gc_tuning.note_pause) == 1
    assert gc.get_freeze_count() == 0 and gc_tuning.note_pause not in gc.callbacks


def _collection(seconds, generation=2, collected=5):
    with mock.patch.object(gc_tuning.time, "perf_counter", side_effect=[100.0, 100.0 + seconds]):
        gc_tuning.note_pause("start", {"generation": generation})
        gc_tuning.note_pause("stop", {"generation": generation, "collected": collected})


def test_a_slow_collection_is_logged_with_its_generation_and_length():
    with mock.patch.object(gc_tuning.logger, "log_warn") as log_warn:
        _collection(0.35, generation=2, collected=1234)
    (message,), _ = log_warn.call_args
    assert "generation 2" in message and "350 ms" in message and "1234 objects" in message


def test_a_quick_collection_is_not_logged():
    with mock.patch.object(gc_tuning.logger, "log_warn") as log_warn:
        _collection(0.02)
        gc_tuning.note_pause("stop", {"generation": 0, "collected": 0})  # no start seen
    assert not log_warn.called


def test_a_full_collection_freezes_what_it_left_alive():
    def among_the_old(obj):
        return any(found is obj for found in gc.get_objects(generation=2))

    with plugins_undone_afterwards():
        gc_tuning.install()
        gc.disable()  # only the collections below (a frozen object may still die meanwhile)
        try:
            frozen = gc.get_freeze_count()
            kept = [[number] for number in range(1000)]  # what the game keeps
            gc.collect(1)
            assert gc.get_freeze_count() < frozen + len(kept) and among_the_old(kept[0])
            gc.collect()
            assert gc.get_freeze_count() >= frozen + len(kept)
            assert not among_the_old(kept[0])  # the next full collection will not walk it
        finally:
            gc.enable()
