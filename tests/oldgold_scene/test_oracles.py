"""Every oracle table rolled with scripted dice: each face of yes/no (plain,
advantage, disadvantage), every column of the d6 oracle, action and theme,
the seed columns, settlement and kin names, dungeon names, the delving
oracle; and posting to the room with the roll log."""

import pytest

from tests.dice.scripted import ScriptedRng
from tests.oldgold_scene.helpers import SceneTest
from world.oldgold.models import OldGoldRoll
from world.oldgold_scene import oracles, rules, services
from world.oldgold_scene.errors import SceneError


def test_yes_no_every_face():
    for face in range(1, 7):
        result = oracles.yes_no(ScriptedRng(face), question="Alone?")
        assert result.kept == (face,) and result.answer == rules.YES_NO[face]
        assert result.outcome == ("yes" if face >= 4 else "no")
        assert f"[{face}]" in result.render() and "'Alone?'" in result.render()


def test_yes_no_advantage_keeps_the_higher_and_disadvantage_the_lower():
    assert oracles.yes_no(ScriptedRng(2, 5), advantage=True).kept == (5,)
    assert oracles.yes_no(ScriptedRng(2, 5), disadvantage=True).kept == (2,)
    both = oracles.yes_no(ScriptedRng(3), advantage=True, disadvantage=True)
    assert both.dice == (3,)  # they cancel: one die
    assert "[2, 5] keeps 5" in oracles.yes_no(ScriptedRng(2, 5), advantage=True).render()


def test_solo_d6_every_column_and_face():
    for column, entries in rules.SOLO_COLUMNS.items():
        assert len(entries) == 6
        for face in range(1, 7):
            result = oracles.solo_d6(ScriptedRng(face), column)
            assert result.answer == entries[face - 1] + "."
    assert oracles.solo_d6(ScriptedRng(1, 6), "size", advantage=True).answer == "colossal."
    assert oracles.solo_d6(ScriptedRng(1, 6), "how many", disadvantage=True).answer == \
        "none at all."
    with pytest.raises(SceneError, match="Choose a column"):
        oracles.solo_d6(ScriptedRng(), "colour")


def test_action_and_theme_every_pair_of_faces():
    assert len(rules.ACTIONS) == len(rules.THEMES) == 12
    for face in range(1, 13):
        result = oracles.action_theme(ScriptedRng(face, 13 - face))
        assert result.dice == (face, 13 - face)
        assert result.answer.lower() == f"{rules.ACTIONS[face - 1]} / {rules.THEMES[12 - face]}."


def test_adventure_seeds_every_row_of_every_column():
    assert all(len(rules.SEEDS[c]) == 20 for c in rules.SEED_COLUMNS)
    for face in range(1, 21):
        result = oracles.adventure_seed(ScriptedRng(face, face, face, face))
        for column in rules.SEED_COLUMNS:
            assert rules.SEEDS[column][face - 1] in result.answer.lower() or \
                rules.SEEDS[column][face - 1][1:] in result.answer


def test_settlement_names_every_prefix_and_suffix():
    for face in range(1, 13):
        result = oracles.settlement_name(ScriptedRng(face, 13 - face))
        assert result.answer == (rules.SETTLEMENT_PREFIXES[face - 1]
                                 + rules.SETTLEMENT_SUFFIXES[12 - face] + ".")
    assert oracles.settlement_name(ScriptedRng(1, 1), kin="dwarf").answer == "Khazdun."
    assert oracles.settlement_name(ScriptedRng(6, 6), kin="elf").answer == "Nyvyr."
    with pytest.raises(SceneError):
        oracles.settlement_name(ScriptedRng(), kin="orc")


def test_dungeon_names_every_face_of_each_die():
    for face in range(1, 9):
        result = oracles.dungeon_name(ScriptedRng(face, face, face))
        assert result.answer == (f"The {rules.DUNGEON_DESCRIPTORS[face - 1]} "
                                 f"{rules.DUNGEON_SITES[face - 1]} of the "
                                 f"{rules.DUNGEON_NAMESAKES[face - 1]}.")


def test_delving_oracle_every_face():
    for face in range(1, 7):
        result = oracles.delving(ScriptedRng(face))
        assert (result.outcome, result.answer) == rules.DELVING[face]


class TestOracleCommand(SceneTest):
    def test_anyone_asks_and_the_room_sees_it(self):
        from commands.oldgold_scene import CmdOracle

        with self.dice(2, 6):
            self.call(CmdOracle(), "Is the bridge sound?=likely",
                      "Char2 asks the oracle. Yes or no 'Is the bridge sound?', 1d6 with "
                      "advantage [2, 6] keeps 6: " + rules.YES_NO[6], caller=self.char2)
        roll = OldGoldRoll.objects.get(kind="oracle")
        assert roll.dice == [2, 6] and roll.details["kept"] == [6]
        assert roll.roller == self.char2 and roll.room == self.room1

    def test_every_switch(self):
        from commands.oldgold_scene import CmdOracle

        with self.dice(3):
            self.call(CmdOracle(), "/d6 attitude", "Char2 asks the oracle. The d6 oracle, "
                      "attitude, [3]: cold.", caller=self.char2)
        with self.dice(1, 2):
            self.call(CmdOracle(), "/action", "Char2 asks the oracle. Action and theme, "
                      "1d12 twice, [1] [2]: Seek / kin.", caller=self.char2)
        with self.dice(1, 1, 1, 1):
            self.call(CmdOracle(), "/seed", "Char2 asks the oracle. An adventure seed",
                      caller=self.char2)
        with self.dice(1, 1):
            self.call(CmdOracle(), "/town", "Char2 asks the oracle. A settlement's name, "
                      "1d12 twice, [1] [1]: Ashford.", caller=self.char2)
        with self.dice(1, 2, 3):
            self.call(CmdOracle(), "/dungeon", "Char2 asks the oracle. A dungeon's name",
                      caller=self.char2)
        with self.dice(5):
            self.call(CmdOracle(), "/delve", "Char2 asks the oracle. The delving oracle",
                      caller=self.char2)
        assert OldGoldRoll.objects.filter(kind="oracle").count() == 6

    def test_refusals_say_what_to_type(self):
        from commands.oldgold_scene import CmdOracle

        with self.dice():
            self.call(CmdOracle(), "/d6", "Name a column: +oracle/d6 size", caller=self.char2)
            self.call(CmdOracle(), "Is it?=maybe", "'maybe' is not an oracle option",
                      caller=self.char2)
            self.call(CmdOracle(), "/d6 colour", "Choose a column of the d6 oracle",
                      caller=self.char2)
        assert not OldGoldRoll.objects.exists()

    def test_a_scene_logs_the_answer(self):
        from world.social import scenes
        from world.social.models import Entry

        scenes.start(self.room1, self.char1, "Oracle test")
        with self.dice(4):
            self.room1.msg_contents  # the room's hook logs lines from characters
            outcome = services.consult(self.char1, "yesno", question="Alone?")
            self.room1.msg_contents(outcome.text, from_obj=self.char1)
        assert Entry.objects.filter(text__contains="Alone?").exists()
