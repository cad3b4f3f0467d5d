"""Shared pieces for the dungeon-building tests: a builder's command test case and a
snapshot of every dungeon row, to prove that a refusal changed nothing."""

from commands.digger import CmdCard, CmdDungeon, CmdParty
from world.digger.models import Dungeon, DungeonCard

from .fixtures import DiggerCommandTest, flat, give_ratings, plain


def snapshot():
    """Every dungeon and card as plain values, in a stable order."""
    dungeons = list(Dungeon.objects.order_by("number").values())
    cards = [
        (c.dungeon.number, c.position, c.key, c.kind, c.title, c.text, c.ability, c.level)
        + (tuple(c.conditions),)
        for c in DungeonCard.objects.select_related("dungeon").order_by("dungeon", "position")
    ]
    return dungeons, cards


def keys(number):
    """The card keys of dungeon `number`, in deck order."""
    return list(
        DungeonCard.objects.filter(dungeon__number=number)
        .order_by("position")
        .values_list("key", flat=True)
    )


class BuilderTest(DiggerCommandTest):
    """char1 ("Char") builds; char2 ("Char2") is a plain player."""

    def setUp(self):
        super().setUp()
        # Tall enough that EvMore sends a whole deck at once.
        self.session.protocol_flags["SCREENHEIGHT"] = {0: 500}

    def leave_a_past_run(self, number=1):
        """char2 enters dungeon `number`, retreats and leaves the party: a Run remembers it."""
        give_ratings(self.char2)
        self.form_party(self.char2, number=number)
        with self.dice():
            self.call(CmdDungeon(), "/enter", caller=self.char2)
            self.call(CmdDungeon(), "/retreat", caller=self.char2)
        self.call(CmdParty(), "/leave", caller=self.char2)

    def run_dungeon(self, args, caller=None):
        return plain(self.call(CmdDungeon(), args, caller=caller or self.char1))

    def run_card(self, args, caller=None):
        return plain(self.call(CmdCard(), args, caller=caller or self.char1))

    def refused(self, command, args, expected, caller=None):
        """`args` is refused with a message containing `expected`, and nothing changed."""
        before = snapshot()
        out = plain(self.call(command, args, caller=caller or self.char1))
        assert expected in flat(out), out
        assert snapshot() == before
        return out

    def pick(self, *choices, caller=None):
        """Answer the caller's open menu, choice by choice; returns all it said."""
        caller = caller or self.char1
        menu = caller.ndb._evmenu
        said = []
        original = caller.msg
        caller.msg = lambda text=None, **kwargs: said.append(
            text[0] if isinstance(text, tuple) else text
        )
        try:
            for choice in choices:
                menu.parse_input(choice)
        finally:
            caller.msg = original
        return plain("\n".join(str(line) for line in said))

    def new_dungeon(self, name="The Sunken Vault", type_="Labyrinth"):
        """A draft made through +dungeon/create; returns its number."""
        self.run_dungeon(f"/create {name}={type_}")
        return Dungeon.objects.get(name=name).number
