"""
The first help search after a start no longer logs "Overwriting existing
registered function stopWordFilter".

Evennia's `LunrSearch._setup_stop_words_filter` makes its own stop-word
filter (Lunr's, minus words such as "who" and "say" that are command
names) with Lunr's `generate_stop_word_filter`, which registers it under
Lunr's own label, `stopWordFilter`: Lunr logs a warning that it replaces
its filter. The same filter is made here under a label of its own, so
nothing is replaced and nothing is logged. (Evennia also catches ValueError
where `set.remove` raises KeyError; the difference here is a set
subtraction.)

Upstream: pass a `language` (any label) to `generate_stop_word_filter`.

Installed by the Server.
"""

from evennia.help.utils import LunrSearch

from server.patches import Patch

LABEL = "evennia"  # registered as "stopWordFilter-evennia"

_evennias = LunrSearch._setup_stop_words_filter


def setup_stop_words_filter(self):
    """Evennia's filter: Lunr's stop words but the exceptions, under its own label."""
    stop_words = set(self.stop_word_filter.WORDS) - set(self._LUNR_STOP_WORD_FILTER_EXCEPTIONS)
    self.custom_stop_words_filter = self.stop_word_filter.generate_stop_word_filter(
        stop_words, language=LABEL
    )


def install():
    LunrSearch._setup_stop_words_filter = setup_stop_words_filter


def uninstall():
    LunrSearch._setup_stop_words_filter = _evennias


PATCH = Patch(
    name="help_stop_words",
    targets={
        "evennia.help.utils:LunrSearch._setup_stop_words_filter": (
            "31d4ade9f49316d9330af27a390cd2d6b2b0b2469f2d8fe18417ee686bd71bd5"
        ),
    },
    process="server",
    why="Every start logged a warning on the first help search: Evennia's stop-word filter "
    "replaced Lunr's under the same label.",
    install=install,
    uninstall=uninstall,
)
