"""
How dungeon building looks to a builder: the list with drafts, a whole deck,
one card, the deck check (problems and warnings), dungeon files and the
balance report. Nothing here changes state; every line fits the screen being
drawn (world.screen).
"""

from django.urls import reverse
from evennia.utils.utils import iter_to_str

from world.digger import rules
from world.digger.render import heading, table, wrap
from world.digger.sim_parties import SHIPPED, party_label
from world.screen import fill, fit
from world.words import counted


def _item(text, bullet="  - "):
    return fill(text, indent=bullet, hang="    ")


def state(model):
    return "|gpublished|n" if model.published else "|ydraft|n"


def dungeon_list(dungeons):
    """Every dungeon with its state and deck size (builders only)."""
    if not dungeons:
        return "There are no dungeons yet. Make one with +dungeon/create <name>=<type>."
    rows = [
        (str(model.number), model.name, model.type, str(model.card_count), state(model))
        for model in dungeons
    ]
    return "\n".join(
        (
            heading("Dungeons, drafts included"),
            str(table("#", "Dungeon", "Type", "Cards", "State", rows=rows)),
            "Players see only the published ones. +dungeon/show <#> shows a deck.",
        )
    )


# ---------------------------------------------------------------- decks and cards


def card(position, card_):
    """A card in full: position, title and key, header, text and Conditions."""
    lines = [
        f"|w{position:>2}. {card_.title or card_.key}|n [{card_.key}]",
        f"    {card_.header()}",
    ]
    if card_.text:
        lines.append(wrap(card_.text, "    "))
    lines += [wrap(label, "    ") for label in card_.condition_labels()]
    return "\n".join(lines)


def card_summary(card_):
    """'The Gate [gate] (Entry Brute 1)'."""
    what = card_.kind.title()
    if card_.is_challenge:
        what += f" {card_.ability or '?'} {card_.level or '?'}"
    return f"{card_.title or card_.key} [{card_.key}] ({what})"


def condition_choices():
    """Every Condition with its effect, advanced ones marked."""
    rows = [
        (name + ("*" if condition.advanced else ""), condition.label)
        for name, condition in rules.CONDITIONS.items()
    ]
    return (
        str(table("Condition", "Effect", rows=rows, widths={0: 14}))
        + "\n* advanced: rare in Ruins, wanted in Labyrinths and Abysses."
    )


def deck(result):
    """The whole dungeon for +dungeon/show: fields, every card, and the check."""
    model, dungeon = result.model, result.deck
    lines = [heading(f"Dungeon #{model.number}: {model.name}") + f" ({model.type}, {state(model)})"]
    if model.description:
        lines.append(wrap(f"Description: {model.description}"))
    if model.reward:
        lines.append(wrap(f"Reward: {model.reward}"))
    cards, challenges = len(dungeon.cards), len(dungeon.challenges)
    lines.append(f"Deck: {counted(cards, 'card')}, {counted(challenges, 'challenge')}.")
    lines += [card(position, card_) for position, card_ in enumerate(dungeon.cards, 1)]
    lines.append(report(result.report))
    return "\n".join(lines)


def report(found):
    """The deck check in full: problems stop publishing, warnings are guidance."""
    if not found.errors and not found.warnings:
        return "|gNo problems and no warnings: the deck is ready.|n"
    lines = []
    if found.errors:
        lines.append("|rProblems (it cannot be published until they are fixed):|n")
        lines += [_item(error) for error in found.errors]
    else:
        lines.append("|gNo problems: the deck can be published.|n")
    if found.warnings:
        lines.append("|yWarnings (where it strays from the guidance for public decks):|n")
        lines += [_item(warning) for warning in found.warnings]
    return "\n".join(lines)


def check_line(result):
    """One line about the deck check, after a change."""
    found = result.report
    if not found.errors and not found.warnings:
        return "Check: no problems, no warnings."
    return (
        f"Check: {counted(len(found.errors), 'problem')}, "
        f"{counted(len(found.warnings), 'warning')}; "
        f"+dungeon/validate {result.model.number} lists them."
    )


def changed(result):
    """A change made: what it was, and the deck check in one line."""
    return f"{wrap(result.done)}\n{check_line(result)}"


def checked(result):
    """A change (or a look) with the deck check in full: publishing and /validate."""
    title = result.done or f"Dungeon #{result.model.number} ({state(result.model)}):"
    return f"{wrap(title)}\n{report(result.report)}"


def deletion_warning(result):
    """What deleting the dungeon of `result` (building.check_deletable) would do."""
    model = result.model
    return (
        f"Deleting dungeon #{model.number} {model.name} removes it and its "
        f"{counted(len(result.deck.cards), 'card')} for good (past runs keep their own record)."
    )


def deletion_preview(result):
    return wrap(
        f"{deletion_warning(result)} To go ahead: +dungeon/delete {result.model.number}=yes"
    )


# ---------------------------------------------------------------- files


def exported(text, path):
    """The file text as written (pipes doubled so that no colour code is read in it)."""
    return f"{text.replace('|', '||')}\n|wWritten to {path}|n"


def imported(result):
    model = result.model
    how = "replaced" if result.replaced else "imported as a draft"
    lines = [
        wrap(
            f"Dungeon #{model.number} {model.name} is {how} from {result.path.name} "
            f"({counted(len(result.deck.cards), 'card')}, {state(model)})."
        )
    ]
    if result.report.warnings:
        lines.append("|yWarnings (where it strays from the guidance for public decks):|n")
        lines += [_item(warning) for warning in result.report.warnings]
    return "\n".join(lines)


def file_list(names, directory):
    if not names:
        return wrap(f"There are no dungeon files in {directory} yet.")
    return "\n".join([heading(f"Dungeon files in {directory}")] + [f"  {name}" for name in names])


# ---------------------------------------------------------------- simulations


def simulation_started(request):
    """What +dungeon/simulate says at once: started, or waiting behind `request.ahead` others."""
    job = request.job
    dungeon = job.dungeon
    others = [name for name in SHIPPED if name != job.party.name]
    what = (
        f"{job.runs:,} runs of dungeon #{dungeon.number} {dungeon.name} with "
        f"{party_label(job.party.name)}, and as many with each of "
        f"{iter_to_str(others, endsep='and')} beside "
        f"it (seed {job.seed})"
    )
    if request.started:
        return wrap(f"Simulating {what}. The report comes when it is done; carry on meanwhile.")
    return wrap(
        f"The game runs {_simulations(rules.SIMULATIONS_AT_ONCE)} at a time and "
        f"{_simulations(request.ahead)} must finish first: your {what} will start by "
        "themselves when their turn comes. The report comes when it is done; carry on "
        "meanwhile."
    )


def _simulations(count):
    return "one simulation" if count == 1 else f"{count} simulations"


def simulation_report(done):
    """The balance report (a SimulationDone): the spread, the warning, the details."""
    lines = []
    for line in done.report.render().splitlines():
        text = fit(line)
        lines.append(f"|r{text}|n" if line.startswith("Warning:") else text)
    if done.record is not None:
        lines.append(f"On the web: {reverse('digger:simulation', args=[done.record.pk])}")
    return "\n".join([heading("Balance report")] + lines)


def simulation_failed():
    return "|rThe simulation failed on our side; staff can see why in the server log.|n"
