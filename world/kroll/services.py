"""
What the Kroll commands do: roll up sheets, run tests and Lucky rolls in a
room, and the staff's changes to sheets. Each function checks, changes the
database inside one transaction, records its dice in the roll log and returns
what happened; it never writes to a player. Refusals are `KrollError`s.

Dice come from `rng` (any object with `randint`); every function takes an
`rng` argument that defaults to this module's `default_rng`, which tests
may replace.
"""

import random
from dataclasses import asdict, dataclass, replace

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from world.access import is_staff
from world.dice import kroll as dice
from world.kroll import rules
from world.kroll.errors import KrollError
from world.kroll.models import Adventurer, KrollRoll, KrollSheet
from world.numbers import whole_number

default_rng = random.SystemRandom()



def _dice(rng):
    return default_rng if rng is None else rng


def _require_staff(character):
    if not is_staff(character):
        raise KrollError("Only staff can change Kroll sheets.")


# ---------------------------------------------------------------- look-ups


def attribute_named(text):
    """The attribute `text` names (any case, or a unique start such as 'sne')."""
    return _unique_start(text, rules.ATTRIBUTES, "attribute").lower()


def difficulty_named(text):
    """The difficulty row `text` names ('hard', 'very hard', 'extra', ...)."""
    names = [row.name for row in rules.DIFFICULTIES]
    return dice.difficulty_named(_unique_start(text, names, "difficulty"))


def _unique_start(text, choices, what):
    wanted = " ".join(text.lower().replace("-", " ").split())
    exact = [choice for choice in choices if choice.lower() == wanted]
    starting = [choice for choice in choices if choice.lower().startswith(wanted)]
    found = exact or (starting if wanted and len(starting) == 1 else [])
    if not found:
        raise KrollError(f"'{text}' is not a Kroll {what}. Choose from: {', '.join(choices)}.")
    return found[0]


def circumstance_bonus(text):
    """Bonus dice from '2' or from the advantage: 'moderate', 'unusual', 'overwhelming'.

    A bonus is at least one die: 'bonus 0' is refused, not taken as no bonus.
    """
    text = text.strip().lower()
    if text in rules.CIRCUMSTANCE_BONUS:
        return dice.circumstance_bonus(text)
    bonus = whole_number(text, 1, rules.MAX_BONUS)
    if bonus is None:
        raise KrollError(
            f"Give the bonus as 1 to {rules.MAX_BONUS} dice, or as moderate, unusual or "
            "overwhelming."
        )
    return bonus


@dataclass(frozen=True)
class GmDice:
    """The GM's side of a regular test: how many dice, and what to call them."""

    dice: int
    label: str


def gm_dice_for_difficulty(text):
    row = difficulty_named(text)
    return GmDice(row.dice, row.name)


def gm_dice_counted(text):
    """The GM's dice from a count such as '3'."""
    count = whole_number(text, 1, rules.MAX_GM_DICE)
    if count is None:
        raise KrollError(f"The GM rolls from 1 to {rules.MAX_GM_DICE} dice.")
    return GmDice(count, f"{count} {'die' if count == 1 else 'dice'}")


@dataclass(frozen=True)
class QuickNumber:
    """The number the GM calls for a quick test, and what to call it."""

    number: int
    label: str


def quick_number_for_difficulty(text):
    row = difficulty_named(text)
    if row.quick_number is None:
        raise KrollError(
            f"{row.name} is too much for a quick test: it needs a regular test "
            f"(+kroll <attribute> vs {row.name.lower()})."
        )
    return QuickNumber(row.quick_number, f"{row.quick_number} ({row.name})")


def quick_number_called(text):
    """The number the GM calls, from text such as '4'."""
    low, high = rules.QUICK_NUMBER_RANGE
    number = whole_number(text, low, high)
    if number is None:
        raise KrollError(f"Call a number from {low} to {high} for a quick test (no die beats a 6).")
    return QuickNumber(number, str(number))


def penalty_dice(text):
    """Penalty dice from text such as '2' (0 is none)."""
    penalty = whole_number(text, 0, rules.MAX_PENALTY)
    if penalty is None:
        raise _penalty_refusal()
    return penalty


def _penalty_refusal():
    return KrollError(f"Give the penalty dice as a whole number from 0 to {rules.MAX_PENALTY}.")


def rating_given(text):
    """A rating staff give, from text such as '7'."""
    rating = whole_number(text, *rules.STAFF_RATING_RANGE)
    if rating is None:
        raise _rating_refusal()
    return rating


def _rating_refusal():
    low, high = rules.STAFF_RATING_RANGE
    return KrollError(f"Give the rating as a whole number from {low} to {high}.")


# ---------------------------------------------------------------- sheets


def sheet_of(character, asker=None):
    try:
        return KrollSheet.objects.get(character=character)
    except KrollSheet.DoesNotExist:
        if asker is None or asker == character:
            raise KrollError("You have no Kroll sheet yet: |w+kroll/new|n rolls one up.") from None
        raise KrollError(f"{character.key} has no Kroll sheet yet.") from None


def living_adventurer(character, asker=None):
    """The adventurer who rolls for `character`, refusing spent sheets."""
    adventurer = sheet_of(character, asker).living
    if adventurer is None:
        whose = "Your" if asker is None or asker == character else f"{character.key}'s"
        raise KrollError(
            f"{whose} Kroll sheet is spent: all {rules.LIVES_PER_SHEET} lives are gone."
        )
    return adventurer


@dataclass(frozen=True)
class SheetView:
    """A sheet as its page shows it, with the hits its adventurer can follow up."""

    sheet: KrollSheet
    adventurers: tuple  # every life, first to last
    followups: tuple  # KrollRolls (see `followup_hits`)

    @property
    def living(self):
        return next((adventurer for adventurer in self.adventurers if adventurer.alive), None)


def sheet_for_viewing(viewer, character):
    """The sheet `viewer` may look at: their own, or anyone's for staff."""
    if character != viewer and not is_staff(viewer):
        raise KrollError("You can only look at your own Kroll sheet.")
    sheet = sheet_of(character, viewer)
    view = SheetView(sheet, tuple(sheet.adventurers.all()), followups=())
    if view.living is None:
        return view
    return replace(view, followups=followup_hits(view.living))


def followup_hits(adventurer, limit=rules.FOLLOWUP_HITS_SHOWN):
    """The latest tests `adventurer` won with hits, newest first: the hits a
    followup brings back to them (`followup #<number>` in that test's room)."""
    return tuple(
        KrollRoll.objects.filter(kind__in=KrollRoll.TESTS, hits__gt=0, room__isnull=False)
        .filter(_won_by(adventurer))
        .select_related("room")[:limit]
    )


def roll_up(character, rng=None):
    """Chargen: a new sheet whose first adventurer rolls 1d6 per attribute."""
    with transaction.atomic():
        if KrollSheet.objects.filter(character=character).exists():
            raise KrollError("You already have a Kroll sheet: |w+kroll/sheet|n shows it.")
        sheet = KrollSheet.objects.create(character=character)
        return _new_adventurer(sheet, 1, character, _dice(rng))


def _new_adventurer(sheet, life, roller, rng):
    faces = [rng.randint(1, rules.CHARGEN_DIE_SIDES) for _ in rules.ATTRIBUTES]
    adventurer = Adventurer.objects.create(
        sheet=sheet, life=life, **dict(zip(rules.ATTRIBUTES, faces))
    )
    KrollRoll.objects.create(
        kind=KrollRoll.CHARGEN,
        roller=roller,
        room=sheet.character.location,
        adventurer=adventurer,
        a_dice=faces,
        target=f"life {life}",
        details={"ratings": adventurer.ratings()},
    )
    return adventurer


@dataclass(frozen=True)
class Death:
    dead: Adventurer
    successor: Adventurer | None  # None: the sheet is spent


def kill_adventurer(staff, character, rng=None):
    """The living adventurer dies; the next life is rolled up on the same sheet."""
    _require_staff(staff)
    with transaction.atomic():
        dead = living_adventurer(character, staff)
        dead.alive = False
        dead.died_at = timezone.now()
        dead.save(update_fields=["alive", "died_at"])
        successor = None
        if dead.life < rules.LIVES_PER_SHEET:
            successor = _new_adventurer(dead.sheet, dead.life + 1, staff, _dice(rng))
    return Death(dead, successor)


def set_penalty(staff, character, penalty):
    _require_staff(staff)
    if not 0 <= penalty <= rules.MAX_PENALTY:
        raise _penalty_refusal()
    with transaction.atomic():
        adventurer = living_adventurer(character, staff)
        adventurer.penalty = penalty
        adventurer.save(update_fields=["penalty"])
    return adventurer


def set_rating(staff, character, attribute, rating):
    _require_staff(staff)
    low, high = rules.STAFF_RATING_RANGE
    if not low <= rating <= high:
        raise _rating_refusal()
    with transaction.atomic():
        adventurer = living_adventurer(character, staff)
        setattr(adventurer, attribute, rating)
        adventurer.save(update_fields=[attribute])
    return adventurer


# ---------------------------------------------------------------- tests


@dataclass(frozen=True)
class Followup:
    """Which earlier test a new one follows up: the tester's own last test in
    the room (the default), `character`'s last test there, or roll `roll_id`."""

    character: object = None
    roll_id: int | None = None


@dataclass(frozen=True)
class RollOptions:
    bonus: int = 0  # circumstance bonus for the tester
    their_bonus: int = 0  # circumstance bonus for the other side
    penalty: int = 0  # penalty dice on top of the sheet's
    their_penalty: int = 0  # penalty dice for the other side, this test only
    last_ditch: bool = False  # the tester qualifies for no dice: the attribute counts 0
    followup: Followup | None = None

    def __post_init__(self):
        for name in ("bonus", "their_bonus"):
            if not 0 <= getattr(self, name) <= rules.MAX_BONUS:
                raise KrollError(f"A circumstance bonus is 1 to {rules.MAX_BONUS} dice.")
        for name in ("penalty", "their_penalty"):
            if not 0 <= getattr(self, name) <= rules.MAX_PENALTY:
                raise _penalty_refusal()


@dataclass(frozen=True)
class RollReport:
    """A finished test as the room sees it."""

    roll_id: int
    actor: object
    attribute: str
    opposition: str  # "Hard", "3 dice", "4 (Moderate)" or the opponent's name
    result: object  # dice.RegularTest or dice.QuickTest
    opponent: object = None
    opponent_attribute: str = ""
    followup_of: int | None = None


def regular_test(character, attribute, gm, options=RollOptions(), rng=None):
    """`character` tests `attribute` against the GM's dice (`GmDice`)."""
    with transaction.atomic():
        actor = _tester(character)
        source, mine, theirs = _followup_dice(
            character, actor, options.followup, opponent=None, quick=False
        )
        a_pool = _pool(actor, attribute, mine, options)
        b_pool = dice.build_pool(
            gm.dice, bonus=options.their_bonus, followup=theirs, penalty=options.their_penalty
        )
        _refuse_if_nobody_rolls(a_pool, b_pool, "the GM's dice")
        result = dice.regular_pool_test(a_pool, b_pool, _dice(rng))
        roll = _record_regular(
            KrollRoll.REGULAR, character, actor, attribute, gm.label, result, source
        )
    return RollReport(roll.pk, character, attribute, gm.label, result, followup_of=_id(source))


def quick_test(character, attribute, called, options=RollOptions(), rng=None):
    """`character` tests `attribute` against the number the GM calls (`QuickNumber`)."""
    if options.their_bonus:
        raise KrollError("A quick test has no GM dice to give a bonus to.")
    if options.their_penalty:
        raise KrollError("A quick test has no other side to give penalty dice to.")
    with transaction.atomic():
        actor = _tester(character)
        source, mine, _ = _followup_dice(
            character, actor, options.followup, opponent=None, quick=True
        )
        pool = _pool(actor, attribute, mine, options)
        result = dice.quick_pool_test(pool, called.number, _dice(rng))
        roll = KrollRoll.objects.create(
            kind=KrollRoll.QUICK,
            roller=character,
            room=character.location,
            adventurer=actor,
            attribute=attribute,
            target=called.label,
            a_dice=_faces(result.dice),
            modifiers={"a": _pool_record(pool), "number": called.number},
            winner="a" if result.success else "",
            hits=result.hits,
            followup_of=source,
        )
    return RollReport(roll.pk, character, attribute, called.label, result, followup_of=_id(source))


def opposed_test(
    character, attribute, opponent, opponent_attribute, options=RollOptions(), rng=None
):
    """`character`'s attribute against `opponent`'s, both in the same room."""
    if opponent == character:
        raise KrollError("You cannot test against yourself.")
    _require_here(character, opponent)
    with transaction.atomic():
        actor = _tester(character)
        other = living_adventurer(opponent, character)
        source, mine, theirs = _followup_dice(
            character, actor, options.followup, other, quick=False
        )
        a_pool = _pool(actor, attribute, mine, options)
        b_pool = _opponent_pool(other, opponent_attribute, theirs, options)
        _refuse_if_nobody_rolls(a_pool, b_pool, opponent.key)
        result = dice.regular_pool_test(a_pool, b_pool, _dice(rng))
        roll = _record_regular(
            KrollRoll.OPPOSED,
            character,
            actor,
            attribute,
            opponent.key,
            result,
            source,
            opponent=other,
            opponent_attribute=opponent_attribute,
        )
    return RollReport(
        roll.pk,
        character,
        attribute,
        opponent.key,
        result,
        opponent=opponent,
        opponent_attribute=opponent_attribute,
        followup_of=_id(source),
    )


def _tester(character):
    if character.location is None:
        raise KrollError("Tests are rolled in a room, and you are not in one.")
    return living_adventurer(character)


def _require_here(character, other):
    if other.location != character.location:
        raise KrollError(f"{other.key} is not here.")


def _pool(adventurer, attribute, followup, options):
    """The tester's pool. Sheet penalty dice always count, on top of any given for this
    test; a tester who qualifies for no dice (`last_ditch`) has 0 of the attribute, so
    one last-ditch die, or none at all under penalty dice."""
    rating = 0 if options.last_ditch else adventurer.rating(attribute)
    return dice.build_pool(
        rating,
        bonus=options.bonus,
        followup=followup,
        penalty=adventurer.penalty + options.penalty,
    )


def _opponent_pool(adventurer, attribute, followup, options):
    """The opponent's pool: their sheet's penalty dice and any given them for this test."""
    return dice.build_pool(
        adventurer.rating(attribute),
        bonus=options.their_bonus,
        followup=followup,
        penalty=adventurer.penalty + options.their_penalty,
    )


def _refuse_if_nobody_rolls(a_pool, b_pool, other):
    """A test needs dice on one side at least; `other` names the other side."""
    if a_pool.automatic_failure and b_pool.automatic_failure:
        raise KrollError(f"Neither you nor {other} can act: penalty dice outweigh both pools.")


def _followup_dice(character, actor, followup, opponent, quick):
    """(source roll, dice for the tester, dice for the other side).

    The earlier test's hits go to the side that won it: to the tester for
    their own win or a fellow character's, to the opponent if the opponent
    won it, and to the GM's dice if the GM's dice won it.
    """
    if followup is None:
        return None, 0, 0
    source = _followup_source(character, actor, followup)
    if not source.hits or not source.winner:
        raise KrollError(f"Roll #{source.pk} scored no hits, so there is nothing to follow up.")
    if _gm_won(source):
        if quick or opponent is not None:
            raise KrollError(
                f"The GM's dice won roll #{source.pk}; only a regular test against GM dice "
                "can take its hits."
            )
        return source, 0, dice.followup_dice(source.hits)
    winner, loser = source.adventurer, source.opponent
    if source.winner == "b":
        winner, loser = loser, winner
    if winner is None:
        raise KrollError(f"The winner of roll #{source.pk} is no longer on record.")
    if opponent is not None and winner.sheet_id == opponent.sheet_id:
        return source, 0, dice.followup_dice(source.hits)
    if loser is not None and loser.sheet_id == actor.sheet_id != winner.sheet_id:
        raise KrollError(
            f"You lost roll #{source.pk}; its hits are {winner.sheet.character.key}'s."
        )
    return source, dice.followup_dice(source.hits), 0


def _followup_source(character, actor, followup):
    tests = KrollRoll.objects.filter(room=character.location, kind__in=KrollRoll.TESTS)
    if followup.roll_id is not None:
        source = tests.filter(pk=followup.roll_id).first()
        if source is None:
            raise KrollError(f"There is no test #{followup.roll_id} in this room.")
        return source
    whose = actor.sheet if followup.character is None else sheet_of(followup.character, character)
    source = tests.filter(_takes_part(whose)).first()
    if source is None:
        who = "You have" if followup.character is None else f"{followup.character.key} has"
        raise KrollError(f"{who} made no test in this room to follow up.")
    return source


def _takes_part(sheet):
    return Q(adventurer__sheet=sheet) | Q(opponent__sheet=sheet)


# Who won a test: side a is always the tester; side b is the opponent in an
# opposed test and the GM's dice in any other. `_gm_won` and `_won_by` say the
# same thing for one roll and for a query.
def _gm_won(roll):
    return roll.winner == "b" and roll.kind != KrollRoll.OPPOSED


def _won_by(adventurer):
    return Q(winner="a", adventurer=adventurer) | Q(
        winner="b", kind=KrollRoll.OPPOSED, opponent=adventurer
    )


def _record_regular(
    kind, character, actor, attribute, target, result, source, opponent=None, opponent_attribute=""
):
    return KrollRoll.objects.create(
        kind=kind,
        roller=character,
        room=character.location,
        adventurer=actor,
        opponent=opponent,
        attribute=attribute,
        opponent_attribute=opponent_attribute,
        target=target,
        a_dice=_faces(result.a_dice),
        b_dice=_faces(result.b_dice),
        modifiers={"a": _pool_record(result.a_pool), "b": _pool_record(result.b_pool)},
        winner=result.winner,
        hits=result.hits,
        followup_of=source,
        details={"steps": _steps_record(result.steps), "called": result.called},
    )


def _faces(rolled):
    return [die.face for die in rolled]


def _pool_record(pool):
    return {**asdict(pool), "kind": pool.kind, "dice": pool.dice}


def _steps_record(steps):
    return [
        {"tie": step.value} if isinstance(step, dice.Tie) else {"extra": [step.a.face, step.b.face]}
        for step in steps
    ]


def _id(roll):
    return roll.pk if roll else None


# ---------------------------------------------------------------- Lucky


@dataclass(frozen=True)
class LuckyDrawReport:
    roll_id: int
    characters: tuple
    draw: object  # dice.LuckyDraw

    @property
    def picked(self):
        return self.characters[self.draw.picked]


def lucky_draw(roller, characters, rng=None, pick=dice.UNLUCKIEST):
    """Fate picks one of `characters` (all here) on Lucky: whoever rolls lowest for a bad
    fate (`pick` dice.UNLUCKIEST), whoever rolls highest for a good one (dice.LUCKIEST).

    Penalty dice do not count: nobody is trying anything, fate is choosing.
    """
    characters = _lucky_contenders(roller, characters)
    if len(characters) < 2:
        raise KrollError("Name at least two characters for fate to choose between.")
    with transaction.atomic():
        adventurers = [living_adventurer(character, roller) for character in characters]
        draw = dice.lucky_draw(
            [adventurer.lucky for adventurer in adventurers], _dice(rng), pick
        )
        roll = KrollRoll.objects.create(
            kind=KrollRoll.LUCKY_DRAW,
            roller=roller,
            room=roller.location,
            adventurer=adventurers[draw.picked],
            attribute="lucky",
            target=", ".join(character.key for character in characters),
            details={
                "contenders": [
                    {
                        "adventurer": adventurer.pk,
                        "name": character.key,
                        "lucky": adventurer.lucky,
                        "dice": _faces(rolled),
                    }
                    for character, adventurer, rolled in zip(characters, adventurers, draw.dice)
                ],
                "calls": [list(map(list, round_.calls)) for round_ in draw.rounds],
                "pick": draw.pick,
            },
        )
    return LuckyDrawReport(roll.pk, characters, draw)


def lucky_vs_gm(roller, characters, gm, rng=None):
    """Each of `characters` rolls Lucky in a regular test against the GM's dice."""
    characters = _lucky_contenders(roller, characters)
    if not characters:
        raise KrollError("Name the characters who roll Lucky against the GM.")
    rng = _dice(rng)
    reports = []
    with transaction.atomic():
        for character in characters:
            adventurer = living_adventurer(character, roller)
            result = dice.regular_pool_test(
                dice.build_pool(adventurer.lucky), dice.build_pool(gm.dice), rng
            )
            roll = _record_regular(
                KrollRoll.LUCKY_VS_GM, roller, adventurer, "lucky", gm.label, result, None
            )
            reports.append(RollReport(roll.pk, character, "lucky", gm.label, result))
    return reports


def _lucky_contenders(roller, characters):
    unique = list(dict.fromkeys(characters))
    if len(unique) > rules.MAX_LUCKY_CONTENDERS:
        raise KrollError(f"At most {rules.MAX_LUCKY_CONTENDERS} characters roll Lucky at once.")
    for character in unique:
        _require_here(roller, character)
    return unique


def recent_tests(room, limit=rules.RECENT_ROLLS_SHOWN):
    """The latest rolls made in `room`, newest first (for picking a followup)."""
    if room is None:
        return []
    return list(
        KrollRoll.objects.filter(room=room)
        .exclude(kind=KrollRoll.CHARGEN)
        .select_related("adventurer__sheet__character", "opponent__sheet__character")[:limit]
    )
