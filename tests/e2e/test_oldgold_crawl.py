"""
An Old Gold dungeon generated over real telnet: a GM opens one, two
adventurers walk in and explore it (each new room built as they first go
through a way), the server reloads and the dungeon is still there and
still connected, and the GM tears it down with everyone moved back out.
The dice are the server's own, so the walk takes whatever ways open.
"""

import re

from tests.e2e.gameserver import ADMIN
from tests.e2e.telnet_client import TelnetClient
from tests.e2e.test_oldgold_combat import make_adventurer

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_UNEXPLORED = re.compile(r"(north|east|south|west|down) \(unexplored")


def said(client, line):
    return " ".join(_ANSI.sub("", client.command(line)).replace("\r", "").split())


def explore(client, steps=4):
    """Walk unexplored ways (forcing shut doors) until `steps` spaces are made."""
    made = []
    for _ in range(steps * 4):
        ways = _UNEXPLORED.findall(said(client, "+crawl"))
        if not ways or len(made) >= steps:
            break
        out = said(client, ways[0])
        if "will not open" in out:
            said(client, f"+crawl/force {ways[0]}")
            continue
        assert "explores" in out, out
        made.append(ways[0])
    return made


def test_a_gm_generates_a_dungeon_as_two_adventurers_explore_it(game_server, unique_name):
    ann, bo, vault = unique_name("Ann"), unique_name("Bo"), unique_name("Vault")
    port = game_server.telnet_port
    with TelnetClient(port) as gm, TelnetClient(port) as one, TelnetClient(port) as two:
        one.create_and_connect(ann, "ember-salt-4417")
        two.create_and_connect(bo, "quill-moss-8823")
        gm.connect(*ADMIN)
        gm.command(f"tel/loc {ann}")
        gm.command(f"tel {bo}=here")
        make_adventurer(one, "Human", "1 1 1 4", "Sword", "Light armour (leather)")
        make_adventurer(two, "Dwarf", "2 1 1 2", "Axe", "Medium armour (mail)")
        gm.command(f"+og/approve {ann}")
        gm.command(f"+og/approve {bo}")

        assert "Only a game master" in said(one, f"+crawl/new {vault}=2")
        opened = said(gm, f"+crawl/new {vault}=2")
        assert f"opens the dungeon {vault}: a small lair, 6 rooms on 1 level" in opened
        for client in (one, two):
            assert "the entrance" in said(client, "dungeon")
        assert "the entrance (space 1)" in said(one, "+crawl")

        made = explore(one)
        assert made, "no way out of the entrance opened"
        for way in made:  # Bo follows the same ways: nothing new is rolled
            assert "explores" not in said(two, way)
        where = said(one, "+crawl")
        assert where == said(two, "+crawl")
        listed = said(gm, "+crawl/list")
        assert vault in listed

        game_server.reload()

        assert said(one, "+crawl") == where
        back = re.search(r"(north|east|south|west) \(the way back\)", where).group(1)
        said(one, back)
        assert said(one, "+crawl") != where
        said(one, {"north": "south", "south": "north", "east": "west", "west": "east"}[back])
        assert said(one, "+crawl") == where

        torn = said(gm, f"+crawl/teardown {vault}")
        assert f"tears down {vault}" in torn and ann in torn and bo in torn
        assert "not in a generated dungeon" in said(one, "+crawl")
        assert vault not in said(gm, "+crawl/list")
