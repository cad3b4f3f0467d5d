"""
Saved state of the dungeons the generator builds as a party explores: the
dungeon (its size and levels), each space made (a real room, with the dice
that made it) and each way out of one (a real exit, explored or not, and
its door). The rooms and exits themselves are Evennia objects tagged with
the dungeon's tag (`CrawlDungeon.tag`), so one search finds all of them.
"""

from django.db import models
from evennia.objects.models import ObjectDB

from world.oldgold_dungeon import rules


class CrawlDungeon(models.Model):
    name = models.CharField(max_length=rules.NAME_MAX, unique=True)
    size_face = models.PositiveSmallIntegerField()  # 1-6 (rules.SIZES)
    rooms_wanted = models.PositiveSmallIntegerField()
    levels = models.PositiveSmallIntegerField()
    gm = models.ForeignKey(ObjectDB, null=True, on_delete=models.SET_NULL, related_name="+")
    outside = models.ForeignKey(ObjectDB, null=True, on_delete=models.SET_NULL,
                                related_name="+")
    kept = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    @property
    def tag(self):
        return f"crawl-{self.pk}"

    @property
    def per_level(self):
        return -(-self.rooms_wanted // self.levels)


class CrawlSpace(models.Model):
    """A generated room or corridor; `rolls` keeps the dice that made it."""

    ENTRANCE, ROOM, CORRIDOR, DEAD_END = "entrance", "room", "corridor", "dead end"

    dungeon = models.ForeignKey(CrawlDungeon, on_delete=models.CASCADE, related_name="spaces")
    room = models.OneToOneField(ObjectDB, on_delete=models.CASCADE,
                                related_name="og_crawl_space")
    number = models.PositiveSmallIntegerField()
    level = models.PositiveSmallIntegerField(default=1)
    kind = models.CharField(max_length=12)
    rolls = models.TextField(blank=True)
    dice = models.JSONField(default=list)
    searched = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["dungeon", "number"],
                                               name="oldgold_crawl_space_number")]

    def __str__(self):
        return f"{self.dungeon.name} space {self.number}"

    @property
    def counts_as_room(self):
        return self.kind in (self.ENTRANCE, self.ROOM)


class CrawlWay(models.Model):
    """An exit of the dungeon. Unexplored, it loops to its own room until the
    party first goes through it; `door` is rolled the first time it is
    tried (\"\" until then, and for ways with no door)."""

    ONWARD, DOWN, UP, BACK, IN, OUT = "onward", "down", "up", "back", "in", "out"

    dungeon = models.ForeignKey(CrawlDungeon, on_delete=models.CASCADE, related_name="ways")
    exit = models.OneToOneField(ObjectDB, on_delete=models.CASCADE,
                                related_name="og_crawl_way")
    space = models.ForeignKey(CrawlSpace, null=True, on_delete=models.CASCADE,
                              related_name="ways")  # None for the way in from outside
    leads = models.CharField(max_length=8, default=ONWARD)
    explored = models.BooleanField(default=False)
    hidden = models.BooleanField(default=False)  # found by searching
    door = models.CharField(max_length=8, blank=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"{self.dungeon.name}: {self.exit_id} ({self.leads})"
