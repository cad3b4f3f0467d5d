"""
The real game with the patch layer on (the shared `game_server`: every patch
of each process installed, as the logs say) and off (`DELVER_PATCHES=off`:
plain Evennia underneath, and the game plays the same).
"""

import time

import pytest

from server import patches
from tests.e2e.gameserver import ADMIN, GameServer
from tests.e2e.telnet_client import TelnetClient
from world.identity import START_ROOM_NAME

pytestmark = pytest.mark.e2e


def _names_for(process):
    return [name for name, patch in patches.all_patches().items()
            if patch.process in (process, "both")]


def _log(game, name):
    path = game.dir / "server" / "logs" / name
    return path.read_text(errors="replace") if path.exists() else ""


def _play(port, name):
    with TelnetClient(port) as client:
        assert "Welcome to" in client.create_and_connect(name, "patch-layer-42")
        assert START_ROOM_NAME in client.command("look")
        assert 'You say, "Both ways.' in client.command("say Both ways.")
        assert "Command 'zzfrob' is not available" in client.command("zzfrob")
        assert "say" in client.command("help say").lower()


def test_every_patch_installed_in_the_shared_game(game_server, unique_name):
    _play(game_server.telnet_port, unique_name("Patched"))
    server_log = _log(game_server, "server.log")
    assert f"Patch layer (server): {len(_names_for('server'))} installed" in server_log
    assert f"Patch layer (portal): {len(_names_for('portal'))} installed" in _log(
        game_server, "portal.log")
    assert "NOT installed" not in server_log


def _running(**env):
    game = GameServer(extra_env=env)
    try:
        game.start()
        yield game
    finally:
        game.stop()
        game.cleanup()


@pytest.fixture(scope="module")
def plain_game():
    yield from _running(DELVER_PATCHES="off")


def test_delver_patches_off_plays_on_plain_evennia(plain_game):
    _play(plain_game.telnet_port, "Plain")
    assert "Patch layer (server): 0 installed: none." in _log(plain_game, "server.log")
    assert "Patch layer (portal): 0 installed: none." in _log(plain_game, "portal.log")


@pytest.fixture(scope="module")
def throttled_game():
    """A game with Evennia's own limits on: 2 new connections a second."""
    yield from _running(DELVER_NO_THROTTLE="0")


def test_an_automatic_login_right_behind_another_connection_logs_in(throttled_game):
    """A client that sends its login the moment it connects, half a second
    after another connection (queued_input: plain Evennia loses that line)."""
    port = throttled_game.telnet_port
    with TelnetClient(port) as maker:
        maker.create_and_connect("Swift", "auto-login-42")
    time.sleep(1)  # the Portal's connection queue is empty again
    with TelnetClient(port) as first, TelnetClient(port) as second:
        second.send("connect Swift auto-login-42")  # while the Portal keeps it waiting
        first.send(f"connect {ADMIN[0]} {ADMIN[1]}")
        assert "You become Swift." in second.read_until("Welcome to Delver", timeout=15)
        assert "Welcome to Delver" in first.read_until("Welcome to Delver", timeout=15)
