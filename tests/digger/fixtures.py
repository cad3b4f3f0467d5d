"""
Shared set-up for Digger's database and command tests.

`DiggerCommandTest` is Evennia's command test case with more characters, a
small dungeon in the database (#1 "Test Barrow"), sheets with chosen ratings
and tools, scripted dice and a switch for who is online: the `offline` set, or,
in a test case with `real_sessions`, the game's own test (a character is online
while it has a session) with sessions handed out by `connect`.

In Evennia's test world char1 ("Char") is staff and char2 ("Char2") a plain
player, both in room1. `char3` ("Cid") is made here in room1 and `far`
("Faraway") in room2.
"""

from contextlib import contextmanager
from itertools import count
from unittest.mock import patch

import evennia
from evennia.server.serversession import ServerSession
from evennia.utils import create
from evennia.utils.ansi import strip_ansi
from evennia.utils.test_resources import EvenniaCommandTest

from world.digger import rules, services
from world.digger.deck import Card, Dungeon
from world.digger.ledger import current_form, sheet_for
from world.digger.models import BeltSlot, OwnedTool, ToolDesign
from world.digger.store import save_dungeon

HIT = (6, 6)
MISS = (1, 1)


class ScriptedDice:
    """randint(1, 6) hands out the scripted faces in order; any other range (deck
    shuffles, picks among Second cards or outcome cards) answers its top, so a deck
    keeps the order it was saved in and a pick takes the last card of a kind."""

    def __init__(self, *pairs):
        self.faces = [face for pair in pairs for face in pair]

    def randint(self, low, high):
        if (low, high) != (1, rules.DICE_SIDES):
            return high
        assert self.faces, "the test ran out of scripted dice"
        return self.faces.pop(0)


def card(key, ability, level, conditions=(), kind=rules.EXPLORATION, title=None):
    return Card(key, kind, title or key.title(), f"The {key} waits.", ability, level, conditions)


BARROW_CARDS = (
    card("gate", rules.BRUTE, 1, ("Tire",), rules.ENTRY, "The Gate"),
    card("hall", rules.AGILITY, 1, ("Fright",), title="The Hall"),
    card("crypt", rules.WITS, 2, ("Weaken",), title="The Crypt"),
    card("bones", rules.COMBAT, 1, ("Treasure",), title="The Bones"),
    card("stair", rules.BRUTE, 2, ("Bad Luck",), title="The Stair"),
    card("heart", rules.COMBAT, 3, ("Tire",), rules.FINAL, "The Heart"),
    Card("idol", rules.DISCOVERY, "The Idol", "A golden idol, still warm."),
    Card("door", rules.ESCAPE, "The Side Door", "A draught leads you out."),
    Card("shrine", rules.LANDMARK, "The Shrine", "You mark the shrine on your map."),
)


def barrow(number=1, cards=BARROW_CARDS, name="Test Barrow"):
    """Entry gate; then hall, crypt, bones, stair in that order; the Final is the heart."""
    return Dungeon(number, name, rules.RUIN, "A small barrow.", "A golden idol.", cards)


def give_ratings(character, **ratings):
    """Set the current form's ratings (every ability 3 unless given)."""
    form = current_form(sheet_for(character))
    for ability in rules.ABILITIES:
        setattr(form, ability.lower(), ratings.get(ability.lower(), 3))
    form.save()
    return form


def give_tool(
    character, name, category, rating=rules.MAJOR, qualities=(), drawback=None, load=True
):
    """A tool on the character's current form (no DP involved), loaded unless told."""
    form = current_form(sheet_for(character))
    design = ToolDesign.objects.create(
        name=name,
        category=category,
        rating=rating,
        qualities=list(qualities),
        drawback=drawback or "",
    )
    number = form.tools.count() + 1
    tool = OwnedTool.objects.create(form=form, design=design, number=number)
    if load:
        BeltSlot.objects.create(form=form, tool=tool, position=form.belt.count() + 1)
    return tool


def plain(text):
    return strip_ansi(text)


def flat(text):
    """The text as one line: long lines are wrapped to the reader's width."""
    return " ".join(plain(text).split())


def widest_line(text):
    return max((len(line) for line in plain(text).splitlines()), default=0)


_SESSION_IDS = count(1000)  # clear of the test session (1)


class DiggerCommandTest(EvenniaCommandTest):
    real_sessions = False

    def setUp(self):
        super().setUp()
        self.char3 = self.make_character("Cid")
        self.far = self.make_character("Faraway", self.room2)
        self.dungeon = save_dungeon(barrow(), published=True)
        self.offline = set()
        self.sessions_given = []
        if not self.real_sessions:
            patcher = patch.object(services, "is_connected", lambda c: c not in self.offline)
            patcher.start()
            self.addCleanup(patcher.stop)

    def connect(self, character):
        """Put `character` online as the test account's puppet, with a session of its own
        known to the session handler."""
        session = ServerSession()
        session.init_session("telnet", ("localhost", "testmode"), evennia.SESSION_HANDLER)
        session.sessid = next(_SESSION_IDS)
        evennia.SESSION_HANDLER[session.sessid] = session
        character.account = self.account
        character.sessions.add(session)
        self.sessions_given.append((character, session))
        return session

    def tearDown(self):
        # Before Evennia's tear-down deletes the account these characters play.
        for character, session in self.sessions_given:
            character.sessions.remove(session)
            del evennia.SESSION_HANDLER[session.sessid]
        super().tearDown()

    def make_character(self, name, room=None):
        room = room or self.room1
        return create.create_object(self.character_typeclass, key=name, location=room, home=room)

    @contextmanager
    def dice(self, *pairs):
        """Every die rolled inside comes from `pairs`, in order, and all are used."""
        rng = ScriptedDice(*pairs)
        with patch.object(services, "rng", rng):
            yield rng
        assert not rng.faces, f"scripted dice left over: {rng.faces}"

    def run_cmd(self, command, args="", caller=None, receivers=()):
        """Run a command; returns what the caller (or each of `receivers`) was sent."""
        caller = caller or self.char1
        if receivers:
            return self.call(command, args, {who: None for who in receivers}, caller=caller)
        return self.call(command, args, caller=caller)

    def form_party(self, *members, number=1):
        """`members[0]` makes a party for dungeon `number`; the others join it."""
        from commands.digger import CmdParty

        leader = members[0]
        self.call(CmdParty(), f"/create {number}", caller=leader)
        for member in members[1:]:
            self.call(CmdParty(), f"/join {leader.key}", caller=member)
