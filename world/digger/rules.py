"""
Digger's rules table: every number of the house rules (the game's help topics
`dungeon rules` and `digger points` quote them) and the source's Conditions and
Tool qualities, as plain data.

This is the ONE place staff re-tune Digger. The live game (services) and the
balance simulator both use it through `world.dice.digger` (a round's
arithmetic, given `ROUND_RULES` at the end of this file) and
`world.digger.engine` (a run), which never hold a number of their own. Conditions and Tool qualities are declared, not coded: each is a
list of `Part`s (a timing window and an effect kind), and the engine compiles
these declarations once at import and interprets them generically, so changing
an amount or a window here changes the game with no code change.

Interpretations the game makes where the source is silent or loose (each is
also described where the rule lives in the engine):

* Timing is kept in absolute challenge numbers (the Entry card is challenge 1).
  A Condition arrives when its card is drawn, so "this challenge" is the drawn
  card; a Tool effect arrives when a member acts with the Tool, so "this
  challenge" is the one being played and "next" the one after it.
* Conditions stack, even two copies of the same one ("these Conditions can
  stack"): each copy keeps its own timer. Tool effects do not: a duplicate
  restarts the timer (the newer copy replaces the older one wherever both would
  apply; two members using the same quality in one round share one copy).
* Save Point and Cleanse remove every Condition on the party (good ones such as
  Secret or Treasure included, and the pending halves of Hesitate & co.); they
  never touch Tool effects. Save Point clears before its own card's other
  Conditions arrive.
* Rally and Fanfare look at the party's result on the challenge before the one
  they apply to; on the first challenge there is none, so neither does anything.
* Shortsighted lowers whatever ability the next challenge tests.
* Stalwart: every member takes -5, a member who used a Stalwart tool this round
  takes -10 instead. Liability: the whole party takes +10 if any member who
  used a Liability tool this round rolled and failed (once, not per user).
* A disconnected member makes no roll, so no "own failure" part (own failure,
  risk, Injure, Exhaust) applies to them; every other Exhaustion part does.
  That holds for a member who acted and then disconnected before the round was
  completed: they make no roll (no Tool bonus, no risk), but their act stays
  done, as it was done when they acted: a Tool's use stays spent and its
  effects stay on the party (a Stalwart user still takes the user's -10).
* Ability modifiers are not clamped: they change the roll, so a rating of 0
  under a -2 simply rolls 2 lower.
"""

from dataclasses import dataclass
from functools import cache

# The dice engine's words (modes, the Final card, outcomes, when an Exhaustion
# part counts): the engine defines them, since it imports nothing from here.
from world.dice.digger import (
    ACT,
    ALWAYS,
    FINAL,
    LOST,
    OWN_FAILURE,
    RETREAT,
    RISK,
    USER_FAILURE,
    WON,
    RoundRules,
)

# --- Abilities and their basic actions --------------------------------------

BRUTE, AGILITY, WITS, COMBAT = "Brute", "Agility", "Wits", "Combat"
ABILITIES = (BRUTE, AGILITY, WITS, COMBAT)
ACTIONS = {BRUTE: "Force", AGILITY: "Rush", WITS: "Investigate", COMBAT: "Fight"}
ALL_ABILITIES = "all abilities"

_ABILITY_WORDS = {
    word.lower(): ability for ability in ABILITIES for word in (ability, ACTIONS[ability])
}


def ability_for_word(word):
    """The ability an ability or action name stands for ("force" -> "Brute"), or None."""
    return _ABILITY_WORDS.get(word.strip().lower())


# --- Ratings and Digger Points ----------------------------------------------

RATING_MIN = 0
RATING_MAX = 10
STARTING_DP = 48
# DP staff give (or take back) in one +digger/grant: more than a whole sheet needs
# (all four ratings at 10 cost 220), little enough that no typo reaches the ledger's limits.
GRANT_MAX = 500


def raise_cost(rating):
    """DP to raise a rating from `rating` to `rating + 1` (and refunded by lowering back)."""
    return rating + 1


def rating_total_cost(rating):
    """DP a rating has cost in all from 0 (rating 5 -> 15)."""
    return rating * (rating + 1) // 2


# --- Tools -------------------------------------------------------------------

TOOL_COST_DP = 3
INITIAL_BONUS_FREE_TOOLS = 1  # the first Tool bought in chargen comes with one more, once
TOOL_POINTS = 4  # a design must add up to exactly this
MAJOR, MINOR = "Major", "Minor"
TOOL_RATINGS = (MAJOR, MINOR)
RATING_TP = {MAJOR: 3, MINOR: 2}
TOOL_USES = {MAJOR: 2, MINOR: 3}
# Tuned (from Major +3, Minor +2) against the standard party of
# data/parties/standard.yaml on the sample dungeons, the other shipped parties
# beside it: with legal Tools (Improved +2 on top) the old bonuses put that party
# far above every band. Improved stays worth more than the Major/Minor gap, as the
# source has it. Figures and the commands behind them: benchmarks/README.md.
TOOL_BONUS = {MAJOR: 2, MINOR: 1}
MAX_TOOL_CATEGORIES = 3  # of the four abilities, per Form
MAX_DRAWBACKS = 1

DRAWBACK, LESSER, GREATER, GREATEST = "drawback", "lesser", "greater", "greatest"
TIER_TP = {DRAWBACK: -1, LESSER: 1, GREATER: 2, GREATEST: 3}

# --- Tool Belt -----------------------------------------------------------------

BELT_SLOTS_CHAPTER_1 = 2
BELT_SLOTS_PER_CHAPTER = 1
BELT_SLOTS_MAX = 5
EARLY_SLOTS_AT_ONCE = 1  # one slot ahead of the Chapter; refunded when the Chapter grants it
EARLY_SLOT_COST = 7
EARLY_SLOT_COST_LATE = 5
EARLY_SLOT_LATE_FROM_CHAPTER = 3


def free_belt_slots(chapter):
    """Belt slots every character has for free in `chapter` (1-based)."""
    return min(BELT_SLOTS_MAX, BELT_SLOTS_CHAPTER_1 + BELT_SLOTS_PER_CHAPTER * (chapter - 1))


def early_slot_cost(chapter):
    """DP for a slot ahead of the Chapter."""
    return EARLY_SLOT_COST_LATE if chapter >= EARLY_SLOT_LATE_FROM_CHAPTER else EARLY_SLOT_COST


# --- Parties and rounds --------------------------------------------------------

PARTY_MAX = 7
DICE_COUNT = 2
DICE_SIDES = 6
LEVEL_MIN = 1
LEVEL_MAX = 4
TARGET_BASE = 7  # success if 2d6 + rating + modifiers >= 7 + 2 x Level
TARGET_PER_LEVEL = 2
PASS_SHARE = (1, 2)  # the party passes if at least half (rounded up) of those who rolled succeed
RISK_ROLL_BONUS = 2
MODES = (ACT, RISK)

# Tuned (from 15) with TOOL_BONUS, against the same parties and samples: longer runs
# spend more of a party's Tool uses before the Final, which the standard party's
# wins in Labyrinths and Abysses hung on.
EXPLORATION_PASS_BASE = 10
EXPLORATION_PASS_PER_LEVEL = 5
EXPLORATION_FAIL = 5
FINAL_TRIGGER = 70  # the next draw at or above this brings the Climax (if any), then the Final

EXHAUSTION_PASS_PER_LEVEL = 4
EXHAUSTION_FAIL_BASE = 10
EXHAUSTION_FAIL_PER_LEVEL = 5
EXHAUSTION_OWN_FAILURE = 5
EXHAUSTION_RISK_FAILED = 10
EXHAUSTION_RISK_TOOL = {MAJOR: 10, MINOR: 5}  # on top, when the failed risk used a Tool
EXHAUSTION_LIMIT = 100  # at or above it a member cannot act; everyone there loses the run
EXHAUSTION_GAIN_FLOOR = 0  # a member's gain for one challenge (Suffer's minimum overrides)

# --- Cards, dungeons and balance guidance --------------------------------------

ENTRY, EXPLORATION, SECOND, THIRD = "entry", "exploration", "second", "third"
CLIMAX = "climax"
DISCOVERY, ESCAPE, LANDMARK = "discovery", "escape", "landmark"
CHALLENGE_KINDS = (ENTRY, EXPLORATION, SECOND, THIRD, CLIMAX, FINAL)
OUTCOME_KINDS = (DISCOVERY, ESCAPE, LANDMARK)
CARD_KINDS = CHALLENGE_KINDS + OUTCOME_KINDS

OUTCOMES = (WON, RETREAT, LOST)

RUIN, LABYRINTH, ABYSS = "Ruin", "Labyrinth", "Abyss"


@dataclass(frozen=True)
class DungeonType:
    """Balance guidance for one dungeon type (builders are warned, not refused)."""

    levels: tuple  # (low, high) average Level of its challenge cards
    success: tuple  # (low, high) share of standard-party runs that should win
    final_levels: tuple  # allowed Levels of its Final card
    advanced_cards: tuple  # (min, max or None) cards carrying an advanced Condition


DUNGEON_TYPES = {
    RUIN: DungeonType(
        levels=(1.0, 2.0), success=(0.52, 0.68), final_levels=(3,), advanced_cards=(0, 1)
    ),
    LABYRINTH: DungeonType(
        levels=(2.0, 3.0), success=(0.32, 0.48), final_levels=(3, 4), advanced_cards=(1, None)
    ),
    ABYSS: DungeonType(
        levels=(3.0, 4.0), success=(0.05, 0.20), final_levels=(4,), advanced_cards=(3, None)
    ),
}

DECK_SIZE = (16, 20)  # all cards, outcome cards included
CHALLENGE_COUNT = (12, 16)  # challenge cards, split evenly over the four abilities
ABILITY_SPREAD_MAX = 1  # most-used minus least-used ability among challenge cards
HOPE_MAX_CARDS = 1  # "use sparingly"

# --- Balance simulations in the game (+dungeon/simulate) ------------------------

SIMULATION_DEFAULT_RUNS = 2_000
SIMULATION_MAX_RUNS = 20_000  # per request
SIMULATIONS_AT_ONCE = 1  # game-wide: the others wait their turn, oldest first
SIMULATIONS_WAITING_MAX = 5  # game-wide: past this many waiting, a request is refused

# --- Declarative effects: Conditions and Tool qualities ------------------------

# Timing windows, as (first, last) challenge offsets from the one the effect
# arrives on; last None = the rest of the dungeon.
THIS, NEXT, THIS_AND_NEXT, REST = "this", "next", "this and next", "rest of the dungeon"
WINDOW_OFFSETS = {THIS: (0, 0), NEXT: (1, 1), THIS_AND_NEXT: (0, 1), REST: (0, None)}

# Effect kinds.
ABILITY = "ability"  # `amount` to rolls on challenges testing `ability` (or ALL_ABILITIES)
CHALLENGE_ABILITY = "challenge ability"  # `amount` to whatever ability the challenge tests
EXPLORATION_ON_PASS = "exploration on pass"  # `amount` more Exploration if the party passes
EXHAUSTION = "exhaustion"  # `amount` to each member's gain, see `when` and `user_amount`
EXHAUSTION_MINIMUM = "exhaustion minimum"  # each member's gain is at least `amount`
CLEANSE = "cleanse"  # on arrival, remove every Condition on the party

# When an EXHAUSTION part counts for a member: ALWAYS, OWN_FAILURE (the member
# rolled and failed) or USER_FAILURE (someone who used the Tool this round
# rolled and failed), the engine's words imported above.

# A CHALLENGE_ABILITY part's test of the party's result on the previous challenge.
PASSED, FAILED = "passed", "failed"


@dataclass(frozen=True)
class Part:
    """One effect of a Condition or Tool quality, with its timing window."""

    kind: str
    window: str = THIS
    amount: int = 0
    ability: str | None = None
    when: str = ALWAYS
    user_amount: int | None = None  # EXHAUSTION: what a user of the Tool takes instead
    if_previous: str | None = None  # CHALLENGE_ABILITY: PASSED / FAILED, or None


@dataclass(frozen=True)
class Condition:
    """A Dungeon Condition: it hits the whole party from the moment its card is drawn."""

    name: str
    advanced: bool
    label: str  # short effect for card headers, shown as "<name>: <label>"
    parts: tuple


@dataclass(frozen=True)
class Quality:
    """A Tool quality or drawback: `uses`/`bonus` alter the Tool, `parts` join the Effects list."""

    name: str
    tier: str
    label: str
    parts: tuple = ()
    uses: int = 0
    bonus: int = 0
    minor_with_drawback_only: bool = False

    @property
    def tool_points(self):
        return TIER_TP[self.tier]

    @property
    def is_drawback(self):
        return self.tier == DRAWBACK


def _swap(name, down, up, advanced=False):
    """Hesitate and its kin: one ability down now, another up on the next challenge."""
    return Condition(
        name,
        advanced,
        f"{down} -1 (this), {up} +1 (next)",
        (Part(ABILITY, THIS, -1, down), Part(ABILITY, NEXT, 1, up)),
    )


def _ability_condition(name, ability, amount, window, advanced):
    return Condition(
        name,
        advanced,
        f"{ability} {amount:+d} ({window})",
        (Part(ABILITY, window, amount, ability),),
    )


def _boost(name, ability):
    """Strengthen and its kin: +2 to one ability now, +1 on the next challenge."""
    return Quality(
        name,
        GREATER,
        f"{ability} +2 (this), +1 (next)",
        (Part(ABILITY, THIS, 2, ability), Part(ABILITY, NEXT, 1, ability)),
    )


CONDITION_LIST = (
    _swap("Hesitate", AGILITY, WITS),
    _swap("Reckless", WITS, BRUTE),
    _swap("Fright", COMBAT, AGILITY),
    _swap("Overzealous", BRUTE, COMBAT),
    _ability_condition("Weaken", BRUTE, -2, THIS_AND_NEXT, False),
    _ability_condition("Slow", AGILITY, -2, THIS_AND_NEXT, False),
    _ability_condition("Stupify", WITS, -2, THIS_AND_NEXT, False),
    _ability_condition("Wound", COMBAT, -2, THIS_AND_NEXT, False),
    Condition(
        "Bad Luck",
        False,
        "all abilities -1 (this and next)",
        (Part(ABILITY, THIS_AND_NEXT, -1, ALL_ABILITIES),),
    ),
    Condition(
        "Injure",
        False,
        "Exhaustion +5 on a failed roll (this and next)",
        (Part(EXHAUSTION, THIS_AND_NEXT, 5, when=OWN_FAILURE),),
    ),
    Condition(
        "Tire", False, "Exhaustion +3 (this and next)", (Part(EXHAUSTION, THIS_AND_NEXT, 3),)
    ),
    Condition(
        "Exhaust",
        False,
        "Exhaustion +10 on a failed roll (this)",
        (Part(EXHAUSTION, THIS, 10, when=OWN_FAILURE),),
    ),
    Condition(
        "Treasure", False, "Exploration +5 on a pass (this)", (Part(EXPLORATION_ON_PASS, THIS, 5),)
    ),
    Condition(
        "Secret", False, "Exploration +10 on a pass (next)", (Part(EXPLORATION_ON_PASS, NEXT, 10),)
    ),
    Condition("Save Point", False, "clears every Condition", (Part(CLEANSE),)),
    Condition("Wonder", False, "Exhaustion -8 (this)", (Part(EXHAUSTION, THIS, -8),)),
    _ability_condition("Collapse", BRUTE, -2, REST, True),
    _ability_condition("Cripple", AGILITY, -2, REST, True),
    _ability_condition("Madness", WITS, -2, REST, True),
    _ability_condition("Maim", COMBAT, -2, REST, True),
    Condition(
        "Overwhelm", True, "Exhaustion +5 (rest of the dungeon)", (Part(EXHAUSTION, REST, 5),)
    ),
    Condition(
        "Suffer",
        True,
        "Exhaustion +10, at least 10 (this)",
        (Part(EXHAUSTION, THIS, 10), Part(EXHAUSTION_MINIMUM, THIS, 10)),
    ),
    Condition(
        "Vault", True, "Exploration +10 on a pass (this)", (Part(EXPLORATION_ON_PASS, THIS, 10),)
    ),
    Condition("Hope", True, "Exhaustion -15 (this)", (Part(EXHAUSTION, THIS, -15),)),
)
CONDITIONS = {condition.name: condition for condition in CONDITION_LIST}

QUALITY_LIST = (
    Quality("Sacrifice", DRAWBACK, "party Exhaustion +5 (this)", (Part(EXHAUSTION, THIS, 5),)),
    Quality(
        "Liability",
        DRAWBACK,
        "party Exhaustion +10 if the user fails (this)",
        (Part(EXHAUSTION, THIS, 10, when=USER_FAILURE),),
    ),
    Quality(
        "Shortsighted",
        DRAWBACK,
        "the tested ability -1 (next)",
        (Part(CHALLENGE_ABILITY, NEXT, -1),),
    ),
    Quality("Inefficient", DRAWBACK, "uses -1", uses=-1),
    Quality("Efficient", LESSER, "uses +1", uses=1),
    Quality(
        "Rally",
        LESSER,
        "the tested ability +1 if the party failed the last challenge (this)",
        (Part(CHALLENGE_ABILITY, THIS, 1, if_previous=FAILED),),
    ),
    Quality(
        "Fanfare",
        LESSER,
        "the tested ability +1 if the party passed the last challenge (this)",
        (Part(CHALLENGE_ABILITY, THIS, 1, if_previous=PASSED),),
    ),
    Quality("Improved", LESSER, "bonus +2", bonus=2),
    _boost("Strengthen", BRUTE),
    _boost("Quicken", AGILITY),
    _boost("Enlighten", WITS),
    _boost("Embolden", COMBAT),
    Quality(
        "Stalwart",
        GREATER,
        "party Exhaustion -5, the user's -10 (this)",
        (Part(EXHAUSTION, THIS, -5, user_amount=-10),),
    ),
    Quality("Resilient", GREATER, "party Exhaustion -10 (next)", (Part(EXHAUSTION, NEXT, -10),)),
    Quality(
        "Cleanse",
        GREATEST,
        "clears every Condition",
        (Part(CLEANSE),),
        minor_with_drawback_only=True,
    ),
)
QUALITIES = {quality.name: quality for quality in QUALITY_LIST}


def tool_uses(rating, qualities):
    """Uses per run of a Tool of `rating` with `qualities` (drawbacks included)."""
    return TOOL_USES[rating] + sum(QUALITIES[name].uses for name in qualities if name in QUALITIES)


def tool_bonus(rating, qualities):
    """The roll bonus a Tool of `rating` with `qualities` gives on a matching challenge."""
    return TOOL_BONUS[rating] + sum(
        QUALITIES[name].bonus for name in qualities if name in QUALITIES
    )


# What the dice engine resolves a round with (world.dice.digger takes it as an
# argument: the engine holds no number of its own).
ROUND_RULES = RoundRules(
    dice_sides=DICE_SIDES,
    target_base=TARGET_BASE,
    target_per_level=TARGET_PER_LEVEL,
    pass_share=PASS_SHARE,
    risk_roll_bonus=RISK_ROLL_BONUS,
    exploration_pass_base=EXPLORATION_PASS_BASE,
    exploration_pass_per_level=EXPLORATION_PASS_PER_LEVEL,
    exploration_fail=EXPLORATION_FAIL,
    exhaustion_pass_per_level=EXHAUSTION_PASS_PER_LEVEL,
    exhaustion_fail_base=EXHAUSTION_FAIL_BASE,
    exhaustion_fail_per_level=EXHAUSTION_FAIL_PER_LEVEL,
    exhaustion_own_failure=EXHAUSTION_OWN_FAILURE,
    exhaustion_risk_failed=EXHAUSTION_RISK_FAILED,
    exhaustion_risk_tool=EXHAUSTION_RISK_TOOL,
    exhaustion_limit=EXHAUSTION_LIMIT,
    exhaustion_gain_floor=EXHAUSTION_GAIN_FLOOR,
    tool_bonus=cache(tool_bonus),
)


def target_number(level):
    """The roll a member needs on a challenge of `level`."""
    return ROUND_RULES.target_number(level)
