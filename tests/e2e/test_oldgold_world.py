"""
The whole of an Old Gold adventure over real telnet, as the issue's "done"
describes it: a GM generates a dungeon room by room while two adventurers
explore it by torchlight on the scene clock, until the torches burn out;
they meet a bestiary monster and fight it, take their treasure, the server
reloads (the clock, the dungeon and their coin are all still there), and
they travel home across a region's hexes to its town. The dice are the
server's own, so the walk takes whatever ways open and the journey
whatever way the weather allows.
"""

import re

from tests.e2e.telnet_client import TelnetClient
from tests.e2e.oldgold_party import gather_party
from tests.e2e.test_oldgold_crawl import explore, said, view

ALL_HEXES = " ".join(f"{c}{r}" for c in "ABCDEF" for r in range(1, 7))
# world.oldgold_travel.rules: flat-topped hexes, odd columns half a hex lower.
STEPS = {0: {"n": (0, -1), "ne": (1, -1), "se": (1, 0), "s": (0, 1), "sw": (-1, 0),
             "nw": (-1, -1)},
         1: {"n": (0, -1), "ne": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1),
             "nw": (-1, 0)}}


def _cube(column, row):
    z = row - (column - (column & 1)) // 2
    return column, -column - z, z


def _distance(a, b):
    return max(abs(p - q) for p, q in zip(_cube(*a), _cube(*b)))


def _hex(label):
    return "ABCDEF".index(label[0]), int(label[1:]) - 1


def toward(here, there):
    """The direction whose neighbour is nearest `there`."""
    column, row = here
    return min(STEPS[column % 2], key=lambda d: _distance(
        (column + STEPS[column % 2][d][0], row + STEPS[column % 2][d][1]), there))


def travel_to(client, goal, most_watches=12):
    """Travel watch by watch toward `goal` (a hex label), camping when the
    day's two watches are spent; returns (everything the journey printed,
    the last +travel)."""
    seen = []
    for _ in range(most_watches):
        status = said(client, "+travel")
        here = re.search(r"Here: ([A-F]\d)", status).group(1)
        if here == goal:
            return " ".join(seen), status
        if re.search(r"(\d) of 2 travel watches used", status).group(1) == "2":
            seen.append(said(client, "+travel/camp"))
            continue
        seen.append(said(client, f"+travel {toward(_hex(here), _hex(goal))}"))
    raise AssertionError("never reached " + goal + ": " + " ".join(seen)[-1500:])


def clock_view(client):
    """+clock's answer, without what others did in the room before it."""
    text = said(client, "+clock")
    return text[text.index("Scene clock:"):]


def test_an_old_gold_adventure_from_the_dungeon_to_the_town(game_server, unique_name):
    ann, bo = unique_name("Ann"), unique_name("Bo")
    vault, vale = unique_name("Crypt"), unique_name("Vale")
    port = game_server.telnet_port
    with TelnetClient(port) as gm, TelnetClient(port) as one, TelnetClient(port) as two:
        gather_party(gm, one, two, ann, bo)
        # A room of their own, so the journey here meets no other test's.
        assert "Created room" in said(gm, f"dig/teleport {vault} Gate")
        said(gm, f"tel {ann}=here")
        said(gm, f"tel {bo}=here")

        # The GM opens a dungeon and keeps its time; both light their torches.
        assert "a small lair, 6 rooms" in said(gm, f"+crawl/new {vault}=2")
        for client in (gm, one, two):
            said(client, "dungeon")
        assert "A scene clock starts here" in said(gm, f"+clock/start {vault}=autumn")
        assert "Only a game master" in said(one, "+clock/advance 1 turn")
        for client, name in ((one, ann), (two, bo)):
            assert f"{name} lights a torch (0/3 dots marked)." in said(client, "+light torch")

        # Room by room: each new space is built as Ann first goes through a
        # way; Bo follows; the GM passes a turn for each.
        made, _ = explore(one, steps=3)
        assert made
        for way in made:
            said(two, way)
            assert "Time passes: 1 turn." in said(gm, "+delve/walk")
        gm.command(f"tel/loc {ann}")
        clock_now = said(one, "+clock")
        assert f"Scene clock: {vault}" in clock_now and "autumn" in clock_now

        # Three hours on the clock: the torches (a dot an hour) burn away.
        burned = said(gm, "+clock/advance 3 hours")
        assert f"{ann}'s torch burns down to nothing and goes dark." in burned
        assert f"{bo}'s torch burns down to nothing and goes dark." in burned
        assert "Darkness falls in" in burned
        assert "No light burns here" in said(two, "+light")

        # A bestiary monster in the dark, in the adventurers' fight.
        assert "A Goblin appears: HP 7, DP 0, Morale 4." in said(gm, "+bestiary/spawn goblin")
        fight = said(gm, "+og/fight")
        assert "A fight begins." in fight and "Goblin 3" in fight
        assert f"Goblin makes an attack on {ann} with dagger" in said(gm, f"+og/attack {ann}")
        # Ann and Bo (both Grace 1) act in the order the fight set.
        first = ann if f"{ann}'s turn" in said(gm, "+og/next") else bo
        client = one if first == ann else two
        assert f"{first} makes an attack on Goblin with" in said(client, "+og/attack goblin")
        assert "The fight is over." in said(gm, "+og/end")

        treasure = said(gm, f"+treasure difficult={ann}, {bo}")
        assert "400 XP Required = 200 gp, 100 gp each" in treasure
        coin = re.search(r"Coin (\d+) gp", said(one, "+og/sheet")).group(1)
        where = view(one, vault)
        time_then = clock_view(one)

        game_server.reload()

        assert clock_view(one) == time_then
        assert view(one, vault) == where
        assert f"Coin {coin} gp" in said(one, "+og/sheet")

        # Home: the GM tears the dungeon down (everyone comes out where it
        # was opened) and the party crosses the region to its town.
        torn = said(gm, f"+crawl/teardown {vault}")
        assert f"tears down {vault}" in torn and ann in torn and bo in torn
        said(gm, f"+region/new {vale}=temperate autumn")
        said(gm, f"+region/paint {vale} {ALL_HEXES}=plains")
        said(gm, f"+region/town {vale} C3=Greyfell")
        started = said(gm, f"+travel/start {vale}=F5 for {ann}, {bo}")
        assert "set out across" in started
        journey, status = travel_to(two, "C3")
        assert "The party heads" in journey and "Watch 1 of day 1 passes." in journey
        assert "They reach C3, plains, the town of Greyfell." in journey
        assert "Here: C3, plains, the town of Greyfell." in status
        assert "The party makes camp." in journey and "Day 2 begins." in journey
        assert "[.@]" in said(one, f"+region {vale}")
        assert "ends" in said(gm, "+travel/end")
