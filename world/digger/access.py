"""Who counts as staff for Digger: the game's Builder permission, through Evennia's locks."""

STAFF_LOCK = "perm(Builder)"


def is_staff(character):
    return bool(character) and character.locks.check_lockstring(character, STAFF_LOCK)
