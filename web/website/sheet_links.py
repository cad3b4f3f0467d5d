"""
The links from a character's page to its sheets in each system: those the
viewer may read (as the sheet pages themselves decide), and for the viewer's
own character, where a system has no sheet yet, the command that makes one.
"""

from dataclasses import dataclass

from django.urls import reverse

from world.access import is_staff
from world.digger import approval
from world.goldengrave import lookups as goldengrave_lookups
from world.goldengrave.models import Sheet as GoldengraveSheet
from world.kroll import lookups as kroll_lookups
from world.kroll.models import KrollSheet
from world.oldgold import lookups as oldgold_lookups


@dataclass(frozen=True)
class SheetLink:
    system: str
    label: str  # the link's text, or what to type in the game when `url` is None
    url: str = None


def sheet_links(viewer, character):
    """A SheetLink for each system, in the order the game lists them."""
    if not viewer.is_authenticated:
        return []
    own = character in viewer.characters.all()
    found = [
        _digger(viewer, character, own),
        _kroll(viewer, character, own),
        _goldengrave(viewer, character, own),
        _oldgold(viewer, character, own),
    ]
    return [link for link in found if link is not None]


def _digger(viewer, character, own):
    # Its player and staff always (the page makes the sheet on a first look,
    # as +digger does); other players once staff have approved it.
    if own or is_staff(viewer) or approval.is_approved(character):
        return SheetLink("Digger", "Digger sheet", reverse("digger:sheet", args=[character.id]))
    return None


def _kroll(viewer, character, own):
    if KrollSheet.objects.filter(character=character).exists():
        if kroll_lookups.may_see(viewer, character):
            return SheetLink("Kroll", "Kroll sheet", reverse("kroll:sheet", args=[character.id]))
        return None
    return SheetLink("Kroll", "+kroll/new rolls one up") if own else None


def _goldengrave(viewer, character, own):
    pc = GoldengraveSheet.objects.filter(character=character, alive=True).first()
    if pc is None:
        return SheetLink("Goldengrave", "+gg/new makes a PC") if own else None
    if pc.company_id is None:
        return SheetLink("Goldengrave", "+gg/join <company> joins one") if own else None
    try:
        page = goldengrave_lookups.company_page(viewer, pc.company_id)
    except goldengrave_lookups.NotShown:
        return None
    url = reverse("goldengrave:company", args=[pc.company_id])
    return SheetLink("Goldengrave", f"{pc.name}, of the company {page.view.company.name}", url)


def _oldgold(viewer, character, own):
    try:
        oldgold_lookups.sheet_page(viewer, character.id)
    except oldgold_lookups.NotShown:
        return SheetLink("Old Gold", "+og/new makes an adventurer") if own else None
    return SheetLink("Old Gold", "Old Gold sheet", reverse("oldgold:sheet", args=[character.id]))
