"""Someone arriving is announced in plain English to the room they come into."""

from evennia.utils import create
from evennia.utils.test_resources import EvenniaTest

from typeclasses.characters import Character


class TestArrival(EvenniaTest):
    def test_an_arrival_names_where_they_came_from(self):
        walker = create.create_object(Character, key="Ann", location=self.room1)
        watcher = create.create_object(Character, key="Bo", location=self.room2)
        heard = []
        watcher.msg = lambda text=None, **kwargs: heard.append(text)
        walker.move_to(self.room2, move_type="teleport")
        said = [text[0] if isinstance(text, tuple) else text for text in heard]
        assert said == [f"Ann arrives from {self.room1.key}."]
