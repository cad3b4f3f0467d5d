"""
Who is who, for every system: the one test for staff and the one way to find
a character by name.

Staff means Evennia's Builder permission (quelling respected), checked through
Evennia's locks. Systems that want a per-switch permission declare their own
lock type with the same function, e.g. `"gm:perm(Builder)"`.
"""

from evennia.utils.utils import inherits_from

from world.errors import GameError
from world.numbers import database_id

STAFF_LOCK = "perm(Builder)"
CHARACTER = "evennia.objects.objects.DefaultCharacter"


def is_staff(who):
    """Whether an account or character passes the staff lock."""
    return bool(who) and who.locks.check_lockstring(who, STAFF_LOCK)


def find_character(caller, name, anywhere=True, error=GameError):
    """
    The one character called `name` (or `#id`): anywhere, or only in the
    caller's room. An exact name wins over partial matches. Raises `error`
    (a GameError type) naming the problem.
    """
    name = (name or "").strip()
    if not name:
        raise error("Name a character.")
    matches = []
    # '#²' or a 30-digit '#id' is no object's id, and Evennia's search would
    # fail on it rather than find nothing.
    if not name.startswith("#") or database_id(name) is not None:
        matches = caller.search(
            name,
            global_search=anywhere,
            location=None if anywhere else caller.location,
            quiet=True,
        )
    matches = [match for match in matches if inherits_from(match, CHARACTER)]
    if not matches:
        where = "" if anywhere else " here"
        raise error(f"There is no character called '{name}'{where}.")
    if len(matches) > 1:
        exact = [match for match in matches if match.key.lower() == name.lower()]
        if len(exact) == 1:
            return exact[0]
        names = ", ".join(f"{match.key}(#{match.id})" for match in matches)
        raise error(f"'{name}' could be any of: {names}. Be more exact.")
    return matches[0]
