"""
What the web may show of Kroll: a character's sheet to its player and to
staff. What a viewer may not see raises `NotShown`, like what does not exist,
so a page cannot tell the two apart. Nothing here changes state.
"""

from dataclasses import dataclass

from evennia.objects.models import ObjectDB

from world.access import is_staff
from world.kroll import render, rules, services
from world.kroll.models import KrollSheet


class NotShown(Exception):
    """Not there, or not for this viewer."""


def may_see(account, character):
    """Whether `account` may read `character`'s Kroll sheet (its player, or staff)."""
    if not account or not account.is_authenticated:
        return False
    return character in account.characters.all() or is_staff(account)


@dataclass(frozen=True)
class SheetPage:
    character: object
    life: int  # the living adventurer's life (None: the sheet is spent)
    lives: int
    penalty: int
    ratings: tuple  # (attribute, dice, what the rating means)
    followups: tuple  # (roll number, room name, hits)
    fallen: tuple  # (life, died on, "Tough 3, ...")


def sheet_page(account, character_id):
    """The sheet of character `character_id` as its page shows it."""
    character = ObjectDB.objects.filter(pk=character_id).first()
    if character is None or not may_see(account, character):
        raise NotShown
    if not KrollSheet.objects.filter(character=character).exists():
        raise NotShown
    view = services.sheet_for_viewing(character, character)
    living = view.living
    ratings = living.ratings().items() if living else ()
    return SheetPage(
        character=character,
        life=living.life if living else None,
        lives=rules.LIVES_PER_SHEET,
        penalty=living.penalty if living else 0,
        ratings=tuple((name.capitalize(), value, render.rating_word(value))
                      for name, value in ratings),
        followups=tuple((roll.pk, roll.room.key, roll.hits) for roll in view.followups),
        fallen=tuple(
            (dead.life, dead.died_at,
             ", ".join(f"{name.capitalize()} {value}" for name, value in dead.ratings().items()))
            for dead in view.adventurers if not dead.alive
        ),
    )
