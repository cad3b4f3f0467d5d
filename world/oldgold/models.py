"""
Old Gold's records: adventurer sheets with their items, encounters (the
combat state of a room, kept so a restart does not lose the fight) and the
roll log.
"""

from django.db import models
from django.db.models import Q
from evennia.objects.models import ObjectDB

from world.oldgold import rules


class OldGoldSheet(models.Model):
    """A character's Old Gold adventurer."""

    DRAFT = "draft"
    PENDING = "pending"
    APPROVED = "approved"
    STATUSES = [(DRAFT, "draft"), (PENDING, "waiting for review"), (APPROVED, "approved")]

    character = models.OneToOneField(
        ObjectDB, on_delete=models.CASCADE, related_name="oldgold_sheet"
    )
    ancestry = models.CharField(max_length=16)
    might = models.PositiveSmallIntegerField(default=0)
    grace = models.PositiveSmallIntegerField(default=0)
    mind = models.PositiveSmallIntegerField(default=0)
    heart = models.PositiveSmallIntegerField(default=0)
    level = models.PositiveSmallIntegerField(default=1)
    xp = models.PositiveIntegerField(default=0)
    hp = models.PositiveSmallIntegerField(default=0)
    max_hp = models.PositiveSmallIntegerField(default=0)
    inspiration = models.BooleanField(default=False)
    conditions = models.JSONField(default=list)
    coin = models.PositiveIntegerField(default=0)
    bank = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=STATUSES, default=DRAFT)
    languages = models.JSONField(default=list)
    details = models.JSONField(default=dict)
    rested_today = models.BooleanField(default=False)
    unrested = models.BooleanField(default=False)
    level_ready = models.BooleanField(default=False)
    dead = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(might__lte=9, grace__lte=9, mind__lte=9, heart__lte=9),
                name="oldgold_attributes_at_most_9",
            ),
            models.CheckConstraint(condition=Q(hp__lte=models.F("max_hp")), name="oldgold_hp_max"),
            models.CheckConstraint(condition=Q(level__gte=1, level__lte=10), name="oldgold_level"),
        ]

    def __str__(self):
        return f"Old Gold sheet of {self.character.key}"

    def score(self, attribute):
        return getattr(self, rules.ATTRIBUTE_ALIASES.get(attribute, attribute))

    def scores(self):
        return {attribute: self.score(attribute) for attribute in rules.ATTRIBUTES}

    @property
    def ancestry_rules(self):
        return rules.ANCESTRIES[self.ancestry]


class Item(models.Model):
    """One item on a sheet: where it is carried, its slots and usage dots."""

    sheet = models.ForeignKey(OldGoldSheet, on_delete=models.CASCADE, related_name="items")
    name = models.CharField(max_length=60)
    gear = models.CharField(max_length=30, blank=True)  # key into rules.GEAR, or ""
    kind = models.CharField(max_length=16, default="gear")
    location = models.CharField(max_length=8, default="pack")
    bulky = models.BooleanField(default=False)
    marked = models.PositiveSmallIntegerField(default=0)
    max_dots = models.PositiveSmallIntegerField(default=rules.DEFAULT_DOTS)
    price = models.PositiveIntegerField(default=0)
    used = models.BooleanField(default=False)
    details = models.JSONField(default=dict)  # damage, dp, thrown, spell, prayers...
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(marked__lte=models.F("max_dots")),
                                   name="oldgold_dots_in_range"),
        ]

    def __str__(self):
        return self.name

    @property
    def slots(self):
        return rules.BULKY_SLOTS if self.bulky else 1

    @property
    def spent(self):
        return self.max_dots > 0 and self.marked >= self.max_dots


class Encounter(models.Model):
    """A fight (or any round-by-round scene) in one room.

    `combatants` is the initiative order, each a dict: id (object id), pc,
    name, grace, conditions [{key, rounds, source}], defend (DP until it acts
    again), moved/main/oa flags for the current turn or round, out (None,
    'dead', 'fled', 'down'), thrown {item id: count}. It is saved after every
    change, so a restart picks the fight up where it was.

    `distances` keeps metres between two combatants ("<lower id>-<higher
    id>": metres) once a move or the GM sets them; until then two of the same
    side stand within reach and the two sides `opening` metres apart.
    """

    room = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    gm = models.ForeignKey(ObjectDB, null=True, on_delete=models.SET_NULL, related_name="+")
    active = models.BooleanField(default=True)
    round = models.PositiveIntegerField(default=1)
    turn = models.PositiveIntegerField(default=0)
    combatants = models.JSONField(default=list)
    distances = models.JSONField(default=dict)
    opening = models.PositiveIntegerField(default=rules.OPENING_DISTANCE)
    casualties = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["room"], condition=Q(active=True), name="oldgold_one_fight_per_room"
            ),
        ]

    def __str__(self):
        return f"Encounter #{self.pk} in {self.room.key}"


class OldGoldRoll(models.Model):
    """Every Old Gold roll that changes the game: who, where, the dice and the outcome."""

    kind = models.CharField(max_length=20)
    roller = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    room = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    dice = models.JSONField(default=list)
    details = models.JSONField(default=dict)
    text = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"#{self.pk} {self.kind}"


class Chase(models.Model):
    """A chase (or any drawn-out contest) in one room: two d4 clocks, one for
    the players' side and one for the other, each from 1 (2 with a head start
    or an ambush); whichever reaches 4 first decides it. `members` are the ids of the
    PCs who make the group checks; `slower` is 'players', 'them' or ''."""

    FLEE = "flee"
    PURSUE = "pursue"

    room = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    gm = models.ForeignKey(ObjectDB, null=True, on_delete=models.SET_NULL, related_name="+")
    active = models.BooleanField(default=True)
    players_role = models.CharField(max_length=8, default=FLEE)
    members = models.JSONField(default=list)
    players_die = models.PositiveSmallIntegerField(default=1)
    their_die = models.PositiveSmallIntegerField(default=1)
    slower = models.CharField(max_length=8, blank=True)
    exchanges = models.PositiveSmallIntegerField(default=0)
    winner = models.CharField(max_length=8, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["room"], condition=Q(active=True), name="oldgold_one_chase_per_room"
            ),
            models.CheckConstraint(condition=Q(players_die__lte=4, their_die__lte=4),
                                   name="oldgold_chase_dice_d4"),
        ]

    def __str__(self):
        return f"Chase #{self.pk} in {self.room.key}"


class GroupCheck(models.Model):
    """A group check a GM called in a room: every member rolls their own part.

    `parts` keep the members in the order named, each a dict: id, name, and
    once rolled, dice, total and success. When every part is in, `success`
    is set: the group passes when half of the parts or more pass. A
    chase's exchange is a group check with its `chase`; `then` names what
    follows the result elsewhere (foraging's rations): {"hook": dotted path
    of a callable(group, turned) -> lines, plus what it keeps}.
    """

    room = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    gm = models.ForeignKey(ObjectDB, null=True, on_delete=models.SET_NULL, related_name="+")
    chase = models.ForeignKey(Chase, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="exchange_checks")
    attribute = models.CharField(max_length=8)
    difficulty = models.PositiveSmallIntegerField()
    advantage = models.BooleanField(default=False)
    disadvantage = models.BooleanField(default=False)
    parts = models.JSONField(default=list)
    then = models.JSONField(default=dict, blank=True)
    active = models.BooleanField(default=True)
    success = models.BooleanField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["room"], condition=Q(active=True), name="oldgold_one_group_per_room"
            ),
        ]

    def __str__(self):
        return f"Group check #{self.pk} in {self.room.key}"

    def waiting(self):
        """The parts not rolled yet."""
        return [part for part in self.parts if "success" not in part]
