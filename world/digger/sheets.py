"""
What players do with their Digger sheet: buy (and in chargen sell back)
ratings, switch forms, and look at it all; what staff do: grant DP, make forms.

Ratings cost DP step by step (`rules.raise_cost`). Lowering refunds the same,
but only while the character is unapproved. Ratings, forms and belts are locked
while the character's party is in a dungeon.
"""

from dataclasses import dataclass

from django.db import transaction

from world.access import is_staff
from world.digger import rules
from world.digger.approval import approval_of
from world.digger.chapter import belt_capacity, current_chapter
from world.digger.errors import DiggerError
from world.digger.ledger import change_dp, current_form, locked_sheet, sheet_for, spend
from world.digger.membership import refuse_in_run
from world.digger.models import BeltSlot, DiggerSheet, Form, OwnedTool

NAME_MAX = 40


def ability_named(word):
    """The ability an ability or action name stands for; refused if it is neither."""
    ability = rules.ability_for_word(word or "")
    if ability is None:
        names = ", ".join(f"{name} ({rules.ACTIONS[name]})" for name in rules.ABILITIES)
        raise DiggerError(f"'{word}' is not a Dungeon Ability. They are: {names}.")
    return ability


# ---------------------------------------------------------------- ratings


@dataclass(frozen=True)
class RatingChange:
    form: str
    ability: str
    old: int
    new: int
    dp: int  # spent (negative) or refunded (positive)
    balance: int


def raise_rating(character, word, target=None):
    """Raise a rating of the current form by one (or to `target`), paying its DP."""
    ability = ability_named(word)
    with transaction.atomic():
        sheet, form, old = _rating_for_change(character, ability)
        new = old + 1 if target is None else target
        if new <= old:
            raise DiggerError(f"{ability} is {old} already; name a higher rating to raise it.")
        if new > rules.RATING_MAX:
            raise DiggerError(f"Ratings go up to {rules.RATING_MAX}.")
        cost = sum(rules.raise_cost(rating) for rating in range(old, new))
        spend(sheet, cost, f"{ability} {old} -> {new} ({form.name} form)")
        _set_rating(form, ability, new)
    return RatingChange(form.name, ability, old, new, -cost, sheet.dp)


def lower_rating(character, word, target=None):
    """Lower a rating of the current form by one (or to `target`) for a refund; chargen only."""
    ability = ability_named(word)
    with transaction.atomic():
        sheet, form, old = _rating_for_change(character, ability)
        approval = approval_of(character)
        if approval and approval.approved_at:
            raise DiggerError(
                "You are approved: ratings can only be raised now. If one is wrong, ask staff "
                "with +request."
            )
        new = old - 1 if target is None else target
        if new >= old:
            raise DiggerError(f"{ability} is {old}; name a lower rating to lower it.")
        if new < rules.RATING_MIN:
            raise DiggerError(f"Ratings go down to {rules.RATING_MIN}.")
        refund = sum(rules.raise_cost(rating) for rating in range(new, old))
        change_dp(sheet, refund, f"{ability} {old} -> {new} ({form.name} form), chargen refund")
        _set_rating(form, ability, new)
    return RatingChange(form.name, ability, old, new, refund, sheet.dp)


def _rating_for_change(character, ability):
    refuse_in_run(character, "ratings are")
    sheet = locked_sheet(character)
    form = current_form(sheet)
    return sheet, form, form.rating(ability)


def _set_rating(form, ability, rating):
    field = ability.lower()
    setattr(form, field, rating)
    form.save(update_fields=[field])


# ---------------------------------------------------------------- staff grants


def grant(staff, character, amount, reason):
    """Staff give (or, with a negative amount, take back) DP, with a reason for the ledger."""
    reason = (reason or "").strip()
    if not reason:
        raise DiggerError("Give a reason for the grant: it goes into the DP ledger.")
    if amount == 0:
        raise DiggerError("Grant a number of DP other than 0.")
    with transaction.atomic():
        sheet = locked_sheet(character)
        if sheet.dp + amount < 0:
            raise DiggerError(f"{character.key} has only {sheet.dp} DP unspent.")
        return change_dp(sheet, amount, reason, by=staff.key)


# ---------------------------------------------------------------- forms


def form_named(sheet, name):
    """The sheet's form called `name` (any case); refused naming the forms there are."""
    wanted = (name or "").strip().lower()
    forms = list(sheet.forms.all())
    for form in forms:
        if form.name.lower() == wanted:
            return form
    names = ", ".join(form.name for form in forms)
    raise DiggerError(f"There is no form called '{name.strip()}'. Forms: {names}.")


def switch_form(character, name):
    """Make another of the character's forms the current one."""
    with transaction.atomic():
        refuse_in_run(character, "forms are")
        sheet = locked_sheet(character)
        form = form_named(sheet, name)
        if form.pk == sheet.current_form_id:
            raise DiggerError(f"You are already in your {form.name} form.")
        sheet.current_form = form
        sheet.save(update_fields=["current_form"])
    return form


def create_form(staff, character, name):
    """Staff: a new form for `character`, starting as a copy of the base form's statblock
    (ratings and tools; its belt loaded with the base form's tools as far as it has slots)."""
    name = " ".join((name or "").split())
    if not name or len(name) > NAME_MAX:
        raise DiggerError(f"A form's name has 1 to {NAME_MAX} characters.")
    with transaction.atomic():
        sheet = locked_sheet(character)
        if sheet.forms.filter(name__iexact=name).exists():
            raise DiggerError(f"{character.key} already has a form called {name}.")
        base = sheet.forms.get(is_base=True)
        form = Form.objects.create(sheet=sheet, name=name, **base.ratings_fields())
        copies = {
            tool.pk: OwnedTool.objects.create(
                form=form, design_id=tool.design_id, number=tool.number
            )
            for tool in base.tools.all()
        }
        # The copy carries no early slot (its DP and refund stay with the base
        # form), so its belt takes as many of the base's tools as its own slots hold.
        capacity = belt_capacity(form, current_chapter())
        slots = base.belt.order_by("position")[:capacity]
        BeltSlot.objects.bulk_create(
            BeltSlot(form=form, tool=copies[slot.tool_id], position=position)
            for position, slot in enumerate(slots, start=1)
        )
    return form


# ---------------------------------------------------------------- looking


@dataclass(frozen=True)
class SheetView:
    """Everything a sheet or tool list shows about one form of a character."""

    character: object
    sheet: DiggerSheet
    form: Form
    forms: tuple
    tools: tuple  # OwnedTool with design and slot
    capacity: int
    chapter: int
    approved_at: object  # datetime, or None while in chargen
    bonus_available: bool
    requested_at: object = None  # when approval was asked for (+digger/submit), or None

    @property
    def loaded(self):
        return tuple(tool for tool in self.tools if _slot(tool) is not None)

    @property
    def categories(self):
        return sorted({tool.design.category for tool in self.tools})


def _slot(tool):
    try:
        return tool.slot
    except BeltSlot.DoesNotExist:
        return None


def sheet_view(viewer, character, form_name=None):
    """The sheet of `character` (current form, or the one named) as `viewer` may see it.

    A player sees their own sheet, and another character's once it is approved;
    staff see every sheet.
    """
    approval = approval_of(character)
    approved_at = approval.approved_at if approval else None
    if viewer != character and not is_staff(viewer) and approved_at is None:
        raise DiggerError(
            "You can see your own sheet, and other characters' sheets once they are approved."
        )
    sheet = sheet_for(character)
    form = form_named(sheet, form_name) if form_name else current_form(sheet)
    tools = tuple(form.tools.select_related("design", "slot"))
    chapter = current_chapter()
    return SheetView(
        character,
        sheet,
        form,
        tuple(sheet.forms.all()),
        tools,
        belt_capacity(form, chapter),
        chapter,
        approved_at,
        approved_at is None and sheet.bonus != DiggerSheet.Bonus.USED,
        approval.requested_at if approval else None,
    )


def ledger_view(viewer, character):
    """(sheet, ledger entries) of `character`: their own, or anyone's for staff."""
    if viewer != character and not is_staff(viewer):
        raise DiggerError("You can only read your own DP ledger.")
    sheet = sheet_for(character)
    return sheet, list(sheet.ledger.all())
