"""
How dungeons, parties and runs look: the dungeon list, cards, round results,
+camp and +challenge, and the party's news. Each move has a text for the
party (everything) and a shorter one for the room (what onlookers see).
Nothing here changes state; every line fits in 78 columns.
"""

from world.dice.digger import EXHAUSTED
from world.digger import rules
from world.digger.deck import quality_label
from world.digger.render import heading, table, tool_summary, wrap
from world.screen import fit
from world.words import counted

TAG = "|c[Digger]|n"
BAR = 20
SMALL_BAR = 10
_OUTCOME_WORDS = {
    rules.WON: "|gThe dungeon is won!|n",
    rules.RETREAT: "|yThe party retreats from the dungeon.|n",
    rules.LOST: "|rEvery delver is exhausted: the run is lost.|n",
}


def bar(value, top, width=BAR, full_word=""):
    """A bar that never runs past `top`; at the top it says `full_word` if given."""
    shown = max(0, min(value, top))
    filled = shown * width // top
    colour = "|g" if value < top else "|r"
    text = f"[{colour}{'#' * filled}|n{'-' * (width - filled)}] {shown}/{top}"
    return f"{text} {full_word}" if full_word and value >= top else text


def exhaustion_bar(value, width=SMALL_BAR):
    return bar(value, rules.EXHAUSTION_LIMIT, width, "exhausted")


def exhaustion_value(value):
    """'35', or '100 (exhausted)' for anything at or past the limit."""
    if value >= rules.EXHAUSTION_LIMIT:
        return f"{rules.EXHAUSTION_LIMIT} (exhausted)"
    return str(value)


# ---------------------------------------------------------------- dungeons


def dungeon_list(dungeons):
    if not dungeons:
        return "No dungeon is open yet."
    rows = [(str(dungeon.number), dungeon.name, dungeon.type) for dungeon in dungeons]
    return (
        heading("Dungeons open for exploring")
        + "\n"
        + str(table("#", "Dungeon", "Type", rows=rows))
        + "\nMake a party for one with +party/create <#>."
    )


def dungeon_info(dungeon, presenter):
    """Dungeon `dungeon` (a deck.Dungeon) as `presenter` shows it to the room."""
    challenges = dungeon.challenges
    final = dungeon.first(rules.FINAL)
    lines = [
        f"{TAG} {presenter.key} tells about dungeon #{dungeon.number}:",
        heading(f"{dungeon.name}") + f" ({dungeon.type})",
        wrap(dungeon.description) if dungeon.description else "",
        wrap(f"Reward: {dungeon.reward}") if dungeon.reward else "",
        f"Challenges: {len(challenges)}; the Final is Level {final.level if final else '?'}.",
    ]
    return "\n".join(line for line in lines if line)


# ---------------------------------------------------------------- cards


def card_block(card, challenge):
    """A challenge card: title, header, text, and its Conditions with their effect."""
    lines = [
        heading(f"Challenge {challenge}: {card.title or card.key}"),
        f"{card.header()} (target {rules.target_number(card.level)})",
    ]
    if card.text:
        lines.append(wrap(card.text))
    lines += [wrap(label, "  ") for label in card.condition_labels()]
    return "\n".join(lines)


def drawn(report):
    first = (
        f"{report.drawer.key} leads the party into {report.audience.dungeon}."
        if report.entered
        else f"{report.drawer.key} draws the next card."
    )
    answer = wrap(
        "Answer with +act <ability or tool> (or +risk); "
        f"{report.drawer.key} completes the round with +act/complete."
    )
    return f"{TAG} {first}\n{card_block(report.card, report.challenge)}\n{answer}"


def drawn_public(report):
    """One line for onlookers: the card itself is the party's business."""
    audience = report.audience
    if report.entered:
        return f"{TAG} {audience.party} enters {audience.dungeon}."
    return f"{TAG} {audience.party} draws challenge {report.challenge} in {audience.dungeon}."


# ---------------------------------------------------------------- acting


def acted(report):
    action = report.action
    tool = action.tool
    what = f"{tool.name} ({tool_summary(tool)})" if tool else rules.ACTIONS[action.ability]
    risk = " and takes a risk" if action.mode == rules.RISK else ""
    lines = [f"{TAG} {report.actor.key} answers with {what}{risk}."]
    if tool:
        lines.append(f"  {tool.name} has {counted(report.uses_left, 'use')} left in this run.")
        lines += [f"  On the party: {quality_label(name)}" for name in tool.effects]
    if report.cleared:
        lines.append(f"  {counted(report.cleared, 'Condition')} cleared from the party.")
    if report.waiting:
        lines.append(f"  Still to act: {', '.join(report.waiting)}.")
    else:
        lines.append(f"  Everyone has acted: {report.drawer} can +act/complete.")
    return fit("\n".join(lines))


def acted_public(report):
    """Onlookers hear nothing of each member's answer (None): the room would drown in them."""
    return None


# ---------------------------------------------------------------- results


def _signed(items):
    return ", ".join(f"{source} {amount:+d}" for source, amount in items)


def round_result(report):
    """The verdict, a table of every member's roll, their Exhaustion, and Exploration."""
    result = report.result
    names = report.names
    verdict = "|gpasses|n" if result.passed else "|rfails|n"
    lines = [
        f"{TAG} Challenge {report.challenge}, {report.card.title or report.card.key}: "
        f"the party {verdict}",
        f"{result.successes} of {counted(result.rolled, 'roll')} reached {result.target} "
        f"({result.needed} needed).",
    ]
    rows = []
    for roll in result.members:
        name = names[roll.member_id] + (" (risk)" if roll.mode == rules.RISK else "")
        if roll.rolled:
            outcome = "|gsuccess|n" if roll.success else "|rfailure|n"
            dice = "+".join(map(str, roll.dice))
            rows.append((name, dice, _modifiers(roll), f"{roll.total} vs {roll.target}", outcome))
        else:
            rows.append((name, "-", "", "", "away" if roll.status != EXHAUSTED else "spent"))
    lines.append(str(table("Member", "Dice", "Modifiers", "Roll", "Result", rows=rows)))
    lines.append(
        f"Exploration +{result.exploration_gain} ({_signed(result.exploration_items)}): "
        f"now {report.exploration}."
    )
    for roll in result.members:
        if roll.status == EXHAUSTED:
            continue
        lines.append(
            wrap(
                f"{names[roll.member_id]}: Exhaustion +{roll.exhaustion_gain} "
                f"({_signed(roll.exhaustion_items)}) -> {exhaustion_value(roll.exhaustion_after)}",
                "  ",
            )
        )
    if report.ending:
        lines.append(ending(report.ending))
    elif report.exploration >= rules.FINAL_TRIGGER:
        lines.append(wrap(f"|yThe heart of the dungeon lies open: {_NEXT[report.next_kind]}|n"))
    return "\n".join(lines)


# What the next draw brings once the party has the Exploration for the Final.
_NEXT = {
    rules.FINAL: "the next draw brings the Final.",
    rules.CLIMAX: "the next draw brings its Climax, then the Final.",
    rules.SECOND: "first, though, the next draw brings one of its Second cards.",
    rules.THIRD: "first, though, the next draw brings one of its Third cards.",
}


def _modifiers(roll):
    parts = [f"{roll.rating:+d} rating"] + [
        f"{amount:+d} {source}" for source, amount in roll.modifiers
    ]
    return ", ".join(parts)


# How the room hears that a run is over, at the end of the round's one line.
_PUBLIC_OUTCOME = {
    rules.WON: "the dungeon is won",
    rules.RETREAT: "the party retreats and the run is over",
    rules.LOST: "the run is lost",
}


def round_public(report):
    """The round's verdict for onlookers in one line, naming the party as always."""
    audience = report.audience
    verdict = "passes" if report.result.passed else "fails"
    text = f"{TAG} {audience.party} {verdict} challenge {report.challenge} in {audience.dungeon}"
    if report.ending:
        text += f": {_PUBLIC_OUTCOME[report.ending.outcome]}"
    return wrap(text + ".")


def retreated_public(audience):
    return wrap(f"{TAG} {audience.party} retreats from {audience.dungeon}: the run is over.")


def ending(end):
    lines = [_OUTCOME_WORDS[end.outcome]]
    if getattr(end, "at_the_door", False) and end.outcome == rules.RETREAT:
        lines.append("You turn back at the entrance, before the dungeon has touched you.")
    if end.card is not None:
        lines.append(heading(f"{end.card.kind.title()}: {end.card.title or end.card.key}"))
        if end.card.text:
            lines.append(wrap(end.card.text))
    if end.outcome == rules.WON and end.reward:
        lines.append(wrap(f"Reward: {end.reward}"))
    return "\n".join(lines)


def retreated(leader, end):
    return f"{TAG} {leader.key} calls the retreat.\n{ending(end)}"


# ---------------------------------------------------------------- the party


def party_named(namer, named):
    return f"{TAG} {namer.key} names the party: the room now hears of {named.name}."


def party_change(change):
    """What the party (and the one who moved) hear of a change in the roster."""
    who = change.character.key
    dungeon = f"dungeon #{change.dungeon.number}, {change.dungeon.name}"
    texts = {
        "created": f"{who} gathers a party for {dungeon}. Others join with " f"+party/join {who}.",
        "joined": f"{who} joins the party for {dungeon}.",
        "left": f"{who} leaves the party.",
        "disbanded": f"{who} leaves; the party for {dungeon} is no more.",
        "promoted": f"{who} leads the party now.",
    }
    text = f"{TAG} {texts[change.kind]}"
    if change.kind == "left" and change.leader is not None:
        text += f" {change.leader.key} leads it."
    if change.ending is not None:
        text += "\n" + ending(change.ending)
    return wrap(text) if "\n" not in text else text


def roster(view):
    """+party: who is in it and whether it is in the dungeon."""
    rows = [
        (
            member.name + (" (leader)" if member.is_leader else ""),
            "online" if member.connected else "|xaway|n",
            ", ".join(tool.name for tool, _ in member.belt) or "-",
        )
        for member in view.members
        if not member.left
    ]
    where = "in the dungeon" if view.run else "waiting to enter (+dungeon/enter)"
    return (
        heading(f"Party for dungeon #{view.dungeon.number}, {view.dungeon.name}")
        + f": {where}\n"
        + str(table("Member", "", "Belt", rows=rows))
    )


# ---------------------------------------------------------------- camp and challenge


def camp(view):
    lines = [heading(f"Camp: dungeon #{view.dungeon.number}, {view.dungeon.name}")]
    if view.run is None:
        lines.append(roster(view))
        if view.last_run is not None:
            lines.append(last_run(view.last_run))
        lines.append(
            wrap(
                "Not in the dungeon now: the leader takes the party in with +dungeon/enter."
                if view.last_run is None
                else "What next: the leader takes the party in again with +dungeon/enter, "
                "or +party/leave and +party/create <#> for another dungeon (+dungeon/list)."
            )
        )
        return "\n".join(lines)
    state = view.state
    if view.card is not None:
        status = "pending" if state.pending else "done"
        lines.append(
            f"Challenge {state.challenge} ({status}): {view.card.title or view.card.key}, "
            f"{view.card.ability} Level {view.card.level}, drawn by {view.drawer}"
        )
    lines.append(f"Exploration {bar(state.exploration, rules.FINAL_TRIGGER)} to the Final")
    rows = []
    for member in view.members:
        name = member.name + (" *" if member.is_leader else "")
        if member.left:
            status = "left"
        elif not member.connected:
            status = "away"
        elif member.action is not None:
            status = member.action.describe()
        else:
            status = "-"
        belt = ", ".join(f"{tool.name} {left}/{tool.uses}" for tool, left in member.belt)
        rows.append(
            (name, exhaustion_bar(member.exhaustion), status, belt or "-")
        )
    lines.append(str(table("Member", "Exhaustion", "Acted", "Belt (uses left)", rows=rows)))
    lines.append("* leads the party")
    lines += _modifier_lines("Conditions", view.conditions)
    lines += _modifier_lines("Effects", view.effects)
    if state.pending:
        waiting = ", ".join(view.waiting) or "nobody"
        lines.append(f"Still to act: {waiting}. {view.drawer} completes the round.")
    elif view.next_drawer:
        lines.append(f"Next to draw: {view.next_drawer} (any member may +dungeon/draw).")
    return "\n".join(lines)


_LAST_OUTCOME = {
    rules.WON: "|gthe dungeon was won|n",
    rules.RETREAT: "|ythe party retreated|n",
    rules.LOST: "|rthe run was lost|n (everyone exhausted)",
}


def last_run(run):
    """How the party's last run ended, in one line."""
    exploration = (run.state or {}).get("exploration", 0)
    when = run.ended_at.strftime("%Y-%m-%d %H:%M") if run.ended_at else "?"
    return wrap(
        f"Last run ({when} UTC): {_LAST_OUTCOME.get(run.outcome, run.outcome)}, "
        f"with {exploration} Exploration."
    )


def return_summary(view, character):
    """A few lines for a member coming back to an open run (login or reconnect)."""
    state = view.state
    lines = [f"{TAG} Your party is in dungeon #{view.dungeon.number}, {view.dungeon.name}."]
    me = next((member for member in view.members if member.name == character.key), None)
    if view.card is not None and state.pending:
        lines.append(
            f"Challenge {state.challenge} waits: {view.card.title or view.card.key} "
            f"({view.card.ability} Level {view.card.level})."
        )
        if me is not None and me.action is not None:
            lines.append(f"You have acted: {me.action.describe()}.")
        elif me is not None and me.exhaustion is not None and me.exhaustion >= rules.EXHAUSTION_LIMIT:
            lines.append("You are exhausted and cannot act.")
        else:
            lines.append("You have not acted yet: +act <ability or tool> (or +risk).")
        waiting = ", ".join(view.waiting) or "nobody"
        lines.append(f"Still to act: {waiting}. {view.drawer} completes the round.")
    else:
        lines.append(f"No card is waiting. Next to draw: {view.next_drawer or 'any member'} (+dungeon/draw).")
    lines.append("+camp shows it all; +challenge shows the card.")
    return "\n".join(wrap(line) for line in lines)


def _modifier_lines(title, modifiers):
    if not modifiers:
        return [f"{title}: none"]
    rows = [
        (
            modifier.name,
            modifier.label,
            "rest of run" if modifier.challenges_left is None else str(modifier.challenges_left),
        )
        for modifier in modifiers
    ]
    return [f"{title}:", str(table("Name", "Effect", "Challenges left", rows=rows))]


def challenge(view):
    state = view.state
    if view.run is None or view.card is None:
        return "Your party is not facing a challenge."
    if not state.pending:
        return (
            f"Challenge {state.challenge} is done. Next to draw: {view.next_drawer or 'nobody'}"
            " (+dungeon/draw)."
        )
    rows = []
    for member in view.members:
        if member.left:
            continue
        if member.exhaustion >= rules.EXHAUSTION_LIMIT:
            used = "exhausted"
        elif member.action is not None:
            used = member.action.describe()
        else:
            used = "-" if member.connected else "away"
        rows.append((member.name, used))
    return "\n".join(
        [
            card_block(view.card, state.challenge),
            f"Drawn by {view.drawer}.",
            str(table("Member", "Answered with", rows=rows)),
        ]
    )
