"""
An Old Gold dungeon generated over real telnet: a GM opens one, two
adventurers walk in and explore it (each new room built as they first go
through a way), the server reloads and the dungeon is still there and
still connected (a way back leads back), and the GM tears it down with everyone moved back out.
The dice are the server's own, so the walk takes whatever ways open.
"""

import re

from tests.e2e.telnet_client import TelnetClient
from tests.e2e.oldgold_party import gather_party

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_UNEXPLORED = re.compile(r"(north|east|south|west|down) \(unexplored")
_SHUT = re.compile(r"(north|east|south|west|down) \(the door is \w+\)")


def said(client, line):
    return " ".join(_ANSI.sub("", client.command(line)).replace("\r", "").split())


def view(client, vault):
    """+crawl's answer, without what others did in the room before it."""
    text = said(client, "+crawl")
    return text[text.index(f"{vault}, level"):]


def explore(client, steps=4):
    """Walk unexplored ways until `steps` spaces are made (or none is left),
    forcing a shut door when no way here opens. Returns (ways taken, the
    last +crawl seen)."""
    made, shown = [], ""
    for _ in range(steps * 10):
        shown = said(client, "+crawl")
        ways, shut = _UNEXPLORED.findall(shown), _SHUT.findall(shown)
        if len(made) >= steps or not (ways or shut):
            break
        for way in ways:
            out = said(client, way)
            if "explores" in out:
                made.append(way)
                break
            assert "will not open" in out, out
        else:
            # Every way tried is shut (it may be the only one): force one.
            said(client, f"+crawl/force {shut[0] if shut else ways[0]}")
    return made, shown


def test_a_gm_generates_a_dungeon_as_two_adventurers_explore_it(game_server, unique_name):
    ann, bo, vault = unique_name("Ann"), unique_name("Bo"), unique_name("Vault")
    port = game_server.telnet_port
    with TelnetClient(port) as gm, TelnetClient(port) as one, TelnetClient(port) as two:
        gather_party(gm, one, two, ann, bo)

        assert "Only a game master" in said(one, f"+crawl/new {vault}=2")
        opened = said(gm, f"+crawl/new {vault}=2")
        assert f"opens the dungeon {vault}: a small lair, 6 rooms on 1 level" in opened
        for client in (one, two):
            assert "the entrance" in said(client, "dungeon")
        assert "the entrance (space 1)" in said(one, "+crawl")

        made, shown = explore(one)
        assert made, shown
        for way in made:  # Bo follows the same ways: nothing new is rolled
            assert f"{bo} explores" not in said(two, way)
        where = view(one, vault)
        assert where == view(two, vault)
        listed = said(gm, "+crawl/list")
        assert vault in listed

        game_server.reload()

        assert view(one, vault) == where
        back = re.search(r"(north|east|south|west) \(the way back\)", where).group(1)
        said(one, back)
        before = view(one, vault)
        assert before != where and "(space " in before

        torn = said(gm, f"+crawl/teardown {vault}")
        assert f"tears down {vault}" in torn and ann in torn and bo in torn
        assert "not in a generated dungeon" in said(one, "+crawl")
        assert vault not in said(gm, "+crawl/list")
