"""
Raw telnet clients against the real game: one negotiates GMCP the way Mudlet
does and asks for Char, Room and Digger; one negotiates GMCP and asks for
nothing; one speaks MSDP and REPORTs Digger.Run. They play a round of the
sample dungeon #1 together. The first gets exactly the messages each move
sends, agreeing with what the game prints; the second gets none; the third
gets the same run as MSDP. The subscription outlives `evennia reload`.
"""

import re

import pytest

from tests.gmcp.oob_client import GMCP, MSDP, OobClient

pytestmark = pytest.mark.e2e

PASSWORD = "gmcp-e2e-pw-77"
MUDLET = {"client": "Mudlet", "version": "4.19.1"}
DIGGER = ["Digger.Party", "Digger.Run"]
EXPLORATION = re.compile(r"Exploration \+\d+ \([^)]*\): now (\d+)\.")
EXHAUSTION = re.compile(r"(\S+): Exhaustion \+\d+ \([^)]*\) -> (\d+)")


def names(messages):
    return [name for name, _ in messages]


def ready(client, name):
    client.create_and_connect(name, PASSWORD)
    for ability in ("brute", "agility", "wits", "combat"):
        client.command(f"+digger/raise {ability}=4")


def test_a_round_over_gmcp_and_msdp(game_server, unique_name):
    port = game_server.telnet_port
    ann, bob, cat = unique_name("Ann"), unique_name("Bob"), unique_name("Cat")
    supports = ["Char 1", "Room 1", "Digger 1", "IRE.Rift 1"]
    with (
        OobClient(port, hello=MUDLET, supports=supports) as one,
        OobClient(port) as two,
        OobClient(port, accept=(MSDP,)) as three,
    ):
        one.create_and_connect(ann, PASSWORD)
        at_login = one.sync()
        # Evennia itself tells every GMCP client of the login; the rest is ours.
        assert names(at_login) == [
            "Logged.In",
            "Char.Name",
            "Char.Status",
            "Char.Vitals",
            "Room.Info",
            *DIGGER,
        ]
        values = dict(at_login)
        assert values["Char.Name"] == {"name": ann}
        assert values["Char.Status"]["systems"] == []  # looking made no Digger sheet
        assert values["Room.Info"]["name"] == "The Lantern Yard"
        assert values["Digger.Party"]["members"] == []
        for ability in ("brute", "agility", "wits", "combat"):
            one.command(f"+digger/raise {ability}=4")
        raised = one.take_gmcp()  # each change of the new sheet: Char.Status and Char.Vitals
        assert set(names(raised)) == {"Char.Status", "Char.Vitals"}
        assert dict(raised)["Char.Status"] == {
            "systems": ["digger"],
            "digger": {"form": "Base", "dp": 8, "approved": False},  # 48 DP less 4 x 10
        }
        ready(two, bob)
        assert names(two.sync()) == ["Logged.In"]  # Evennia's own, and nothing of ours
        ready(three, cat)
        three.send_msdp("REPORT", "digger_run")
        assert GMCP in two.agreed and MSDP in three.agreed and GMCP not in three.agreed

        listing = one.command("+dungeon/list")
        number = re.search(r"^\s*(\d+)\s", listing, re.M).group(1)
        one.command(f"+party/create {number}")
        created = one.take_gmcp()
        assert names(created) == DIGGER
        party = created[0][1]
        assert party["leader"] == ann and [m["name"] for m in party["members"]] == [ann]
        two.command(f"+party/join {ann}")
        three.command(f"+party/join {ann}")
        assert names(one.sync()) == DIGGER * 2

        entered_text = one.command("+dungeon/enter")
        entered = one.take_gmcp()
        assert names(entered) == DIGGER
        run = entered[1][1]
        assert run["active"] and run["challenge"] == 1 and run["exploration"] == 0
        assert run["card"]["title"] == "The Swollen Door" and "The Swollen Door" in entered_text
        assert {k: run["card"][k] for k in ("type", "ability", "level", "pending")} == {
            "type": "Entry",
            "ability": "Brute",
            "level": 1,
            "pending": True,
        }
        assert [m["name"] for m in run["members"]] == [ann, bob, cat]
        assert [m["exhaustion"] for m in run["members"]] == [0, 0, 0]

        for client in (one, two, three):
            client.command("+act force")
            acted = one.sync()
            assert names(acted) == DIGGER
        assert acted[0][1]["waiting"] == [] and all(m["acted"] for m in acted[0][1]["members"])

        result = one.command("+act/complete")
        completed = dict(one.take_gmcp())
        run = completed["Digger.Run"]
        unwrapped = " ".join(result.split())  # long lines wrap, e.g. before their "-> N"
        assert run["exploration"] == int(EXPLORATION.search(unwrapped).group(1))
        printed = {name: int(value) for name, value in EXHAUSTION.findall(unwrapped)}
        assert {m["name"]: m["exhaustion"] for m in run["members"]} == printed
        assert run["card"]["pending"] is False
        camp = one.command("+camp")
        assert f"{run['exploration']}/70 to the Final" in camp
        assert names(one.take_gmcp()) == DIGGER  # +camp refreshes the looker

        drawn_text = two.command("+dungeon/draw")
        drawn = dict(one.sync())
        assert drawn["Digger.Run"]["challenge"] == 2
        assert f"Challenge 2: {drawn['Digger.Run']['card']['title']}" in drawn_text
        assert drawn["Digger.Party"]["drawer"] == bob

        one.send_gmcp("Digger.Get")
        assert names(one.sync()) == DIGGER

        assert two.sync() == []  # Bob's client speaks GMCP but asked for nothing
        three.sync()
        reported = [raw for raw in three.msdp if raw.startswith(b"\x01digger_run\x02")]
        assert len(reported) >= 8  # REPORT, joins, enter, three acts, complete, draw
        assert b"\x01challenge\x022" in reported[-1]

        game_server.reload()
        one.send_gmcp("Digger.Get")
        after = dict(one.sync())
        assert after["Digger.Run"]["challenge"] == 2
        one.command("+dungeon/retreat")
        ended = dict(one.take_gmcp())
        assert ended["Digger.Run"]["active"] is False
        assert ended["Digger.Run"]["outcome"] == "retreat"
