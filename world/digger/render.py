"""
How a character's Digger data looks: the sheet, tool lists, the DP ledger,
forms, and the answers to buying, loading and staff changes. Nothing here
changes state; every line fits the screen being drawn (world.screen).
"""

from django.utils import timezone
from world.digger import rules
from world.digger.deck import quality_label
from world.screen import fill, screen_width
from world.text_table import text_table
from world.words import counted

def table(*headers, rows=(), widths=None):
    """A table as wide as the screen being drawn; `widths` fixes some columns ({index: width})."""
    return text_table(headers, rows, screen_width(), widths)


def wrap(text, indent=""):
    """`text` as one paragraph wrapped to the screen being drawn."""
    return fill(text, indent=indent)


def heading(text):
    return f"|w{text}|n"


def stamp(moment):
    return timezone.localtime(moment).strftime("%Y-%m-%d")


def tool_summary(tool):
    """'Brute Major, Efficient; Sacrifice' for a deck.Tool."""
    extras = ", ".join(tool.qualities)
    drawback = f"; {tool.drawback}" if tool.drawback else ""
    return f"{tool.category} {tool.rating}" + (f", {extras}" if extras else "") + drawback


# ---------------------------------------------------------------- the sheet


def approval_line(view):
    if view.approved_at:
        return f"|gApproved|n ({stamp(view.approved_at)})"
    if view.requested_at:
        return (
            f"|yIn chargen|n, waiting for staff to approve (asked on {stamp(view.requested_at)})"
        )
    return "|yIn chargen|n (ratings can be lowered); |w+digger/submit|n asks for approval"


def approval_requested(approval, asked_anew):
    """What the player reads after +digger/submit."""
    if not asked_anew:
        return (
            f"You asked for approval on {stamp(approval.requested_at)}; staff have been told. "
            "+digger shows when it is given."
        )
    return (
        "You ask staff to approve your character; they have been told. Until then you "
        "can still change your sheet, and +digger shows when it is given."
    )


def pending_approvals(approvals):
    """The staff's one list of characters waiting for approval."""
    if not approvals:
        return "Nobody is waiting for approval."
    lines = [heading("Waiting for approval")]
    for approval in approvals:
        lines.append(f"  {approval.character.key:<24} asked on {stamp(approval.requested_at)}")
    lines.append("+approve <name> approves one; +digger <name> shows their sheet.")
    return "\n".join(lines)


def waiting_notice(count):
    """For staff at login: characters wait for their approval."""
    waits = "waits" if count == 1 else "wait"
    return f"|wApproval|n: {counted(count, 'character')} {waits} for approval; +approve lists them."


def sheet(view):
    form = view.form
    lines = [
        heading(f"Digger sheet of {view.character.key}") + f" - {form.name} form",
        f"Status: {approval_line(view)}",
        f"DP unspent: |w{view.sheet.dp}|n",
        _ratings(form),
    ]
    if view.bonus_available:
        lines.append(_bonus_line(view.sheet))
    if len(view.forms) > 1:
        lines.append("Forms: " + ", ".join(other.name for other in view.forms))
    lines += ["", tools(view)]
    return "\n".join(lines)


def _ratings(form):
    """The ratings in a row, or a row each where a row would break the names."""
    headers = [f"{ability} ({rules.ACTIONS[ability]})" for ability in rules.ABILITIES]
    ratings = [f"|w{form.rating(ability)}|n" for ability in rules.ABILITIES]
    if sum(len(header) + 2 for header in headers) > screen_width():
        rows = [(ability, rules.ACTIONS[ability], rating)
                for ability, rating in zip(rules.ABILITIES, ratings)]
        return str(table("Ability", "Action", "Rating", rows=rows))
    return str(table(*headers, rows=[ratings]))


def _bonus_line(sheet):
    if sheet.bonus == sheet.Bonus.OWED:
        return "|yInitial application bonus:|n your next tool is free (+tools/buy)."
    return "|yInitial application bonus:|n your first tool comes with a second one free."


def tools(view):
    """The form's tools with their numbers, and its belt."""
    header = heading(f"Tools of {view.character.key}'s {view.form.name} form")
    if not view.tools:
        body = "No tools yet. Design one with +tools/design or +tools/buy."
    else:
        body = str(
            table(
                "#",
                "Tool",
                "Kind",
                "Uses",
                "Bonus",
                "Belt",
                rows=[
                    _tool_row(owned, owned.as_tool(), owned in view.loaded) for owned in view.tools
                ],
            )
        )
    categories = ", ".join(view.categories) or "none yet"
    belt = (
        f"Belt: {len(view.loaded)} of {view.capacity} slots loaded (Chapter {view.chapter}: "
        f"{rules.free_belt_slots(view.chapter)} free"
        + (", one bought early)" if view.form.early_slot_costs else ")")
    )
    footer = (
        f"Categories: {categories} (at most {rules.MAX_TOOL_CATEGORIES} of "
        f"{len(rules.ABILITIES)}).\n{belt}"
    )
    return f"{header}\n{body}\n{footer}"


def _tool_row(owned, tool, loaded):
    return (
        str(owned.number),
        tool.name,
        tool_summary(tool),
        str(tool.uses),
        f"+{tool.bonus}",
        "|gloaded|n" if loaded else "",
    )


def rating_change(change):
    if change.dp < 0:
        paid = f"for {-change.dp} DP"
    else:
        paid = f"and get {change.dp} DP back"
    return (
        f"Your {change.form} form's {change.ability} goes from {change.old} to "
        f"|w{change.new}|n {paid}. DP unspent: {change.balance}."
    )


def ledger(sheet, entries):
    if not entries:
        return f"{sheet.character.key} has no DP ledger entries."
    rows = [
        (stamp(entry.created_at), f"{entry.amount:+d}", str(entry.balance), _reason(entry))
        for entry in entries
    ]
    return (
        heading(f"DP ledger of {sheet.character.key}")
        + "\n"
        + str(table("Date", "DP", "Left", "Reason", rows=rows))
    )


def _reason(entry):
    return f"{entry.reason} (by {entry.by})" if entry.by else entry.reason


def forms(view):
    rows = [
        (
            form.name + (" (base)" if form.is_base else ""),
            "  ".join(f"{ability[:3]} {form.rating(ability)}" for ability in rules.ABILITIES),
            "|gcurrent|n" if form.pk == view.form.pk else "",
        )
        for form in view.forms
    ]
    return (
        heading(f"Forms of {view.character.key}")
        + "\n"
        + str(table("Form", "Ratings", "", rows=rows))
    )


# ---------------------------------------------------------------- tools and belt


def design_status(spec):
    """The design so far, with its Tool Point arithmetic against the budget."""
    items, total = spec.tool_points()
    spent = " ".join(
        f"{'-' if points < 0 else '+'} {name} {abs(points)}" for name, points in items
    ).removeprefix("+ ")
    budget = rules.TOOL_POINTS
    colour = "|g" if total == budget else "|y" if total < budget else "|r"
    tally = f"{colour}{total} of {budget} TP|n" + (f" ({spent})" if items else "")
    lines = [
        f"Name: {spec.name or '-'}",
        f"Category: {spec.category or '-'}   Rating: {spec.rating or '-'}",
        "Qualities: " + (", ".join(spec.qualities) or "-"),
        f"Drawback: {spec.drawback or '-'}",
        f"Tool Points: {tally}",
    ]
    if spec.description:
        lines.append(wrap(f"Description: {spec.description}"))
    return "\n".join(lines)


def quality_choices():
    """Every quality and drawback with its Tool Points and effect."""
    rows = [
        (name, f"{quality.tool_points:+d}", quality_label(name).split(": ", 1)[1])
        for name, quality in rules.QUALITIES.items()
    ]
    return str(table("Quality", "TP", "Effect", rows=rows, widths={0: 14, 1: 5}))


def tool_bought(purchase):
    tool = purchase.tool.as_tool()
    paid = "free (initial application bonus)" if purchase.free else f"for {purchase.cost} DP"
    lines = [
        f"You now have tool |w#{purchase.tool.number} {tool.name}|n ({tool_summary(tool)}) "
        f"{paid}.",
        f"It gives +{tool.bonus} and has {counted(tool.uses, 'use')} per dungeon. DP unspent: "
        f"{purchase.balance}.",
    ]
    if purchase.next_free:
        lines.append("Your first tool brings a second one free: design it now.")
    lines.append(f"Load it onto your belt with +tools/load {purchase.tool.number}.")
    return "\n".join(wrap(line) for line in lines)


def belt_change(change, loaded):
    verb = "is on your belt" if loaded else "is off your belt"
    return (
        f"{change.tool.design.name} {verb}: {change.loaded} of {change.capacity} slots " "loaded."
    )


def slot_bought(purchase):
    return (
        f"Your {purchase.form} form's belt has {purchase.capacity} slots now, for "
        f"{purchase.cost} DP (you get it back when the next Chapter makes the slot free). "
        f"DP unspent: {purchase.balance}."
    )


def granted(entry, character):
    verb = "receives" if entry.amount > 0 else "loses"
    return (
        f"{character.key} {verb} {abs(entry.amount)} DP ({entry.reason}); "
        f"unspent now: {entry.balance}."
    )


def chapter_advanced(advance):
    lines = [f"Chapter {advance.chapter} begins: tool belts have {advance.free_slots} free slots."]
    lines += [
        f"  {refund.character.key} ({refund.form_name}) gets {refund.amount} DP back for an "
        "early slot."
        for refund in advance.refunds
    ]
    return "\n".join(lines)
