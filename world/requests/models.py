"""
What the +request desk stores: requests, their threads, their history and
who has read what.

Requests belong to accounts (a player's request follows the player, not one
character). The Digger run a request was filed from is kept as a bare
number (`run_id`) so this app never depends on the Digger app's tables.
"""

from django.conf import settings
from django.db import models

from world.requests import rules


class Request(models.Model):
    """One request; its number is its id."""

    class Status(models.TextChoices):
        OPEN = "open", "open"
        CLOSED = "closed", "closed"
        CANCELLED = "cancelled", "cancelled"

    title = models.CharField(max_length=rules.TITLE_MAX)
    text = models.TextField()
    # Checked against rules.CATEGORIES by the services (not as model choices, so
    # adding a category to the rules table needs no migration).
    category = models.CharField(max_length=20, default=rules.DEFAULT_CATEGORY)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    filer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="requests_filed",
    )
    # The character the filer was playing, if filed in-game.
    filed_as = models.CharField(max_length=80, blank=True)
    players = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="requests_joined",
        help_text="Other players staff added; they see the request as the filer does.",
    )
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="requests_assigned",
    )
    run_id = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="The Digger run this was filed from, if any."
    )
    resolution = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True, help_text="Last activity.")

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["status", "created"])]

    def __str__(self):
        return f"#{self.id} {self.title}"

    @property
    def is_open(self):
        return self.status == self.Status.OPEN


class Entry(models.Model):
    """A message in a request's thread: public, or a note only staff see."""

    class Kind(models.TextChoices):
        COMMENT = "comment", "comment"
        NOTE = "note", "staff note"
        RESOLUTION = "resolution", "resolution"

    request = models.ForeignKey(Request, on_delete=models.CASCADE, related_name="entries")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.COMMENT)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Whether the author wrote as staff: a player's login notice counts these.
    by_staff = models.BooleanField(default=False)
    text = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "entries"

    def __str__(self):
        return f"{self.get_kind_display()} on #{self.request_id}"

    @property
    def is_public(self):
        return self.kind != self.Kind.NOTE


class Event(models.Model):
    """One change to a request: who did what, when."""

    class Action(models.TextChoices):
        FILED = "filed", "filed"
        COMMENTED = "commented", "commented"
        NOTED = "noted", "added a staff note"
        CLAIMED = "claimed", "claimed"
        ASSIGNED = "assigned", "assigned"
        CLOSED = "closed", "closed"
        REOPENED = "reopened", "reopened"
        CANCELLED = "cancelled", "cancelled"
        PLAYER_ADDED = "player_added", "added a player"

    request = models.ForeignKey(Request, on_delete=models.CASCADE, related_name="events")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=20, choices=Action.choices)
    # The account the change was about (the new assignee, the added player).
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    detail = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"#{self.request_id} {self.action}"


class ReadMarker(models.Model):
    """How far an account has read a request's thread (the newest entry seen)."""

    request = models.ForeignKey(Request, on_delete=models.CASCADE, related_name="read_markers")
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    last_entry_id = models.PositiveBigIntegerField(default=0)
    read_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["request", "account"], name="one_marker_per_reader")
        ]

    def __str__(self):
        return f"#{self.request_id} read by {self.account_id} to entry {self.last_entry_id}"
