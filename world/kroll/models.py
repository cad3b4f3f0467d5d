"""
Kroll's records: sheets with their three lives, the roll log, and expedition
ledgers (who leads, who gets what share, and the share offers on the table).
"""

from django.db import models
from django.db.models import Q
from evennia.objects.models import ObjectDB

from world.kroll.rules import ATTRIBUTES, LIVES_PER_SHEET


class KrollSheet(models.Model):
    """A character's Kroll sheet: room for three adventurers, one after another.

    The adventurer alive on it is the one that rolls; the dead stay as history.
    A sheet whose third adventurer died is spent.
    """

    character = models.OneToOneField(ObjectDB, on_delete=models.CASCADE, related_name="kroll_sheet")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Kroll sheet of {self.character.key}"

    @property
    def living(self):
        """The adventurer now playing, or None when the sheet is spent."""
        return self.adventurers.filter(alive=True).first()


class Adventurer(models.Model):
    """One life on a sheet: eight attribute ratings and current penalty dice."""

    sheet = models.ForeignKey(KrollSheet, on_delete=models.CASCADE, related_name="adventurers")
    life = models.PositiveSmallIntegerField()
    tough = models.PositiveSmallIntegerField()
    cunning = models.PositiveSmallIntegerField()
    sneaky = models.PositiveSmallIntegerField()
    quick = models.PositiveSmallIntegerField()
    wary = models.PositiveSmallIntegerField()
    smooth = models.PositiveSmallIntegerField()
    deadly = models.PositiveSmallIntegerField()
    lucky = models.PositiveSmallIntegerField()
    penalty = models.PositiveSmallIntegerField(default=0)
    alive = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    died_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["life"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "life"], name="kroll_one_adventurer_per_life"),
            models.UniqueConstraint(
                fields=["sheet"], condition=Q(alive=True), name="kroll_one_living_adventurer"
            ),
            models.CheckConstraint(
                condition=Q(life__gte=1, life__lte=LIVES_PER_SHEET), name="kroll_life_in_range"
            ),
        ]

    def __str__(self):
        return f"{self.sheet.character.key}, life {self.life}"

    def rating(self, attribute):
        return getattr(self, attribute)

    def ratings(self):
        """{attribute: rating} in the sheet's order."""
        return {attribute: self.rating(attribute) for attribute in ATTRIBUTES}


class KrollRoll(models.Model):
    """Every Kroll roll that changes the game: who, the dice of both sides,
    the modifiers, the target and the outcome.

    Side a is the character who tested (`adventurer`); side b is the GM's
    dice or an opposing character (`opponent`). The tests of a room are also
    what followups refer to, so they are the memory of earlier hits.
    """

    CHARGEN = "chargen"
    REGULAR = "regular"
    QUICK = "quick"
    OPPOSED = "opposed"
    LUCKY_DRAW = "lucky-draw"
    LUCKY_VS_GM = "lucky-gm"
    KINDS = [
        (CHARGEN, "new adventurer"),
        (REGULAR, "regular test"),
        (QUICK, "quick test"),
        (OPPOSED, "opposed test"),
        (LUCKY_DRAW, "Lucky draw"),
        (LUCKY_VS_GM, "Lucky against the GM"),
    ]
    TESTS = (REGULAR, QUICK, OPPOSED, LUCKY_VS_GM)

    kind = models.CharField(max_length=16, choices=KINDS)
    roller = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    room = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    adventurer = models.ForeignKey(
        Adventurer, null=True, blank=True, on_delete=models.SET_NULL, related_name="rolls"
    )
    opponent = models.ForeignKey(
        Adventurer, null=True, blank=True, on_delete=models.SET_NULL, related_name="opposed_rolls"
    )
    attribute = models.CharField(max_length=16, blank=True)
    opponent_attribute = models.CharField(max_length=16, blank=True)
    target = models.CharField(max_length=80, blank=True)
    a_dice = models.JSONField(default=list)
    b_dice = models.JSONField(default=list)
    modifiers = models.JSONField(default=dict)
    winner = models.CharField(max_length=1, blank=True)  # "a", "b", or "" (no winner)
    hits = models.PositiveSmallIntegerField(default=0)
    followup_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="followups"
    )
    details = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"#{self.pk} {self.get_kind_display()}"


class Expedition(models.Model):
    """A party going down: its leader and the agreed shares of the loot."""

    name = models.CharField(max_length=80)
    leader = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class ExpeditionMember(models.Model):
    """A member and the share of the loot (percent) they agreed to."""

    expedition = models.ForeignKey(Expedition, on_delete=models.CASCADE, related_name="members")
    character = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    share = models.PositiveSmallIntegerField()
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["expedition", "character"], name="kroll_member_once_per_expedition"
            ),
        ]


class ShareOffer(models.Model):
    """A proposed share, waiting for the other side's yes.

    The leader offers a share to a member (or, to a non-member, a place in
    the expedition); a member asks the leader for one. Only the party that
    did not propose can accept it, so no share changes without the member's
    consent.
    """

    expedition = models.ForeignKey(Expedition, on_delete=models.CASCADE, related_name="offers")
    character = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    share = models.PositiveSmallIntegerField()
    proposed_by = models.ForeignKey(ObjectDB, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["expedition", "character"], name="kroll_one_open_offer_per_member"
            ),
        ]

    @property
    def from_leader(self):
        return self.proposed_by_id == self.expedition.leader_id
