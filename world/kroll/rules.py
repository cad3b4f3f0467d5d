"""
The numbers of Kroll scenes in one place: the sheet, lives, and the limits on
what a command may ask for. The dice mechanics' own tables (difficulties,
circumstance bonus) live with the engine in `world.dice.kroll` and are
re-exported here so the app reads every number from this module.
"""

from world.dice.kroll import CIRCUMSTANCE_BONUS, DIFFICULTIES  # noqa: F401

ATTRIBUTES = ("tough", "cunning", "sneaky", "quick", "wary", "smooth", "deadly", "lucky")

# What a rating means (the text's scale, 1-6).
RATING_WORDS = {
    1: "not at all",
    2: "not very",
    3: "fairly",
    4: "very",
    5: "exceptionally",
    6: "extraordinarily",
}

CHARGEN_DIE_SIDES = 6  # house rule: each attribute is 1d6
LIVES_PER_SHEET = 3
STAFF_RATING_RANGE = (1, 10)  # staff may go above 6: "sometimes even higher"

MAX_PENALTY = 20  # penalty dice a sheet or a single test may carry
MAX_BONUS = max(CIRCUMSTANCE_BONUS.values())
MAX_GM_DICE = 20
QUICK_NUMBER_RANGE = (1, 5)  # a number the GM calls for a quick test (no die beats a 6)
MAX_LUCKY_CONTENDERS = 12
RECENT_ROLLS_SHOWN = 10
FOLLOWUP_HITS_SHOWN = 5  # latest winning tests a sheet lists for followups

FULL_LOOT_PERCENT = 100  # shares of an expedition may not add up to more
