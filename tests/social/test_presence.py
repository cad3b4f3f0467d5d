"""who, @doing, afk, +who/hide, +where, +finger, +staff."""

from unittest import mock

import evennia

from commands import social
from commands.social import (
    CmdAfk, CmdDoing, CmdFinger, CmdStaff, CmdWhere, CmdWho, player_listing, shared_where_listing,
)
from world.social import rules, presence
from tests.social.helpers import SocialTest


class TestWho(SocialTest):
    def setUp(self):
        super().setUp()
        self.account.permissions.remove("Developer")
        self.session2 = self.log_in(self.account2, self.char2)

    def who(self, caller=None):
        return self.call(CmdWho(), "", caller=caller or self.account)

    def test_who_shows_room_doing_and_flags(self):
        presence.set_doing(self.account2, "Looking for a party")
        presence.set_afk(self.account2, "tea")
        text = self.who()
        row = next(line for line in text.splitlines() if line.startswith(self.account2.key))
        assert self.room1.key in row
        assert "Looking for a party" in row
        assert " A" in row
        assert all(len(line) <= 78 for line in text.splitlines())

    def test_hidden_room_never_shows_to_players(self):
        self.call(CmdWho(), "/hide", "Your room is now hidden", caller=self.account2)
        text = self.who()
        row = next(line for line in text.splitlines() if line.startswith(self.account2.key))
        assert self.room1.key not in row and "(hidden)" in row
        where = self.call(CmdWhere(), "", caller=self.account3)
        assert self.account2.key not in where
        assert "1 more in rooms they keep to themselves" in where
        self.call(CmdWho(), "/show", "Your room shows", caller=self.account2)
        assert self.room1.key in self.call(CmdWhere(), "", caller=self.account3)

    def test_listings_walk_the_sessions_once(self):
        # Evennia's account.sessions walks every session online: a listing
        # asking it per player grew with the square of the players online.
        import evennia

        with mock.patch.object(evennia.SESSION_HANDLER, "sessions_from_account") as per_account:
            social.forget_shared_listings()
            who, where = player_listing(), shared_where_listing()
        per_account.assert_not_called()
        assert self.room1.key in who and self.account2.key in where

    def test_listings_are_shared_for_a_few_seconds_then_made_again(self):
        start = rules.LISTING_SECONDS * 1000.0
        with mock.patch("commands.social.time.time", return_value=start):
            assert self.room1.key in player_listing() and self.room1.key in shared_where_listing()
        self.char2.move_to(self.room2, quiet=True)
        later = start + rules.LISTING_SECONDS - 0.5
        with mock.patch("commands.social.time.time", return_value=later):
            assert self.room2.key not in player_listing()  # the shared one, a moment old
            assert self.room2.key not in shared_where_listing()
        with mock.patch("commands.social.time.time", return_value=start + rules.LISTING_SECONDS):
            assert self.room2.key in player_listing() and self.room2.key in shared_where_listing()

    def test_a_login_and_a_logout_show_at_once_though_the_count_stays(self):
        from evennia.server.signals import SIGNAL_ACCOUNT_POST_LOGOUT

        start = rules.LISTING_SECONDS * 1000.0
        with mock.patch("commands.social.time.time", return_value=start):
            before = player_listing(), shared_where_listing()
            # account2 leaves (as Evennia's disconnect ends) and Ash comes in.
            evennia.SESSION_HANDLER.pop(self.session2.sessid)
            SIGNAL_ACCOUNT_POST_LOGOUT.send(sender=self.account2, session=self.session2)
            self.log_in(self.account3, self.char3)
            after = player_listing(), shared_where_listing()
        assert all(self.account2.key in text and "Ash" not in text for text in before)
        assert all("Ash" in text and self.account2.key not in text for text in after)

    def test_listing_is_remade_when_doing_changes(self):
        player_listing()
        presence.set_doing(self.account2, "Mapping the ruin")
        assert "Mapping the ruin" in player_listing()

    def test_staff_flag(self):
        self.account2.permissions.add("Builder")
        row = next(l for l in self.who().splitlines() if l.startswith(self.account2.key))
        assert "S" in row.split()[1]
        assert self.account2.key in self.call(CmdStaff(), "", caller=self.account3)

    def test_staff_none_online(self):
        assert "No staff are online" in self.call(CmdStaff(), "", caller=self.account3)


class TestSharedListingsStartFresh(SocialTest):
    """The shared listings are kept for a few seconds and per session ids, which the
    next test reuses: each test must start without the last one's."""

    def test_1_makes_the_listings(self):
        self.log_in(self.account2, self.char2)
        player_listing()
        shared_where_listing()

    def test_2_finds_none_kept(self):
        assert social._shared_who.made_for is None
        assert social._shared_where.made_for is None


class TestDoingAndAfk(SocialTest):
    def test_doing_is_limited_and_clears(self):
        self.call(CmdDoing(), "x" * 41, "Your @doing line can be at most 40", caller=self.account)
        assert presence.doing(self.account) == ""
        self.call(CmdDoing(), "Drawing maps", "Your @doing line is now: Drawing maps",
                  caller=self.account)
        self.call(CmdDoing(), "", "Your @doing line is cleared.", caller=self.account)

    def test_afk_toggles(self):
        self.call(CmdAfk(), "back soon", "You are marked away: back soon", caller=self.account)
        assert presence.afk_message(self.account) == "back soon"
        self.call(CmdAfk(), "", "Welcome back", caller=self.account)
        assert presence.afk_message(self.account) is None


class TestFinger(SocialTest):
    def test_set_show_and_clear(self):
        self.call(CmdFinger(), "/set Timezone=UTC+1", "Your +finger field Timezone is set.",
                  caller=self.account2)
        text = self.call(CmdFinger(), self.account2.key, caller=self.account3)
        assert "Timezone: UTC+1" in text
        self.call(CmdFinger(), "/set timezone=", "Your +finger field Timezone is cleared.",
                  caller=self.account2)
        assert "has written no profile yet" in self.call(
            CmdFinger(), self.account2.key, caller=self.account3)

    def test_finger_alone_shows_your_own(self):
        own = self.call(CmdFinger(), "", caller=self.account3)
        assert own.startswith("-") and " Ash " in own.splitlines()[0]
        assert "You have written no profile yet: +finger/set <field>=<text>." in own
        self.call(CmdFinger(), "/set Quote=Trust the rope.", caller=self.account3)
        assert "Quote: Trust the rope." in self.call(CmdFinger(), "", caller=self.account3)

    def test_refusals(self):
        self.call(CmdFinger(), "Nobody", "There is no player called 'Nobody'.", caller=self.account)
        self.call(CmdFinger(), "/set Timezone", "Write the field, an = and the text.",
                  caller=self.account)
        self.call(CmdFinger(), "/set Quote=", "You have no field called 'Quote'",
                  caller=self.account)

    def test_hidden_room_not_in_finger(self):
        self.log_in(self.account2, self.char2)
        presence.set_location_hidden(self.account2, True)
        text = self.call(CmdFinger(), self.account2.key, caller=self.account3)
        assert self.room1.key not in text
