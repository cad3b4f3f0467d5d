"""
The game's Chapter and what it means for tool belts.

Belts have `rules.free_belt_slots(chapter)` slots for free, plus any slot a
form bought ahead of time. When staff advance the Chapter and it grants a slot,
the DP paid for an early slot is refunded automatically (the slot stays: it is
simply free now).
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from world.digger import rules
from world.digger.ledger import change_dp
from world.digger.models import Chapter, Form


def current_chapter():
    return Chapter.objects.aggregate(number=Max("number"))["number"] or 1


def belt_capacity(form, chapter):
    """Slots on the form's belt in `chapter`: the free ones plus early ones bought."""
    return min(rules.BELT_SLOTS_MAX, rules.free_belt_slots(chapter) + len(form.early_slot_costs))


@dataclass(frozen=True)
class Refund:
    character: object
    form_name: str
    amount: int


@dataclass(frozen=True)
class ChapterAdvance:
    chapter: int
    free_slots: int
    refunds: tuple  # Refund


def advance_chapter(staff):
    """Start the next Chapter; refund early slots the new Chapter grants for free."""
    with transaction.atomic():
        old = current_chapter()
        new = old + 1
        Chapter.objects.create(number=new, started_by=staff.key)
        granted = rules.free_belt_slots(new) - rules.free_belt_slots(old)
        refunds = []
        if granted > 0:
            forms = (
                Form.objects.select_for_update(of=("self", "sheet"))
                .select_related("sheet__character")
                .exclude(early_slot_costs=[])
            )
            sheets = {}  # one instance per sheet, so two forms' refunds add up
            for form in forms:
                sheet = sheets.setdefault(form.sheet_id, form.sheet)
                repaid = form.early_slot_costs[:granted]
                form.early_slot_costs = form.early_slot_costs[granted:]
                form.save(update_fields=["early_slot_costs"])
                amount = sum(repaid)
                change_dp(
                    sheet,
                    amount,
                    f"early belt slot ({form.name}) refunded: Chapter {new} grants it",
                    by=staff.key,
                )
                refunds.append(Refund(sheet.character, form.name, amount))
    return ChapterAdvance(new, rules.free_belt_slots(new), tuple(refunds))
