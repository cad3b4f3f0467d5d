"""
Shared pieces for the live-state tests: a recorder of what a session is sent,
and a Digger test case whose members have sessions of their own.

`ClientStateTest` is Digger's command test case with real sessions: Char,
Char2 and Cid each play through a session of their own
(`self.client[character]`); `self.outbox[character]` records every OOB
message sent to that character's session. `ask(character, *items)` sends
GMCP Core.Supports.Set for it, as a client would.
"""

from unittest.mock import patch

from evennia.server.sessionhandler import ServerSessionHandler

from server.conf import inputfuncs
from tests.digger.fixtures import DiggerCommandTest, give_ratings


class Outbox:
    """The OOB messages one session was sent, as (GMCP name, payload) pairs: the
    payload is the message's keyword arguments, or its arguments if it has some."""

    def __init__(self):
        self.messages = []

    def data_out(self, **kwargs):
        for key, value in kwargs.items():
            if key in ("text", "prompt", "options"):
                continue
            args, payload = value
            self.messages.append((_gmcp_name(key), list(args) if args else payload))

    def take(self):
        """Everything recorded since the last take."""
        messages, self.messages = self.messages, []
        return messages

    def names(self):
        return [name for name, _ in self.take()]

    def latest(self, name):
        """The newest payload of message `name` among the recorded ones (kept)."""
        found = [payload for message, payload in self.messages if message == name]
        assert found, f"no {name} among {[message for message, _ in self.messages]}"
        return found[-1]


def _gmcp_name(variable):
    """digger_run -> Digger.Run, as Evennia's GMCP encoder names it."""
    return ".".join(word.capitalize() for word in variable.split("_"))


class ClientStateTest(DiggerCommandTest):
    real_sessions = True

    def setUp(self):
        super().setUp()
        syncs = patch.object(ServerSessionHandler, "session_portal_partial_sync")
        self.portal_syncs = syncs.start()
        self.addCleanup(syncs.stop)
        self.client = {self.char1: self.session}  # Evennia's test session plays Char
        for character in (self.char2, self.char3):
            self.client[character] = self.connect(character)
        for character, session in self.client.items():
            assert character.sessions.all() == [session]
            session.puppet = character
        self.outbox = {}
        for character, session in self.client.items():
            box = self.outbox[character] = Outbox()
            recorder = patch.object(session, "data_out", box.data_out)
            recorder.start()
            self.addCleanup(recorder.stop)
        for character in self.client:
            give_ratings(character)

    def ask(self, character, *items):
        inputfuncs.supports_set(self.client[character], *items)
