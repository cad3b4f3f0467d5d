"""
The Status providers of the systems whose sheets exist already: Digger and
Kroll. Each reads the sheet without making one (looking must not create a
Digger sheet, as `ledger.sheet_for` would) and answers None when there is none.
"""

from world.digger.approval import is_approved
from world.digger.ledger import current_form
from world.digger.models import DiggerSheet
from world.kroll import rules as kroll_rules
from world.kroll.models import KrollSheet


def digger_status(character):
    """The character's Digger form, unspent DP and whether staff approved the sheet."""
    sheet = DiggerSheet.objects.select_related("current_form").filter(character=character).first()
    if sheet is None:
        return None
    return {
        "form": current_form(sheet).name,
        "dp": sheet.dp,
        "approved": is_approved(character),
    }


def kroll_status(character):
    """Which of the sheet's lives is playing (None once all are spent) and its penalty dice."""
    sheet = KrollSheet.objects.filter(character=character).first()
    if sheet is None:
        return None
    living = sheet.living
    return {
        "life": living.life if living else None,
        "lives": kroll_rules.LIVES_PER_SHEET,
        "penalty": living.penalty if living else 0,
    }
