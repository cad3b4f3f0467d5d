"""
The bounded hostile-input fuzz of every `make test`: about 1,000 lines with
a fixed seed from four players at once over telnet against the real game,
every command and switch its help lists, each with a hostile argument
(tests/hostile/fuzz.py says which). Nothing may show a player Python's
error text, write an error into the Server's or Portal's log, go
unanswered for 2 s or leave a connection hung. The long run is
benchmarks/fuzz.py.
"""

from tests.hostile import fuzz

LINES, PLAYERS, SEED = 1000, 4, 24


def test_a_thousand_hostile_lines_leave_no_trace(game_server):
    figures = fuzz.run(game_server, lines=LINES, players=PLAYERS, seed=SEED, answer_timeout=2.0)
    report = figures.report()
    assert figures.commands >= 40 and figures.switches >= 100, report
    assert figures.lines >= LINES, report
    assert not figures.error_texts, report
    assert not figures.log_errors, report
    assert not figures.unanswered, report
    assert not figures.hung, report
