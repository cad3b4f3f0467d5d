"""Two newcomers follow `help newbie` over real telnet, command by command, on a
game where approval is on: from the login screen to a dungeon's first card,
with staff approving them in between. Every command typed is checked to be
one the topic shows, so the topic and the game cannot drift apart."""

import re

import pytest

from tests.e2e.gameserver import ADMIN, GameServer, running
from tests.e2e.telnet_client import TelnetClient

WAIT = 30  # seconds per command: the machine may be busy
# Django refuses a password too like the account's name: these share nothing with any name.
PASSWORDS = ("quartz-lantern-7731", "copper-moth-5820")


@pytest.fixture(scope="module")
def approving_game():
    """A game of its own with approval on, as a real install has it."""
    with running(GameServer(approval_required=True)) as server:
        yield server


def flat(text):
    return " ".join(text.replace("\r", "").split())


class Newcomer:
    """A player who types only what the first-steps topic shows."""

    def __init__(self, client, topic):
        self.client, self.topic = client, topic

    def shown(self, pattern):
        assert pattern in self.topic, f"the first-steps topic does not show {pattern!r}"

    def type(self, line, as_shown=None, raw=False):
        self.shown(as_shown or line)
        said = self.client.command(line, timeout=WAIT)
        return said if raw else flat(said)


def read_topic(client):
    topic = flat(client.command("help newbie", timeout=WAIT))
    assert "First steps" in topic, topic
    return topic


def arrive(client, name, password):
    """Step 0 of the topic: create, answer y, connect."""
    screen = client.read_until("help newbie", timeout=WAIT)
    client.send(f"create {name} {password}")
    client.read_until("[Y]/N?", timeout=WAIT)
    client.send("y")
    client.read_until("was created", timeout=WAIT)
    client.send(f"connect {name} {password}")
    client.read_until("Welcome to Delver", timeout=WAIT)
    return flat(screen)


def build_delver(player):
    """Steps 1-5: sheet, ratings, a tool, the belt, the approval request."""
    assert "Digger sheet of" in player.type("+digger")
    for ability in ("brute", "agility", "wits", "combat"):
        raised = player.type(f"+digger/raise {ability}=3")
        assert "goes from 0 to 3" in raised, raised
    bought = player.type("+tools/buy Crowbar=Brute Major Improved")
    assert "You now have tool #1 Crowbar" in bought, bought
    assert "Crowbar" in player.type("+tools")
    loaded = player.type("+tools/load 1")
    assert "Crowbar is on your belt" in loaded, loaded
    asked = player.type("+digger/submit")
    assert "You ask staff to approve your character" in asked, asked
    assert "waiting for staff to approve" in player.type("+digger")


def test_two_newcomers_follow_the_topic_to_a_first_card(approving_game, unique_name):
    port = approving_game.telnet_port
    ann, bob = unique_name("Wren"), unique_name("Tamsin")
    with TelnetClient(port) as staff, TelnetClient(port) as one, TelnetClient(port) as two:
        staff.connect(*ADMIN)
        screen = arrive(one, ann, PASSWORDS[0])
        assert "help newbie" in screen and "create <name> <password>" in screen
        arrive(two, bob, PASSWORDS[1])
        topic = read_topic(one)
        lead, mate = Newcomer(one, topic), Newcomer(two, read_topic(two))
        for shown in ("create <name> <password>", "connect <name> <password>"):
            lead.shown(shown)

        # What the topic says of characters: one comes with the account, no second one.
        lead.shown("charcreate")
        refused = lead.type("charcreate Other", as_shown="charcreate")
        assert "maximum of 1 character" in refused, refused
        heard = lead.type("ooc hello, new here", as_shown="ooc <text>")
        assert f'<OOC> {ann} says, "hello, new here"' in heard, heard
        left = lead.type("unpuppet")
        assert f"You stop playing {ann}" in left and "Type ic" in left, left
        assert "Digger sheet of" not in lead.type("+digger")
        back = lead.type("ic")
        assert ann in back, back
        assert "Digger sheet of" in lead.type("+digger")

        build_delver(lead)
        build_delver(mate)
        told = flat(staff.read_until("asks to be approved", timeout=WAIT))
        assert ann in told or bob in told, told

        listing = lead.type("+dungeon/list", raw=True)
        assert "Dungeons open for exploring" in listing, listing
        number = re.search(r"^\s*(\d+)\s", listing, re.M).group(1)
        made = lead.type(f"+party/create {number}", as_shown="+party/create <dungeon #>")
        assert "gathers a party" in made, made
        assert ann in mate.type("who")
        joined = mate.type(f"+party/join {ann}", as_shown="+party/join <name>")
        assert "joins the party" in joined, joined

        # Staff have not answered yet: the door says so.
        refused = lead.type("+dungeon/enter")
        assert "Only approved delvers may enter a dungeon" in refused, refused
        assert f"{ann} and {bob} have asked and wait for staff" in refused, refused

        waiting = flat(staff.command("+approve", timeout=WAIT))
        assert "Waiting for approval" in waiting and ann in waiting and bob in waiting, waiting
        for name in (ann, bob):
            assert f"{name} is approved" in flat(staff.command(f"+approve {name}", timeout=WAIT))
        assert "Nobody is waiting" in flat(staff.command("+approve", timeout=WAIT))

        entered = lead.type("+dungeon/enter")
        assert "Challenge 1:" in entered, entered
        assert "Challenge 1" in flat(two.read_until("Challenge 1", timeout=WAIT))
