"""
The Status and Vitals providers of the game's systems: Digger, Kroll, Old
Gold and Goldengrave. Each reads the sheet without making one (looking must
not create a Digger sheet, as `ledger.sheet_for` would) and answers None when
there is none.
"""

from world.digger.approval import is_approved
from world.digger.ledger import current_form
from world.digger.models import DiggerSheet
from world.goldengrave import rules as goldengrave_rules
from world.goldengrave.models import Sheet as GoldengraveSheet
from world.kroll import rules as kroll_rules
from world.kroll.models import KrollSheet
from world.oldgold.models import OldGoldSheet


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


def oldgold_status(character):
    """The adventurer's level, whether staff approved the sheet, and whether they died."""
    sheet = OldGoldSheet.objects.filter(character=character).first()
    if sheet is None:
        return None
    return {"level": sheet.level, "approved": sheet.status == OldGoldSheet.APPROVED,
            "dead": sheet.dead}


def oldgold_vitals(character):
    """The adventurer's hit points."""
    sheet = OldGoldSheet.objects.filter(character=character).first()
    if sheet is None:
        return None
    return {"hp": sheet.hp, "hp_max": sheet.max_hp}


def _living_goldengrave_pc(character):
    return (
        GoldengraveSheet.objects.select_related("company")
        .filter(character=character, alive=True)
        .first()
    )


def goldengrave_status(character):
    """The living PC's name, their company's and whether they are knocked out."""
    sheet = _living_goldengrave_pc(character)
    if sheet is None:
        return None
    return {"pc": sheet.name, "company": sheet.company.name if sheet.company else None,
            "knocked_out": sheet.knocked_out}


def goldengrave_vitals(character):
    """The stats of the company the living PC belongs to (each with its maximum), its
    Army and Glory; None outside a company."""
    sheet = _living_goldengrave_pc(character)
    company = sheet.company if sheet is not None else None
    if company is None:
        return None
    stats = {}
    for stat in goldengrave_rules.STATS:
        stats[stat], stats[f"{stat}_max"] = company.current(stat), company.maximum(stat)
    return {"company": company.name, **stats, "army": company.army, "glory": company.glory}
