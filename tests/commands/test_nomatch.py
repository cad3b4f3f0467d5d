"""The answer to a line that matches no command: Evennia's words, cheaper suggestions."""

from evennia.commands.cmdset import CmdSet
from evennia.commands.command import Command
from evennia.utils.test_resources import EvenniaCommandTest
from evennia.utils.utils import string_suggestions

from commands.default_cmdsets import CharacterCmdSet
from commands.system import CmdNoMatch, suggest


class CmdSecret(Command):
    key = "lookout"
    locks = "cmd:perm(Admin)"


class TestNoMatch(EvenniaCommandTest):
    def answer(self, typed, cmdset=None):
        return self.call(CmdNoMatch(), typed, cmdset=cmdset or CharacterCmdSet(), caller=self.char2)

    def test_names_what_was_typed_and_suggests_like_evennia(self):
        text = self.answer("lok")
        assert text.startswith("Command 'lok' is not available. Maybe you meant ")
        assert '"look"' in text

    def test_without_similar_names_it_points_to_help(self):
        text = self.answer("zzq123z")
        assert text == "Command 'zzq123z' is not available. Type \"help\" for help."

    def test_suggests_exactly_what_evennia_would(self):
        cmdset = CharacterCmdSet()
        vocabulary = cmdset.get_all_cmd_keys_and_aliases(self.char2)
        for typed in ("lok", "sya", "+dungeno", "inventroy", "+cmap", "hepl", "gte", "xyzzy"):
            expected = string_suggestions(typed, vocabulary, cutoff=0.7, maxnum=3)
            assert suggest(typed, cmdset, self.char2) == expected, typed

    def test_never_suggests_a_command_the_caller_may_not_use(self):
        cmdset = CmdSet()
        cmdset.add(CmdSecret())
        assert suggest("lookou", cmdset, self.char2) == []
        assert suggest("lookou", cmdset, self.char1) == ["lookout"]  # a Developer

    def test_new_commands_in_a_cmdset_are_suggested(self):
        cmdset = CmdSet()
        assert suggest("lookou", cmdset, self.char1) == []
        cmdset.add(CmdSecret())
        assert suggest("lookou", cmdset, self.char1) == ["lookout"]
