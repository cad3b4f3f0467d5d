"""
Digger sheets and their DP ledger.

A character's sheet is made the first time anything asks for it: a base form
with every rating at 0, and the starting DP as the ledger's first entry. Every
change of DP goes through `change_dp`, which writes the ledger line with its
reason, so the balance is always the sum of the ledger.
"""

from django.db import IntegrityError, transaction

from world.digger import rules
from world.digger.errors import DiggerError
from world.digger.models import DiggerSheet, DPEntry, Form
from world.prepared import Prepared

BASE_FORM_NAME = "Base"
STARTING_REASON = "starting Digger Points"


_SHEETS_OF = Prepared(  # a party entering reads each member's: its SQL is made once
    lambda character_id: DiggerSheet.objects.select_related("current_form").filter(
        character=character_id
    )
)


def sheet_for(character):
    """The character's sheet (with its current form), made on first use."""
    return _SHEETS_OF.first(character.id) or _new_sheet(character)  # a character has one


def _new_sheet(character):
    try:
        with transaction.atomic():
            sheet = DiggerSheet.objects.create(character=character)
            form = Form.objects.create(sheet=sheet, name=BASE_FORM_NAME, is_base=True)
            sheet.current_form = form
            sheet.save(update_fields=["current_form"])
            change_dp(sheet, rules.STARTING_DP, STARTING_REASON)
    except IntegrityError:
        # Another command made it a moment ago.
        return DiggerSheet.objects.select_related("current_form").get(character=character)
    return sheet


def locked_sheet(character):
    """The character's sheet, its row held until the transaction ends (call inside one)."""
    sheet_for(character)
    return DiggerSheet.objects.select_for_update().get(character=character)


def current_form(sheet):
    """The form the character is in (the base form if that one is gone); no query when
    the sheet was loaded with its current form, as `sheet_for` does."""
    if sheet.current_form_id:
        return sheet.current_form
    return sheet.forms.get(is_base=True)


def change_dp(sheet, amount, reason, by=""):
    """Add `amount` (negative: spend) to a locked sheet's DP and write the ledger line."""
    sheet.dp += amount
    sheet.save(update_fields=["dp"])
    return DPEntry.objects.create(
        sheet=sheet, amount=amount, balance=sheet.dp, reason=reason[:200], by=by
    )


def spend(sheet, cost, reason):
    """Spend `cost` DP of a locked sheet; refused if it has too little."""
    if sheet.dp < cost:
        raise DiggerError(f"That costs {cost} DP and you have {sheet.dp} DP unspent.")
    return change_dp(sheet, -cost, reason)
