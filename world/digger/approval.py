"""
The game's approval of characters (`+digger/submit`, `+approve`, `+unapprove`).

A new character is in chargen until staff approve it. The player asks for it
with `+digger/submit` (staff see everyone waiting with `+approve`). Any system
may ask `is_approved(character)`; Digger uses it for what chargen allows
(lowering ratings for a refund, the initial application bonus), shows it on the
sheet, and lets only approved delvers into a dungeon.
"""

from django.db import transaction
from django.utils import timezone

from world.digger.errors import DiggerError
from world.digger.models import Approval


def approval_of(character):
    """The character's Approval row, or None (never approved)."""
    return Approval.objects.filter(character=character).first()


def is_approved(character):
    return Approval.objects.filter(character=character, approved_at__isnull=False).exists()


def request_approval(character):
    """The player asks staff to approve `character`: (approval, asked anew).
    Refused once approved; asking again while waiting changes nothing."""
    with transaction.atomic():
        approval, _ = Approval.objects.select_for_update().get_or_create(character=character)
        if approval.approved_at:
            raise DiggerError("You are approved already: nothing to ask for.")
        if approval.requested_at:
            return approval, False
        approval.requested_at = timezone.now()
        approval.changed_by = character.key
        approval.save()
    return approval, True


def pending():
    """Approvals asked for and not yet given, oldest first."""
    return list(
        Approval.objects.filter(requested_at__isnull=False, approved_at__isnull=True)
        .select_related("character")
        .order_by("requested_at")
    )


def asked(characters):
    """Those of `characters` who have asked for approval and wait for it, in their order."""
    waiting = set(
        Approval.objects.filter(
            character__in=characters, requested_at__isnull=False, approved_at__isnull=True
        ).values_list("character_id", flat=True)
    )
    return [character for character in characters if character.id in waiting]


def unapproved(characters):
    """Those of `characters` not approved, in their order."""
    approved = set(
        Approval.objects.filter(
            character__in=characters, approved_at__isnull=False
        ).values_list("character_id", flat=True)
    )
    return [character for character in characters if character.id not in approved]


def approve(staff, character):
    """Approve `character`; refused if it already is."""
    with transaction.atomic():
        approval, _ = Approval.objects.select_for_update().get_or_create(character=character)
        if approval.approved_at:
            raise DiggerError(f"{character.key} is already approved.")
        approval.approved_at = timezone.now()
        approval.changed_by = staff.key
        approval.save()
    return approval


def unapprove(staff, character):
    """Put an approved `character` back into chargen."""
    with transaction.atomic():
        approval = Approval.objects.select_for_update().filter(character=character).first()
        if approval is None or approval.approved_at is None:
            raise DiggerError(f"{character.key} is not approved.")
        approval.approved_at = None
        approval.requested_at = None  # the player submits again when ready
        approval.changed_by = staff.key
        approval.save()
    return approval
