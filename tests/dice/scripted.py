"""
A scripted random source for dice tests: `randint(a, b)` hands out the given
values in order and fails the test if one lies outside [a, b] or the script
runs out. Any dice engine test can use it.
"""

import random


class ScriptedRng:
    def __init__(self, *values):
        self.values = list(values)
        self.calls = []
        """Every (a, b) range asked for, in order."""

    def randint(self, a, b):
        assert self.values, f"the script ran out: randint({a}, {b}) asked for one more die"
        value = self.values.pop(0)
        assert a <= value <= b, f"scripted {value} is outside randint({a}, {b})"
        self.calls.append((a, b))
        return value

    @property
    def used_up(self):
        return not self.values


class RandintOnly:
    """Wraps a random.Random so only randint() is visible (the general rng path)."""

    def __init__(self, seed):
        self._random = random.Random(seed)
        self.calls = 0

    def randint(self, a, b):
        self.calls += 1
        return self._random.randint(a, b)
