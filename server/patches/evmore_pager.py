"""
Evennia's pager (EvMore) without a reference cycle in every pager.

EvMore keeps the functions that cut and format its pages as attributes,
usually methods of its own (`self._paginator = self.paginator_index`): a
bound method refers back to the pager, so every pager is a reference cycle
that only Python's cycle collector can free. `help` makes a pager for each
answer, so a busy game leaves thousands of them for each collection, which
holds up everyone's commands while it runs (see gc_tuning.py).

Here those two attributes keep a method of the pager's own as its bare
function and bind it again when read: EvMore and its subclasses see the
bound method they stored, and a pager is freed as soon as it is done with.

Installed by the Server at start-up.
"""

from types import MethodType

from evennia.utils.evmore import EvMore

from server.patches import Patch, Replaced

ATTRIBUTES = ("_paginator", "_page_formatter")


class OwnMethod:
    """
    An instance attribute that stores a method bound to its own instance as
    the bare function, and binds it again on each read; any other value is
    stored and read as it is.
    """

    def __init__(self, name):
        self.name, self.slot = name, f"{name}__own"

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        try:
            value, own = instance.__dict__[self.slot]
        except KeyError:
            raise AttributeError(self.name) from None
        return MethodType(value, instance) if own else value

    def __set__(self, instance, value):
        own = getattr(value, "__self__", None) is instance and hasattr(value, "__func__")
        instance.__dict__[self.slot] = (value.__func__, True) if own else (value, False)

    def __delete__(self, instance):
        if instance.__dict__.pop(self.slot, None) is None:
            raise AttributeError(self.name)


_replaced = Replaced()


def install():
    """Give EvMore's page functions this attribute (idempotent)."""
    for name in ATTRIBUTES:
        if not isinstance(EvMore.__dict__.get(name), OwnMethod):
            _replaced.replace(EvMore, name, OwnMethod(name))


def uninstall():
    """Plain attributes again; a pager made meanwhile keeps its pages (in its own dict)."""
    _replaced.restore()


PATCH = Patch(
    name="evmore_pager",
    targets={
        "evennia.utils.evmore:EvMore.__init__": (
            "b1f6bbf09f9cc66c77fe96dba51529475ca066cc3cdd067ef19a05e9ea36fea0"
        ),
        "evennia.utils.evmore:EvMore.init_pages": (
            "3b34db7f6f900641152ee27c557976bce642fcd61a5c098a9ed3814d20cee0f9"
        ),
    },
    process="server",
    why="Every pager (one per help answer) was a reference cycle only the cycle collector frees; "
    "see docs/upstream/reference-cycles.md.",
    install=install,
    uninstall=uninstall,
)
