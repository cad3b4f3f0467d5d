"""
Evennia's `help`, answering exactly as it does, with its costly steps made
cheap.

Evennia builds a new lunr search index over every help entry each time
someone asks for a topic, and formats the whole index grid each time someone
types a bare `help`. Both depend only on what they are given (the entries a
caller may read, the topics by category, the client's width), so `CmdHelp`
keeps the last few of each. And it checks each command's locks (may the
caller use it, read or list its help) once per distinct lock rather than
once per command: most commands share `cmd:all()`.

Which commands a caller's help shows then depends only on the answers to
those few distinct locks, so each merged cmdset keeps the topics it showed
for each set of answers (players of the same rank share them), and the
database's help entries are read once and again only after one is saved or
deleted (Django signals; see `help_entries`).
"""

import re
from collections import OrderedDict

from django.conf import settings
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

from evennia.commands.command import Command
from evennia.commands.default.help import CmdHelp as EvenniaCmdHelp
from evennia.commands.default.help import HelpCategory
from evennia.help.filehelp import FILE_HELP_ENTRIES
from evennia.help.models import HelpEntry
from evennia.help.utils import LunrSearch

from server.patches.cmdset_cache import derived
from server.patches.constant_locks import stored_locks
from server.patches.lock_eval import remembered_eval
from world.screen import fit, width_for_client

# Different permissions and client widths make different indexes and grids;
# a handful covers a game's players, staff and builders.
CACHE_SIZE = 32
# Evennia's fields and boosts for finding a topic by name.
SEARCH_FIELDS = [
    {"field_name": "key", "boost": 10},
    {"field_name": "aliases", "boost": 7},
    {"field_name": "no_prefix", "boost": 6},
    {"field_name": "category", "boost": 5},
    {"field_name": "tags", "boost": 1},
]


class _Cache:
    """A small least-recently-used mapping."""

    def __init__(self, size=CACHE_SIZE):
        self.size = size
        self.items = OrderedDict()

    def get(self, key, make):
        if key in self.items:
            self.items.move_to_end(key)
            return self.items[key]
        value = self.items[key] = make()
        if len(self.items) > self.size:
            self.items.popitem(last=False)
        return value


_SEARCH_INDEXES = _Cache()
_INDEX_PAGES = _Cache()


def search_entries(query, entries, fields, maxnum):
    """
    Evennia's `help_search_with_index`: (matches, their keys), best first,
    with the lunr index over `entries` built once for each distinct set of
    indexed texts.
    """
    from lunr.exceptions import QueryParseError

    entries = _in_index_order(entries)
    documents = [_document(entry) for entry in entries]
    names = ("key", *(field["field_name"] for field in fields))
    key = (
        tuple((field["field_name"], field["boost"]) for field in fields),
        tuple(
            _indexed_texts(entry, document, names) for entry, document in zip(entries, documents)
        ),
    )
    index = _SEARCH_INDEXES.get(key, lambda: _SearchIndex(fields, documents))
    found = index.search(query, QueryParseError)[:maxnum]
    by_key = {document["key"]: entry for document, entry in zip(documents, entries)}
    return [by_key[match["ref"]] for match in found], [str(match["ref"]) for match in found]


class _SearchIndex:
    """A lunr index and the matches it gave for the last queries asked of it
    (a search depends only on the index and the query)."""

    def __init__(self, fields, documents):
        self.index = LunrSearch().index(ref="key", fields=fields, documents=documents)
        self.found = _Cache(size=256)

    def search(self, query, malformed):
        def search():
            try:
                return self.index.search(query)
            except malformed:  # a player's malformed query
                return []

        return self.found.get(query, search)


# The texts a command's help is indexed by, per search-index entry: Evennia
# makes that dict once per command class (or per command made with its own
# key, like an exit) and never changes it, so its texts are read once.
_COMMAND_TEXTS = {}
MAX_COMMAND_TEXTS = 20_000


# A database help entry's search-index entry, per entry, made again once any
# entry was saved or deleted: {pk: (entry, version of the entries, dict)}.
_ENTRY_DOCUMENTS = {}


def _document(entry):
    """`entry.search_index_entry`, kept for a database entry while nothing changes."""
    if not isinstance(entry, HelpEntry):
        return entry.search_index_entry
    version = _ENTRIES["version"]
    kept = _ENTRY_DOCUMENTS.get(entry.pk)
    if kept is None or kept[0] is not entry or kept[1] != version:
        if len(_ENTRY_DOCUMENTS) >= MAX_COMMAND_TEXTS:
            _ENTRY_DOCUMENTS.clear()
        kept = _ENTRY_DOCUMENTS[entry.pk] = (entry, version, entry.search_index_entry)
    return kept[2]


def _indexed_texts(entry, document, names):
    """What `document` is indexed by under `names`: a command's texts, read once
    per command's entry; a category's name; a database entry's id and the
    version of the entries (its texts change only with a save)."""
    if isinstance(entry, HelpCategory):
        return ("category", entry.key)
    if isinstance(entry, HelpEntry):
        return ("entry", entry.pk, _ENTRIES["version"])
    if not isinstance(entry, Command):  # file entries make theirs anew
        return tuple(document.get(name) for name in names)
    kept = _COMMAND_TEXTS.get((id(document), names))
    if kept is None or kept[0] is not document:
        if len(_COMMAND_TEXTS) >= MAX_COMMAND_TEXTS:
            _COMMAND_TEXTS.clear()
        kept = _COMMAND_TEXTS[(id(document), names)] = (
            document,  # held, so its id is not reused while kept
            tuple(document.get(name) for name in names),
        )
    return kept[1]


def _in_index_order(entries):
    """
    The entries with the categories last, sorted: Evennia collects them in a
    set whose order changes from call to call, which would make every index
    look new (the order only breaks ties between equal scores).
    """
    topics = [entry for entry in entries if not isinstance(entry, HelpCategory)]
    categories = sorted(
        (entry for entry in entries if isinstance(entry, HelpCategory)), key=lambda c: c.key
    )
    return topics + categories


# Lock functions that look only at who asks (and the server's settings), so a
# lock made of them answers the same for every command.
CALLER_ONLY_LOCKFUNCS = frozenset((
    "all", "true", "false", "none", "superuser", "perm", "perm_above", "pperm",
    "pperm_above", "dbref", "pdbref", "id", "pid", "serversetting",
))
# Of those, the ones that read the caller's (or its account's) id.
ID_LOCKFUNCS = frozenset(("dbref", "pdbref", "id", "pid"))


class CallerLocks:
    """
    One caller's answers to command locks. Evennia checks each command's lock
    on its own, on every help call; here a lock made only of lock functions
    that look at the caller (such as `perm(Builder)`) is worked out once and
    its answer kept with everything those functions read of the caller
    (permissions, being puppeted, quelling: its rank), and with its ids only
    when one of them reads ids. So players of the same rank share the
    answers, until anything they were worked out from changes.
    """

    def __init__(self, caller):
        self.caller = caller
        self.bypass = getattr(getattr(caller, "locks", None), "lock_bypass", None)
        self.rank, self.ids = _lock_state(caller)
        self.by_call, self.by_lock = _ANSWERS.get(self.rank, lambda: ({}, {}))

    def access(self, cmd, access_type, default=False, session=None):
        if self.bypass is None or type(cmd).access is not Command.access:
            return cmd.access(self.caller, access_type, default=default, session=session)
        if self.bypass:  # a superuser passes every lock
            return True
        lock = stored_locks(cmd).get(access_type)
        if lock is None:
            return default
        evalstring, calls, text = lock
        if not all(func.__name__ in CALLER_ONLY_LOCKFUNCS for func, _, _ in calls):
            return cmd.access(self.caller, access_type, default=default, session=session)
        key = (access_type, text, self._ids_if_read(calls))
        if key not in self.by_lock:
            results = tuple(self._result(call, cmd, access_type) for call in calls)
            self.by_lock[key] = remembered_eval(evalstring % results)  # as LockHandler.check
        return self.by_lock[key]

    def answers_to(self, locks, session):
        """The answers to a `CommandLocks`' distinct locks, worked out once per
        set of locks for each rank (and ids, if a lock reads them)."""
        key = (locks.signature, self.rank, self.ids if locks.reads_ids else None)
        return _LOCK_ANSWERS.get(
            key,
            lambda: tuple(
                self.access(cmd, access_type, session=session)
                for (access_type, _), cmd in locks.examples.items()
            ),
        )

    def _ids_if_read(self, calls):
        return self.ids if any(func.__name__ in ID_LOCKFUNCS for func, _, _ in calls) else None

    def _result(self, call, cmd, access_type):
        func, args, kwargs = call
        key = (func, tuple(args), tuple(sorted(kwargs.items())), access_type)
        if func.__name__ in ID_LOCKFUNCS:
            key += self.ids
        if key not in self.by_call:
            self.by_call[key] = bool(
                func(self.caller, cmd, *args, access_type=access_type, **kwargs)
            )
        return self.by_call[key]


def _lock_state(caller):
    """
    (rank, ids): what the caller-only lock functions read of `caller`. perm()
    also looks at the account it is puppeted by, and whether that account
    quells; only the id functions read the ids.
    """
    account = getattr(caller, "account", None) if hasattr(caller, "location") else None
    rank = (
        type(caller),
        tuple(caller.permissions.all()),
        account is not None,
        tuple(account.permissions.all()) if account else (),
        bool(account.attributes.get("_quell")) if account else False,
    )
    return rank, (caller.id, account.id if account else None)


# Answers kept per rank, and per player for locks that read ids: more than
# the players online, so each keeps theirs.
PLAYERS_KEPT = 4096
_ANSWERS = _Cache(size=PLAYERS_KEPT)
_LOCK_ANSWERS = _Cache(size=PLAYERS_KEPT)

# The locks that decide whether help shows a command: may the caller use it,
# read its help, see it listed.
HELP_LOCK_TYPES = ("cmd", "read", "view")


class CommandLocks:
    """
    The distinct locks of a cmdset's commands, with one command holding each
    (`examples`; their texts in order are its `signature`, shared by every
    cmdset with the same locks), whether all of them look only at the caller
    (then the answers to these locks decide everything help shows of the
    commands, and `shown` keeps what it showed for each set of answers) and
    whether any reads the caller's ids.
    """

    def __init__(self, commands):
        self.examples = {}
        self.decided_by_caller = True
        self.reads_ids = False
        for cmd in commands:
            if type(cmd).access is not Command.access:
                self.decided_by_caller = False
            for access_type in HELP_LOCK_TYPES:
                lock = stored_locks(cmd).get(access_type)
                if lock is None:
                    continue  # the default answer, the same for everyone
                _, calls, text = lock
                names = {func.__name__ for func, _, _ in calls}
                if not names <= CALLER_ONLY_LOCKFUNCS:
                    self.decided_by_caller = False
                self.reads_ids = self.reads_ids or bool(names & ID_LOCKFUNCS)
                self.examples.setdefault((access_type, text), cmd)
        self.signature = tuple(self.examples)
        self.shown = _Cache(size=CACHE_SIZE)


# The database's help entries, read again only after one is saved or deleted
# (or its aliases or tags change).
# A change bumps the version at once and again when its transaction commits
# (a web request saves in a thread of its own, whose rows other connections
# see only then); a read is kept for the version it started under.
_ENTRIES = {"version": 0, "read_at": None, "ids": ()}


def help_entries():
    """`HelpEntry.objects.all()`, as a list, from the last read while nothing changed."""
    version = _ENTRIES["version"]
    if _ENTRIES["read_at"] == version:
        found = [HelpEntry.get_cached_instance(pk) for pk in _ENTRIES["ids"]]
        if None not in found:  # else Evennia's cache was flushed: read anew
            return found
    entries = list(HelpEntry.objects.all())
    _ENTRIES.update(read_at=version, ids=tuple(entry.pk for entry in entries))
    return entries


def _help_entries_changed(**kwargs):
    _ENTRIES["version"] += 1
    transaction.on_commit(_bump_version)


def _bump_version():
    _ENTRIES["version"] += 1


post_save.connect(_help_entries_changed, sender=HelpEntry, dispatch_uid="delver-help-entries")
post_delete.connect(_help_entries_changed, sender=HelpEntry, dispatch_uid="delver-help-entries")
# Aliases and tags (a help entry's search texts too) are rows of their own.
m2m_changed.connect(
    _help_entries_changed, sender=HelpEntry.db_tags.through, dispatch_uid="delver-help-entry-tags"
)


class CmdHelp(EvenniaCmdHelp):
    __doc__ = EvenniaCmdHelp.__doc__

    def collect_topics(self, caller, mode="list"):
        """
        Evennia's three dicts of what `caller` may see ({key: command},
        {key: database entry}, {key: file entry}): for `list` the topics
        shown in the index, for `query` those that can be read.
        """
        self.caller_locks = CallerLocks(caller)  # answers from an earlier call may be stale
        self.cmdset.make_unique(caller)  # the merge may hold doublets (exits)
        files = {topic.key.lower().strip(): topic for topic in FILE_HELP_ENTRIES.all()}
        entries = {topic.key.lower().strip(): topic for topic in help_entries()}
        visible = self.can_list_topic if mode == "list" else self.can_read_topic
        return (
            self._commands_shown(caller, mode),
            {key: topic for key, topic in entries.items() if visible(topic, caller)},
            {key: topic for key, topic in files.items() if visible(topic, caller)},
        )

    def _commands_shown(self, caller, mode):
        """{key: command} of the commands the caller may use and whose help
        `mode` shows, remembered per merged cmdset for the answers to its locks."""

        def collect():
            visible = self.can_list_topic if mode == "list" else self.can_read_topic
            commands = [
                cmd
                for cmd in self.cmdset
                if cmd and self.caller_locks.access(cmd, "cmd", session=self.session)
            ]
            return {
                getattr(cmd, "auto_help_display_key", cmd.key): cmd
                for cmd in commands
                if visible(cmd, caller)
            }

        locks = derived(self.cmdset, "_delver_help_locks", CommandLocks)
        if not locks.decided_by_caller or self.caller_locks.bypass is None or not (
            type(self).can_list_topic is CmdHelp.can_list_topic
            and type(self).can_read_topic is CmdHelp.can_read_topic
        ):
            return collect()
        answers = self.caller_locks.answers_to(locks, self.session)
        return dict(locks.shown.get((mode, bool(self.caller_locks.bypass), answers), collect))

    def _locks(self, caller):
        locks = getattr(self, "caller_locks", None)
        if locks is None or locks.caller is not caller:
            locks = self.caller_locks = CallerLocks(caller)
        return locks

    def can_read_topic(self, cmd_or_topic, caller):
        if isinstance(cmd_or_topic, Command):
            return cmd_or_topic.auto_help and self._locks(caller).access(cmd_or_topic, "read", True)
        return super().can_read_topic(cmd_or_topic, caller)

    def can_list_topic(self, cmd_or_topic, caller):
        if not isinstance(cmd_or_topic, Command):
            return super().can_list_topic(cmd_or_topic, caller)
        if not cmd_or_topic.auto_help:
            return False
        shown_by = "view" if "view:" in cmd_or_topic.locks else "read"
        return self._locks(caller).access(cmd_or_topic, shown_by, True)

    def do_search(self, query, entries, search_fields=None):
        """
        Evennia's search on remembered indexes: the words as typed, then as
        word starts; an exact key or alias (with or without a prefix like @)
        goes first among the matches and the suggestions.
        """
        fields = search_fields or SEARCH_FIELDS
        self._missed = None
        bare = _without_prefix(query)
        named = _named_topic(query, entries)
        if named is not None and search_fields is None:
            # A command or topic of exactly that name opens, with or without
            # its prefix, before a category of the same name (`help digger`).
            _, suggestions = search_entries(query, entries, fields, self.suggestion_maxnum)
            suggestions = [name for name in suggestions if _without_prefix(name) != bare]
            return named, [named.key, *suggestions]
        matches, suggestions = [], []
        for attempt in (query, f"{query}*"):
            matches, suggestions = search_entries(
                attempt, entries, fields, self.suggestion_maxnum
            )
            exact = next((entry for entry in matches if bare in _names_of(entry)), None)
            if exact is not None:
                matches.remove(exact)
                matches.insert(0, exact)
            if matches:
                break
        if not matches:
            self._missed = (query, entries, fields)  # for format_help_entry's last resort
            return None, suggestions
        same = next((name for name in suggestions if _without_prefix(name) == bare), None)
        if same is not None:
            suggestions.remove(same)
            suggestions.insert(0, same)
        return matches[0], suggestions

    def format_help_entry(self, topic="", help_text="", aliases=None, suggested=None,
                          subtopics=None, click_topics=True):
        """Evennia's, each line wrapped to the client's width (NAWS); when
        nothing matched, not even in the help texts, the names a typing slip
        away are suggested (`help dungon`: +dungeon)."""
        missed = getattr(self, "_missed", None)
        if topic is None and not suggested and missed is not None:
            suggested = self._near_misses(*missed) or None
        shown = super().format_help_entry(topic, help_text, aliases, suggested, subtopics,
                                          click_topics)
        return fit(str(shown), width_for_client(self.client_width()))

    def _near_misses(self, query, entries, fields):
        """Names one slip away from each word of `query`, offered, not opened:
        a slip is a guess."""
        # lunr's fuzzy search grows with the cube of a word's length; a word
        # longer than every name by more than one letter is no slip anyway
        longest = max((len(name) for entry in entries for name in _names_of(entry)), default=0)
        words = [word for word in re.findall(r"[a-z0-9]{4,}", query.lower())
                 if len(word) <= longest + 1]
        if not words:
            return []
        fuzzy = " ".join(f"{word}~1" for word in words)
        return search_entries(fuzzy, entries, fields, self.suggestion_maxnum)[1]

    def msg_help(self, text, **kwargs):
        """Evennia's, but a text that fits the client's screen (with a few
        lines to spare, so no page 2 of two lines) is sent whole, unpaged."""
        if type(self).help_more and _fits_screen(text, self.session):
            self.msg(text=(text, {"type": "help"}), **kwargs)
            return
        super().msg_help(text, **kwargs)

    def format_help_index(
        self, cmd_help_dict=None, db_help_dict=None, title_lone_category=False, click_topics=True
    ):
        key = (
            _frozen(cmd_help_dict),
            _frozen(db_help_dict),
            title_lone_category,
            click_topics,
            self.client_width(),
        )
        return _INDEX_PAGES.get(
            key,
            lambda: super(CmdHelp, self).format_help_index(
                cmd_help_dict, db_help_dict, title_lone_category, click_topics
            ),
        )


def _fits_screen(text, session):
    """True when `text` is short enough not to page: at most the client's
    height (NAWS, else the default) and a third more."""
    height = settings.CLIENT_DEFAULT_HEIGHT
    if session is not None:
        height = session.protocol_flags.get("SCREENHEIGHT", {0: height})[0] or height
    lines = str(text).count("\n") + 1
    return lines <= height + max(6, height // 3)


def _named_topic(query, entries):
    """The command or topic (not a category) whose key or alias is `query`:
    a name spelled exactly so first (`@desc` is describe's alias, not +desc),
    then compared without prefixes and case, keys before aliases."""
    query = query.lower().strip()
    topics = [entry for entry in entries if not isinstance(entry, HelpCategory)]
    for entry in topics:
        if query in (name.lower() for name in _exact_names_of(entry)):
            return entry
    bare = _without_prefix(query)
    for entry in topics:
        if _without_prefix(entry.key).lower() == bare:
            return entry
    for entry in topics:
        if bare in (name.lower() for name in _names_of(entry)):
            return entry
    return None


def _without_prefix(name):
    return name[1:] if name and name[0] in settings.CMD_IGNORE_PREFIXES else name


def _exact_names_of(entry):
    """A command's key and aliases as spelled, prefixes and all (topics have
    no names a player types as a command)."""
    return [entry.key, *entry.aliases] if isinstance(entry, Command) else []


def _names_of(entry):
    """An entry's key and aliases, without prefixes (a category has only its key)."""
    names = [entry.key]
    if not isinstance(entry, HelpCategory):
        aliases = entry.aliases
        names += aliases if isinstance(aliases, list) else aliases.all()
    return [_without_prefix(name) for name in names]


def _frozen(help_dict):
    """{category: [topic, ...]} as a hashable, order-free key."""
    return tuple(
        sorted(
            (category, tuple(sorted(set(topics))))
            for category, topics in (help_dict or {}).items()
        )
    )
