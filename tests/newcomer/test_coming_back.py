"""Coming back: a short camp summary at login during a run; +camp after a run
says how it ended and what to do next; Exhaustion bars stop at their top."""

from commands.digger import CmdAct, CmdCamp, CmdDungeon
from world.digger import comeback, render_run, rules
from world.digger.models import Run
from tests.digger.fixtures import HIT, DiggerCommandTest, give_ratings, plain


class TestComingBack(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        for member in (self.char1, self.char2):
            give_ratings(member)
        self.form_party(self.char1, self.char2)

    def summary(self, character):
        said = []
        original = character.msg
        character.msg = lambda text=None, **kw: said.append(text)
        try:
            comeback.tell(character)
        finally:
            character.msg = original
        return plain("\n".join(str(t) for t in said))

    def test_no_summary_outside_a_run(self):
        assert self.summary(self.char2) == ""

    def test_the_summary_names_the_card_who_acted_and_who_completes(self):
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        said = self.summary(self.char2)
        assert "Your party is in dungeon #1, Test Barrow." in said
        assert "Challenge 1 waits: The Gate" in said
        assert "You have not acted yet" in said
        assert "Still to act: Char, Char2. Char completes the round." in said
        self.call(CmdAct(), "force", caller=self.char2)
        said = self.summary(self.char2)
        assert "You have acted: Force." in said and "Still to act: Char." in said
        self.call(CmdAct(), "force")
        with self.dice(HIT, HIT):
            self.call(CmdAct(), "/complete")
        assert "No card is waiting. Next to draw:" in self.summary(self.char2)

    def test_camp_after_the_run_says_how_it_ended_and_what_next(self):
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        self.call(CmdDungeon(), "/retreat")
        said = self.call(CmdCamp(), "", caller=self.char2)
        assert "Not in the dungeon yet" not in said
        assert "Last run" in said and "the party retreated" in said
        assert "What next" in said and "+dungeon/enter" in said


class TestNumbersAndWords(DiggerCommandTest):
    def test_exhaustion_never_shows_past_its_top(self):
        shown = plain(render_run.exhaustion_bar(135))
        assert "100/100 exhausted" in shown and "135" not in shown
        assert "exhausted" not in plain(render_run.exhaustion_bar(40))
        assert render_run.exhaustion_value(120) == "100 (exhausted)"

    def test_second_and_third_cards_say_what_they_are(self):
        from tests.digger.fixtures import card

        assert "Type: Second draw" in card("a", rules.BRUTE, 1, (), rules.SECOND).header()
        assert "Type: Third draw" in card("b", rules.BRUTE, 1, (), rules.THIRD).header()
