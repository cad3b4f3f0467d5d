"""Help opens what a newcomer asks for: a command before a category of the same
name (with or without `+`), suggestions that lead somewhere, no pager for short
texts."""

from unittest import mock

from evennia.utils.test_resources import EvenniaCommandTest

from commands.default_cmdsets import AccountCmdSet, CharacterCmdSet
from commands.help import CmdHelp, _fits_screen


class PlainHelp(CmdHelp):
    help_more = False


class TestHelpOpens(EvenniaCommandTest):
    def setUp(self):
        super().setUp()
        self.char2.locks.cache_lock_bypass(self.char2)
        self.cmdset = CharacterCmdSet() + AccountCmdSet()

    def ask(self, query, command=None):
        return self.call(command or PlainHelp(), query, cmdset=self.cmdset, caller=self.char2)

    def test_a_command_opens_before_its_category(self):
        for query in ("+digger", "digger", "Digger"):
            text = self.ask(query)
            assert "Help for digger\n\nyour delver's Digger sheet" in text, (query, text[:200])
        for query in ("+requests", "requests"):
            assert "Help for requests\n" in self.ask(query), query
        assert "Help for request\n" in self.ask("+request")

    def test_a_category_without_a_command_of_its_name_still_lists(self):
        text = self.ask("welcome")
        assert "newbie" in text and "dungeon rules" in text

    def test_the_first_steps_open_by_their_names(self):
        for query in ("newbie", "start", "first steps", "chargen"):
            text = self.ask(query)
            assert "First steps" in text and "+digger/submit" in text, query

    def test_what_a_newcomer_asks_leads_somewhere(self):
        assert "Help for approval" in self.ask("approve")  # +approve is staff-only
        assert "Digger Points" in self.ask("DP")
        none = self.ask("xyzzy")
        assert "There is no help topic" in none
        slip = self.ask("dungon")  # one letter short: offered, not opened
        assert "There is no help topic" in slip and "dungeon" in slip.split("suggestions")[-1]

    def test_a_word_far_longer_than_any_name_is_not_searched_for_slips(self):
        # lunr's fuzzy search of a 5,000-letter word would hold the game for minutes
        from commands import help as delver_help

        with mock.patch.object(delver_help, "search_entries",
                               side_effect=delver_help.search_entries) as searched:
            text = self.ask("x" * 5000 + " dungon")
        assert "There is no help topic" in text
        fuzzy = [call.args[0] for call in searched.call_args_list if "~1" in call.args[0]]
        assert fuzzy == ["dungon~1"]

    def test_a_topic_wraps_to_the_clients_width(self):
        self.session.protocol_flags["SCREENWIDTH"] = {0: 50}
        text = self.call(PlainHelp(), "newbie", cmdset=self.cmdset, caller=self.char1)
        assert "First steps" in text
        assert max(len(line) for line in text.splitlines()) <= 50

    def test_short_texts_are_not_paged(self):
        class Session:
            protocol_flags = {"SCREENHEIGHT": {0: 24}}

        assert _fits_screen("\n".join(["line"] * 28), Session())
        assert not _fits_screen("\n".join(["line"] * 60), Session())
        assert _fits_screen("two\nlines", None)
        # a paged help (as in the game) of a short text arrives whole, no "more" prompt
        text = self.ask("say", command=CmdHelp())
        assert "Help for say" in text and "[" not in text.splitlines()[-1]
