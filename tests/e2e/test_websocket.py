"""A player over the webclient's websocket (the protocol the browser client speaks)."""

import json
import time

import websocket

from world.identity import START_ROOM_NAME


class WebsocketPlayer:
    """Sends text commands as `["text", [cmd], {}]` and collects the text that comes back."""

    def __init__(self, port):
        self.ws = websocket.create_connection(
            f"ws://127.0.0.1:{port}/", subprotocols=["v1.evennia.com"], timeout=10
        )
        self.seen = ""

    def send(self, line):
        self.ws.send(json.dumps(["text", [line], {}]))

    def read_until(self, text, timeout=15):
        """The text received until `text` arrived; it is consumed."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited for {text!r}; got:\n{self.seen[-2000:]}")
            try:
                message = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if message and message[0] == "text":
                self.seen += "".join(str(part) for part in message[1]) + "\n"
        upto = self.seen.index(text) + len(text)
        received, self.seen = self.seen[:upto], self.seen[upto:]
        return received

    def close(self):
        self.ws.close()


def test_websocket_create_connect_look(game_server, unique_name):
    name, password = unique_name("Web"), "socket-pw-12345"
    player = WebsocketPlayer(game_server.ws_port)
    try:
        player.read_until("create")
        player.send(f"create {name} {password}")
        player.read_until("[Y]/N?")
        player.send("y")
        player.read_until("was created")
        player.send(f"connect {name} {password}")
        player.read_until("Staff answer")  # the end of the welcome text
        player.send("look")
        player.send("zzlookdone")
        answer = player.read_until("zzlookdone")
        assert START_ROOM_NAME in answer
    finally:
        player.close()
