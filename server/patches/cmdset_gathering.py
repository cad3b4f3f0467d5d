"""
Evennia's `get_and_merge_cmdsets`, run straight through.

For every line typed the command handler gathers the cmdsets of the session,
the account, the character, everything in the room and the room itself, and
merges them (Evennia keeps the merges, by the cmdsets' fingerprints). It does
so through five nested Twisted `inlineCallbacks` generators, each with its
own Deferred, although no step ever waits: the hooks it calls return nothing.
That machinery, the merge of the running "current" cmdset after the last
provider (nobody sees it) and hashing the same fingerprints three times for
one look-up cost more than the gathering itself.

`gather_and_merge` does the same steps in the same order: the same hooks with
the same arguments, the same `call` lock checks, the same duplicates setting
of the room's cmdsets during the merge, the same errors reported the same
way, and it finds or makes and keeps the merge in Evennia's own cache. Only
if a provider's `at_cmdset_get` hands back a Deferred (something to wait for)
is the line's gathering done again by Evennia's own function, which waits.

Installed by the Server: `cmdhandler.get_and_merge_cmdsets` still hands its
callers a Deferred, as Evennia's does (already fired, with the merged cmdset
or the error), so code that calls it the documented way
(`yield get_and_merge_cmdsets(...)` or `.addCallback`) is served the same;
the command handler, run inline (inline_callbacks.py), takes a fired
Deferred's result at once.
"""

from itertools import chain

from twisted.internet.defer import Deferred, fail, succeed

from evennia.commands import cmdhandler
from evennia.commands.cmdset import CmdSet
from evennia.utils import logger

from server.patches import Patch, Replaced

_evennia_get_and_merge = cmdhandler.get_and_merge_cmdsets
_GA = object.__getattribute__


class _MustWait(Exception):
    """A provider's hook handed back a Deferred: Evennia's own function waits for it."""


def gather_and_merge(caller, cmdset_providers, callertype, raw_string, report_to=None, cmdid=None):
    """Evennia's `get_and_merge_cmdsets` (same arguments, same merged cmdset), without Deferreds."""
    try:
        return _gather(caller, cmdset_providers, raw_string, report_to, cmdid)
    except _MustWait:
        return _evennia_get_and_merge(
            caller, cmdset_providers, callertype, raw_string, report_to=report_to, cmdid=cmdid
        )
    except cmdhandler.ErrorReported:
        raise
    except Exception:
        cmdhandler._msg_err(caller, cmdhandler._ERROR_CMDSETS)
        raise


def _gather(caller, cmdset_providers, raw_string, report_to, cmdid):
    local_obj_cmdsets = []
    current_cmdset = CmdSet()
    object_cmdsets = []
    last = len(cmdset_providers) - 1
    for number, cmdobj in enumerate(cmdset_providers):
        current, cur_cmdsets = _provider_cmdsets(cmdobj, current_cmdset, caller, raw_string)
        if current and number < last:  # after the last provider the running total is unused
            current_cmdset = current_cmdset + current
        if cur_cmdsets:
            object_cmdsets += cur_cmdsets
        if cmdobj.cmdset_provider_type == "object" and not current.no_objs:
            local_obj_cmdsets = _local_obj_cmdsets(cmdobj, caller, raw_string)
            if current.no_exits:
                local_obj_cmdsets = [
                    cmdset for cmdset in local_obj_cmdsets if cmdset.key != "ExitCmdSet"
                ]
            object_cmdsets += local_obj_cmdsets

    cmdsets = [cmdset for cmdset in object_cmdsets if cmdset and cmdset.key != "_EMPTY_CMDSET"]
    if report_to:
        for cmdset in cmdsets:
            if cmdset.key == "_CMDSET_ERROR":
                report_to.msg(cmdhandler.err_helper(cmdset.errmessage, cmdid=cmdid))
    cmdset = _merged(cmdsets) if cmdsets else None
    for cset in local_obj_cmdsets:
        if cset:
            cset.duplicates = cset.old_duplicates
    return cmdset


def _provider_cmdsets(obj, current, caller, raw_string):
    """A provider's (current cmdset, cmdset stack), after its `at_cmdset_get` hook."""
    try:
        waits = isinstance(obj.at_cmdset_get(caller=caller, current=current), Deferred)
    except Exception:
        cmdhandler._msg_err(caller, cmdhandler._ERROR_CMDSETS)
        raise cmdhandler.ErrorReported(raw_string)
    if waits:
        raise _MustWait()
    try:
        return obj.get_cmdsets(caller=caller, current=current)
    except AttributeError:
        return (CmdSet(), [])


def _local_obj_cmdsets(obj, caller, raw_string):
    """The cmdsets of what is in the room, carried, and the room itself, that `caller` may call."""
    try:
        try:
            location = obj.location
        except Exception:
            location = None
        if not location:
            return []
        local_objlist = [
            lobj
            for lobj in location.contents_get(exclude=obj) + obj.contents_get() + [location]
            if not lobj._is_deleted
            and lobj.access(caller, access_type="call", no_superuser_bypass=True)
        ]
        for lobj in local_objlist:
            try:
                _GA(lobj, "at_cmdset_get")(caller=caller)
            except Exception:
                logger.log_trace()
        local_obj_cmdsets = list(
            chain.from_iterable(
                lobj.cmdset.cmdset_stack for lobj in local_objlist if lobj.cmdset.current
            )
        )
        for cset in local_obj_cmdsets:
            # Kept apart from each other in a busy room, as Evennia does.
            cset.old_duplicates = cset.duplicates
            cset.duplicates = True if cset.duplicates is None else cset.duplicates
        return local_obj_cmdsets
    except Exception:
        cmdhandler._msg_err(caller, cmdhandler._ERROR_CMDSETS)
        raise cmdhandler.ErrorReported(raw_string)


def _merged(cmdsets):
    """The merge of `cmdsets` from Evennia's cache, made (as Evennia makes it) and kept if new."""
    cache = cmdhandler._CMDSET_MERGE_CACHE
    mergehash = tuple(cmdset.fingerprint for cmdset in cmdsets)
    cmdset = cache.get(mergehash)
    if cmdset is not None:
        cache.move_to_end(mergehash)
        return cmdset
    tempmergers = {}
    for cmdset in cmdsets:
        prio = cmdset.priority
        tempmergers[prio] = tempmergers[prio] + cmdset if prio in tempmergers else cmdset
    sorted_cmdsets = sorted(tempmergers.values(), key=lambda x: x.priority)
    cmdset = sorted_cmdsets[0]
    for merging_cmdset in sorted_cmdsets[1:]:
        cmdset = cmdset + merging_cmdset
    cmdset.merged_from = cmdsets
    cache[mergehash] = cmdset
    if len(cache) > cmdhandler._CMDSET_MERGE_CACHE_MAXSIZE:
        cache.popitem(last=False)
    return cmdset


def get_and_merge_cmdsets(
    caller, cmdset_providers, callertype, raw_string, report_to=None, cmdid=None
):
    """Evennia's `get_and_merge_cmdsets`: a Deferred firing with the merged cmdset."""
    try:
        merged = gather_and_merge(
            caller, cmdset_providers, callertype, raw_string, report_to=report_to, cmdid=cmdid
        )
    except BaseException:
        return fail()
    return merged if isinstance(merged, Deferred) else succeed(merged)


_replaced = Replaced()


def install():
    """Make the command handler gather cmdsets this way (idempotent)."""
    _replaced.replace(cmdhandler, "get_and_merge_cmdsets", get_and_merge_cmdsets)


PATCH = Patch(
    name="cmdset_gathering",
    targets={
        "evennia.commands.cmdhandler:get_and_merge_cmdsets": (
            "bd00c58c65071b271a47546a31eb2df847b43c35287138b3d3ea3e0bb4ab532a"
        ),
        "evennia.commands.cmdset:CmdSet.__add__": (
            "413f79c1b1b69f1799e692bd42ffe77d7bc6cd03e520872621de87b8714a9c39"
        ),
        "evennia.objects.objects:DefaultObject.at_cmdset_get": (
            "4ba57324cc0ec4ab4beb52a73cad90565af022d2d88c527e1cf4b13cca4d1843"
        ),
    },
    process="server",
    why="Five nested inlineCallbacks generators per line typed, none of which ever waits, "
    "cost more than gathering the cmdsets.",
    install=install,
    uninstall=_replaced.restore,
)
