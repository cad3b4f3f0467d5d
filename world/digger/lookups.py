"""
What Digger shows outside play, on the web pages: the open dungeons (never
their cards), sheets as their viewer may see them, the runs a player's
characters were in, with their rounds and roll log, and for builders the
balance simulations made with +dungeon/simulate.

The viewer is a web user: an account, or an anonymous visitor. Each look-up
raises `NotShown` alike for what does not exist and for what the viewer may
not see, so a page cannot tell the two apart. Nothing here changes state,
except that a sheet is made the first time anyone looks at it, as in the game.
"""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Max, Q
from django.db.models.fields.json import KT
from evennia.objects.models import ObjectDB
from evennia.utils.utils import inherits_from

from world.access import is_staff
from world.digger import rules
from world.digger.balance_chart import ChartRow, spread_chart
from world.digger.errors import DiggerError
from world.digger.models import Dungeon, PartyMember, Run, RunRoll, Simulation
from world.digger.render import tool_summary
from world.digger.sheets import ledger_view, sheet_view
from world.digger.sim_parties import STANDARD, party_label
from world.digger.simulate import interval_text, outcomes_text, percent
from world.digger.store import dungeon_from_db

CHARACTER = "evennia.objects.objects.DefaultCharacter"
RECENT_RUNS = 50


class NotShown(DiggerError):
    """There is no such thing, or the viewer may not see it."""

    def __init__(self):
        super().__init__("There is nothing to show here.")


def viewer_is_staff(viewer):
    return bool(viewer) and viewer.is_authenticated and is_staff(viewer)


def characters_of(account):
    """The account's playable characters."""
    return list(account.characters.all())


# ---------------------------------------------------------------- dungeons


def published_dungeons():
    """The published dungeons, with `challenge_count` and `final_level` (None: no Final)."""
    return list(
        Dungeon.objects.filter(published=True).annotate(
            challenge_count=Count("cards", filter=Q(cards__kind__in=rules.CHALLENGE_KINDS)),
            final_level=Max("cards__level", filter=Q(cards__kind=rules.FINAL)),
        )
    )


@dataclass(frozen=True)
class DungeonFacts:
    """What a player may know of a dungeon before entering it: no card, no deck order."""

    number: int
    name: str
    type: str
    description: str
    reward: str
    published: bool
    challenge_count: int
    final_level: int | None
    by_ability: tuple  # (ability, action, challenges testing it), in the rules' order
    levels: tuple | None  # (low, high) average Level its type aims at; None: unknown type
    success_percent: tuple | None  # (low, high) % of standard parties its type should let win


def dungeon_facts(viewer, number):
    """Dungeon `number`: published ones for anyone, drafts for staff only."""
    model = Dungeon.objects.filter(number=number).first()
    if model is None or not (model.published or viewer_is_staff(viewer)):
        raise NotShown
    dungeon = dungeon_from_db(model)
    challenges = dungeon.challenges
    counts = Counter(card.ability for card in challenges)
    final = dungeon.first(rules.FINAL)
    guide = rules.DUNGEON_TYPES.get(model.type)
    return DungeonFacts(
        model.number,
        model.name,
        model.type,
        model.description,
        model.reward,
        model.published,
        len(challenges),
        final.level if final else None,
        tuple((ability, rules.ACTIONS[ability], counts[ability]) for ability in rules.ABILITIES),
        guide.levels if guide else None,
        tuple(round(share * 100) for share in guide.success) if guide else None,
    )


# ---------------------------------------------------------------- sheets


@dataclass(frozen=True)
class RatingRow:
    ability: str
    action: str
    rating: int


@dataclass(frozen=True)
class ToolRow:
    number: int
    name: str
    kind: str  # 'Brute Major, Efficient; Sacrifice'
    uses: int
    bonus: int
    loaded: bool


@dataclass(frozen=True)
class FormRow:
    name: str
    is_base: bool
    is_current: bool
    ratings: tuple  # in the rules' order


@dataclass(frozen=True)
class PrivateSheet:
    """What only the character's player and staff see."""

    dp: int
    bonus_available: bool
    forms: tuple  # FormRow
    loaded: int
    capacity: int
    chapter: int
    ledger: tuple  # DPEntry


@dataclass(frozen=True)
class SheetPage:
    """One character's sheet (current form); `private` is None for anyone else's."""

    character: object
    approved_at: object  # datetime, or None while in chargen
    form_name: str
    ratings: tuple  # RatingRow
    tools: tuple  # ToolRow
    private: PrivateSheet | None


def own_sheets(account):
    """The full sheet of each of the account's characters."""
    return [_sheet_page(character, character, full=True) for character in characters_of(account)]


def sheet_page(viewer, character_id):
    """A character's sheet: in full for its player and staff, the public part of an
    approved character for other players."""
    character = ObjectDB.objects.filter(pk=character_id).first()
    if character is None or not inherits_from(character, CHARACTER):
        raise NotShown
    if character in characters_of(viewer):
        return _sheet_page(character, character, full=True)
    try:
        return _sheet_page(viewer, character, full=viewer_is_staff(viewer))
    except DiggerError:
        raise NotShown from None


def _sheet_page(viewer, character, full):
    view = sheet_view(viewer, character)
    form = view.form
    loaded = {tool.pk for tool in view.loaded}
    tools = []
    for owned in view.tools:
        tool = owned.as_tool()
        tools.append(
            ToolRow(
                owned.number,
                tool.name,
                tool_summary(tool),
                tool.uses,
                tool.bonus,
                owned.pk in loaded,
            )
        )
    return SheetPage(
        character,
        view.approved_at,
        form.name,
        tuple(
            RatingRow(ability, rules.ACTIONS[ability], form.rating(ability))
            for ability in rules.ABILITIES
        ),
        tuple(tools),
        _private(viewer, view) if full else None,
    )


def _private(viewer, view):
    _sheet, ledger = ledger_view(viewer, view.character)
    return PrivateSheet(
        view.sheet.dp,
        view.bonus_available,
        tuple(
            FormRow(
                other.name,
                other.is_base,
                other.pk == view.form.pk,
                tuple(other.rating(ability) for ability in rules.ABILITIES),
            )
            for other in view.forms
        ),
        len(view.loaded),
        view.capacity,
        view.chapter,
        tuple(ledger),
    )


# ---------------------------------------------------------------- runs


@dataclass(frozen=True)
class RunSummary:
    id: int
    dungeon_number: int
    dungeon_name: str
    members: tuple  # names, as they entered
    started_at: object
    ended_at: object  # None while in progress
    outcome: str  # '' while in progress


def _summary(run, dungeon_name):
    return RunSummary(
        run.pk,
        run.dungeon_number,
        dungeon_name or "",
        tuple(entry["name"] for entry in run.roster),
        run.started_at,
        run.ended_at,
        run.outcome,
    )


def _listed(runs):
    """The runs without their deck and state (large JSON), with the deck's `dungeon_name`."""
    return runs.annotate(dungeon_name=KT("deck__name")).defer("deck", "state")


def _roster_ids(run):
    return {entry["id"] for entry in run.roster}


def own_runs(account):
    """The runs any of the account's characters entered, newest first."""
    ids = {character.id for character in characters_of(account)}
    # A run's roster is JSON, which SQLite cannot search: look where its members
    # leave rows (rolls, the party, the last draw), then check the roster itself.
    candidates = Run.objects.filter(
        Q(pk__in=RunRoll.objects.filter(character_id__in=ids).values("run_id"))
        | Q(party_id__in=PartyMember.objects.filter(character_id__in=ids).values("party_id"))
        | Q(drawer_id__in=ids)
    )
    return [
        _summary(run, run.dungeon_name) for run in _listed(candidates) if _roster_ids(run) & ids
    ]


def recent_runs(viewer):
    """Staff: the latest runs of everyone (nothing for anyone else)."""
    if not viewer_is_staff(viewer):
        return []
    return [_summary(run, run.dungeon_name) for run in _listed(Run.objects.all())[:RECENT_RUNS]]


@dataclass(frozen=True)
class RoundRecord:
    round: object  # RunRound
    target: int
    exploration_after: int | None  # None while the round is pending
    rolls: tuple  # RunRoll, one per member


@dataclass(frozen=True)
class RunRecord:
    summary: RunSummary
    outcome_card: str  # 'Discovery: The Idol', or ''
    rounds: tuple  # RoundRecord, in play order

    @property
    def has_rolls(self):
        return any(entry.rolls for entry in self.rounds)


def run_record(viewer, run_id):
    """A run's rounds and roll log, for the members of its party and for staff."""
    run = Run.objects.filter(pk=run_id).first()
    if run is None:
        raise NotShown
    own = {character.id for character in characters_of(viewer)}
    if not (_roster_ids(run) & own or viewer_is_staff(viewer)):
        raise NotShown
    rolls = {}
    for roll in run.rolls.all():
        rolls.setdefault(roll.challenge, []).append(roll)
    rounds, exploration = [], 0
    for round_ in run.rounds.all():
        after = None
        if round_.exploration_gain is not None:
            exploration += round_.exploration_gain
            after = exploration
        rounds.append(
            RoundRecord(
                round_, rules.target_number(round_.level), after, tuple(rolls.get(round_.number, ()))
            )
        )
    card = run.outcome_card
    return RunRecord(
        _summary(run, run.deck.get("name")),
        f"{card['kind'].title()}: {card['title'] or card['key']}" if card else "",
        tuple(rounds),
    )


# ---------------------------------------------------------------- balance simulations

RECENT_SIMULATIONS = 50
WORST_CARDS_SHOWN = 5


@dataclass(frozen=True)
class SimulationRow:
    """One kept simulation in the builders' list; shares written as the game's report
    writes them ('62.3%')."""

    record: Simulation
    runs: str  # for each party, written out: '2,000'
    standard_won: str | None  # the standard party's share of runs won
    standard_interval: str | None  # its 95% interval: '60.4%-64.6%'
    others: str  # the other parties' shares: 'utility 43.3% · bare 19.4% · bold 71.5%'
    verdict: str | None


def simulations(viewer, number=None):
    """The latest kept simulations (of dungeon `number` only, if given): builders only."""
    if not viewer_is_staff(viewer):
        raise NotShown
    records = Simulation.objects.all()
    if number is not None:
        records = records.filter(dungeon_number=number)
    rows = []
    for record in records[:RECENT_SIMULATIONS]:
        spread = record.report["spread"]
        standard = next((row for row in spread if row["party"] == STANDARD), None)
        others = " · ".join(
            f"{row['party']} {percent(row['success_rate'])}"
            for row in spread
            if row is not standard
        )
        rows.append(
            SimulationRow(
                record,
                f"{record.runs:,}",
                percent(standard["success_rate"]) if standard else None,
                interval_text(standard["ci95"]) if standard else None,
                others,
                record.report.get("verdict"),
            )
        )
    return rows


@dataclass(frozen=True)
class SpreadRow:
    """One party's line of a kept report, its shares written as the game writes them."""

    party: str
    won: str
    interval: str
    retreated: str
    lost: str
    mean_challenges: str  # '6.5'
    is_main: bool
    is_standard: bool


@dataclass(frozen=True)
class CardRow:
    key: str
    played: str  # written out: '1,344'
    failed: str
    share: str  # failed of played: '38%'


@dataclass(frozen=True)
class SimulationPage:
    """A kept simulation as its web page shows it (`chart` is SVG markup)."""

    record: Simulation
    runs: str  # for each party, written out: '2,000'
    dungeon_type: str
    band_percent: tuple | None
    verdict: str | None
    warning: str | None
    spread: tuple  # SpreadRow, in the report's order
    main: dict  # the detailed party's report (simulate.SimulationReport.to_dict())
    main_label: str  # how a sentence names that party
    main_outcomes: str  # 'won 1,235, retreated 741, lost 24'
    worst_cards: tuple  # CardRow
    chart: str


def simulation_page(viewer, simulation_id):
    """One kept simulation: builders only."""
    if not viewer_is_staff(viewer):
        raise NotShown
    record = Simulation.objects.filter(pk=simulation_id).first()
    if record is None:
        raise NotShown
    report = record.report
    band, runs = report["target"], report["runs"]
    spread = tuple(
        SpreadRow(
            row["party"],
            percent(row["success_rate"]),
            interval_text(row["ci95"]),
            percent(row["outcomes"][rules.RETREAT] / runs),
            percent(row["outcomes"][rules.LOST] / runs),
            f"{row['mean_challenges']:.1f}",
            row["party"] == report["party"],
            row["party"] == STANDARD,
        )
        for row in report["spread"]
    )
    chart_rows = [
        ChartRow(
            row["party"],
            {outcome: count / report["runs"] for outcome, count in row["outcomes"].items()},
            row["ci95"][0],
            row["ci95"][1],
            emphasis=row["party"] == report["party"],
        )
        for row in report["spread"]
    ]
    cards = [
        CardRow(key, f"{stat['played']:,}", f"{stat['failed']:,}", f"{stat['failure_rate']:.0%}")
        for key, stat in report["cards"].items()
        if stat["failed"]
    ][:WORST_CARDS_SHOWN]
    dungeon_type = report["dungeon"]["type"]
    return SimulationPage(
        record,
        f"{runs:,}",
        dungeon_type,
        tuple(round(share * 100) for share in band) if band else None,
        report.get("verdict"),
        report.get("warning"),
        spread,
        report,
        party_label(report["party"]),
        outcomes_text(report["outcomes"]),
        tuple(cards),
        spread_chart(chart_rows, tuple(band) if band else None, f"{dungeon_type} band"),
    )
