"""The dungeon editor (+dungeon/edit): an EvMenu driven step by step through every
page, with the same checks as the one-line commands."""

from world.digger.models import Dungeon, DungeonCard

from .building_helpers import BuilderTest, keys, snapshot
from .fixtures import widest_line


class TestDungeonEditor(BuilderTest):
    def setUp(self):
        super().setUp()
        self.number = self.new_dungeon()
        self.opened = self.run_dungeon(f"/edit {self.number}")

    def model(self):
        return Dungeon.objects.get(number=self.number)

    def test_the_dungeon_fields(self):
        assert f"Editing dungeon #{self.number}: The Sunken Vault" in self.opened
        assert "State: draft" in self.opened
        said = self.pick("1", "The Salt Vault")
        assert f"Dungeon #{self.number}'s name is set." in said
        assert "Editing dungeon #2: The Salt Vault" in said  # back on the first page
        self.pick("2", "3")
        self.pick("3", "Dripping halls under the harbour.")
        self.pick("4", "A crown of salt.")
        model = self.model()
        assert (model.name, model.type) == ("The Salt Vault", "Abyss")
        assert (model.description, model.reward) == (
            "Dripping halls under the harbour.",
            "A crown of salt.",
        )
        said = self.pick("3", "-")
        assert self.model().description == ""
        said = self.pick("1", "x" * 90)
        assert "at most 80" in said and self.model().name == "The Salt Vault"

    def test_cards_are_added_edited_moved_and_removed(self):
        said = self.pick("6", "entry Brute 1 Tire: The Rusted Gate / It will not budge.")
        assert "Card 1 'the-rusted-gate' (The Rusted Gate) is added." in said
        assert "1: The Rusted Gate [the-rusted-gate] (Entry Brute 1)" in said  # the card list
        said = self.pick("a", "exploration Brute 9: Too Hard")
        assert "A Level is 1-4, not '9'." in said
        self.pick("a", "final Combat 3 Maim: The Drowned King")
        said = self.pick("1")
        assert "Type: Entry | Ability: Brute | Level: 1" in said
        self.pick("5", "2")  # Level 2
        self.pick("4", "2")  # Agility
        said = self.pick("6", "Tire, Weaken")
        assert "Weaken: Brute -2 (this and next)" in said  # the card, shown again
        self.pick("1", "The Iron Gate", "2", "Rust flakes from its bars.")
        said = self.pick("7", "iron-gate")
        assert "[iron-gate]" in said  # still on the card, under its new key
        said = self.pick("7", "12")
        assert "plain numbers name positions" in said
        gate = DungeonCard.objects.get(key="iron-gate")
        assert (gate.title, gate.text, gate.ability, gate.level) == (
            "The Iron Gate",
            "Rust flakes from its bars.",
            "Agility",
            2,
        )
        assert gate.conditions == ["Tire", "Weaken"]
        said = self.pick("m", "2")
        assert "Card 'iron-gate' is now card 2." in said
        assert keys(self.number) == ["the-drowned-king", "iron-gate"]
        self.pick("3", "8")  # kind: escape drops the challenge fields
        gate.refresh_from_db()
        assert (gate.kind, gate.ability, gate.level, gate.conditions) == ("escape", "", None, [])
        said = self.pick("r", "n")
        assert keys(self.number) == ["the-drowned-king", "iron-gate"]
        said = self.pick("r", "y")
        assert "Card 'iron-gate' (The Iron Gate) is removed." in said
        assert keys(self.number) == ["the-drowned-king"]

    def test_validate_and_publish(self):
        self.pick("6", "final Combat 3 Maim: The Drowned King", "b")
        said = self.pick("v")
        assert "- The dungeon has no Exploration cards to draw." in said
        before = snapshot()
        said = self.pick("b", "p")
        assert "cannot be published yet" in said and snapshot() == before
        self.pick("6", "exploration Wits 2 Stupify: The Riddle Door", "b")
        said = self.pick("p")
        assert f"Dungeon #{self.number} is now published." in said
        assert self.model().published and "State: published" in said
        said = self.pick("p")
        assert not self.model().published and "is a draft now" in said

    def test_the_menu_closes_when_the_dungeon_is_gone(self):
        self.run_dungeon(f"/delete {self.number}=yes")
        said = self.pick("5")
        assert f"There is no dungeon #{self.number}.\n(Menu closed.)" in said
        assert self.char1.ndb._evmenu is None

    def test_a_dungeon_is_deleted_after_a_confirmation_and_the_menu_closes(self):
        before = snapshot()
        said = self.pick("d")
        assert (
            f"Deleting dungeon #{self.number} The Sunken Vault removes it and its 0 cards" in said
        )
        assert "+dungeon/delete" not in said  # the menu asks for itself
        said = self.pick("n")
        assert f"Editing dungeon #{self.number}: The Sunken Vault" in said
        assert snapshot() == before
        said = self.pick("d", "y")
        assert f"Dungeon #{self.number} The Sunken Vault is deleted." in said
        assert "(Menu closed.)" in said
        assert not Dungeon.objects.filter(number=self.number).exists()
        assert self.char1.ndb._evmenu is None

    def test_delete_is_refused_as_the_command_refuses_it(self):
        self.pick("q")
        self.run_dungeon("/edit 1")
        self.form_party(self.char2)  # bound to dungeon 1
        before = snapshot()
        said = self.pick("d")
        assert "1 party is bound to dungeon #1" in said
        assert "Editing dungeon #1: Test Barrow" in said  # back on the first page
        assert snapshot() == before

    def test_a_new_dungeon_is_made_and_edited_next(self):
        said = self.pick("n", "The Salt Stair=Ruin")
        made = Dungeon.objects.get(name="The Salt Stair")
        assert f"Dungeon #{made.number} The Salt Stair (Ruin) is made, as a draft." in said
        assert f"Editing dungeon #{made.number}: The Salt Stair" in said
        self.pick("4", "A salt crown.")
        assert Dungeon.objects.get(number=made.number).reward == "A salt crown."
        assert self.model().reward == ""  # the one the menu was opened on is left alone
        before = snapshot()
        said = self.pick("n", "The Salt Stair=Cave")
        assert "The type is one of Ruin, Labyrinth, Abyss, not 'Cave'." in said
        assert f"Editing dungeon #{made.number}: The Salt Stair" in said
        assert snapshot() == before

    def test_what_the_menu_shows_fits_the_screen(self):
        said = [self.opened, self.pick("6", "final Combat 3 Maim, Suffer, Hope: The Drowned King")]
        said += [self.pick(choice) for choice in ("1", "6", "Tire", "b", "b", "v", "b", "2", "1")]
        said += [self.pick(choice) for choice in ("n", "d", "n")]
        for text in said:
            assert widest_line(text) <= 78, text

    def test_q_leaves_the_menu(self):
        self.pick("q")
        assert self.char1.ndb._evmenu is None


class TestEditorRefusals(BuilderTest):
    def test_no_such_dungeon_opens_nothing(self):
        out = self.run_dungeon("/edit 99")
        assert out.startswith("There is no dungeon #99.")
        assert self.char1.ndb._evmenu is None

    def test_players_cannot_open_it(self):
        out = self.run_dungeon("/edit 1", caller=self.char2)
        assert out.startswith("Only builders can use +dungeon/edit.")
        assert self.char2.ndb._evmenu is None

    def test_the_menu_and_the_command_share_their_checks(self):
        self.run_dungeon("/edit 1")  # the published Test Barrow
        before = snapshot()
        said = self.pick("5", "6", "r", "y")  # remove its Final
        assert "Dungeon #1 is published and must stay playable" in said
        assert snapshot() == before
