"""Building dungeons in the game: +dungeon's builder switches and +card, their checks
(values, problems, warnings, published decks kept playable), what players may never
see or do, and runs in progress keeping the deck they entered with."""

import pytest
from evennia.commands.default.help import CmdHelp

from commands.digger import COMMANDS, CmdAct, CmdCard, CmdDungeon, CmdParty
from commands.digger.building import BUILDER_HELP, BUILDER_SWITCHES
from world.digger import rules
from world.digger.models import Dungeon, DungeonCard, Party, Run

from .building_helpers import BuilderTest, keys
from .fixtures import HIT, give_ratings, plain, widest_line

CHALLENGES = (
    "entry Brute 1 Tire: The Rusted Gate / It will not budge.",
    "exploration rush 2 Slow, bad luck: Loose Tiles / Every tile rocks underfoot.",
    "exploration Wits 2 Stupify: The Riddle Door",
    "exploration Combat 3 Wound: Eel Pool",
)
FINAL = "final Combat 3 Maim: The Drowned King / He rises from the black water."
OUTCOMES = (
    "discovery: The Salt Crown / A crown of white crystal.",
    "escape: The Drain / You wash out into the harbour.",
    "landmark: The Sluice / You mark the sluice gate.",
)


def challenge_fields(card):
    return card.kind, card.ability, card.level, card.conditions


class TestMakingADungeon(BuilderTest):
    def test_create_numbers_a_draft_that_players_do_not_see(self):
        out = self.run_dungeon("/create The Sunken Vault=labyrinth")
        assert out.startswith("Dungeon #2 The Sunken Vault (Labyrinth) is made, as a draft.")
        model = Dungeon.objects.get(number=2)
        assert (model.name, model.type, model.published) == ("The Sunken Vault", "Labyrinth", False)
        assert "The Sunken Vault" not in self.run_dungeon("/list", caller=self.char2)
        builders = self.run_dungeon("/list")
        assert "The Sunken Vault" in builders and "draft" in builders
        assert "Test Barrow" in builders and "published" in builders

    def test_fields_are_set_one_by_one(self):
        number = self.new_dungeon()
        self.run_dungeon(f"/rename {number}=The Salt Vault")
        self.run_dungeon(f"/describe {number}=Salt water drips   from a vaulted ceiling.")
        self.run_dungeon(f"/type {number}=abyss")
        out = self.run_dungeon(f"/reward {number}=A crown of salt.")
        assert out.startswith(f"Dungeon #{number}'s reward is set.")
        model = Dungeon.objects.get(number=number)
        assert (model.name, model.type) == ("The Salt Vault", "Abyss")
        assert model.description == "Salt water drips from a vaulted ceiling."
        assert model.reward == "A crown of salt."
        self.run_dungeon(f"/describe {number}=")
        assert Dungeon.objects.get(number=number).description == ""

    def test_bad_values_are_refused_and_change_nothing(self):
        number = self.new_dungeon()
        self.refused(CmdDungeon(), "/create Nowhere=Cave", "The type is one of Ruin, Labyrinth")
        self.refused(CmdDungeon(), "/create Nowhere", "Give the dungeon's name, then =")
        self.refused(CmdDungeon(), f"/type {number}=Pit", "not 'Pit'")
        self.refused(CmdDungeon(), f"/rename {number}=", "Give the dungeon's name.")
        self.refused(CmdDungeon(), f"/rename {number}={'x' * 81}", "at most 80")
        self.refused(CmdDungeon(), "/rename 99=Lost", "There is no dungeon #99.")
        self.refused(CmdDungeon(), "/rename seven=Lost", "Give the dungeon's number as a number.")
        self.refused(CmdDungeon(), f"/rename {number}", "Put = and then the new name.")

    def test_a_refusal_names_the_switch_usage(self):
        out = self.refused(CmdDungeon(), "/rename 1", "Usage: +dungeon/rename <#>=<name>")
        assert "+dungeon/enter" not in out


class TestCards(BuilderTest):
    def setUp(self):
        super().setUp()
        self.number = self.new_dungeon()

    def add(self, line):
        return self.run_card(f"/add {self.number}={line}")

    def test_every_kind_can_be_added_with_its_fields(self):
        out = self.add(CHALLENGES[1])
        assert out.startswith("Card 1 'loose-tiles' (Loose Tiles) is added.")
        for line in (CHALLENGES[0], *CHALLENGES[2:], FINAL, *OUTCOMES):
            self.add(line)
        self.add("second Force 1: Second Step / A second card.")
        self.add("third investigate 2 Save Point: Third Step")
        self.add("climax Fight 4 Overwhelm, Suffer: The Flood")
        kinds = list(
            DungeonCard.objects.filter(dungeon__number=self.number)
            .order_by("position")
            .values_list("kind", flat=True)
        )
        assert sorted(set(kinds)) == sorted(rules.CARD_KINDS)
        tiles = DungeonCard.objects.get(key="loose-tiles")
        assert (tiles.ability, tiles.level, tiles.conditions) == (
            "Agility",
            2,
            ["Slow", "Bad Luck"],
        )
        assert tiles.text == "Every tile rocks underfoot."
        crown = DungeonCard.objects.get(key="the-salt-crown")
        assert challenge_fields(crown) == ("discovery", "", None, [])

    def test_the_same_title_twice_gets_its_own_key(self):
        self.add(CHALLENGES[2])
        self.add(CHALLENGES[2])
        assert keys(self.number) == ["the-riddle-door", "the-riddle-door-2"]

    def test_bad_cards_are_refused_naming_what_is_wrong(self):
        self.add(CHALLENGES[0])
        bad = {
            "exploration Brute 5 Tire: Too Hard": "A Level is 1-4, not '5'.",
            "exploration Brute 0: Too Easy": "A Level is 1-4, not '0'.",
            "exploration Strength 2: Unknown": "'Strength' is not an ability",
            "exploration Brute 2 Sleepy: Unknown": "'Sleepy' is not a Condition",
            "exploration Brute 2 Tire Weaken: No Comma": "separate Conditions with commas",
            "treasure: Unknown Kind": "'treasure' is not a kind of card",
            "discovery Brute 2: Outcome": "A discovery card has no ability, Level or Conditions.",
            "exploration: No Ability": "An exploration card needs its ability and Level",
            "exploration Brute 2 The Title Without Colon": "then :, then the title",
            "exploration Brute 2: ": "Give the card's title.",
        }
        for line, message in bad.items():
            self.refused(CmdCard(), f"/add {self.number}={line}", message)
        assert keys(self.number) == ["the-rusted-gate"]

    def test_edit_every_field(self):
        self.add(CHALLENGES[0])
        ref = f"{self.number}/the-rusted-gate"
        self.run_card(f"/edit {ref}=title:The Iron Gate")
        self.run_card(f"/edit {ref}=text:Rust flakes  from its bars.")
        self.run_card(f"/edit {ref}=ability:rush")
        self.run_card(f"/edit {ref}=level:2")
        self.run_card(f"/edit {ref}=kind:exploration")
        self.run_card(f"/edit {ref}=conditions:Fright, Hope")
        out = self.run_card(f"/edit {ref}=key:iron-gate")
        assert out.startswith("Card 'iron-gate': key is set.")
        gate = DungeonCard.objects.get(dungeon__number=self.number)
        assert (gate.key, gate.title, gate.text) == (
            "iron-gate",
            "The Iron Gate",
            "Rust flakes from its bars.",
        )
        assert (gate.kind, gate.ability, gate.level) == ("exploration", "Agility", 2)
        assert gate.conditions == ["Fright", "Hope"]

    def test_edit_refusals(self):
        self.add(CHALLENGES[0])
        self.add(CHALLENGES[2])
        self.add(OUTCOMES[0])
        ref = f"{self.number}/1"
        for args, message in {
            f"/edit {ref}=level:9": "A Level is 1-4, not '9'.",
            f"/edit {ref}=colour:red": "A card's fields are title, text, kind",
            f"/edit {ref}=level 2": "After = give the field, a colon and the new value.",
            f"/edit {ref}=key:12": "plain numbers name positions",
            f"/edit {ref}=key:iron=gate": "A card's key is one word",
            f"/edit {ref}=key:the-riddle-door": "has a card 'the-riddle-door' already",
            f"/edit {self.number}/3=level:2": "Card 'the-salt-crown' is a discovery card",
            f"/edit {self.number}/9=level:2": f"Dungeon #{self.number} has cards 1-3, not 9.",
            f"/edit {self.number}/nowhere=level:2": "has no card 'nowhere'",
            f"/edit {self.number}=level:2": "Name the card as <dungeon #>/<card key",
        }.items():
            self.refused(CmdCard(), args, message)

    def test_an_outcome_card_drops_its_challenge_fields(self):
        self.add(CHALLENGES[1])
        self.run_card(f"/edit {self.number}/loose-tiles=kind:escape")
        tiles = DungeonCard.objects.get(key="loose-tiles")
        assert challenge_fields(tiles) == ("escape", "", None, [])

    def test_conditions_are_set_listed_and_cleared(self):
        self.add(CHALLENGES[0])
        ref = f"{self.number}/the-rusted-gate"
        self.run_card(f"/conditions {ref}=save point, Treasure")
        assert DungeonCard.objects.get(key="the-rusted-gate").conditions == [
            "Save Point",
            "Treasure",
        ]
        self.run_card(f"/conditions {ref}=")
        assert DungeonCard.objects.get(key="the-rusted-gate").conditions == []
        listed = self.run_card("/conditions")
        assert "Bad Luck" in listed and "Overwhelm*" in listed and widest_line(listed) <= 78

    def test_move_and_remove_keep_the_positions_in_order(self):
        for line in CHALLENGES:
            self.add(line)
        self.run_card(f"/move {self.number}/eel-pool=1")
        assert keys(self.number) == [
            "eel-pool",
            "the-rusted-gate",
            "loose-tiles",
            "the-riddle-door",
        ]
        self.run_card(f"/move {self.number}/1=4")
        assert keys(self.number) == [
            "the-rusted-gate",
            "loose-tiles",
            "the-riddle-door",
            "eel-pool",
        ]
        out = self.run_card(f"/remove {self.number}/2")
        assert out.startswith("Card 'loose-tiles' (Loose Tiles) is removed.")
        assert keys(self.number) == ["the-rusted-gate", "the-riddle-door", "eel-pool"]
        positions = DungeonCard.objects.filter(dungeon__number=self.number).order_by("position")
        assert [card.position for card in positions] == [0, 1, 2]
        self.refused(CmdCard(), f"/move {self.number}/1=4", "go 1-3")
        self.refused(CmdCard(), f"/move {self.number}/1=top", "Give the new position as a number.")

    def test_one_card_and_the_whole_deck_are_shown_to_builders(self):
        for line in (*CHALLENGES, FINAL, *OUTCOMES):
            self.add(line)
        out = self.run_card(f"{self.number}/2")
        assert "2. Loose Tiles [loose-tiles]" in out
        assert "Type: Exploration | Ability: Agility | Level: 2" in out
        assert "Slow: Agility -2 (this and next)" in out
        deck = self.run_dungeon(f"/show {self.number}")
        assert deck.startswith(f"Dungeon #{self.number}: The Sunken Vault (Labyrinth, draft)")
        assert "Every tile rocks underfoot." in deck and "He rises from the black water." in deck
        assert " 7. The Drain [the-drain]" in deck
        assert "Warnings" in deck and "The deck has 8 cards; public decks have 16-20." in deck
        assert widest_line(deck) <= 78


class TestValidationAndPublishing(BuilderTest):
    def setUp(self):
        super().setUp()
        self.number = self.new_dungeon()
        for line in CHALLENGES:
            self.run_card(f"/add {self.number}={line}")

    def test_validate_lists_problems_and_warnings(self):
        out = self.run_dungeon(f"/validate {self.number}")
        assert "Problems (it cannot be published until they are fixed):" in out
        assert "- The dungeon has no Final card." in out
        assert "Warnings" in out and "There is no Discovery card." in out
        assert widest_line(out) <= 78

    def test_each_change_tells_how_the_deck_stands(self):
        out = self.run_card(f"/add {self.number}={OUTCOMES[0]}")
        assert "Check: 1 problem, " in out and f"+dungeon/validate {self.number}" in out

    def test_publish_is_refused_until_the_deck_can_run(self):
        out = self.refused(CmdDungeon(), f"/publish {self.number}", "cannot be published yet")
        assert "The dungeon has no Final card." in out
        self.run_card(f"/add {self.number}={FINAL}")
        out = self.run_dungeon(f"/publish {self.number}")
        assert out.startswith(f"Dungeon #{self.number} is now published.")
        assert "No problems: the deck can be published." in out
        assert "The deck has 5 cards; public decks have 16-20." in out  # warnings shown
        assert Dungeon.objects.get(number=self.number).published
        assert "The Sunken Vault" in self.run_dungeon("/list", caller=self.char2)

    def test_a_published_dungeon_refuses_changes_that_break_it(self):
        self.run_card(f"/add {self.number}={FINAL}")
        self.run_dungeon(f"/publish {self.number}")
        final = f"{self.number}/the-drowned-king"
        out = self.refused(CmdCard(), f"/remove {final}", "is published and must stay playable")
        assert "The dungeon has no Final card." in out
        assert f"To rework it freely, +dungeon/unpublish {self.number} first." in out
        self.refused(CmdCard(), f"/edit {final}=kind:climax", "The dungeon has no Final card.")
        self.refused(CmdCard(), f"/edit {self.number}/1=kind:final", "Only one Final card")
        self.refused(CmdCard(), f"/add {self.number}={FINAL}", "Only one Final card")
        self.refused(CmdCard(), f"/edit {self.number}/1=level:5", "A Level is 1-4")
        # A change that keeps it playable goes through, warnings and all.
        out = self.run_card(f"/edit {final}=level:4")
        assert out.startswith("Card 'the-drowned-king': level is set.")

    def test_unpublished_dungeons_are_hidden_from_players(self):
        self.run_card(f"/add {self.number}={FINAL}")
        self.run_dungeon(f"/publish {self.number}")
        out = self.run_dungeon(f"/unpublish {self.number}")
        assert out.startswith(f"Dungeon #{self.number} is a draft now")
        assert "The Sunken Vault" not in self.run_dungeon("/list", caller=self.char2)
        self.refused(CmdDungeon(), f"/info {self.number}", "There is no open dungeon", self.char2)
        self.refused(CmdParty(), f"/create {self.number}", "There is no open dungeon", self.char2)
        assert not Party.objects.exists()


class TestDeleting(BuilderTest):
    def test_delete_asks_first_then_deletes(self):
        number = self.new_dungeon()
        self.run_card(f"/add {number}={CHALLENGES[0]}")
        out = self.run_dungeon(f"/delete {number}")
        assert "removes it and its 1 card for good" in out
        assert f"+dungeon/delete {number}=yes" in out
        assert Dungeon.objects.filter(number=number).exists()
        out = self.run_dungeon(f"/delete {number}=yes")
        assert out == f"Dungeon #{number} The Sunken Vault is deleted."
        assert not Dungeon.objects.filter(number=number).exists()
        assert not DungeonCard.objects.filter(dungeon__number=number).exists()

    def test_a_number_that_runs_remember_is_not_given_again(self):
        self.leave_a_past_run()
        self.run_dungeon("/delete 1=yes")
        assert Run.objects.get().dungeon_number == 1
        assert self.new_dungeon() == 2

    def test_delete_is_refused_while_a_party_is_bound(self):
        self.form_party(self.char2)
        for args in ("/delete 1", "/delete 1=yes"):
            self.refused(CmdDungeon(), args, "1 party is bound to dungeon #1")


class TestPlayersAreRefused(BuilderTest):
    def test_every_builder_switch_of_dungeon(self):
        for switch in BUILDER_SWITCHES:
            out = self.refused(CmdDungeon(), f"/{switch} 1=x", "Only builders can use", self.char2)
            assert f"+dungeon/{switch}." in out
            assert "Usage: +dungeon/list" in out and "<name>" not in out  # the players' usage

    def test_card_is_locked_and_refused(self):
        assert not CmdCard().access(self.char2, "cmd")
        assert CmdCard().access(self.char1, "cmd")
        for args in ("1/gate", "/add 1=discovery: Mine", "/edit 1/gate=level:4", "/conditions"):
            self.refused(CmdCard(), args, "Only builders can use +card.", self.char2)

    def test_player_abbreviations_only_match_player_switches(self):
        player = self.run_dungeon("/d", caller=self.char2)
        builder = self.run_dungeon("/d")
        assert player.startswith("You are not in a party.")  # /d is /draw for a player
        assert builder.startswith("/d could mean /draw, /describe, /delete")

    def test_help_shows_building_to_builders_only(self):
        player_help = CmdDungeon().get_help(self.char2, None)
        builder_help = CmdDungeon().get_help(self.char1, None)
        assert "+dungeon/create" not in player_help
        assert builder_help.startswith(player_help) and "+dungeon/create" in builder_help

    def test_a_builder_reads_it_all_through_help(self):
        cmdset = self.char1.cmdset.current
        out = plain(self.call(CmdHelp(), "+dungeon", cmdset=cmdset))
        assert "Help for dungeon" in out and "+dungeon/enter" in out
        assert "Builders: making dungeons" in out and "+dungeon/simulate" in out
        assert widest_line(out) <= 78
        assert "Help for card" in plain(self.call(CmdHelp(), "+card", cmdset=cmdset))


class TestRunsKeepTheirDeck(BuilderTest):
    def pass_and_draw(self, action):
        """Both members answer with `action`, the round passes, the next card is drawn."""
        for member in (self.char1, self.char2):
            self.call(CmdAct(), action, caller=member)
        with self.dice(HIT, HIT):
            self.call(CmdAct(), "/complete")
        with self.dice():
            return plain(self.call(CmdDungeon(), "/draw"))

    def test_editing_and_removing_cards_mid_run_leaves_the_run_alone(self):
        for member in (self.char1, self.char2):
            give_ratings(member)
        self.form_party(self.char1, self.char2)
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        # The builder rewrites the deck while the party is inside.
        self.run_card("/edit 1/hall=title:The Flooded Hall")
        self.run_card("/edit 1/hall=ability:Wits")
        self.run_card("/remove 1/crypt")
        self.run_card("/add 1=exploration Combat 4 Maim: A New Horror")
        assert keys(1)[:3] == ["gate", "hall", "bones"]
        out = self.pass_and_draw("force")
        assert "The Hall" in out and "Ability: Agility" in out  # the deck as entered
        run = Run.objects.get()
        assert [card["key"] for card in run.deck["cards"]][:3] == ["gate", "hall", "crypt"]
        out = self.pass_and_draw("rush")
        assert "The Crypt" in out  # removed from the dungeon, still in this run's deck


def test_builder_help_and_card_help_fit_the_screen():
    assert widest_line(BUILDER_HELP) <= 78
    for command in COMMANDS:
        assert widest_line(command.__doc__) <= 78, command.key


@pytest.mark.parametrize("switch", BUILDER_SWITCHES)
def test_each_builder_switch_has_a_usage_line_and_a_method(switch):
    assert f"+dungeon/{switch} " in BUILDER_HELP or f"+dungeon/{switch}\n" in BUILDER_HELP
    assert callable(getattr(CmdDungeon, f"switch_{switch}"))
