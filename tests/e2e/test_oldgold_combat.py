"""
Old Gold over real telnet: a GM and two players make adventurers in the
menu, shop, fight two NPCs through initiative (a stun running out, a foe
fleeing on morale, a PC at 0 HP making a death roll, a spell and a prayer),
end the fight, rest and level up.
"""

from tests.e2e.gameserver import ADMIN
from tests.e2e.telnet_client import TelnetClient


def make_adventurer(client, ancestry, points, weapon, second):
    client.send("+og/new")
    client.read_until("Choose an ancestry", timeout=15)
    client.send(ancestry)
    client.read_until("Distribute", timeout=10)
    client.send("p")
    client.read_until("Type four numbers", timeout=10)
    client.send(points)
    client.read_until("starting weapon", timeout=10)
    client.send(weapon)
    client.read_until("And one more", timeout=10)
    client.send(second)
    client.read_until("one more language", timeout=10)
    client.send("none")
    client.read_until("when you confirm", timeout=10)
    client.send("y")
    return client.read_until("waits for a GM's review", timeout=15)


def test_a_gm_and_two_players_fight_an_old_gold_encounter(game_server, unique_name):
    ann, bo = unique_name("Ann"), unique_name("Bo")
    port = game_server.telnet_port
    with TelnetClient(port) as gm, TelnetClient(port) as one, TelnetClient(port) as two:
        one.create_and_connect(ann, "ember-salt-4417")
        two.create_and_connect(bo, "quill-moss-8823")
        gm.connect(*ADMIN)
        gm.command(f"tel/loc {ann}")

        made = make_adventurer(one, "Human", "1 3 2 1", "Sword", "Light armour (leather)")
        assert "level 1 Human: Might 1, Grace 3, Mind 2, Heart 1" in made
        made = make_adventurer(two, "Dwarf", "2 2 1 1", "Axe", "Medium armour (mail)")
        assert "level 1 Dwarf" in made and "with advantage" in made

        assert "waits for a GM's review" in one.command("+og/check might vs 5")
        gm.command(f"+og/approve {ann}")
        gm.command(f"+og/approve {bo}")
        assert "is not for sale" in two.command("+og/buy dragon")
        assert "buys Rope" in two.command("+og/buy rope")
        gm.command(f"+og/learn {ann}=lay on hands")
        gm.command(f"+og/learn {bo}=magic missile")
        assert "in your hands now" in one.command("+og/carry relic=hands")
        two.command("+og/drop axe")
        assert "in your hands now" in two.command("+og/carry spellbook of magic=hands")

        gm.command("+og/npc Goblin=grace 3 hp 4 morale 12 attack dagger 1d6+1")
        gm.command("+og/npc Rat=grace 1 hp 30 morale 0 attack bite 1d4")
        started = gm.command("+og/fight at 12")
        assert f"Order: >{ann} 3, Goblin 3, {bo} 2, Rat 1." in started
        assert "The two sides stand 12m apart" in started
        assert "Only a game master" in one.command("+og/end")
        assert "Goblin is stunned for 1 round." in gm.command("+og/cond Goblin=stunned 1 round")
        assert f"It is {ann}'s turn, not yours" in two.command("+og/attack goblin")
        assert "Goblin is 12m away and Sword reaches 2m" in one.command("+og/attack goblin")
        assert f"{ann}: Goblin 12m, {bo} 2m, Rat 12m" in one.command("+og/distance")

        assert "invokes Lay on hands" in one.command(f"+og/cast lay on hands={bo}")
        passed = one.command("+og/done")
        assert "Goblin is stunned and loses the turn." in passed and f"{bo}'s turn." in passed
        assert "casts Magic missile" in two.command("+og/cast magic missile=goblin")
        assert "Rat's turn." in two.command("+og/done")
        fled = gm.command("+og/morale Rat")
        assert "they break and flee." in fled
        assert "Round 2." in fled and "Goblin is no longer stunned." in fled

        gm.command(f"+og/adjust {ann}/hp=0")
        assert "At 0 HP you cannot act" in one.command("+og/attack goblin")
        rolled = one.command("+og/deathroll")
        assert "death roll: [" in rolled
        if "pulls through" in rolled:
            one.command("+og/done")
        ended = gm.command("+og/end")
        assert "The fight is over." in ended
        assert f"Wear on {bo}'s gear (1d6 each, a 1 marks a dot): Medium armour (mail) [" \
            in ended
        sheet = two.command("+og/sheet")
        assert "Medium armour (mail) [" in sheet

        assert "+10 XP" in two.command("+og/downtime 10=training")
        rest = two.command("+og/rest")
        assert "rests a watch" in rest
        gm.command(f"+og/adjust {bo}/xp=200")
        gm.command("+og/day")
        rest = two.command("+og/rest")
        assert f"{bo} has the XP for level 2" in rest
        assert "reaches level 2: Grace 2 -> 3" in two.command("+og/level grace")
