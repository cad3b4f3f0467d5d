"""
Lock checks whose answer is known without running anything.

Every line a player types makes Evennia's command handler check the `call`
lock of everything in the room (characters have `call:false()`, rooms and
exits `call:true()`), and `look` checks `view` and `search` locks of each of
them: a thousand players in rooms of ten make a hundred thousand such checks
a minute. A lock made only of the lock functions that take no notice of
anything (`true()`, `all()`, `false()`, `none()`, `superuser()`: Evennia's
own, found by identity) always answers the same, so its answer is worked
out once per lock text and kept.

`constant_answer(obj, access_type)` gives that answer, or None when the lock
is missing or calls any other lock function (then Evennia checks it).
"""

from evennia.locks import lockfuncs

from server.conf.lock_eval import remembered_eval

MAX_KEPT = 10_000  # far more than the distinct lock texts a game has

_CONSTANT_FUNCS = {
    lockfuncs.true: True,
    lockfuncs.all: True,
    lockfuncs.false: False,
    lockfuncs.none: False,
    lockfuncs.superuser: False,  # as a function it is always False; the bypass is elsewhere
}
_answers = {}  # lock text -> True, False, or None (not constant)


def constant_answer(obj, access_type):
    """The answer of `obj`'s `access_type` lock if it is constant, else None."""
    lock = obj.locks.locks.get(access_type)
    if lock is None:
        return None
    evalstring, calls, text = lock
    try:
        return _answers[text]
    except KeyError:
        answer = _answer_of(evalstring, calls)
        if len(_answers) < MAX_KEPT:
            _answers[text] = answer
        return answer


def _answer_of(evalstring, calls):
    values = []
    for func, args, kwargs in calls:
        value = _CONSTANT_FUNCS.get(func)
        if value is None:
            return None
        values.append(value)
    # As LockHandler.check combines the functions' answers; the expression
    # holds nothing but True/False, and/or/not and brackets.
    return bool(remembered_eval(evalstring % tuple(values)))
