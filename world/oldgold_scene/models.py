"""
Saved state of a running Old Gold scene: scene clocks (how much time has
passed, kept as rounds), which rooms follow which clock, and the lights
adventurers have lit.
"""

from django.db import models
from evennia.objects.models import ObjectDB

from world.oldgold.models import Item
from world.oldgold_scene import rules


class SceneClock(models.Model):
    """A calendar counted in rounds from the first round of year 1.

    Every unit (minute, turn, hour, watch, day, month, season) is read off
    `rounds` by `world.oldgold_scene.clock`; a room follows a clock through
    a `ClockRoom`. `deprived` holds the ids of characters who lack food or
    water: each dawn they make a death roll. `sleepless` holds those long
    without sleep: each new watch may put them to sleep."""

    key = models.CharField(max_length=rules.CLOCK_KEY_MAX, unique=True)
    rounds = models.BigIntegerField(default=0)
    deprived = models.JSONField(default=list)
    sleepless = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["key"]
        constraints = [models.CheckConstraint(condition=models.Q(rounds__gte=0),
                                              name="oldgold_scene_clock_not_negative")]

    def __str__(self):
        return f"clock {self.key}"


class ClockRoom(models.Model):
    """A room and the clock it follows (one clock per room, many rooms a clock)."""

    room = models.OneToOneField(ObjectDB, on_delete=models.CASCADE, related_name="+")
    clock = models.ForeignKey(SceneClock, on_delete=models.CASCADE, related_name="rooms")

    def __str__(self):
        return f"{self.room_id} follows {self.clock.key}"


class Flame(models.Model):
    """A light source on a sheet that has been lit: whether it burns now and
    how many rounds it has burned towards its next usage dot (for a magic
    light, towards going out)."""

    item = models.OneToOneField(Item, on_delete=models.CASCADE, related_name="flame")
    lit = models.BooleanField(default=True)
    burned_rounds = models.PositiveIntegerField(default=0)
    lit_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.item.name} ({'lit' if self.lit else 'out'})"


class Glow(models.Model):
    """Light that no item carries: the holy light of the Light prayer around
    the one who prayed, with its reach and how long it has shone."""

    bearer = models.OneToOneField(ObjectDB, on_delete=models.CASCADE, related_name="+")
    radius = models.PositiveSmallIntegerField()  # metres
    burned_rounds = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"holy light of {self.bearer_id}"
