"""
`help` with no topic of that name searches the help texts on a remembered
index instead of building three new ones.

When a `help <query>` names no topic, Evennia's `CmdHelp.func` searches the
full texts of every help entry it may show, calling
`help_search_with_index` up to three times (the query, `query*`, `*query`);
each call builds a Lunr index over all those texts, about 0.4 s with
Delver's ~300 topics, while every other player waits. The name in
`CmdHelp.func`'s module is pointed at the game's `commands.help.search_entries`,
which builds an index once for each distinct set of indexed texts and
remembers its answers. Same arguments, same (matches, suggestions) lists
(equal scores may come in another order: Evennia's own order of entries
comes from a set).

Upstream: build the index once per set of entries (or keep it on the
command), as `commands/help.py`'s `search_entries` does.

Installed by the Server.
"""

import evennia.commands.default.help as evennia_help

from server.patches import Patch, Replaced

# Evennia's fields when none are given (help_search_with_index's own default).
DEFAULT_FIELDS = [
    {"field_name": "key", "boost": 10},
    {"field_name": "aliases", "boost": 7},
    {"field_name": "category", "boost": 6},
    {"field_name": "tags", "boost": 5},
]

_replaced = Replaced()


def remembered_help_search(query, candidate_entries, suggestion_maxnum=5, fields=None):
    """Evennia's `help_search_with_index`, on an index built once per set of texts."""
    from commands.help import search_entries

    return search_entries(query, list(candidate_entries), fields or DEFAULT_FIELDS,
                          suggestion_maxnum)


def install():
    _replaced.replace(evennia_help, "help_search_with_index", remembered_help_search)


def uninstall():
    _replaced.restore()


PATCH = Patch(
    name="help_text_search",
    targets={
        "evennia.help.utils:help_search_with_index": (
            "df9ab346670748aa73a0d33b142c6857f029d7dda2d75ca0aaae9c8173132064"
        ),
        "evennia.commands.default.help:CmdHelp.func": (
            "3eeda45967217a2e00bd4ef9e537cab46bfe6dac83af3926a070747725a9ff97"
        ),
    },
    process="server",
    why="A help query naming no topic built three Lunr indexes of every help text (~1.2 s "
    "with the whole game waiting).",
    install=install,
    uninstall=uninstall,
)
