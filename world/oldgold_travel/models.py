"""
Saved state of Old Gold's overland play: regions of hexes a GM builds, the
party's journey across them, followers in the party's pay, and every roll
these commands make.
"""

from django.db import models
from evennia.objects.models import ObjectDB

from world.oldgold_travel import rules


class Region(models.Model):
    """One 36-hex map sheet (or any width x height) with a climate and season."""

    name = models.CharField(max_length=40, unique=True)
    climate = models.CharField(max_length=12, default="temperate")
    season = models.CharField(max_length=8, default="spring")
    columns = models.PositiveSmallIntegerField(default=rules.SHEET_COLUMNS)
    rows = models.PositiveSmallIntegerField(default=rules.SHEET_ROWS)
    builder = models.ForeignKey(ObjectDB, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Hex(models.Model):
    region = models.ForeignKey(Region, on_delete=models.CASCADE, related_name="hexes")
    column = models.PositiveSmallIntegerField()
    row = models.PositiveSmallIntegerField()
    terrain = models.CharField(max_length=12, blank=True)
    road = models.BooleanField(default=False)
    river = models.BooleanField(default=False)
    settlement = models.CharField(max_length=8, blank=True)  # village, town
    place_name = models.CharField(max_length=40, blank=True)
    landmark = models.CharField(max_length=12, blank=True)
    edge = models.BooleanField(default=False)  # too harsh to cross

    class Meta:
        ordering = ["row", "column"]
        constraints = [models.UniqueConstraint(fields=["region", "column", "row"],
                                               name="oldgold_travel_hex_once")]

    def __str__(self):
        return f"{self.region.name} {self.label}"

    @property
    def label(self):
        return f"{rules.COLUMN_LETTERS[self.column]}{self.row + 1}"

    @property
    def terrain_rules(self):
        return rules.TERRAINS.get(self.terrain)


class Journey(models.Model):
    """A party travelling a region; one per room the party plays in."""

    room = models.OneToOneField(ObjectDB, on_delete=models.CASCADE, related_name="+")
    region = models.ForeignKey(Region, on_delete=models.CASCADE, related_name="journeys")
    column = models.PositiveSmallIntegerField()
    row = models.PositiveSmallIntegerField()
    members = models.ManyToManyField(ObjectDB, related_name="+")
    mode = models.CharField(max_length=8, default="foot")
    progress = models.PositiveSmallIntegerField(default=0)  # sixths of a watch spent
    watches_today = models.PositiveSmallIntegerField(default=0)
    watches_total = models.PositiveIntegerField(default=0)
    day = models.PositiveIntegerField(default=1)
    weather = models.PositiveSmallIntegerField(default=7)  # the 2d6 total in force
    weather_left = models.PositiveSmallIntegerField(default=0)  # watches it still holds
    visited = models.JSONField(default=list)  # [[column, row], ...]
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"journey in {self.region.name}"

    def travellers(self):
        """The members in a fixed order (oldest character first), the same on
        every database, so lists and group checks read alike each time."""
        return list(self.members.order_by("id"))


class Follower(models.Model):
    """A hireling, mercenary or companion in a character's pay."""

    employer = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=40)
    kind = models.CharField(max_length=12)  # a rules.RECRUITS key or "companion"
    wage = models.PositiveIntegerField(default=0)
    morale = models.PositiveSmallIntegerField(null=True, blank=True)
    loyalty = models.SmallIntegerField(default=0)
    stats = models.JSONField(default=dict)
    paid_through_day = models.PositiveIntegerField(default=0)
    days_served = models.PositiveIntegerField(default=0)
    hired_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hired_at", "id"]

    def __str__(self):
        return f"{self.name} ({self.kind})"


class Construction(models.Model):
    owner = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    building = models.CharField(max_length=20)
    name = models.CharField(max_length=40)
    cost = models.PositiveIntegerField()
    days = models.PositiveIntegerField()
    days_done = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    @property
    def finished(self):
        return self.days_done >= self.days


class TravelRoll(models.Model):
    """Every roll of these commands: dice, what they decided, who, when."""

    kind = models.CharField(max_length=20)
    roller = models.ForeignKey(ObjectDB, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    room = models.ForeignKey(ObjectDB, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    dice = models.JSONField(default=list)
    details = models.JSONField(default=dict)
    text = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class Battle(models.Model):
    """A mass battle in a room: two sides of units, fought round by round."""

    room = models.OneToOneField(ObjectDB, on_delete=models.CASCADE, related_name="+")
    sides = models.JSONField(default=list)
    """[{name, objective, strength (units at the start), units, lost_rounds,
    commander (object id or None), speech_used, fled}], two of them."""
    round = models.PositiveIntegerField(default=0)
    winner = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
