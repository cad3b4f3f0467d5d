"""Whether CPython has made an object a dict object for its attributes."""

import gc


def has_own_dict(cmd):
    """
    Whether `cmd` has a dict object for its attributes. CPython keeps an
    object's attributes in the object itself until something asks for its
    `__dict__`; the collector then sees the dict instead of the values.
    """
    return not any(ref is cmd._matchset for ref in gc.get_referents(cmd))
