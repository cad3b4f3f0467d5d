"""
`#²` (or any "#" and a digit that is not 0-9) is no dbref instead of a
ValueError.

Evennia's `evennia.utils.utils.dbref` accepts `#N` when `N.isdigit()`, then
calls `int(N)`: "²" and "³" are digits to `str.isdigit` but not to `int`,
so `look #²` (and every search, in every command, given such a word)
raised `ValueError` and showed the player "An untrapped error occurred".
Here only the digits 0-9 make a dbref.

The function is imported by name into many of Evennia's modules, so its code
object is swapped in place (every reference sees the change).

Upstream: test `isascii() and isdigit()` (or `isdecimal()`) in `dbref`.

Installed by the Server and the Portal.
"""

from evennia.utils import utils

from server.patches import Patch


def _dbref(inp, reqhash=True):
    if reqhash:
        num = (
            int(inp.lstrip("#"))
            if (
                isinstance(inp, str)
                and inp.startswith("#")
                and inp.lstrip("#").isascii()
                and inp.lstrip("#").isdigit()
            )
            else None
        )
        return num if isinstance(num, int) and num > 0 else None
    elif isinstance(inp, str):
        inp = inp.lstrip("#")
        return int(inp) if inp.isascii() and inp.isdigit() and int(inp) > 0 else None
    else:
        return inp if isinstance(inp, int) else None


_evennias = utils.dbref.__code__


def install():
    utils.dbref.__code__ = _dbref.__code__


def uninstall():
    utils.dbref.__code__ = _evennias


PATCH = Patch(
    name="dbref_digits",
    targets={
        "evennia.utils.utils:dbref": (
            "f71e1a1f9bbe55da9bcdc47bd6dfa2df4fd147ed7f697a369255db4798e25123"
        ),
    },
    process="both",
    why="`look #²` raised ValueError in Evennia's dbref() (str.isdigit accepts digits int refuses).",
    install=install,
    uninstall=uninstall,
)
