"""
Digger's records: characters' Digger sheets (forms with their ratings, tools
and belts, the DP ledger), the game's approval of characters and its current
Chapter, dungeons with their cards, parties, runs and the roll log.

A run keeps two JSON documents: the deck it started with
(`deck.Dungeon.to_dict()`, so editing a dungeon never breaks a run in
progress) and the engine's state (`engine.RunState.to_dict()`: deck order,
Exploration, each member's Exhaustion, Conditions and Effects with the
challenge they arrived on, the actions of the pending round). The engine is
the one authority on how that state moves; these rows only keep it.
"""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from evennia.objects.models import ObjectDB

from world.digger import rules
from world.digger.deck import Card, Tool

NAME_MAX = 80
KEY_MAX = 40


class Approval(models.Model):
    """The game's approval of a character. No row, or no `approved_at`: still in chargen."""

    character = models.OneToOneField(ObjectDB, on_delete=models.CASCADE, related_name="approval")
    approved_at = models.DateTimeField(null=True, blank=True)
    # When the player asked for approval (+digger/submit); None: not asked.
    requested_at = models.DateTimeField(null=True, blank=True)
    changed_by = models.CharField(max_length=NAME_MAX, blank=True)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        state = "approved" if self.approved_at else "in chargen"
        return f"{self.character.key}: {state}"


class Chapter(models.Model):
    """A Chapter of the game's story; the highest number is the current one (1 if none)."""

    number = models.PositiveSmallIntegerField(unique=True)
    started_at = models.DateTimeField(auto_now_add=True)
    started_by = models.CharField(max_length=NAME_MAX, blank=True)

    class Meta:
        ordering = ["number"]

    def __str__(self):
        return f"Chapter {self.number}"


class DiggerSheet(models.Model):
    """A character's Digger data: their DP, their forms and which form they are in."""

    class Bonus(models.TextChoices):
        UNUSED = "unused", "not used yet"
        OWED = "owed", "one free tool to design"
        USED = "used", "used"

    character = models.OneToOneField(
        ObjectDB, on_delete=models.CASCADE, related_name="digger_sheet"
    )
    dp = models.IntegerField(default=0, help_text="Unspent DP; always the sum of the ledger.")
    current_form = models.ForeignKey(
        "Form", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    bonus = models.CharField(
        max_length=8,
        choices=Bonus.choices,
        default=Bonus.UNUSED,
        help_text="The initial application bonus: the first tool bought in chargen brings a "
        "second one free.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Digger sheet of {self.character.key}"


class Form(models.Model):
    """One form of a character, with its own Digger statblock: ratings, tools and belt."""

    sheet = models.ForeignKey(DiggerSheet, on_delete=models.CASCADE, related_name="forms")
    name = models.CharField(max_length=KEY_MAX)
    is_base = models.BooleanField(default=False)
    brute = models.PositiveSmallIntegerField(default=0)
    agility = models.PositiveSmallIntegerField(default=0)
    wits = models.PositiveSmallIntegerField(default=0)
    combat = models.PositiveSmallIntegerField(default=0)
    early_slot_costs = models.JSONField(
        default=list,
        blank=True,
        help_text="DP paid for each belt slot bought ahead of the Chapter (refunded when a "
        "Chapter grants it).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-is_base", "created_at", "id"]
        constraints = [
            models.UniqueConstraint("sheet", Lower("name"), name="digger_form_name_once"),
            models.UniqueConstraint(
                fields=["sheet"], condition=Q(is_base=True), name="digger_one_base_form"
            ),
        ]

    def __str__(self):
        return f"{self.sheet.character.key} ({self.name})"

    def rating(self, ability):
        return getattr(self, ability.lower())

    def ratings(self):
        """{ability: rating} in the rules' order."""
        return {ability: self.rating(ability) for ability in rules.ABILITIES}

    def ratings_fields(self):
        """{field name: rating}, to copy this statblock into another form."""
        return {ability.lower(): self.rating(ability) for ability in rules.ABILITIES}


class DPEntry(models.Model):
    """One line of the DP ledger: a grant (positive) or a spend (negative), and why."""

    sheet = models.ForeignKey(DiggerSheet, on_delete=models.CASCADE, related_name="ledger")
    amount = models.IntegerField()
    balance = models.IntegerField(help_text="Unspent DP after this entry.")
    reason = models.CharField(max_length=200)
    by = models.CharField(max_length=NAME_MAX, blank=True, help_text="Who made it, if staff.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = "DP ledger entry"
        verbose_name_plural = "DP ledger entries"

    def __str__(self):
        return f"{self.amount:+d} DP: {self.reason}"


class ToolDesign(models.Model):
    """A Tool as designed: what it is and what its 4 Tool Points bought.

    Owned copies point at a design, so a form copied from another shares its
    tools' designs.
    """

    name = models.CharField(max_length=KEY_MAX)
    description = models.TextField(blank=True)
    category = models.CharField(max_length=10)
    rating = models.CharField(max_length=5)
    qualities = models.JSONField(default=list, blank=True)
    drawback = models.CharField(max_length=20, blank=True)
    designed_by = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.name} ({self.category} {self.rating})"


class OwnedTool(models.Model):
    """A tool a form owns; `number` is how +tools lists it."""

    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="tools")
    design = models.ForeignKey(ToolDesign, on_delete=models.PROTECT, related_name="copies")
    number = models.PositiveSmallIntegerField()
    dp_paid = models.PositiveSmallIntegerField(default=0)
    bought_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["form", "number"], name="digger_tool_number_once")
        ]

    def __str__(self):
        return f"#{self.number} {self.design.name}"

    def as_tool(self):
        """The engine's deck.Tool for this copy (its id is this row's id)."""
        design = self.design
        return Tool(
            self.pk,
            design.name,
            design.category,
            design.rating,
            tuple(design.qualities),
            design.drawback or None,
            design.description,
        )


class BeltSlot(models.Model):
    """A loaded tool on its form's belt; only these go into a dungeon."""

    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="belt")
    tool = models.OneToOneField(OwnedTool, on_delete=models.CASCADE, related_name="slot")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["form", "position"], name="digger_slot_once")
        ]


class Dungeon(models.Model):
    """A dungeon: its number is how players name it. Only published ones can be run."""

    number = models.PositiveIntegerField(unique=True)
    name = models.CharField(max_length=NAME_MAX)
    type = models.CharField(max_length=12)
    description = models.TextField(blank=True)
    reward = models.TextField(blank=True)
    published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]

    def __str__(self):
        return f"#{self.number} {self.name}"


class DungeonCard(models.Model):
    """One card of a dungeon's deck, in deck order (`position`)."""

    dungeon = models.ForeignKey(Dungeon, on_delete=models.CASCADE, related_name="cards")
    position = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=KEY_MAX)
    key_is_number = models.BooleanField(
        default=False, help_text="The deck file gave the key as a number."
    )
    kind = models.CharField(max_length=12)
    title = models.CharField(max_length=NAME_MAX, blank=True)
    text = models.TextField(blank=True)
    ability = models.CharField(max_length=10, blank=True)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    conditions = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["dungeon", "position"]
        constraints = [
            models.UniqueConstraint(fields=["dungeon", "key"], name="digger_card_key_once"),
        ]

    def __str__(self):
        return f"{self.dungeon.number}/{self.key}"

    def as_card(self):
        return Card(
            int(self.key) if self.key_is_number else self.key,
            self.kind,
            self.title,
            self.text,
            self.ability or None,
            self.level,
            tuple(self.conditions),
        )


class Party(models.Model):
    """A party bound to a dungeon; its members are PartyMember rows."""

    dungeon = models.ForeignKey(Dungeon, on_delete=models.PROTECT, related_name="parties")
    created_at = models.DateTimeField(auto_now_add=True)
    # The name the party goes by in the room's news (set with +party/name);
    # blank means it goes by its leader ("Ann's party").
    name = models.CharField(max_length=40, blank=True, default="")
    # Onlookers who chose to hear the party's news in full (+party/watch).
    watchers = models.ManyToManyField(ObjectDB, blank=True, related_name="digger_watching")

    class Meta:
        verbose_name_plural = "parties"

    def __str__(self):
        return f"Party {self.pk} for {self.dungeon}"


class PartyMember(models.Model):
    """A character in a party (a character is in one party at most)."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="members")
    character = models.OneToOneField(
        ObjectDB, on_delete=models.CASCADE, related_name="digger_membership"
    )
    is_leader = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["party"], condition=Q(is_leader=True), name="digger_one_leader"
            ),
        ]

    def __str__(self):
        return f"{self.character.key} in party {self.party_id}"


class Run(models.Model):
    """One dungeon run of a party, from +dungeon/enter to its outcome.

    `roster` is what each member entered with, aligned with the state's
    members: [{"id", "name", "form", "ratings", "tools": [{"number", "tool"}]}].
    """

    party = models.ForeignKey(
        Party, null=True, blank=True, on_delete=models.SET_NULL, related_name="runs"
    )
    dungeon = models.ForeignKey(
        Dungeon, null=True, blank=True, on_delete=models.SET_NULL, related_name="runs"
    )
    dungeon_number = models.PositiveIntegerField()
    deck = models.JSONField(help_text="The dungeon as entered (deck.Dungeon.to_dict()).")
    roster = models.JSONField()
    state = models.JSONField(help_text="The engine's RunState.to_dict().")
    drawer = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    outcome = models.CharField(max_length=10, blank=True)
    outcome_card = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["party"], condition=Q(ended_at__isnull=True), name="digger_one_open_run"
            ),
        ]

    def __str__(self):
        return f"Run {self.pk} of dungeon #{self.dungeon_number}"


class RunRound(models.Model):
    """One card drawn in a run, who drew it and how the party did."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(help_text="Challenge number (the Entry is 1).")
    card_key = models.CharField(max_length=KEY_MAX)
    card_title = models.CharField(max_length=NAME_MAX, blank=True)
    kind = models.CharField(max_length=12)
    ability = models.CharField(max_length=10)
    level = models.PositiveSmallIntegerField()
    drawn_by = models.CharField(max_length=NAME_MAX)
    drawn_at = models.DateTimeField(auto_now_add=True)
    completed_by = models.CharField(max_length=NAME_MAX, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    passed = models.BooleanField(null=True, blank=True)
    exploration_gain = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["run", "number"]
        constraints = [
            models.UniqueConstraint(fields=["run", "number"], name="digger_round_once"),
        ]


class RunRoll(models.Model):
    """The roll log: what one member did on one challenge, with every die and modifier."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="rolls")
    challenge = models.PositiveSmallIntegerField()
    card_key = models.CharField(max_length=KEY_MAX)
    card_title = models.CharField(max_length=NAME_MAX, blank=True)
    character = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    character_name = models.CharField(max_length=NAME_MAX)
    status = models.CharField(max_length=12, help_text="rolled, disconnected or exhausted")
    mode = models.CharField(max_length=4, blank=True)
    tool_name = models.CharField(max_length=KEY_MAX, blank=True)
    rating = models.SmallIntegerField()
    dice = models.JSONField(default=list)
    modifiers = models.JSONField(default=list, help_text="[[source, amount], ...]")
    total = models.SmallIntegerField(null=True, blank=True)
    target = models.PositiveSmallIntegerField()
    success = models.BooleanField(null=True, blank=True)
    exhaustion_before = models.PositiveSmallIntegerField()
    exhaustion_gain = models.PositiveSmallIntegerField()
    exhaustion_items = models.JSONField(default=list, help_text="[[source, amount], ...]")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["run", "challenge", "id"]


class Simulation(models.Model):
    """A balance report made by +dungeon/simulate, kept for the builders' web page.

    `report` is the simulator's `BalanceReport.to_dict()`: the chosen party's
    full report with every shipped party's rate beside it.
    """

    dungeon = models.ForeignKey(
        Dungeon, null=True, blank=True, on_delete=models.SET_NULL, related_name="simulations"
    )
    dungeon_number = models.PositiveIntegerField()
    dungeon_name = models.CharField(max_length=NAME_MAX)
    party = models.CharField(max_length=NAME_MAX, help_text="The party simulated in detail.")
    runs = models.PositiveIntegerField(help_text="Runs for each party.")
    seed = models.PositiveIntegerField()
    requested_by = models.ForeignKey(
        ObjectDB, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    requested_by_name = models.CharField(max_length=NAME_MAX)
    report = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"Simulation {self.pk} of dungeon #{self.dungeon_number} ({self.party})"
