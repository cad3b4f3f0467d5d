"""
Goldengrave's records: the PCs' sheets, companies (the text's party) with
their stats, items and Glory history, dungeons made of real rooms with their
treasures, wars, and the log of every roll that changed something.

Monsters and traps are game objects (`typeclasses.goldengrave`); their Power
lives on them as Attributes.
"""

from django.db import models
from django.db.models import Q
from django.utils import timezone
from evennia.objects.models import ObjectDB

from world.goldengrave import rules


class Company(models.Model):
    """A company of treasure hunters: three stats with current and maximum
    values, Glory, the optional Army, and where it is delving."""

    name = models.CharField(max_length=rules.MAX_COMPANY_NAME, unique=True)
    founder = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    stamina = models.PositiveSmallIntegerField()
    stamina_max = models.PositiveSmallIntegerField()
    supply = models.PositiveSmallIntegerField()
    supply_max = models.PositiveSmallIntegerField()
    sway = models.PositiveSmallIntegerField()
    sway_max = models.PositiveSmallIntegerField()
    army = models.PositiveSmallIntegerField(default=rules.ARMY_START)
    glory = models.PositiveIntegerField(default=0)
    pace = models.CharField(max_length=10, blank=True)  # "" = by the room, or a PACE
    dungeon = models.ForeignKey(
        "Dungeon", null=True, blank=True, on_delete=models.SET_NULL, related_name="companies"
    )
    position = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    explored = models.ManyToManyField("DungeonRoom", blank=True, related_name="explorers")
    # A Sway price the GM has set and the company has not yet paid or refused.
    sway_price = models.PositiveSmallIntegerField(null=True, blank=True)
    sway_situation = models.CharField(max_length=12, blank=True)
    sway_target = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The mapper's own map, for a Hard dungeon (where the game gives none).
    map_note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "companies"
        constraints = [
            models.CheckConstraint(
                condition=Q(stamina__lte=models.F("stamina_max"))
                & Q(supply__lte=models.F("supply_max"))
                & Q(sway__lte=models.F("sway_max")),
                name="goldengrave_stat_within_max",
            ),
            models.CheckConstraint(
                condition=Q(stamina_max__lte=rules.STAT_CAP)
                & Q(supply_max__lte=rules.STAT_CAP)
                & Q(sway_max__lte=rules.STAT_CAP)
                & Q(army__lte=rules.STAT_CAP),
                name="goldengrave_max_within_cap",
            ),
        ]

    def __str__(self):
        return self.name

    def current(self, stat):
        return getattr(self, stat)

    def maximum(self, stat):
        return rules.STAT_CAP if stat == rules.ARMY else getattr(self, f"{stat}_max")

    @property
    def members(self):
        """The living PCs, in the order they joined."""
        return self.sheets.filter(alive=True).select_related("character").order_by("joined_at", "id")


class Sheet(models.Model):
    """One PC: the sparks, traits and name rolled at creation, and whether
    they are knocked out. A killed PC stays as history; the player rolls a
    new one, who joins the same company."""

    character = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="gg_sheets")
    name = models.CharField(max_length=40)
    spark_a = models.CharField(max_length=20)
    spark_b = models.CharField(max_length=20)
    region = models.CharField(max_length=20)
    trait_dice = models.JSONField(default=list)
    physique = models.PositiveSmallIntegerField(null=True, blank=True)
    personality = models.PositiveSmallIntegerField(null=True, blank=True)
    flaw = models.PositiveSmallIntegerField(null=True, blank=True)
    weapons = models.CharField(max_length=60, default="sword and bow")
    company = models.ForeignKey(
        Company, null=True, blank=True, on_delete=models.SET_NULL, related_name="sheets"
    )
    joined_at = models.DateTimeField(null=True, blank=True)
    knocked_out = models.BooleanField(default=False)
    alive = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    died_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["character"], condition=Q(alive=True), name="goldengrave_one_living_pc"
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def traits_assigned(self):
        return self.physique is not None


class Dungeon(models.Model):
    """A set of real rooms a GM runs: difficulty, town, starred rooms, treasures."""

    name = models.CharField(max_length=60, unique=True)
    gm = models.ForeignKey(ObjectDB, null=True, on_delete=models.SET_NULL, related_name="+")
    difficulty = models.CharField(max_length=8, default="normal")
    town = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class DungeonRoom(models.Model):
    dungeon = models.ForeignKey(Dungeon, on_delete=models.CASCADE, related_name="rooms")
    room = models.OneToOneField(ObjectDB, on_delete=models.CASCADE, related_name="gg_dungeon_room")
    number = models.PositiveSmallIntegerField()
    starred = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["dungeon", "number"], name="goldengrave_room_number"),
        ]

    def __str__(self):
        return f"{self.dungeon.name} room {self.number}"


class Treasure(models.Model):
    """The main treasure or a side treasure of a dungeon: found by a company,
    stolen by rivals on a revisit, or still waiting."""

    dungeon = models.ForeignKey(Dungeon, on_delete=models.CASCADE, related_name="treasures")
    thing = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=60)
    main = models.BooleanField(default=False)
    found_by = models.ForeignKey(
        Company, null=True, blank=True, on_delete=models.SET_NULL, related_name="treasures"
    )
    stolen = models.BooleanField(default=False)

    class Meta:
        ordering = ["-main", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["dungeon"], condition=Q(main=True), name="goldengrave_one_main_treasure"
            ),
        ]

    def __str__(self):
        return self.name


class Delve(models.Model):
    """A company's record in one dungeon: visits, and Glory already earned
    there (a revisit earns only what a better Rank adds). The latest entered
    names the GM who runs the company between delves."""

    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="delves")
    dungeon = models.ForeignKey(Dungeon, on_delete=models.CASCADE, related_name="delves")
    visits = models.PositiveSmallIntegerField(default=1)
    entered_at = models.DateTimeField(default=timezone.now)
    glory_earned = models.PositiveSmallIntegerField(default=0)
    best_rank = models.CharField(max_length=1, default="F")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["company", "dungeon"], name="goldengrave_one_delve"),
        ]


class Item(models.Model):
    """An item the company summoned with Supply (gone after a night in town)."""

    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="items")
    name = models.CharField(max_length=rules.MAX_ITEM_NAME)
    tier = models.CharField(max_length=12)
    cost = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]


class GloryEntry(models.Model):
    """One change to a company's Glory: earned in town or in war, or spent."""

    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="glory_history")
    change = models.IntegerField()
    balance = models.PositiveIntegerField()
    reason = models.CharField(max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]


class War(models.Model):
    """A war of the company's Army against an enemy army with Power."""

    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="wars")
    name = models.CharField(max_length=rules.MAX_WAR_NAME)
    power = models.PositiveSmallIntegerField()
    start_power = models.PositiveSmallIntegerField()
    outcome = models.CharField(max_length=8, blank=True)  # "", "won", "lost"
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["company"], condition=Q(outcome=""), name="goldengrave_one_war_at_a_time"
            ),
        ]


class GoldengraveRoll(models.Model):
    """Every roll or change that moves the game: who, the dice, the outcome."""

    kind = models.CharField(max_length=16)
    roller = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    room = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    company = models.ForeignKey(
        Company, null=True, blank=True, on_delete=models.SET_NULL, related_name="rolls"
    )
    dice = models.JSONField(default=list)
    outcome = models.CharField(max_length=300)
    details = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"#{self.pk} {self.kind}: {self.outcome}"
