"""A player over real telnet: create, confirm, connect, look, say, quit."""

from tests.e2e.telnet_client import TelnetClient
from world.identity import START_ROOM_NAME


def test_connection_screen_names_the_game(game_server):
    with TelnetClient(game_server.telnet_port) as client:
        screen = client.read_until("create <name> <password>", timeout=15)
    assert "Delver" in screen


def test_create_look_say_quit(game_server, unique_name):
    name = unique_name("Wren")
    with TelnetClient(game_server.telnet_port) as client:
        welcome = client.create_and_connect(name, "lantern-oil-42")
        assert "Welcome to Delver" in welcome
        look = client.command("look")
        assert START_ROOM_NAME in look
        said = client.command("say The rope is ours.")
        assert 'You say, "The rope is ours.' in said
        client.send("quit")
        goodbye = client.read_until("Quitting", timeout=10)
        assert "Quitting" in goodbye
        assert client.closed_by_server(timeout=10)


def test_second_player_hears_the_first(game_server, unique_name):
    first, second = unique_name("Ash"), unique_name("Birch")
    with TelnetClient(game_server.telnet_port) as one, TelnetClient(game_server.telnet_port) as two:
        one.create_and_connect(first, "pw-one-12345")
        two.create_and_connect(second, "pw-two-12345")
        one.send("say Anyone seen the map?")
        heard = two.read_until("Anyone seen the map?", timeout=10)
        assert f"{first} says" in heard


def test_help_lists_commands(game_server, unique_name):
    with TelnetClient(game_server.telnet_port) as client:
        client.create_and_connect(unique_name("Help"), "slate-fern-3390")
        text = client.command("help say")
        assert "say" in text.lower()
