"""Shared set-up for the social tests: a third player, live sessions, captured messages."""

import contextlib
from unittest.mock import patch

import evennia
from evennia.server.serversession import ServerSession
from evennia.utils import ansi, create
from evennia.utils.test_resources import EvenniaCommandTest

from commands.social import forget_shared_listings


class SocialTest(EvenniaCommandTest):
    """char1/account (staff), char2/account2 and char3/account3 (players), all in room1."""

    def setUp(self):
        super().setUp()
        forget_shared_listings()
        self.account3 = create.create_account("Ash", email="ash@example.com", password="pw-x-1234")
        self.char3 = create.create_object(
            self.character_typeclass, key="Ash", location=self.room1, home=self.room1
        )
        self.char3.account = self.account3
        self.account3.db._playable_characters = [self.char3]
        self.extra_sessions = []

    def tearDown(self):
        for sessid in self.extra_sessions:
            evennia.SESSION_HANDLER.pop(sessid, None)
        self.account3.delete()
        super().tearDown()

    def log_in(self, account, character=None, sessid=None):
        """Give `account` a live session (puppeting `character`), so it counts as online."""
        sessid = sessid or 10 + len(self.extra_sessions)
        session = ServerSession()
        session.init_session("telnet", ("localhost", "testmode"), evennia.SESSION_HANDLER)
        session.sessid = sessid
        evennia.SESSION_HANDLER.portal_connect(session.get_sync_data())
        session = evennia.SESSION_HANDLER.session_from_sessid(sessid)
        evennia.SESSION_HANDLER.login(session, account, testmode=True)
        if character is not None:
            session.puid = character.id
            session.puppet = character
            character.sessions.add(session)
        self.extra_sessions.append(sessid)
        return session

    @contextlib.contextmanager
    def listening(self, *objs):
        """Collect the plain text each of `objs` is sent: yields {obj: [lines]}."""
        heard = {obj: [] for obj in objs}
        patches = []
        for obj in objs:
            def fake(text=None, *args, _obj=obj, **kwargs):
                if isinstance(text, tuple):
                    text = text[0]
                if text is not None:
                    heard[_obj].append(ansi.strip_ansi(str(text)))
            patcher = patch.object(obj, "msg", side_effect=fake)
            patches.append(patcher)
            patcher.start()
        try:
            yield heard
        finally:
            for patcher in patches:
                patcher.stop()
