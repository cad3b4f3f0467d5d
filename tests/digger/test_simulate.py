"""The balance simulator (world.digger.simulate): the standard party, reports, the command line,
and every sample dungeon inside its type's target band."""

import io
import json
import random
import sys

import pytest

from world.digger import rules
from world.digger.deckfile import load_sample_dungeons, sample_path
from world.digger.engine import act_all, complete, draw, start_run
from world.digger.simulate import (
    TTY_PROGRESS_FROM,
    Party,
    RunRecord,
    SimMember,
    SimulationRandom,
    main,
    percentiles,
    play_run,
    simulate,
    standard_party,
    wilson_interval,
)

from .support import card, dungeon, tool

SAMPLES = load_sample_dungeons()
BAND_RUNS = 3_000
BAND_SEED = 20_240_601


# --- The standard party ---------------------------------------------------------------


def test_the_standard_party_rotates_5_4_3_2_over_the_abilities():
    members = standard_party().members
    assert len(members) == 4
    for ability in rules.ABILITIES:
        assert sorted(member.ratings[ability] for member in members) == [2, 3, 4, 5]
    for member in members:
        assert sorted(member.ratings.values()) == [2, 3, 4, 5]


def test_each_member_carries_a_major_and_a_minor_plain_tool_in_their_two_best():
    for member in standard_party().members:
        best, second = sorted(rules.ABILITIES, key=member.ratings.get, reverse=True)[:2]
        major, minor = member.tools
        assert (major.category, major.rating, major.qualities, major.drawback) == (
            best,
            rules.MAJOR,
            (),
            None,
        )
        assert (minor.category, minor.rating, minor.qualities) == (second, rules.MINOR, ())
    ids = [tool_.id for member in standard_party().members for tool_ in member.tools]
    assert len(set(ids)) == len(ids)


def test_a_member_acts_with_the_tool_while_it_has_uses_then_with_the_basic_action():
    hole = dungeon(ordinary=[card(f"b{i}", rules.BRUTE, 1, ("Tire",)) for i in range(3)])
    pick = tool("Pick", rules.BRUTE, rules.MAJOR)
    ann = SimMember("ann", {ability: 3 for ability in rules.ABILITIES}, (pick,))
    state = start_run(hole, ("ann",), random.Random(0))
    assert ann.action_for(state, rules.BRUTE).tool == pick
    assert ann.action_for(state, rules.WITS).ability == rules.WITS
    state.tool_uses[("ann", pick.id)] = pick.uses
    action = ann.action_for(state, rules.BRUTE)
    assert (action.tool, action.ability, action.mode) == (None, rules.BRUTE, rules.ACT)


# --- Runs and reports -----------------------------------------------------------------------


def test_a_run_is_played_to_its_end_through_the_engine():
    record = play_run(SAMPLES[0], standard_party(), random.Random(5))
    assert record.outcome in rules.OUTCOMES
    assert record.challenges == len(record.cards) >= 2
    assert record.cards[0][0] == SAMPLES[0].first(rules.ENTRY).key
    if record.outcome != rules.LOST:
        assert record.cards[-1][0] == SAMPLES[0].first(rules.FINAL).key
    assert len(record.exhaustion) == 4


def _played_with_the_games_moves(dungeon_, party, rng):
    """play_run's run, through the moves the game makes (each on a new state)."""
    state = start_run(dungeon_, tuple(party.infos), rng)
    cards = []
    while state.outcome is None:
        drawn, state = draw(state, dungeon_, rng)
        moves = [
            (member.member_id, member.action_for(state, drawn.ability))
            for member, exhaustion in zip(party.members, state.exhaustion)
            if exhaustion < rules.EXHAUSTION_LIMIT
        ]
        result, state = complete(act_all(state, moves), drawn, party.infos, rng)
        cards.append((drawn.key, result.passed))
    return RunRecord(state.outcome, state.challenge, state.exhaustion, tuple(cards))


@pytest.mark.parametrize("sample", [SAMPLES[2], SAMPLES[5]], ids=lambda d: str(d.number))
def test_runs_in_place_with_kept_round_plans_are_the_runs_the_games_moves_play(sample):
    party, plans = standard_party(), {}
    for seed in range(40):
        kept = play_run(sample, party, random.Random(seed), plans)
        assert kept == _played_with_the_games_moves(sample, party, random.Random(seed))
    assert plans


def test_the_same_seed_gives_the_same_report_and_another_seed_another():
    first = simulate(SAMPLES[2], 300, seed=7)
    assert simulate(SAMPLES[2], 300, seed=7) == first
    assert simulate(SAMPLES[2], 300, seed=8) != first


def test_the_simulator_plays_by_the_live_rules_table(monkeypatch):
    monkeypatch.setattr(rules, "TARGET_BASE", -100)  # every roll succeeds
    assert simulate(SAMPLES[4], 200, seed=1).outcomes[rules.WON] == 200
    monkeypatch.setattr(rules, "TARGET_BASE", 100)  # every roll fails
    report = simulate(SAMPLES[0], 200, seed=1)
    assert report.outcomes[rules.WON] == 0
    assert report.cards[0].failure_rate == 1.0


def test_the_report_counts_outcomes_challenges_exhaustion_and_failed_cards():
    report = simulate(SAMPLES[3], 500, seed=3)
    assert sum(report.outcomes.values()) == report.runs == 500
    assert report.success_rate == report.outcomes[rules.WON] / 500
    low, high = report.ci95
    assert low < report.success_rate < high
    assert 2 <= report.mean_challenges <= 20
    p10, p50, p90 = (report.exhaustion_percentiles[p] for p in (10, 50, 90))
    assert 0 <= p10 <= p50 <= p90
    keys = {card_.key for card_ in SAMPLES[3].challenges}
    assert {stat.key for stat in report.cards} <= keys
    failed = [stat.failed for stat in report.cards]
    assert failed == sorted(failed, reverse=True)
    entry = next(stat for stat in report.cards if stat.key == SAMPLES[3].first(rules.ENTRY).key)
    assert entry.played == 500


def test_the_json_report_has_the_agreed_fields():
    data = json.loads(json.dumps(simulate(SAMPLES[0], 100, seed=2).to_dict()))
    assert {
        "success_rate",
        "ci95",
        "mean_challenges",
        "runs",
        "outcomes",
        "exhaustion",
        "cards",
    } <= set(data)
    assert set(data["outcomes"]) == set(rules.OUTCOMES)
    assert set(data["exhaustion"]) == {"mean", "percentiles"}
    assert len(data["ci95"]) == 2 and data["runs"] == 100
    some_card = next(iter(data["cards"].values()))
    assert set(some_card) == {"played", "failed", "failure_rate"}


def test_the_plain_report_reads_well():
    text = simulate(SAMPLES[0], 100, seed=2).render()
    assert text.startswith(
        "Dungeon 1: The Saltwick Light (Ruin)\n100 runs, standard party, seed 2\n"
    )
    assert "Success: " in text and "the Ruin target 52%-68%" in text
    assert "Cards failed most:\n  " in text


def test_progress_is_told_every_run_in_batches():
    told = []
    simulate(SAMPLES[0], 250, seed=1, progress=told.append)
    assert told == [100, 100, 50]


def test_a_custom_party_is_named_in_the_report():
    party = Party("solo", standard_party().members[:1])
    assert simulate(SAMPLES[0], 20, seed=1, party=party).party == "solo"


def test_at_least_one_run():
    with pytest.raises(ValueError):
        simulate(SAMPLES[0], 0, seed=1)


def test_the_simulation_random_source_draws_what_random_random_draws():
    plain, lean = random.Random(11), SimulationRandom(11)
    ranges = [(1, 6), (0, 0), (0, 1), (0, 2), (0, 15), (0, 16), (3, 1000)] * 300
    assert [lean.randint(a, b) for a, b in ranges] == [plain.randint(a, b) for a, b in ranges]
    assert lean.random() == plain.random()  # and it leaves the stream where Random would
    with pytest.raises(ValueError):
        lean.randint(2, 1)


def test_wilson_interval_and_percentiles():
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson_interval(0, 20)[0] == 0.0 and 0.15 < wilson_interval(0, 20)[1] < 0.17
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert percentiles(list(range(1, 101)), (10, 50, 90)) == {10: 10, 50: 50, 90: 90}
    assert percentiles([7], (10, 90)) == {10: 7, 90: 7}


# --- The command line -------------------------------------------------------------------------


def test_command_line_json(capsys):
    main(["1", "--runs", "60", "--seed", "4", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["runs"] == 60 and data["dungeon"]["number"] == 1
    assert data == json.loads(json.dumps(simulate(SAMPLES[0], 60, seed=4).to_dict()))


def test_command_line_plain_report_from_a_file(capsys):
    main([str(sample_path(3)), "--runs", "40"])
    assert capsys.readouterr().out.startswith("Dungeon 3: The Clockwork Archive (Labyrinth)")


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_command_line_shows_a_progress_bar_on_a_terminal_for_long_runs(monkeypatch, capsys):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    main(["1", "--runs", str(TTY_PROGRESS_FROM), "--json"])
    assert f" 0/{TTY_PROGRESS_FROM} [" in terminal.getvalue()  # tqdm's first frame
    assert json.loads(capsys.readouterr().out)["runs"] == TTY_PROGRESS_FROM
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    main(["1", "--runs", str(TTY_PROGRESS_FROM - 1), "--json"])
    assert quiet.getvalue() == ""


def test_command_line_help_says_a_number_is_a_sample_file_not_the_games_dungeon(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "the number of a sample dungeon file (not the game's)" in text
    assert "never a dungeon of the game's database" in text
    assert "evennia dungeons export <number> <file>" in text


def test_command_line_refuses_an_unknown_sample(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["99", "--runs", "10"])
    assert exit_.value.code == 2
    assert "There is no sample dungeon 99" in capsys.readouterr().err


# --- Balance: every sample in its band for the standard party -------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda d: f"{d.number}-{d.type}")
def test_each_sample_dungeon_is_in_its_types_success_band(sample):
    report = simulate(sample, BAND_RUNS, seed=BAND_SEED)
    low, high = rules.DUNGEON_TYPES[sample.type].success
    ci_low, ci_high = report.ci95
    assert low <= ci_low and ci_high <= high, report.render()


def test_the_bands_are_the_specs():
    bands = {name: guide.success for name, guide in rules.DUNGEON_TYPES.items()}
    assert bands == {
        rules.RUIN: (0.52, 0.68),
        rules.LABYRINTH: (0.32, 0.48),
        rules.ABYSS: (0.05, 0.20),
    }
