"""
The limits no player can get around (issue 24, Limits): one input line,
commands a second per connection (Evennia's setting, checked), a line that
never ends, the output of one command, inline functions' cost and room
messages (the Server's side of those three: test_command_output.py and
test_player_text.py; here, the real game over telnet).
"""

import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from evennia.server.portal import portalsessionhandler

from tests.e2e.gameserver import ADMIN
from tests.e2e.telnet_client import TelnetClient

REPO = Path(__file__).resolve().parents[2]


def game_settings(*names):
    """The values the real game (throttles on) gives these settings."""
    env = {k: v for k, v in os.environ.items() if k not in ("DELVER_NO_THROTTLE", "DJANGO_SETTINGS_MODULE")}
    env["DELVER_SECRET_KEY"] = "limits-test"
    code = "import server.conf.settings as s; print(repr([getattr(s, n) for n in %r]))" % (names,)
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                         text=True, check=True).stdout
    return eval(out.strip().splitlines()[-1])  # noqa: S307 - our own repr of plain values


def test_the_game_sets_each_limit():
    rate, chars, nesting, warning, output = game_settings(
        "MAX_COMMAND_RATE", "MAX_CHAR_LIMIT", "FUNCPARSER_MAX_NESTING", "COMMAND_RATE_WARNING",
        "DELVER_COMMAND_OUTPUT_MAX",
    )
    assert (rate, chars, nesting, output) == (20, 6000, 5, 64000)
    assert "20 a second" in warning


class FakeSession:
    sessid = 1
    protocol_flags = {"ENCODING": "utf-8"}


def test_the_portal_drops_commands_past_the_rate_with_the_warning():
    handler = portalsessionhandler.PortalSessionHandler()
    session = FakeSession()
    sent = []
    with mock.patch.object(portalsessionhandler, "_MIN_TIME_BETWEEN_COMMANDS", 1 / 20), \
            mock.patch.object(portalsessionhandler, "_ERROR_COMMAND_OVERFLOW", "too fast"), \
            mock.patch.object(handler, "data_out", lambda s, **kw: sent.append(kw["text"][0][0])), \
            mock.patch.object(portalsessionhandler.evennia, "EVENNIA_PORTAL_SERVICE") as portal:
        portal.amp_protocol.send_MsgPortal2Server = lambda *a, **k: None
        for _ in range(25):
            handler.data_in(session, text=[["look"], {}])
    assert sent == ["too fast"] * 5


@pytest.mark.e2e
def test_a_too_long_line_is_refused_and_the_connection_lives(game_server, unique_name):
    with TelnetClient(game_server.telnet_port) as client:
        client.create_and_connect(unique_name("Long"), "long-pass-12345")
        client.send("say " + "x" * 7000)
        assert "at most 6000 characters" in client.read_until("Send it in parts", timeout=5)
        assert "still here" in client.command("say still here", timeout=5)


@pytest.mark.e2e
def test_a_line_that_never_ends_is_dropped(game_server, unique_name):
    with TelnetClient(game_server.telnet_port) as client:
        client.create_and_connect(unique_name("Endless"), "drift-copper-5521")
        client.sock.sendall(b"x" * 70000)
        assert "It was dropped" in client.read_until("send it in parts.", timeout=5)
        client.send("")
        assert "still here" in client.command("say still here", timeout=5)


@pytest.mark.e2e
def test_a_pose_bomb_reaches_the_room_small(game_server, unique_name):
    port = game_server.telnet_port
    with TelnetClient(port) as one, TelnetClient(port) as two:
        one.create_and_connect(unique_name("Bomb"), "bomb-pass-12345")
        two.create_and_connect(unique_name("Ear"), "ear-pass-12345")
        mine = one.command("pose agility $pad(x, 99999999)", timeout=3)
        assert "Inline functions left as typed" in mine
        heard = two.read_until("$pad(x, 99999999)", timeout=3)
        assert len(heard) < 2000
        mine = one.command("pose is {}standing by the {name} wall", timeout=3)
        assert "Error" not in mine and "error" not in mine
        assert "is {}standing by the {name} wall" in two.read_until("wall", timeout=3)


@pytest.mark.e2e
def test_one_command_sends_at_most_the_output_cap(game_server):
    # Even staff's own `py` is cut: the cap is the Server's, whatever the command.
    with TelnetClient(game_server.telnet_port) as client:
        client.connect(*ADMIN)
        client.send("py for n in range(300): me.msg(str(n).zfill(6) + 'x' * 994)")
        seen = client.read_until("where the command offers one.]", timeout=20)
        assert "000000xxx" in seen and "000299" not in seen
        assert 60_000 < len(seen) < 70_000
        assert "still here" in client.command("say still here", timeout=5)


@pytest.mark.e2e
def test_the_game_s_own_long_pages_stay_under_the_cap(game_server, unique_name):
    with TelnetClient(game_server.telnet_port) as client:
        client.create_and_connect(unique_name("Pages"), "pages-pass-12345")
        for line in ("help", "look", "+bb", "+scene/list", "channel/all", "who"):
            shown = client.command(line, timeout=5)
            assert "Output cut" not in shown, line
            assert len(shown) < 64_000 // 2, (line, len(shown))
