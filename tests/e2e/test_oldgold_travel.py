"""
Old Gold overland over real telnet: a GM builds a region, two adventurers
cross three hexes of it, one hires a follower, the server reloads, and the
region, the journey and the follower are all still there.
"""

import re

from tests.e2e.telnet_client import TelnetClient
from tests.e2e.oldgold_party import gather_party

ALL_HEXES = " ".join(f"{c}{r}" for c in "ABCDEF" for r in range(1, 7))


def test_a_journey_and_a_hireling_survive_a_reload(game_server, unique_name):
    ann, bo = unique_name("Ann"), unique_name("Bo")
    vale = unique_name("Vale")
    port = game_server.telnet_port
    with TelnetClient(port) as gm, TelnetClient(port) as one, TelnetClient(port) as two:
        gather_party(gm, one, two, ann, bo)

        assert "Only a game master" in one.command(f"+region/new {vale}")
        assert "36 blank hexes" in gm.command(f"+region/new {vale}=temperate autumn")
        assert "plains at" in gm.command(f"+region/paint {vale} {ALL_HEXES}=plains")
        gm.command(f"+region/paint {vale} D1 D2 D3=forest")
        gm.command(f"+region/town {vale} C3=Greyfell")
        gm.command(f"+region/road {vale} C3 C2 C1")
        started = gm.command(f"+travel/start {vale}=C3 for {ann}, {bo}")
        assert "set out across" in started and "Weather: 2d6" in started

        moved = []
        for direction in ("n", "n"):
            moved.append(one.command(f"+travel {direction}"))
        moved.append(two.command("+travel se"))
        for text in moved:
            assert "The party heads" in text, text
        status = one.command("+travel")
        assert "Day 1" in status and "travel watches used" in status
        # The dice are the server's: bad weather can turn the party astray, so the
        # map is held to where +travel says the party is (C3 C2 C1 D1 if nothing went wrong).
        here = re.search(r"Here: ([A-F][1-6]),", status).group(1)
        marked = "[f@]" if here in ("D1", "D2", "D3") else "[.@]"
        shown = one.command(f"+region {vale}")
        assert shown.count("@]") == 1 and marked in shown, (here, shown)
        assert here == "C3" or "[.T]" in shown

        gm.command("+hire/avail city")
        hired = one.command("+hire common=Pim")
        assert "hires Pim" in hired, hired
        assert "bandit" in gm.command("+encounter wilderness=bandit")

        game_server.reload()

        assert "Pim: common hireling, 10 gp a day" in one.command("+hire")
        assert f"Here: {here}," in one.command("+travel")
        assert marked in one.command(f"+region {vale}")
