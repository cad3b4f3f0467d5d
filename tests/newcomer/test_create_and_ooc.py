"""The login screen's create checks before it asks; ooc is OOC speech; leaving
the character is unpuppet and says so."""

from evennia.accounts.models import AccountDB
from evennia.utils.test_resources import EvenniaCommandTest

from commands.ooc import CmdOOCSay, CmdUnpuppet
from commands.unloggedin import CmdUnconnectedCreate


class TestCreate(EvenniaCommandTest):
    def create(self, args, inputs=None):
        return self.call(CmdUnconnectedCreate(), args, caller=self.session, inputs=inputs)

    def test_a_short_password_is_refused_before_the_question(self):
        said = self.create("Newbie abc")
        assert "Is this what you intended" not in said
        assert "No account made" in said
        assert "Password:" in said and "too short" in said
        assert not AccountDB.objects.filter(username__iexact="Newbie").exists()

    def test_a_taken_name_is_refused_before_the_question(self):
        said = self.create(f"{self.account.key} a-long-good-passphrase")
        assert "Is this what you intended" not in said
        assert "Name:" in said

    def test_a_good_name_and_password_are_confirmed_then_made(self):
        said = self.create("Newbie a-long-good-passphrase", inputs=["y"])
        assert "connect Newbie <password>" in said
        assert AccountDB.objects.filter(username="Newbie").exists()

    def test_no_at_the_question_makes_nothing(self):
        said = self.create("Newbie a-long-good-passphrase", inputs=["n"])
        assert "Nothing made" in said
        assert not AccountDB.objects.filter(username="Newbie").exists()

    def test_missing_password_shows_the_usage(self):
        assert "Usage: create <name> <password>" in self.create("Newbie")


class TestOOC(EvenniaCommandTest):
    def test_ooc_text_is_heard_in_the_room_marked_ooc(self):
        self.call(CmdOOCSay(), "brb, phone", '<OOC> Char says, "brb, phone"')
        heard = []
        self.char2.msg = lambda text=None, **kw: heard.append(text)
        self.call(CmdOOCSay(), ":waves hello", "<OOC> Char waves hello")
        assert any("<OOC>" in str(t) and "Char waves hello" in str(t) for t in heard)

    def test_ooc_alone_asks_what_to_say(self):
        assert "Say what out of character" in self.call(CmdOOCSay(), "")

    def test_unpuppet_says_what_it_did_and_how_to_come_back(self):
        said = self.call(CmdUnpuppet(), "", caller=self.account)
        assert "You stop playing Char" in said and "Type ic" in said
        assert "You are not playing a character now" in self.call(CmdUnpuppet(), "", caller=self.account)


class TestNoFalseNoCharacter(EvenniaCommandTest):
    def test_an_account_whose_character_is_not_on_the_playable_list_still_sees_it(self):
        self.account.db._playable_characters = []
        self.char1.db_account = self.account
        self.char1.save()
        shown = self.account.at_look(target=self.account.characters, session=self.session)
        assert "You don't have a character yet" not in shown
        assert "Char" in shown
