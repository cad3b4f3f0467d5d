"""
Look-ups whose SQL Django writes once.

Django turns a queryset into SQL anew each time it runs. For the look-ups
every party command makes (whose party, which run) that took about a
millisecond on these machines, seven times as long as the database took to
answer. A `Prepared` look-up builds its queryset once, from sample ids, and
keeps the SQL and what Django worked out about its columns. Each call then
runs that SQL with the ids given and hands back the model instances (with
their `select_related` ones) that the queryset would have.

Only ids (integers) go in, and each must reach the SQL as one parameter of
its own, as a primary or foreign key compared with `=` does. `Prepared`
checks this when it builds the queryset and refuses one that does not.
"""

import copy

from django.db import connections
from django.db.models.query import ModelIterable
from django.db.transaction import TransactionManagementError

# Ids no row has, one per argument, to find where each lands among the parameters.
_SAMPLE_IDS = tuple(-1_000_000_007 - number for number in range(8))


class Prepared:
    """
    `make_queryset(*ids)` run as a list, its SQL made at the first call.

    Example:
        runs_of = Prepared(lambda party: Run.objects.filter(party_id=party))
        runs_of(party.id)  # [Run, ...], as list(Run.objects.filter(party_id=party.id))
        runs_of.first(party.id)  # the first of them, or None
    """

    def __init__(self, make_queryset):
        self.make_queryset = make_queryset
        self._made = None  # built at the first call

    def __call__(self, *ids):
        if self._made is None:
            self._made = _Made(self.make_queryset, len(ids))
        if len(ids) != len(self._made.slots):
            raise TypeError(f"This look-up takes {len(self._made.slots)} ids, not {len(ids)}.")
        return self._made.run(ids)

    def first(self, *ids):
        """The first instance the look-up gives, or None."""
        found = self(*ids)
        return found[0] if found else None


class _Made:
    """A `Prepared` look-up's SQL, where its ids go, and the compiler that made it."""

    def __init__(self, make_queryset, count):
        if count > len(_SAMPLE_IDS):
            raise ValueError(f"A prepared look-up takes at most {len(_SAMPLE_IDS)} ids.")
        samples = _SAMPLE_IDS[:count]
        self.queryset = make_queryset(*samples)
        self.compiler = self.queryset.query.get_compiler(using=self.queryset.db)
        self.sql, params = self.compiler.as_sql()
        self.params = list(params)
        self.slots = []  # (parameter position, index of the id)
        for index, sample in enumerate(samples):
            positions = [at for at, value in enumerate(self.params) if value == sample]
            if len(positions) != 1:
                raise ValueError(
                    f"Id {index + 1} of a prepared look-up reaches its SQL "
                    f"{len(positions)} times; it must reach it once."
                )
            self.slots.append((positions[0], index))

    def run(self, ids):
        params = list(self.params)
        for position, index in self.slots:
            params[position] = ids[index]
        compiler = copy.copy(self.compiler)
        compiler.connection = connection = connections[self.queryset.db]
        if (
            self.queryset.query.select_for_update
            and connection.features.has_select_for_update
            and connection.get_autocommit()
        ):
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        compiler.as_sql = lambda *args, **kwargs: (self.sql, tuple(params))
        return list(ModelIterable(_Source(self.queryset, compiler)))


class _Source:
    """What Django's ModelIterable reads of a queryset, with the compiler it is to use."""

    def __init__(self, queryset, compiler):
        self.db = queryset.db
        self.model = queryset.model
        self._known_related_objects = {}
        self.query = _Query(compiler)


class _Query:
    """What Django's ModelIterable reads of a query: the compiler to use.

    Kept apart from `_Source` so that neither refers back to itself: a look-up
    leaves nothing behind for Python's cycle collector (see gc_tuning.py).
    """

    def __init__(self, compiler):
        self._compiler = compiler

    def get_compiler(self, using=None, connection=None, elide_empty=True):
        return self._compiler
