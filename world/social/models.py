"""
The social layer's tables: scenes with their participants and log entries,
and bulletin boards with posts and read marks. Mail is Evennia's own `Msg`
(tagged as its mail contrib tags it), so it has no table here.
"""

from django.conf import settings
from django.db import models


class Scene(models.Model):
    """A logged scene in one room, from +scene/start to +scene/stop."""

    title = models.CharField(max_length=80, blank=True, default="")
    room = models.ForeignKey(
        "objects.ObjectDB", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    room_name = models.CharField(max_length=255, default="")
    starter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    started_at = models.DateTimeField(auto_now_add=True, db_index=True)
    stopped_at = models.DateTimeField(null=True, blank=True)
    shared = models.BooleanField(default=False)

    class Meta:
        ordering = ["-started_at", "-id"]

    @property
    def is_open(self):
        return self.stopped_at is None

    def __str__(self):
        return f"Scene #{self.id}: {self.title or '(untitled)'}"


class Participant(models.Model):
    """Someone who was in the scene; `last_posed_at` orders the poses."""

    scene = models.ForeignKey(Scene, on_delete=models.CASCADE, related_name="participants")
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=80)
    joined_at = models.DateTimeField(auto_now_add=True)
    last_posed_at = models.DateTimeField(null=True, blank=True)
    poses = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scene", "account"], name="social_one_participant")
        ]
        indexes = [models.Index(fields=["name"])]


class Entry(models.Model):
    """One line of a scene's log, as the room saw it."""

    class Kind(models.TextChoices):
        SAY = "say"
        POSE = "pose"
        EMIT = "emit"
        DICE = "dice"
        OOC = "ooc"

    scene = models.ForeignKey(Scene, on_delete=models.CASCADE, related_name="entries")
    at = models.DateTimeField(auto_now_add=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    speaker = models.CharField(max_length=80, blank=True, default="")
    text = models.TextField()

    class Meta:
        ordering = ["id"]


class Board(models.Model):
    """A bulletin board; its Evennia lock string says who reads and posts."""

    name = models.CharField(max_length=40, unique=True)
    description = models.CharField(max_length=200, blank=True, default="")
    locks = models.CharField(max_length=255, default="read:all();post:all()")
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "id"]

    def __str__(self):
        return self.name


class Post(models.Model):
    """A post on a board, or a reply to one (`parent`)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="posts")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="replies"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=80)
    subject = models.CharField(max_length=80)
    body = models.TextField()
    posted_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]


class PostRead(models.Model):
    """That an account has read a post (unread = no row)."""

    post = models.ForeignKey(Post, on_delete=models.CASCADE, related_name="reads")
    account = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["post", "account"], name="social_read_once")
        ]
