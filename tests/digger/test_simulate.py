"""The balance simulator (world.digger.simulate): the shipped parties playing through the live
engine, the spread report, the command line, and every sample dungeon inside its type's
band for the standard party."""

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from world.digger import engine, rules, simulate as simulator
from world.digger.deckfile import load_sample_dungeons, sample_path
from world.digger.engine import act_all, complete, draw, start_run
from world.digger.sim_parties import (
    SHIPPED,
    STANDARD,
    PlayPolicy,
    make_party,
    party_path,
    shipped_party,
)
from world.digger.simulate import (
    TTY_PROGRESS_FROM,
    RunRecord,
    SimulationRandom,
    balance,
    main,
    percentiles,
    play_run,
    simulate,
    wilson_interval,
)

from .support import card, dungeon, tool

SAMPLES = load_sample_dungeons()
BAND_RUNS = 3_000
BAND_SEED = 20_240_601
BARE_RUIN_FLOOR = 0.15  # a bare party finding a Ruin hopeless is too harsh (as bare.yaml says)


# --- The parties as they play ------------------------------------------------------------


def test_the_standard_party_rotates_5_4_3_2_with_legal_tools_in_its_two_best():
    members = shipped_party(STANDARD).members
    assert len(members) == 4
    for ability in rules.ABILITIES:
        assert sorted(member.ratings[ability] for member in members) == [2, 3, 4, 5]
    for member in members:
        assert sorted(member.ratings.values()) == [2, 3, 4, 5]
        best, second = sorted(rules.ABILITIES, key=member.ratings.get, reverse=True)[:2]
        major, minor = member.tools
        assert (major.category, major.rating, major.qualities, major.drawback) == (
            best,
            rules.MAJOR,
            ("Improved",),
            None,
        )
        assert (minor.category, minor.rating, minor.qualities) == (
            second,
            rules.MINOR,
            ("Improved", "Efficient"),
        )
        assert major.problems() == minor.problems() == ()  # a player can buy both
    ids = [tool_.id for member in members for tool_ in member.tools]
    assert len(set(ids)) == len(ids)


def test_the_other_parties_are_the_specs():
    utility, bare, bold = (shipped_party(name) for name in ("utility", "bare", "bold"))
    standard = shipped_party(STANDARD)
    for party in (utility, bare, bold):
        assert [m.ratings for m in party.members] == [m.ratings for m in standard.members]
    assert [[(t.rating, t.qualities) for t in m.tools] for m in utility.members] == [
        [(rules.MAJOR, ("Efficient",)), (rules.MINOR, ("Efficient", "Rally"))]
    ] * 4
    assert all(member.tools == () for member in bare.members)
    assert [m.tools for m in bold.members] == [m.tools for m in standard.members]
    assert (standard.play, utility.play) == (PlayPolicy(), PlayPolicy())
    assert bare.play.tools == "none" and bold.play.risk_below == 50


def test_a_member_acts_with_the_tool_while_it_has_uses_then_with_the_basic_action():
    hole = dungeon(ordinary=[card(f"b{i}", rules.BRUTE, 1, ("Tire",)) for i in range(3)])
    pick = tool("Pick", rules.BRUTE, rules.MAJOR)
    (ann,) = make_party("solo", [("Ann", {a: 3 for a in rules.ABILITIES}, (pick,))]).members
    state = start_run(hole, (ann.member_id,), random.Random(0))
    assert ann.action_for(state, rules.BRUTE).tool.name == "Pick"
    assert ann.action_for(state, rules.WITS).ability == rules.WITS
    risky = ann.action_for(state, rules.BRUTE, rules.RISK)
    assert (risky.tool.name, risky.mode) == ("Pick", rules.RISK)
    state.tool_uses[(ann.member_id, ann.tools[0].id)] = pick.uses
    action = ann.action_for(state, rules.BRUTE)
    assert (action.tool, action.ability, action.mode) == (None, rules.BRUTE, rules.ACT)


def test_the_strongest_policy_takes_the_biggest_bonus_and_none_takes_no_tool():
    plain = tool("Bar", rules.BRUTE, rules.MINOR, ("Efficient", "Rally"))
    big = tool("Maul", rules.BRUTE, rules.MAJOR, ("Improved",))
    ratings = {a: 3 for a in rules.ABILITIES}
    hole = dungeon(ordinary=[card("b", rules.BRUTE, 1, ("Tire",))])
    state = start_run(hole, ("m1",), random.Random(0))
    for policy, wanted in (("first", "Bar"), ("strongest", "Maul"), ("none", None)):
        party = make_party("p", [("Ann", ratings, (plain, big))], PlayPolicy(tools=policy))
        chosen = party.members[0].action_for(state, rules.BRUTE).tool
        assert (chosen.name if chosen else None) == wanted


def test_a_bold_party_risks_only_while_its_highest_exhaustion_is_below_50():
    bold = shipped_party("bold").play
    hole = dungeon(ordinary=[card("b", rules.BRUTE, 1, ("Tire",))])
    state = start_run(hole, ("m1", "m2"), random.Random(0))
    state.exhaustion = (10, 49)
    assert bold.mode(state) == rules.RISK
    state.exhaustion = (10, 50)
    assert bold.mode(state) == rules.ACT
    assert PlayPolicy().mode(state) == rules.ACT


# --- Runs and reports -----------------------------------------------------------------------


def test_the_simulator_plays_the_engine_itself_not_a_copy():
    for name in ("start_run", "draw_in_place", "act_all_in_place", "complete_in_place"):
        assert getattr(simulator, name) is getattr(engine, name)


def test_the_simulator_and_its_parties_run_without_django_or_evennia():
    code = (
        "import sys, world.digger.simulate, world.digger.sim_parties, "
        "world.digger.balance_chart; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'django', 'evennia'}))"
    )
    root = Path(__file__).resolve().parents[2]
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_simulator_plays_by_the_live_rules_table(monkeypatch):
    # every roll succeeds
    monkeypatch.setattr(rules, "ROUND_RULES", rules.ROUND_RULES._replace(target_base=-100))
    assert simulate(SAMPLES[4], 200, seed=1).outcomes[rules.WON] == 200
    # every roll fails
    monkeypatch.setattr(rules, "ROUND_RULES", rules.ROUND_RULES._replace(target_base=100))
    report = simulate(SAMPLES[0], 200, seed=1)
    assert report.outcomes[rules.WON] == 0
    assert report.cards[0].failure_rate == 1.0


def test_a_run_is_played_to_its_end_through_the_engine():
    record = play_run(SAMPLES[0], shipped_party(STANDARD), random.Random(5))
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
        mode = party.play.mode(state)
        moves = [
            (member.member_id, member.action_for(state, drawn.ability, mode))
            for member, exhaustion in zip(party.members, state.exhaustion)
            if exhaustion < rules.EXHAUSTION_LIMIT
        ]
        result, state = complete(act_all(state, moves), drawn, party.infos, rng)
        cards.append((drawn.key, result.passed))
    return RunRecord(state.outcome, state.challenge, state.exhaustion, tuple(cards))


@pytest.mark.parametrize("name", ["standard", "utility", "bold"])
@pytest.mark.parametrize("sample", [SAMPLES[1], SAMPLES[5]], ids=lambda d: str(d.number))
def test_runs_in_place_with_kept_round_plans_are_the_runs_the_games_moves_play(sample, name):
    party, plans = shipped_party(name), {}
    for seed in range(30):
        kept = play_run(sample, party, random.Random(seed), plans)
        assert kept == _played_with_the_games_moves(sample, party, random.Random(seed))
    assert plans


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_party_simulates(name):
    report = simulate(SAMPLES[2], 200, seed=3, party=shipped_party(name))
    assert report.party == name and report.runs == 200
    assert sum(report.outcomes.values()) == 200


def test_the_same_seed_gives_the_same_report_and_another_seed_another():
    first = simulate(SAMPLES[2], 300, seed=7)
    assert simulate(SAMPLES[2], 300, seed=7) == first
    assert simulate(SAMPLES[2], 300, seed=8) != first


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


def test_the_spread_plays_every_shipped_party_on_the_same_seed():
    report = balance(SAMPLES[0], 300, seed=4, party=shipped_party("bold"))
    assert [each.party for each in report.spread] == list(SHIPPED)
    assert report.main.party == "bold" and report.standard.party == STANDARD
    assert report.spread[1] == simulate(SAMPLES[0], 300, seed=4, party=shipped_party("utility"))
    assert report.main == simulate(SAMPLES[0], 300, seed=4, party=shipped_party("bold"))


def test_a_party_of_ones_own_is_reported_after_the_shipped_ones():
    mine = make_party("Ann's party", [(m.name, m.ratings, m.tools) for m in
                                      shipped_party(STANDARD).members[:2]])
    report = balance(SAMPLES[0], 100, seed=1, party=mine)
    assert [each.party for each in report.spread] == list(SHIPPED) + ["Ann's party"]
    assert report.main.party == "Ann's party"
    assert "\nAnn's party in detail:\n" in report.render()
    assert "\n  Ann's party  " in report.render()


def test_the_json_report_has_the_agreed_fields_and_the_spread():
    data = json.loads(json.dumps(balance(SAMPLES[0], 100, seed=2).to_dict()))
    assert {
        "success_rate",
        "ci95",
        "mean_challenges",
        "runs",
        "outcomes",
        "exhaustion",
        "cards",
        "spread",
        "verdict",
        "warning",
    } <= set(data)
    assert set(data["outcomes"]) == set(rules.OUTCOMES)
    assert set(data["exhaustion"]) == {"mean", "percentiles"}
    assert len(data["ci95"]) == 2 and data["runs"] == 100
    some_card = next(iter(data["cards"].values()))
    assert set(some_card) == {"played", "failed", "failure_rate"}
    assert [row["party"] for row in data["spread"]] == list(SHIPPED)
    assert set(data["spread"][0]) == {
        "party",
        "success_rate",
        "ci95",
        "outcomes",
        "mean_challenges",
    }


def test_the_plain_report_shows_all_four_parties_and_the_standard_verdict():
    text = balance(SAMPLES[0], 100, seed=2).render()
    assert text.startswith(
        "Dungeon 1: The Saltwick Light (Ruin)\n100 runs for each party, seed 2\n"
        "Runs won, with the 95% interval:\n  standard "
    )
    lines = text.splitlines()
    assert [line.split()[0] for line in lines[3:7]] == list(SHIPPED)
    assert "the Ruin band 52%-68%" in lines[3]
    assert "band" not in " ".join(lines[4:7])
    about = shipped_party(STANDARD).about
    assert f"The standard party in detail:\n  {about}\n  Runs won " in text
    assert ", retreated " in text and ", lost " in text
    assert "  Cards failed most:\n    " in text


def test_a_builder_is_warned_when_the_standard_party_misses_the_band(monkeypatch):
    monkeypatch.setattr(rules, "ROUND_RULES", rules.ROUND_RULES._replace(target_base=-100))
    easy = balance(SAMPLES[0], 50, seed=1)
    assert easy.verdict() == "OUTSIDE the Ruin band 52%-68%"
    assert easy.warning.startswith(
        "Warning: the standard party wins 100.0% of its runs, above the Ruin band of 52%-68%."
    )
    assert "Make the deck harder" in easy.warning and easy.warning in easy.render()
    monkeypatch.setattr(rules, "ROUND_RULES", rules.ROUND_RULES._replace(target_base=100))
    hard = balance(SAMPLES[0], 50, seed=1)
    assert "below the Ruin band" in hard.warning and "Make the deck easier" in hard.warning
    monkeypatch.undo()
    fine = balance(SAMPLES[0], 2_000, seed=1)
    assert fine.warning is None and fine.verdict() == "within the Ruin band 52%-68%"
    near = balance(SAMPLES[0], 40, seed=1)
    assert near.warning is None and "near its edge: simulate more runs" in near.verdict()


def test_progress_is_told_every_run_in_batches():
    told = []
    simulate(SAMPLES[0], 250, seed=1, progress=told.append)
    assert told == [100, 100, 50]
    told.clear()
    balance(SAMPLES[0], 150, seed=1, progress=told.append)
    assert told == [100, 50] * len(SHIPPED)


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
    assert data == json.loads(json.dumps(balance(SAMPLES[0], 60, seed=4).to_dict()))


def test_command_line_plain_report_from_a_file(capsys):
    main([str(sample_path(3)), "--runs", "40"])
    assert capsys.readouterr().out.startswith("Dungeon 3: The Clockwork Archive (Labyrinth)")


def test_command_line_takes_a_shipped_party_by_name_or_a_party_file(capsys):
    main(["2", "--runs", "30", "--party", "Bold"])
    assert "The bold party in detail:" in capsys.readouterr().out
    main(["2", "--runs", "30", "--party", str(party_path("utility")), "--json"])
    assert json.loads(capsys.readouterr().out)["party"] == "utility"


def test_command_line_refuses_an_unknown_party_and_an_illegal_party_file(capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        main(["1", "--runs", "10", "--party", "heroes"])
    assert exit_.value.code == 2
    assert "'heroes' is neither a shipped party" in capsys.readouterr().err
    cheat = tmp_path / "cheat.yaml"
    cheat.write_text(
        "name: cheats\nmembers:\n- name: Ann\n  ratings: {Brute: 5, Agility: 4, Wits: 3, "
        "Combat: 2}\n  tools:\n  - {name: Maul, category: Brute, rating: Major, "
        "qualities: [Improved, Efficient]}\n"
    )
    with pytest.raises(SystemExit) as exit_:
        main(["1", "--runs", "10", "--party", str(cheat)])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "cheat.yaml, member 'Ann', tool #1 (Maul): Major 3 + Improved 1 + Efficient 1 = 5 TP; "
        "a tool needs exactly 4.\n"
    )


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_command_line_shows_a_progress_bar_on_a_terminal_for_long_runs(monkeypatch, capsys):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    main(["1", "--runs", str(TTY_PROGRESS_FROM), "--json"])
    total = TTY_PROGRESS_FROM * len(SHIPPED)
    assert f" 0/{total} [" in terminal.getvalue()  # tqdm's first frame
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
    assert "a shipped party (standard, utility, bare, bold) or a party file" in text


def test_command_line_refuses_an_unknown_sample(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["99", "--runs", "10"])
    assert exit_.value.code == 2
    assert "There is no sample dungeon 99" in capsys.readouterr().err


# --- Balance: every sample in its band for the standard party -------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda d: f"{d.number}-{d.type}")
def test_each_sample_dungeon_is_in_its_types_success_band(sample):
    report = simulate(sample, BAND_RUNS, seed=BAND_SEED, party=shipped_party(STANDARD))
    low, high = rules.DUNGEON_TYPES[sample.type].success
    ci_low, ci_high = report.ci95
    assert low <= ci_low and ci_high <= high, report.detail_lines()


@pytest.mark.parametrize("sample", [d for d in SAMPLES if d.type == rules.RUIN], ids=str)
def test_a_bare_party_does_not_find_a_ruin_hopeless(sample):
    report = simulate(sample, BAND_RUNS, seed=BAND_SEED, party=shipped_party("bare"))
    assert report.success_rate >= BARE_RUIN_FLOOR


def test_the_bands_are_the_specs():
    bands = {name: guide.success for name, guide in rules.DUNGEON_TYPES.items()}
    assert bands == {
        rules.RUIN: (0.52, 0.68),
        rules.LABYRINTH: (0.32, 0.48),
        rules.ABYSS: (0.05, 0.20),
    }


def test_the_tuned_tool_bonuses_keep_the_sources_order():
    major, minor = rules.TOOL_BONUS[rules.MAJOR], rules.TOOL_BONUS[rules.MINOR]
    assert major > minor > 0  # a Major gives more, a Minor still gives something
    assert rules.QUALITIES["Improved"].bonus > major - minor  # "larger than the gap"
