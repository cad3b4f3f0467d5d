"""
The game's approval of characters (`+approve`, `+unapprove`).

A new character is in chargen until staff approve it. Any system may ask
`is_approved(character)`; Digger uses it for what chargen allows (lowering
ratings for a refund, the initial application bonus) and shows it on the sheet.
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
        approval.changed_by = staff.key
        approval.save()
    return approval
