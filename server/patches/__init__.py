"""
The patch layer: every change Delver makes to Evennia's, Twisted's or
Django's own behaviour lives here, one module per patch.

Each patch module defines ``PATCH = Patch(...)``: what it replaces (each
target as ``"module:qualname"`` with the sha256 of that target's source in
the pinned version), which process installs it, why it exists, and how to
install and uninstall it. `all_patches()` finds them; game code never
patches anything itself.

`install(process)` installs the patches of one process (the Server's and
the Portal's start-up plugins call it), except:
- a patch not chosen by `DELVER_PATCHES` (unset or `on`: all of them;
  `off`: none; otherwise a comma-separated list of names);
- a patch one of whose targets' source differs from the fingerprint it was
  written against (Evennia or Twisted was upgraded under it): it is not
  installed, the log says which target changed, and that part of the game
  runs on plain Evennia. `tests/server/test_patch_guard.py` fails, naming
  the patch, in the same case.

A fingerprint is the sha256 of the target's source as `inspect.getsource`
gives it, read from the module's file (so a patch already installed over
the target does not hide it).
"""

import ast
import hashlib
import importlib
import inspect
import os
import pkgutil
from dataclasses import dataclass, field
from functools import cache
from typing import Callable

PROCESSES = ("server", "portal", "both")


@dataclass(frozen=True)
class Patch:
    """One guarded change to upstream behaviour."""

    name: str
    targets: dict  # {"module:qualname": sha256 of the target's source}
    process: str  # one of PROCESSES
    why: str
    install: Callable[[], object]
    uninstall: Callable[[], object]
    notes: dict = field(default_factory=dict)
    # Installed in this order (lowest first; gc_tuning last): most patches
    # do not care and keep the default.
    order: int = 100

    def __post_init__(self):
        if self.process not in PROCESSES:
            raise ValueError(f"{self.name}: process must be one of {PROCESSES}")
        if not self.targets:
            raise ValueError(f"{self.name}: a patch names at least one target")


def all_patches():
    """Every PATCH defined by a module of this package, by name."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        patch = getattr(module, "PATCH", None)
        if patch is not None:
            found[patch.name] = patch
    return dict(sorted(found.items()))


class Replaced:
    """
    What one patch module replaced, so that its uninstall puts it back:
    `replace(owner, name, value)` sets an attribute of a class or module,
    `replace_item(mapping, key, value)` an entry of a dict; `restore()`
    undoes them all, last first. Replacing the same thing twice keeps the
    first original (installs are idempotent).
    """

    def __init__(self):
        self._saved = []  # (kind, owner, name, original)

    def replace(self, owner, name, value):
        self._keep("attribute", owner, name, vars(owner).get(name, _MISSING))
        setattr(owner, name, value)

    def replace_item(self, mapping, key, value):
        self._keep("item", mapping, key, mapping.get(key, _MISSING))
        mapping[key] = value

    def original(self, owner, name):
        """What `owner.name` was before it was first replaced (or is, if it was not)."""
        for kind, saved_owner, saved_name, value in self._saved:
            if saved_owner is owner and saved_name == name and value is not _MISSING:
                return value
        return getattr(owner, name)

    def restore(self):
        while self._saved:
            kind, owner, name, original = self._saved.pop()
            if kind == "item":
                if original is _MISSING:
                    owner.pop(name, None)
                else:
                    owner[name] = original
            elif original is _MISSING:
                if name in vars(owner):
                    delattr(owner, name)
            else:
                setattr(owner, name, original)

    def _keep(self, kind, owner, name, original):
        if not any(o is owner and n == name for _, o, n, _ in self._saved):
            self._saved.append((kind, owner, name, original))


_MISSING = object()


######################################################################
# Fingerprints
######################################################################


def target_source(target):
    """The source of `target` ("module:qualname") as its module's file has it."""
    module_name, _, qualname = target.partition(":")
    module = importlib.import_module(module_name)
    lines, tree = _parsed(inspect.getsourcefile(module))
    node = tree
    for part in qualname.split("."):
        node = _child(node, part)
        if node is None:
            raise LookupError(f"{target}: {module_name} defines no {qualname}")
    first = min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])
    return "".join(lines[first - 1 : node.end_lineno])


def fingerprint(target):
    """The sha256 (hex) of `target`'s source; "missing" when it is gone."""
    try:
        source = target_source(target)
    except (ImportError, LookupError, OSError, TypeError):
        return "missing"
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def changed_targets(patch):
    """{target: (fingerprint recorded, fingerprint found)} for each target that differs."""
    changed = {}
    for target, recorded in patch.targets.items():
        found = fingerprint(target)
        if found != recorded:
            changed[target] = (recorded, found)
    return changed


@cache
def _parsed(path):
    with open(path, encoding="utf-8") as source:
        text = source.read()
    return text.splitlines(keepends=True), ast.parse(text)


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _child(node, name):
    """The last definition of `name` directly in `node`'s body (or its if/try blocks)."""
    found = None
    for statement in _statements(getattr(node, "body", [])):
        if isinstance(statement, _DEFINITIONS) and statement.name == name:
            found = statement
    return found


def _statements(body):
    for statement in body:
        yield statement
        if isinstance(statement, (ast.If, ast.Try)):
            for block in (statement.body, statement.orelse, getattr(statement, "finalbody", [])):
                yield from _statements(block)
            for handler in getattr(statement, "handlers", []):
                yield from _statements(handler.body)


######################################################################
# Installing
######################################################################

ENVIRONMENT = "DELVER_PATCHES"
_installed = {}  # name -> Patch, in the order installed


def chosen_names(known, setting=None):
    """The names `DELVER_PATCHES` (or `setting`) chooses among `known`, and any unknown it names."""
    setting = os.environ.get(ENVIRONMENT, "") if setting is None else setting
    setting = setting.strip()
    if setting.lower() in ("", "on", "all", "1", "yes"):
        return set(known), []
    if setting.lower() in ("off", "none", "0", "no"):
        return set(), []
    names = {name.strip() for name in setting.split(",") if name.strip()}
    return names & set(known), sorted(names - set(known))


def install(process, setting=None, log=None):
    """
    Install the patches of `process` ("server" or "portal") that
    `DELVER_PATCHES` chooses and whose targets are unchanged; log each one
    left out and why. Returns the names installed. Idempotent.
    """
    log = log or _log
    patches = all_patches()
    chosen, unknown = chosen_names(patches, setting)
    for name in unknown:
        log(f"Patch layer: {ENVIRONMENT} names {name!r}, which is no patch; ignored.", warn=True)
    mine = [patch for patch in patches.values() if patch.process in (process, "both")]
    done = []
    for patch in sorted(mine, key=lambda patch: (patch.order, patch.name)):
        if patch.name not in chosen:
            log(f"Patch layer: {patch.name} not installed ({ENVIRONMENT}).")
            continue
        changed = changed_targets(patch)
        if changed:
            for target, (recorded, found) in changed.items():
                log(
                    f"Patch layer: {patch.name} NOT installed: {target} is not the source "
                    f"it was written for (sha256 {recorded[:12]}, now {found[:12]}); "
                    "this part runs on plain Evennia.",
                    warn=True,
                )
            continue
        if patch.name not in _installed:
            patch.install()
            _installed[patch.name] = patch
        done.append(patch.name)
    log(f"Patch layer ({process}): {len(done)} installed: {', '.join(done) or 'none'}.")
    return done


def uninstall(names=None):
    """Uninstall the installed patches (or those of `names`), last installed first."""
    for name in reversed(list(_installed)):
        if names is None or name in names:
            _installed.pop(name).uninstall()


def installed():
    """The names of the patches installed in this process, in order."""
    return list(_installed)


def _log(message, warn=False):
    from evennia.utils import logger

    (logger.log_warn if warn else logger.log_info)(message)
