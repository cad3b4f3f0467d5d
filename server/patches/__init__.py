"""
The patch layer: every change Delver makes to Evennia's, Twisted's or
Django's own behaviour lives here, one module per patch.

Each patch module defines ``PATCH = Patch(...)``: what it replaces (each
target as ``"module:qualname"`` with the sha256 of that target's source in
the pinned version), which process installs it, why it exists, and how to
install and uninstall it. `all_patches()` finds them; game code never
patches anything itself.
"""

import importlib
import pkgutil
from dataclasses import dataclass, field
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
