"""A Digger run over real telnet survives `evennia reload`: two players start a run
in a sample dungeon, the server reloads mid-round, and they finish the run."""

import re

from tests.e2e.telnet_client import TelnetClient

ABILITY = re.compile(r"Ability: (Brute|Agility|Wits|Combat)")
ENDINGS = ("The dungeon is won!", "retreats from the dungeon", "the run is lost")
MAX_ROUNDS = 40


def ready_delver(client, name):
    client.create_and_connect(name, "digger-reload-42")
    for ability in ("brute", "agility", "wits", "combat"):
        assert "goes from 0 to 4" in client.command(f"+digger/raise {ability}=4")


def card_ability(text):
    found = ABILITY.findall(text)
    assert found, f"no card in:\n{text}"
    return found[-1]


def test_a_run_survives_a_reload(game_server, unique_name):
    leader, member = unique_name("Lead"), unique_name("Mate")
    port = game_server.telnet_port
    with TelnetClient(port) as one, TelnetClient(port) as two:
        ready_delver(one, leader)
        ready_delver(two, member)
        listing = one.command("+dungeon/list")
        assert "Dungeons open for exploring" in listing
        number = re.search(r"^\s*(\d+)\s", listing, re.M).group(1)
        assert "gathers a party" in one.command(f"+party/create {number}")
        assert "joins the party" in two.command(f"+party/join {leader}")
        entered = one.command("+dungeon/enter")
        assert "Challenge 1:" in entered
        ability = card_ability(entered)
        assert "answers with" in one.command(f"+act {ability}")
        assert "Everyone has acted" in two.command(f"+act {ability}")

        old_pid, new_pid = game_server.reload()
        assert old_pid is not None and new_pid != old_pid

        camp = one.command("+camp")
        assert "Challenge 1 (pending)" in camp and "Still to act: nobody" in camp
        again = one.command("+dungeon/list")
        assert again[again.index("Dungeons") :] == listing[listing.index("Dungeons") :]
        result = one.command("+act/complete")
        assert "Challenge 1," in result and "Exploration +" in result
        for _ in range(MAX_ROUNDS):
            if any(ending in result for ending in ENDINGS):
                break
            drawer = two
            drawn = drawer.command("+dungeon/draw")
            if "too exhausted" in drawn:
                drawer = one
                drawn = drawer.command("+dungeon/draw")
            ability = card_ability(drawn)
            one.command(f"+act {ability}")
            two.command(f"+act {ability}")
            result = drawer.command("+act/complete")
        assert any(ending in result for ending in ENDINGS), result
        assert "Your party is not facing a challenge." in one.command("+challenge")
