"""
Tool belts: loading and unloading tools (by their number in +tools), and the
belt slot a form can buy ahead of the Chapter. Belts are locked while the
character's party is in a dungeon; only loaded tools go into a run.
"""

from dataclasses import dataclass

from django.db import transaction

from world.digger import rules
from world.digger.chapter import belt_capacity, current_chapter
from world.digger.errors import DiggerError
from world.digger.ledger import current_form, locked_sheet, spend
from world.digger.membership import refuse_in_run
from world.digger.models import BeltSlot


@dataclass(frozen=True)
class BeltChange:
    tool: object  # OwnedTool
    loaded: int  # tools on the belt now
    capacity: int


def load(character, number):
    """Put the current form's tool `number` on the belt."""
    with transaction.atomic():
        form, tool = _tool_for_belt(character, number)
        if BeltSlot.objects.filter(tool=tool).exists():
            raise DiggerError(f"{tool.design.name} is on your belt already.")
        taken = set(form.belt.values_list("position", flat=True))
        capacity = belt_capacity(form, current_chapter())
        if len(taken) >= capacity:
            raise DiggerError(
                f"Your belt is full ({len(taken)} of {capacity} slots): unload a tool first."
            )
        position = min(set(range(1, capacity + 1)) - taken)
        BeltSlot.objects.create(form=form, tool=tool, position=position)
    return BeltChange(tool, len(taken) + 1, capacity)


def unload(character, number):
    """Take the current form's tool `number` off the belt."""
    with transaction.atomic():
        form, tool = _tool_for_belt(character, number)
        deleted, _ = BeltSlot.objects.filter(tool=tool).delete()
        if not deleted:
            raise DiggerError(f"{tool.design.name} is not on your belt.")
        return BeltChange(tool, form.belt.count(), belt_capacity(form, current_chapter()))


def _tool_for_belt(character, number):
    refuse_in_run(character, "belts are")
    form = current_form(locked_sheet(character))
    tool = form.tools.select_related("design").filter(number=number).first()
    if tool is None:
        raise DiggerError(f"Your {form.name} form has no tool #{number}; +tools lists them.")
    return form, tool


@dataclass(frozen=True)
class SlotPurchase:
    form: str
    cost: int
    capacity: int
    balance: int


def buy_early_slot(character):
    """Buy the current form one belt slot ahead of the Chapter (refunded when it comes free)."""
    with transaction.atomic():
        sheet = locked_sheet(character)
        form = current_form(sheet)
        chapter = current_chapter()
        if belt_capacity(form, chapter) >= rules.BELT_SLOTS_MAX:
            raise DiggerError(
                f"Your belt has {rules.BELT_SLOTS_MAX} slots, the most a belt can have."
            )
        if len(form.early_slot_costs) >= rules.EARLY_SLOTS_AT_ONCE:
            raise DiggerError(
                "You have bought the early slot already; its DP comes back when the next "
                "Chapter makes it free."
            )
        cost = rules.early_slot_cost(chapter)
        spend(sheet, cost, f"early belt slot ({form.name} form) in Chapter {chapter}")
        form.early_slot_costs = form.early_slot_costs + [cost]
        form.save(update_fields=["early_slot_costs"])
    return SlotPurchase(form.name, cost, belt_capacity(form, chapter), sheet.dp)
