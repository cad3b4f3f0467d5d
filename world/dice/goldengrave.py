"""
Goldengrave's dice and the small rules that hang on them.

Every roll takes `rng` (anything with `randint(a, b)`) and returns a frozen
result that keeps every die and has a `render()` line for players. The few
rules with no dice (sway prices, Glory by Rank, Power lost to an attack) are
plain functions next to them so the numbers live in one place.

Rolls:
    damage_roll(power, rng) -> DamageRoll            Power d6, dice of 4+ ignored
    skill_check(prepared, suits, rng) -> SkillCheck  2d6 >= 10, -2 per true factor
    damage_outcome(stamina, damage, pcs, knocked_out, rng) -> PartyDamage
    damage_on_party(power, stamina, pcs, knocked_out, rng) -> PartyDamage
    wandering_roll(pace, rng) -> WanderingRoll       'cautious' or 'quick'
    revisit_roll(rng) -> RevisitRoll                 rival thieves on a revisit
    monster_desire(rng) -> DesireRoll
    roll_sparks(rng) -> Sparks; roll_trait_dice(rng) -> TraitDice;
    roll_name(region, rng, columns) -> NameRoll
Rules without dice:
    assign_traits(dice, physique, personality, flaw) -> Traits
    power_loss(vulnerable, immune, risky_check) -> int
    sway_price(likelihood) -> int; half_power_retreat(temper, paid) -> bool
    glory_for_rank(rank) -> int; rank_for_finds(main_found, sides_found, sides_total) -> str
"""

from dataclasses import dataclass, replace

from world.dice import goldengrave_tables as tables
from world.dice.results import DiceError, format_dice, outcome_word

STAT_BASE = 6
"""A party stat starts at 6 plus the points put into it."""
STAT_POINTS = 6
"""Points the party splits between Stamina, Supply and Sway at creation."""
STAT_CAP = 18
"""No stat's maximum can be raised above this with Glory."""

DAMAGE_IGNORED_FROM = 4
"""Damage dice showing this or more are ignored."""
MAX_POWER = 100
"""A sanity bound on a damage roll's dice (the sample monster has 2-4)."""

SKILL_TARGET = 10
SKILL_FACTOR = 2
"""Taken off the target for each factor in the party's favour."""

SWAY_PRICES = {"likely": 1, "even": 3, "unlikely": 6}
"""The GM's price, by how likely the good outcome seems to them."""
TEMPERS = ("craven", "normal", "iron-willed", "mindless")

PACES = ("cautious", "quick")

GLORY_BY_RANK = {"S": 5, "A": 4, "B": 3, "C": 2, "D": 1, "F": 0}
WAR_VICTORY_GLORY = 5


# ---------------------------------------------------------------- damage


@dataclass(frozen=True)
class DamageRoll:
    """A monster's or trap's damage roll: one d6 per point of Power."""

    power: int
    dice: tuple
    total: int

    @property
    def ignored_positions(self):
        return tuple(i for i, die in enumerate(self.dice) if die >= DAMAGE_IGNORED_FROM)

    @property
    def counted(self):
        return tuple(die for die in self.dice if die < DAMAGE_IGNORED_FROM)

    @property
    def ignored(self):
        return tuple(die for die in self.dice if die >= DAMAGE_IGNORED_FROM)

    def render(self, dropped="~{}~"):
        dice = format_dice(self.dice, self.ignored_positions, dropped)
        return f"Power {self.power} damage: {dice} = {self.total}"


def damage_roll(power, rng):
    """Roll `power` d6; dice showing 4 or more add nothing."""
    if not 0 <= power <= MAX_POWER:
        raise DiceError(f"Power must be between 0 and {MAX_POWER}, not {power}")
    dice = tuple(rng.randint(1, 6) for _ in range(power))
    return DamageRoll(power, dice, sum(d for d in dice if d < DAMAGE_IGNORED_FROM))


@dataclass(frozen=True)
class PartyDamage:
    """
    What a damage roll did to the party. At most one PC is knocked out; at 0
    Stamina nobody new is knocked out, the already knocked-out PCs die and the
    rest must retreat to town.
    """

    stamina_before: int
    damage: int
    stamina_after: int
    knocked_out: object
    """The PC knocked out by this roll, or None."""
    pick: int | None
    """The die that picked that PC among the conscious ones (None: no choice)."""
    killed: tuple
    retreating: tuple
    roll: DamageRoll | None = None

    @property
    def must_retreat(self):
        return self.stamina_after == 0

    def render(self):
        line = f"Stamina {self.stamina_before} -> {self.stamina_after}"
        if self.roll is not None:
            line = f"{self.roll.render()}. {line}"
        if self.knocked_out is not None:
            line += f"; {self.knocked_out} is knocked out"
        if self.killed:
            line += f"; killed: {_names(self.killed)}"
        if self.must_retreat:
            line += "; the party must retreat to town"
        return line + "."


def damage_outcome(stamina, damage, pcs, knocked_out, rng):
    """
    Apply `damage` to the party's `stamina`.

    `pcs` is the party in a fixed order (any values: names, ids, objects);
    `knocked_out` holds those already knocked out. If the roll leaves half or
    less of the Stamina the party had before it, a random conscious PC
    (picked with a die over the conscious ones, in `pcs` order) is knocked
    out; at 0 Stamina instead the knocked-out PCs die and the others retreat.
    """
    if stamina < 1:
        raise DiceError("the party has no Stamina left to lose")
    if damage < 0:
        raise DiceError(f"damage cannot be negative ({damage})")
    after = max(0, stamina - damage)
    down = [pc for pc in pcs if pc in knocked_out]
    conscious = [pc for pc in pcs if pc not in knocked_out]
    if after == 0:
        return PartyDamage(stamina, damage, 0, None, None, tuple(down), tuple(conscious))
    victim = pick = None
    if after * 2 <= stamina and conscious:
        if len(conscious) == 1:
            victim = conscious[0]
        else:
            pick = rng.randint(1, len(conscious))
            victim = conscious[pick - 1]
    return PartyDamage(stamina, damage, after, victim, pick, (), ())


def damage_on_party(power, stamina, pcs, knocked_out, rng):
    """A damage roll from `power` and what it does to the party, in one result."""
    roll = damage_roll(power, rng)
    outcome = damage_outcome(stamina, roll.total, pcs, knocked_out, rng)
    return replace(outcome, roll=roll)


def power_loss(vulnerable=False, immune=False, risky_check=None):
    """
    Power a monster loses to one round of the party's attack: 1 as a rule,
    2 if it is vulnerable to the method, 0 if immune; a risky method (pass its
    SkillCheck as `risky_check`) takes 2 on a success and 0 on a failure.
    """
    if immune:
        return 0
    if risky_check is not None:
        return 2 if risky_check.success else 0
    return 2 if vulnerable else 1


# ---------------------------------------------------------------- skill checks


@dataclass(frozen=True)
class SkillCheck:
    """2d6 against a target of 10, less 2 for each factor in the PC's favour."""

    prepared: bool
    suits: bool
    target: int
    dice: tuple
    total: int

    @property
    def success(self):
        return self.total >= self.target

    def render(self):
        return (
            f"Skill check (needs {self.target}): {format_dice(self.dice)} = {self.total}, "
            f"{outcome_word(self.success)}"
        )


def skill_check(prepared, suits, rng):
    """
    Roll a skill check.

    prepared: the character is physically and mentally ready for the action.
    suits:    the action fits the character's personality, background or
              reputation.
    Each true factor lowers the target of 10 by 2; the check succeeds when the
    2d6 total is at least the target.
    """
    target = SKILL_TARGET - SKILL_FACTOR * (bool(prepared) + bool(suits))
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return SkillCheck(bool(prepared), bool(suits), target, dice, sum(dice))


# ---------------------------------------------------------------- sway


def sway_price(likelihood):
    """The Sway price for a good outcome the GM finds 'likely', 'even' or 'unlikely'."""
    try:
        return SWAY_PRICES[likelihood]
    except KeyError:
        raise DiceError(
            f"'{likelihood}' is not a likelihood: use {', '.join(SWAY_PRICES)}"
        ) from None


def half_power_retreat(temper, paid):
    """
    Does a monster retreat or surrender the first time it falls to half its
    starting Power or less? Craven ones always do, iron-willed and mindless
    ones never; otherwise only if the party paid the Sway price.
    """
    if temper not in TEMPERS:
        raise DiceError(f"'{temper}' is not a temper: use {', '.join(TEMPERS)}")
    if temper == "craven":
        return True
    if temper in ("iron-willed", "mindless"):
        return False
    return bool(paid)


# ---------------------------------------------------------------- exploring


@dataclass(frozen=True)
class WanderingRoll:
    """The d6 rolled on entering a starred room."""

    pace: str
    die: int

    @property
    def outcome(self):
        """'monster', 'omen' or 'nothing'."""
        if self.pace == "quick":
            return "monster" if self.die == 1 else "nothing"
        return "monster" if self.die <= 3 else "omen"

    def render(self):
        found = {"monster": "a wandering monster", "omen": "an omen", "nothing": "nothing"}
        return f"Wandering check ({self.pace}): [{self.die}], {found[self.outcome]}"


def wandering_roll(pace, rng):
    """
    Moving quickly, a 1 meets a wandering monster; moving cautiously, 1-3 meet
    one and 4-6 give an omen of one.
    """
    if pace not in PACES:
        raise DiceError(f"'{pace}' is not a pace: use {' or '.join(PACES)}")
    return WanderingRoll(pace, rng.randint(1, 6))


@dataclass(frozen=True)
class RevisitRoll:
    """The d6 the GM rolls when the party goes back into a dungeon."""

    die: int

    @property
    def main_stolen(self):
        """An unclaimed main treasure is gone (on a 1)."""
        return self.die == 1

    @property
    def sides_stolen(self):
        """Unclaimed side treasures are gone (on a 2 or 3)."""
        return self.die in (2, 3)

    def render(self):
        if self.main_stolen:
            news = "rivals took the main treasure, if it was still there"
        elif self.sides_stolen:
            news = "rivals took any side treasures left behind"
        else:
            news = "nothing was taken"
        return f"Revisit roll: [{self.die}], {news}"


def revisit_roll(rng):
    return RevisitRoll(rng.randint(1, 6))


@dataclass(frozen=True)
class DesireRoll:
    die: int

    @property
    def desire(self):
        return tables.MONSTER_DESIRES[self.die]

    def render(self):
        return f"The monster wants [{self.die}]: {self.desire}"


def monster_desire(rng):
    """What a monster wants (roll twice and choose, for more control)."""
    return DesireRoll(rng.randint(1, 6))


# ---------------------------------------------------------------- glory


def glory_for_rank(rank):
    """Glory earned for a night in town at Rank S, A, B, C, D or F."""
    try:
        return GLORY_BY_RANK[rank.upper()]
    except (KeyError, AttributeError):
        raise DiceError(f"'{rank}' is not a rank: use {', '.join(GLORY_BY_RANK)}") from None


def rank_for_finds(main_found, sides_found, sides_total):
    """
    The Rank for what the party brought back. A dungeon with no side
    treasures counts all of them found, so its main treasure alone is an S.
    """
    if not 0 <= sides_found <= sides_total:
        raise DiceError(f"found {sides_found} of {sides_total} side treasures, more than there are")
    all_sides = sides_found == sides_total
    if main_found:
        return "S" if all_sides else ("A" if sides_found else "B")
    if sides_found:
        return "C" if all_sides else "D"
    return "F"


# ---------------------------------------------------------------- character creation


@dataclass(frozen=True)
class Sparks:
    """Spark A (2d6: where from) and Spark B (2d6: what they were)."""

    dice_a: tuple
    dice_b: tuple

    @property
    def spark_a(self):
        return tables.SPARK_A[sum(self.dice_a)]

    @property
    def spark_b(self):
        return tables.SPARK_B[sum(self.dice_b)]

    @property
    def region(self):
        """The name column for this character: a region, or 'Elsewhere'."""
        return self.spark_a if self.spark_a in tables.REGIONS else "Elsewhere"

    def render(self):
        return (
            f"Sparks: {format_dice(self.dice_a)} {self.spark_a}, "
            f"{format_dice(self.dice_b)} {self.spark_b}"
        )


def roll_sparks(rng):
    return Sparks((rng.randint(1, 6), rng.randint(1, 6)), (rng.randint(1, 6), rng.randint(1, 6)))


@dataclass(frozen=True)
class TraitDice:
    """3d6 for physique, personality and flaw; triples are rerolled."""

    dice: tuple
    rerolled: tuple = ()
    """The triples thrown away, in order."""

    def render(self):
        line = f"Trait dice: {format_dice(self.dice)}"
        if self.rerolled:
            line += " (rerolled " + ", ".join(map(format_dice, self.rerolled)) + ")"
        return line


def roll_trait_dice(rng):
    """Roll 3d6, again and again while all three dice show the same number."""
    rerolled = []
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        if len(set(dice)) > 1:
            return TraitDice(dice, tuple(rerolled))
        rerolled.append(dice)


@dataclass(frozen=True)
class Traits:
    physique: int
    personality: int
    flaw: int

    @property
    def words(self):
        """(physique, personality, flaw) as the table names them."""
        return (
            tables.PHYSIQUE[self.physique],
            tables.PERSONALITY[self.personality],
            tables.FLAW[self.flaw],
        )

    def render(self):
        return "{}, {}, {}".format(*self.words)


def assign_traits(dice, physique, personality, flaw):
    """
    The player's choice of which trait die goes where: the three values must be
    the rolled dice, and personality and flaw may not use the same number.
    """
    rolled = dice.dice if isinstance(dice, TraitDice) else tuple(dice)
    if sorted((physique, personality, flaw)) != sorted(rolled):
        raise DiceError(f"use the dice you rolled: {format_dice(rolled)}")
    if personality == flaw:
        raise DiceError("personality and flaw cannot use the same number")
    return Traits(physique, personality, flaw)


@dataclass(frozen=True)
class NameRoll:
    """d6,d6 on a region's name column; name is None where the column is lost."""

    region: str
    dice: tuple
    name: str | None

    def render(self):
        if self.name is None:
            return f"No name table for {self.region}: the player names the character."
        return f"Name ({self.region}): {format_dice(self.dice)} {self.name}"


def roll_name(region, rng, columns=None):
    """A name from `region`'s column (roll again if the player dislikes it).

    `columns` maps region -> {(d6, d6): name}; by default the text's own, in
    which Bittermarch and Elsewhere are lost (the game passes in its columns
    for those).
    """
    if region not in tables.REGIONS:
        raise DiceError(f"'{region}' is not a region: use {', '.join(tables.REGIONS)}")
    column = (tables.NAMES if columns is None else columns).get(region)
    if column is None:
        return NameRoll(region, (), None)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return NameRoll(region, dice, column[dice])


def _names(pcs):
    return ", ".join(str(pc) for pc in pcs)
