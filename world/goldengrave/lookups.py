"""
Who may see which Goldengrave page on the web. A company: its members (an
account whose character plays a living PC in it), its GM, and staff. A
dungeon (the GM's map, every monster and treasure): its GM and staff. What a
viewer may not see is `NotShown`, like what does not exist.
"""

from dataclasses import dataclass

from world.access import is_staff
from world.goldengrave import exploring, services
from world.goldengrave.models import Company, Dungeon, Sheet


class NotShown(Exception):
    """Not there, or not for this viewer."""


def _characters(account):
    return list(account.characters.all()) if account.is_authenticated else []


def visible_companies(account):
    if not account.is_authenticated:
        return []
    if is_staff(account):
        return list(Company.objects.order_by("name"))
    ids = Sheet.objects.filter(alive=True, character__in=_characters(account)).values_list(
        "company_id", flat=True
    )
    return list(Company.objects.filter(pk__in=set(ids)).order_by("name"))


@dataclass(frozen=True)
class CompanyPage:
    view: object  # services.CompanyView
    dungeon: object
    map: object  # exploring.MapView or None
    dead: tuple


def company_page(account, company_id):
    company = Company.objects.filter(pk=company_id).first()
    if company is None or not account.is_authenticated:
        raise NotShown()
    characters = _characters(account)
    member = Sheet.objects.filter(alive=True, company=company, character__in=characters).exists()
    gm = any(services.is_gm(character, company=company) for character in characters)
    if not (member or gm or is_staff(account)):
        raise NotShown()
    dungeon = services.dungeon_of_company(company)
    shown_map = exploring.map_for(dungeon, company) if dungeon is not None else None
    dead = tuple(company.sheets.filter(alive=False).select_related("character"))
    return CompanyPage(services.view_of(company), dungeon, shown_map, dead)


def visible_dungeons(account):
    """The dungeons whose GM's page the account may open: all for staff, else its own."""
    if not account.is_authenticated:
        return []
    dungeons = Dungeon.objects.order_by("name")
    if is_staff(account):
        return list(dungeons)
    return list(dungeons.filter(gm__in=_characters(account)))


@dataclass(frozen=True)
class DungeonPage:
    dungeon: object
    map: object  # exploring.MapView, the GM's
    threats: dict  # room id -> [monster or trap]
    companies: tuple


def dungeon_page(account, dungeon_id):
    dungeon = Dungeon.objects.filter(pk=dungeon_id).select_related("gm", "town").first()
    if dungeon is None or not account.is_authenticated:
        raise NotShown()
    if not (is_staff(account) or dungeon.gm in _characters(account)):
        raise NotShown()
    return DungeonPage(
        dungeon,
        exploring.map_for(dungeon, gm=True),
        services.threats_in(dungeon),
        tuple(dungeon.companies.order_by("name")),
    )
