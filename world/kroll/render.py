"""
How Kroll looks to players: test results for the room, sheets, the roll log
and expedition ledgers. Every function only builds text, folded to 78 columns.
"""

from evennia.utils.utils import iter_to_str

from world.dice.kroll import LUCKIEST, QuickTest, difficulty_named
from world.kroll import rules
from world.text_table import WIDEST, fold, text_table

GM = "GM"


def _attr(name):
    return f"|c{name.capitalize()}|n"


def _tag(roll_id):
    return f"|w[Kroll #{roll_id}]|n"


def result(report):
    """A test as everyone in the room reads it: who, against what, the dice, the hits."""
    result = report.result
    followup = f" Follows up #{report.followup_of}." if report.followup_of else ""
    actor = report.actor.key
    if isinstance(result, QuickTest):
        head = (
            f"{actor} makes a quick {_attr(report.attribute)} test with {result.pool.render()} "
            f"against {report.opposition}."
        )
        return fold(
            f"{_tag(report.roll_id)} {head}{followup}\n  {_outcome(result.render(actor), result)}",
            WIDEST,
        )
    if report.opponent is not None:
        other = report.opponent.key
        against = f"{other}'s {_attr(report.opponent_attribute)} with {result.b_pool.render()}"
    elif difficulty_named(report.opposition):
        other = GM
        against = f"{report.opposition}: the GM rolls {result.b_pool.render()}"
    else:
        other = GM
        against = f"the GM's {result.b_pool.render()}"
    head = (
        f"{actor} tests {_attr(report.attribute)} with {result.a_pool.render()} against {against}."
    )
    line = result.render(actor, other)
    return fold(f"{_tag(report.roll_id)} {head}{followup}\n  {_outcome(line, result)}", WIDEST)


def _outcome(line, result):
    good = result.success if isinstance(result, QuickTest) else result.winner == "a"
    return f"{'|g' if good else '|r'}{line}|n"


def lucky_draw(report):
    names = [character.key for character in report.characters]
    fate = "lucky" if report.draw.pick == LUCKIEST else "unlucky"
    return fold(
        f"{_tag(report.roll_id)} Fate is choosing who is {fate}: "
        f"{iter_to_str(names, endsep='and')}.\n  |y{report.draw.render(names)}|n",
        WIDEST,
    )


def lucky_vs_gm(reports, gm):
    lines = [f"|wLucky against the GM's {gm.label}:|n"]
    for report in reports:
        name = report.actor.key
        verdict = "|gbeats the GM|n" if report.result.winner == "a" else "|rloses to the GM|n"
        lines.append(f"  {_tag(report.roll_id)} {name} {verdict}. {report.result.render(name, GM)}")
    return fold("\n".join(lines), WIDEST)


def rating_word(rating):
    return rules.RATING_WORDS.get(rating, "beyond extraordinary" if rating > 6 else "")


def sheet(view):
    """The whole sheet (a `services.SheetView`): the adventurer now playing with
    the hits they can follow up, then the dead."""
    living = view.living
    lines = [f"|wKroll sheet of {view.sheet.character.key}|n"]
    if living is None:
        lines.append(f"|rSpent|n: all {rules.LIVES_PER_SHEET} adventurers on this sheet have died.")
    else:
        lines.append(
            f"Adventurer {living.life} of {rules.LIVES_PER_SHEET}. "
            f"Penalty dice: {living.penalty or 'none'}."
        )
        lines.append(str(_ratings_table(living)))
        lines.extend(_followup_hits(view.followups))
    dead = [adventurer for adventurer in view.adventurers if not adventurer.alive]
    if dead:
        lines.append("|wThe fallen:|n")
        for adventurer in dead:
            ratings = ", ".join(
                f"{name.capitalize()} {value}" for name, value in adventurer.ratings().items()
            )
            lines.append(
                fold(f"  Life {adventurer.life}, died {adventurer.died_at:%Y-%m-%d}: {ratings}")
            )
    return "\n".join(lines)


def _followup_hits(rolls):
    if not rolls:
        return ["Hits to follow up: none (win a test with hits first)."]
    lines = ["|wHits to follow up|n (add =followup #<number> to a test in the same room):"]
    for roll in rolls:
        plural = "hit" if roll.hits == 1 else "hits"
        lines.append(f"  #{roll.pk} {_roll_what(roll)}, in {roll.room.key}: {roll.hits} {plural}")
    return lines


def _ratings_table(adventurer):
    rows = [(name.capitalize(), value, rating_word(value))
            for name, value in adventurer.ratings().items()]
    return text_table(["Attribute", "Dice", "Meaning"], rows)


def new_adventurer(character, adventurer):
    return fold(_rolled_up(character, adventurer), WIDEST)


def _rolled_up(character, adventurer):
    ratings = ", ".join(
        f"{name.capitalize()} {value}" for name, value in adventurer.ratings().items()
    )
    return (
        f"{character.key} rolls up adventurer {adventurer.life} of {rules.LIVES_PER_SHEET}: "
        f"{ratings}."
    )


def penalty_carried(character, penalty):
    if not penalty:
        return f"{character.key} now carries no penalty dice."
    return f"{character.key} now carries {penalty} penalty {'die' if penalty == 1 else 'dice'}."


def death(character, death):
    text = f"{character.key}'s adventurer {death.dead.life} is dead."
    if death.successor is None:
        return fold(text + " That was the last life on the sheet: it is spent.", WIDEST)
    return fold(text + " " + _rolled_up(character, death.successor), WIDEST)


def recent(rolls):
    if not rolls:
        return "No Kroll rolls have been made here yet."
    table = text_table(
        ["#", "What", "Who", "Outcome"],
        [(roll.pk, _roll_what(roll), _roll_who(roll), _roll_outcome(roll)) for roll in rolls],
    )
    return f"|wRecent Kroll rolls here|n (a followup names one: followup #<number>)\n{table}"


def _roll_what(roll):
    if roll.kind == roll.LUCKY_DRAW:
        return "Lucky draw"
    attribute = roll.attribute.capitalize()
    if roll.kind == roll.OPPOSED:
        return f"{attribute} vs {roll.target}'s {roll.opponent_attribute.capitalize()}"
    return f"{attribute} vs {roll.target}" + (" (quick)" if roll.kind == roll.QUICK else "")


def _roll_who(roll):
    return roll.adventurer.sheet.character.key if roll.adventurer else "?"


def _roll_outcome(roll):
    if roll.kind == roll.LUCKY_DRAW:
        return f"fate picked {_roll_who(roll)}"
    if not roll.winner:
        return "failed"
    if roll.winner == "a":
        winner = _roll_who(roll)
    else:
        winner = roll.opponent.sheet.character.key if roll.opponent else GM
    return f"{winner}, {roll.hits} hit{'s' if roll.hits != 1 else ''}"


def ledger(ledger):
    expedition = ledger.expedition
    leader = expedition.leader_id
    rows = [
        (member.character.key + (" (leader)" if member.character_id == leader else ""),
         f"{member.share}%")
        for member in ledger.members
    ]
    table = text_table(["Member", "Share"], rows)
    lines = [f"|wExpedition: {expedition.name}|n", table, f"Unclaimed: {ledger.unclaimed}%"]
    for offer in ledger.offers:
        lines.append("  " + share_offer(offer))
    return "\n".join(lines)


def share_offer(offer):
    share = f"{offer.share}%"
    if offer.proposed_by_id == offer.character_id:
        return f"{offer.character.key} asks for {share} (waiting for the leader)."
    return f"{offer.proposed_by.key} offers {offer.character.key} {share} (waiting for them)."


def invitations(offers):
    return "\n".join(
        f"{offer.expedition.leader.key} invites you onto '{offer.expedition.name}' for "
        f"{offer.share}%: |w+expedition/accept {offer.expedition.leader.key}|n to join."
        for offer in offers
    )
