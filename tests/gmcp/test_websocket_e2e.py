"""
The webclient's protocol sees the same live state: a player on the websocket
asks for the packages as the party panel does (`["supports_set", ["Digger 1",
...], {}]`) and plays a round with a telnet GMCP player; every Digger message
reaches both with the same content. A websocket player who asked for nothing
gets none.
"""

import json
import time

import pytest
import websocket

from tests.gmcp.oob_client import OobClient

pytestmark = pytest.mark.e2e

PASSWORD = "ws-gmcp-pw-4321"
SUPPORTS = ["Char 1", "Room 1", "Digger 1"]


class WebsocketClient:
    """The webclient's JSON protocol: text and every OOB message, kept apart."""

    def __init__(self, port):
        self.ws = websocket.create_connection(
            f"ws://127.0.0.1:{port}/", subprotocols=["v1.evennia.com"], timeout=10
        )
        self.text, self.oob, self._markers = "", [], 0

    def send(self, line):
        self.ws.send(json.dumps(["text", [line], {}]))

    def send_oob(self, name, *args):
        self.ws.send(json.dumps([name, list(args), {}]))

    def read_until(self, needle, timeout=20):
        deadline = time.monotonic() + timeout
        while needle not in self.text:
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited for {needle!r}; got:\n{self.text[-2000:]}")
            try:
                name, args, kwargs = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if name in ("text", "prompt"):
                self.text += "".join(str(part) for part in args) + "\n"
            else:
                kwargs.pop("options", None)
                self.oob.append((name, kwargs))
        upto = self.text.index(needle) + len(needle)
        seen, self.text = self.text[:upto], self.text[upto:]
        return seen

    def command(self, line=None):
        """Send `line` (if any) and a marker; the text up to the marker's echo."""
        self._markers += 1
        marker = f"zzws{self._markers}"
        if line is not None:
            self.send(line)
        self.send(marker)
        return self.read_until(f"Command '{marker}'")

    def sync(self):
        """The OOB messages not taken yet, once everything sent before now has arrived."""
        self.command()
        messages, self.oob = self.oob, []
        return messages

    def log_in(self, name):
        self.read_until("create")
        self.send(f"create {name} {PASSWORD}")
        self.read_until("[Y]/N?")
        self.send("y")
        self.read_until("was created")
        self.send(f"connect {name} {PASSWORD}")
        self.read_until("Staff answer")  # the end of the welcome text
        for ability in ("brute", "agility", "wits", "combat"):
            self.command(f"+digger/raise {ability}=4")

    def close(self):
        self.ws.close()


def ours(messages):
    """The messages of our packages, by GMCP name (Evennia's own logged_in left out)."""
    return [
        (".".join(word.capitalize() for word in name.split("_")), value)
        for name, value in messages
        if name != "logged_in"
    ]


def test_the_websocket_sees_what_gmcp_sees(game_server, unique_name):
    web_name, telnet_name, quiet_name = unique_name("Web"), unique_name("Tel"), unique_name("Shy")
    web, quiet = WebsocketClient(game_server.ws_port), WebsocketClient(game_server.ws_port)
    try:
        with OobClient(game_server.telnet_port, supports=SUPPORTS) as telnet:
            web.log_in(web_name)
            quiet.log_in(quiet_name)
            telnet.create_and_connect(telnet_name, PASSWORD)
            for ability in ("brute", "agility", "wits", "combat"):
                telnet.command(f"+digger/raise {ability}=4")
            web.send_oob("supports_set", *SUPPORTS)  # the party panel sends ["Digger 1"]
            at_once = ours(web.sync())
            assert [name for name, _ in at_once] == [
                "Char.Name",
                "Char.Status",
                "Char.Vitals",
                "Room.Info",
                "Digger.Party",
                "Digger.Run",
            ]
            assert dict(at_once)["Char.Name"] == {"name": web_name}
            telnet.sync()

            web.command("+party/create 1")  # the sample dungeon #1, loaded at start
            assert [name for name, _ in ours(web.sync())] == ["Digger.Party", "Digger.Run"]
            assert telnet.sync() == []  # not in the party (yet)
            moves = [
                (telnet, f"+party/join {web_name}"),
                (web, "+dungeon/enter"),
                (web, "+act force"),
                (telnet, "+act force"),
                (web, "+act/complete"),
                (telnet, "+dungeon/draw"),
            ]
            for player, line in moves:
                player.command(line)
                seen_on_web, seen_on_telnet = ours(web.sync()), telnet.sync()
                assert [name for name, _ in seen_on_web] == ["Digger.Party", "Digger.Run"], line
                assert seen_on_web == seen_on_telnet, line
            run = dict(seen_on_web)["Digger.Run"]
            assert run["challenge"] == 2 and run["card"]["pending"] is True
            assert [member["name"] for member in run["members"]] == [web_name, telnet_name]

            quiet.command("+camp")
            assert ours(quiet.sync()) == []
    finally:
        web.close()
        quiet.close()
