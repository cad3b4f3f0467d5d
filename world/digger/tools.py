"""
Designing and buying Tools.

A design (`ToolSpec`) comes from the one-line form of `+tools/buy` or from the
design menu; `buy_tool` checks it (exactly 4 Tool Points, the drawback and
Cleanse rules, at most 3 of the 4 categories per form), charges the DP and
gives the tool to the character's current form. In chargen the first tool
bought brings a second one free (the initial application bonus, once only).
"""

from dataclasses import dataclass, replace

from django.db import transaction

from world.digger import rules
from world.digger.approval import is_approved
from world.digger.deck import category_limit_problem, tool_problems
from world.digger.errors import DiggerError
from world.digger.ledger import change_dp, current_form, locked_sheet, spend
from world.digger.models import DiggerSheet, OwnedTool, ToolDesign

@dataclass(frozen=True)
class ToolSpec:
    """A tool design in the making; any part may still be missing."""

    name: str = ""
    category: str | None = None
    rating: str | None = None
    qualities: tuple = ()
    drawback: str | None = None
    description: str = ""

    def changed(self, **changes):
        return replace(self, **changes)

    def toggled(self, quality):
        """The spec with `quality` added, or taken off if it was there."""
        if quality in self.qualities:
            return replace(self, qualities=tuple(q for q in self.qualities if q != quality))
        return replace(self, qualities=self.qualities + (quality,))

    def tool_points(self):
        """[(what, TP)] the design spends so far (a drawback counts negative) and the total."""
        items = [(self.rating, rules.RATING_TP[self.rating])] if self.rating else []
        names = self.qualities + ((self.drawback,) if self.drawback else ())
        items += [(name, rules.QUALITIES[name].tool_points) for name in names]
        return items, sum(points for _, points in items)


_WORDS = {
    **{rating.lower(): ("rating", rating) for rating in rules.TOOL_RATINGS},
    **{name.lower(): ("quality", name) for name in rules.QUALITIES},
}


def parse_tool_line(text):
    """'<name>=<category> <rating> [qualities and drawback] [: <description>]' -> ToolSpec."""
    name, equals, design = (text or "").partition("=")
    if not equals:
        raise DiggerError("Put the tool's name, then =, then its category, rating and qualities.")
    design, _, description = design.partition(":")
    spec = ToolSpec(name=" ".join(name.split()), description=description.strip())
    for word in design.replace(",", " ").split():
        ability = rules.ability_for_word(word)
        kind, value = ("category", ability) if ability else _WORDS.get(word.lower(), (None, None))
        if kind is None:
            raise DiggerError(
                f"'{word}' is not a category, a rating or a quality. Categories: "
                f"{', '.join(rules.ABILITIES)}; ratings: {', '.join(rules.TOOL_RATINGS)}; "
                f"qualities and drawbacks: {', '.join(rules.QUALITIES)}."
            )
        if kind == "quality" and rules.QUALITIES[value].is_drawback and spec.drawback is None:
            kind = "drawback"
        spec = spec.toggled(value) if kind == "quality" else spec.changed(**{kind: value})
    return spec


def design_problems(spec):
    """Why `spec` cannot be bought as it is (empty when it can)."""
    return tool_problems(
        spec.name, spec.category, spec.rating, spec.qualities, spec.drawback, spec.description
    )


@dataclass(frozen=True)
class ToolPurchase:
    tool: OwnedTool
    cost: int
    balance: int
    free: bool  # this was the bonus tool
    next_free: bool  # the bonus now owes one free tool


def buy_tool(character, spec):
    """Buy the design `spec` for the character's current form."""
    problems = design_problems(spec)
    if problems:
        raise DiggerError("That tool cannot be made:\n  " + "\n  ".join(problems))
    with transaction.atomic():
        sheet = locked_sheet(character)
        form = current_form(sheet)
        owned = list(form.tools.select_related("design"))
        if any(tool.design.name.lower() == spec.name.lower() for tool in owned):
            raise DiggerError(f"Your {form.name} form already has a tool called {spec.name}.")
        categories = {tool.design.category for tool in owned}
        too_many = category_limit_problem(categories, spec.category, f"Your {form.name} form's")
        if too_many:
            raise DiggerError(too_many)
        Bonus = DiggerSheet.Bonus
        chargen = not is_approved(character)
        free = chargen and sheet.bonus == Bonus.OWED
        cost = 0 if free else rules.TOOL_COST_DP
        reason = f"tool {spec.name} ({form.name} form)"
        if free:
            change_dp(sheet, 0, reason + ", free with the initial application bonus")
            sheet.bonus = Bonus.USED
        else:
            spend(sheet, cost, reason)
            if chargen and sheet.bonus == Bonus.UNUSED:
                sheet.bonus = Bonus.OWED
        sheet.save(update_fields=["bonus"])
        design = ToolDesign.objects.create(
            name=spec.name,
            description=spec.description,
            category=spec.category,
            rating=spec.rating,
            qualities=list(spec.qualities),
            drawback=spec.drawback or "",
            designed_by=character,
        )
        number = max((tool.number for tool in owned), default=0) + 1
        tool = OwnedTool.objects.create(form=form, design=design, number=number, dp_paid=cost)
    return ToolPurchase(tool, cost, sheet.dp, free, sheet.bonus == Bonus.OWED)
