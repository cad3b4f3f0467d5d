"""
Python's cyclic garbage collector, set for a busy game server.

Python checks for reference cycles after every 700 new objects: on a busy
Server that is hundreds of times a second, so the objects of every command
still being answered (its Deferreds, messages, parsed arguments) survive a
check or two and are moved among the long-lived ones. Those soon make up a
quarter of all long-lived objects, and a full collection follows: it walks
every object of every player online and stops the Server for a third of a
second or more, while everyone's commands wait.

So the Server, once started:
- collects once, then freezes what the start-up left (modules, classes,
  the prototypes and help loaded), so no full collection walks it again;
- checks for cycles after `YOUNG_OBJECTS` new objects instead of 700,
  so only what really lives on is moved among the long-lived ones (a
  check walks each new object: 10,000 of them hold the Server about 5 ms
  with two thousand players online, 50,000 held it 20-50 ms);
- freezes, after each full collection, what it left alive: that is what
  the game keeps (every player's objects, the caches), and the next full
  collection walks only what came since. Walking all of it, with two
  thousand players online, held the Server for three seconds. The price:
  a reference cycle among frozen objects is not freed when it dies, until
  the Server restarts (`evennia reload` too); few are made (see below);
- logs each collection that kept it busy longer than `SLOW_PAUSE`, with
  its generation, so a pause that players notice is seen in the log.

Little is left for the collector to free: the steps every command takes
leave no reference cycles behind (senddata.py, evmore_pager.py,
plain_pickles.py, world/prepared.py), so collections are rare and short.

Installed by the Server at start-up.
"""

import gc
import time

from evennia.utils import logger

from server.patches import Patch

YOUNG_OBJECTS = 10_000  # new objects between cycle checks (Python's default: 700)
OLDER_CHECKS = (10, 10)  # Python's: young checks per middle check, middle per full
SLOW_PAUSE = 0.1  # seconds a collection may take before it is logged
FULL = 2  # the oldest generation: a collection of it walks every object not frozen

_started = {}
_python_settings = {}


def note_pause(phase, info):
    """A `gc.callbacks` entry: freezes what a full collection left alive, and
    logs a collection slower than `SLOW_PAUSE`."""
    if phase == "start":
        _started["at"] = time.perf_counter()
        return
    if info["generation"] == FULL:
        gc.freeze()
    began = _started.pop("at", None)
    if began is None:
        return
    seconds = time.perf_counter() - began
    if seconds > SLOW_PAUSE:
        logger.log_warn(
            f"Garbage collection (generation {info['generation']}) held the Server "
            f"{seconds * 1000:.0f} ms; {info['collected']} objects freed."
        )


def install():
    """Collect and freeze what start-up left, check less often, log slow pauses (idempotent)."""
    _python_settings.setdefault("threshold", gc.get_threshold())
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *OLDER_CHECKS)
    if note_pause not in gc.callbacks:
        gc.callbacks.append(note_pause)


def uninstall():
    """Python's own thresholds again, nothing frozen, no logging."""
    gc.unfreeze()
    if "threshold" in _python_settings:
        gc.set_threshold(*_python_settings.pop("threshold"))
    while note_pause in gc.callbacks:
        gc.callbacks.remove(note_pause)


PATCH = Patch(
    name="gc_tuning",
    # Where Evennia calls the start-up plugin that installs this, its last step:
    # what is frozen is what the start-up made.
    targets={"evennia.server.service:EvenniaServerService.register_plugins": "51f911ec3c4c2512659c59bb6948c3f72b543f9548babedcfb29aa9c82874170"},
    process="server",
    why="Cycle checks every 700 objects moved each command's objects among the long-lived ones, "
    "and full collections of every player's objects held the Server for 300 ms and more.",
    install=install,
    uninstall=uninstall,
    order=1000,  # last: freezes what the start-up and the other patches made
)
